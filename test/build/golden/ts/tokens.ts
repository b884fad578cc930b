// Do not edit directly, this file was auto-generated.

/** Every token name. A name that is not here does not compile. */
export type TokenName =
  | "colorAccent"
  | "colorBg"
  | "colorBlack50"
  | "colorBlue500"
  | "colorFg"
  | "colorGray50"
  | "colorGray900"
  | "colorLink"
  | "colorScrim"
  | "emphasis"
  | "featureRounded"
  | "fontFamilySans"
  | "fontSizeBody"
  | "fontWeightBold"
  | "labelGreeting"
  | "layerOverlay"
  | "motionFast"
  | "opacityDisabled"
  | "radiusMd"
  | "space4"
  | "spaceGutter"
  | "textBody";

/** Every token in its collection's default mode. */
export const tokens = {
  colorAccent: "#2563eb",
  colorBg: "#f9fafb",
  colorBlack50: "rgba(0, 0, 0, 0.5)",
  colorBlue500: "#2563eb",
  colorFg: "#111827",
  colorGray50: "#f9fafb",
  colorGray900: "#111827",
  colorLink: "#2563eb",
  colorScrim: "rgba(0, 0, 0, 0.5)",
  emphasis: 1,
  featureRounded: true,
  fontFamilySans: "Inter, system-ui, sans-serif",
  fontSizeBody: "16px",
  fontWeightBold: 700,
  labelGreeting: "Say \"hi\" & it's $5 <now>",
  layerOverlay: 10,
  motionFast: "150ms",
  opacityDisabled: 0.4,
  radiusMd: "0.5rem",
  space4: "16px",
  spaceGutter: "16px",
  textBody: "16px",
} as const satisfies Record<TokenName, string | number | boolean>;

/** Each collection's default mode. */
export const defaultModes = {
  "primitives": "value",
  "theme": "light",
} as const;

/** Values per collection and mode; aliases resolved (into other collections, their default mode). */
export const modes = {
  "primitives": {
    "value": {
      colorBlack50: "rgba(0, 0, 0, 0.5)",
      colorBlue500: "#2563eb",
      colorGray50: "#f9fafb",
      colorGray900: "#111827",
      fontFamilySans: "Inter, system-ui, sans-serif",
      fontSizeBody: "16px",
      fontWeightBold: 700,
      motionFast: "150ms",
      opacityDisabled: 0.4,
      radiusMd: "0.5rem",
      space4: "16px",
    },
  },
  "theme": {
    "light": {
      colorAccent: "#2563eb",
      colorBg: "#f9fafb",
      colorFg: "#111827",
      colorLink: "#2563eb",
      colorScrim: "rgba(0, 0, 0, 0.5)",
      emphasis: 1,
      featureRounded: true,
      labelGreeting: "Say \"hi\" & it's $5 <now>",
      layerOverlay: 10,
      spaceGutter: "16px",
      textBody: "16px",
    },
    "dark": {
      colorAccent: "#60a5fa",
      colorBg: "#111827",
      colorFg: "#f9fafb",
      colorLink: "#60a5fa",
      colorScrim: "rgba(0, 0, 0, 0.8)",
      emphasis: 0.8,
      featureRounded: false,
      labelGreeting: "Good night",
      layerOverlay: 20,
      spaceGutter: "24px",
      textBody: "18px",
    },
  },
} as const;

export type CollectionName = keyof typeof modes;
export type ModeName<C extends CollectionName> = keyof (typeof modes)[C];
