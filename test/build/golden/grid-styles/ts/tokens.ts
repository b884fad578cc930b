// Do not edit directly, this file was auto-generated.

/** Every token name. A name that is not here does not compile. */
export type TokenName =
  | "gridLayout12ColumnsAlignment"
  | "gridLayout12ColumnsColor"
  | "gridLayout12ColumnsCount"
  | "gridLayout12ColumnsGutter"
  | "gridLayout12ColumnsOffset"
  | "gridLayout12ColumnsPattern"
  | "gridLayout8PxGridColor"
  | "gridLayout8PxGridPattern"
  | "gridLayout8PxGridSectionSize"
  | "space2";

/** Every token in its collection's default mode. */
export const tokens = {
  gridLayout12ColumnsAlignment: "stretch",
  gridLayout12ColumnsColor: "rgba(255, 0, 0, 0.1)",
  gridLayout12ColumnsCount: 12,
  gridLayout12ColumnsGutter: "24px",
  gridLayout12ColumnsOffset: "32px",
  gridLayout12ColumnsPattern: "columns",
  gridLayout8PxGridColor: "rgba(0, 0, 255, 0.1)",
  gridLayout8PxGridPattern: "grid",
  gridLayout8PxGridSectionSize: "8px",
  space2: "8px",
} as const satisfies Record<TokenName, string | number | boolean>;

/** Each collection's default mode. */
export const defaultModes = {
  "primitives": "Value",
  "grid styles": "Value",
} as const;

/** Values per collection and mode; aliases resolved (into other collections, their default mode). */
export const modes = {
  "primitives": {
    "Value": {
      space2: "8px",
    },
  },
  "grid styles": {
    "Value": {
      gridLayout12ColumnsAlignment: "stretch",
      gridLayout12ColumnsColor: "rgba(255, 0, 0, 0.1)",
      gridLayout12ColumnsCount: 12,
      gridLayout12ColumnsGutter: "24px",
      gridLayout12ColumnsOffset: "32px",
      gridLayout12ColumnsPattern: "columns",
      gridLayout8PxGridColor: "rgba(0, 0, 255, 0.1)",
      gridLayout8PxGridPattern: "grid",
      gridLayout8PxGridSectionSize: "8px",
    },
  },
} as const;

export type CollectionName = keyof typeof modes;
export type ModeName<C extends CollectionName> = keyof (typeof modes)[C];
