/**
 * Wire format of the variables endpoints (spec "Variables"), shared by the client (which validates
 * responses with these schemas) and the sync engine (which builds request bodies of these types).
 * The local service does NOT use these: its validation is written separately from the spec, so a
 * bug here is not hidden by the same bug there (docs/architecture.md "The local service").
 *
 * Choices where the spec says nothing (the real service's behaviour, documented here and tested):
 * - Alias values are `{ type: "VARIABLE_ALIAS", id: "VariableID:…" }`.
 * - Variable items may also carry `description` and `scopes` on CREATE and UPDATE, and collections and
 *   modes may be renamed with UPDATE items carrying `name`.
 * - Response objects may carry more fields than the spec lists (the real service adds e.g.
 *   `hiddenFromPublishing`, `remote`); unknown fields are kept, not rejected (`z.looseObject`).
 */
import { z } from 'zod';

export const variableTypeSchema = z.enum(['COLOR', 'FLOAT', 'STRING', 'BOOLEAN']);

export const wireColorSchema = z.object({ r: z.number(), g: z.number(), b: z.number(), a: z.number() });
export type WireColor = z.infer<typeof wireColorSchema>;

export const wireAliasSchema = z.object({ type: z.literal('VARIABLE_ALIAS'), id: z.string() });
export type WireAlias = z.infer<typeof wireAliasSchema>;

/** Figma's `RGB`: a composed color's literal part may omit alpha. */
export const wireRgbSchema = z.object({ r: z.number(), g: z.number(), b: z.number() });

/**
 * `VariableComposedColor` (@figma/rest-api-spec 0.43): a color with an independently authored opacity,
 * at least one side an alias. Accepted in either combination here; remote.ts refuses a composed value
 * with no alias, or on a variable that is not a COLOR.
 */
export const wireComposedSchema = z.object({
  color: z.union([wireColorSchema, wireRgbSchema, wireAliasSchema]),
  opacity: z.union([z.number(), wireAliasSchema]),
});
export type WireComposed = z.infer<typeof wireComposedSchema>;

/**
 * A tagged value the client does not know yet (`{"type": "…", …}` with a type other than
 * VARIABLE_ALIAS): kept whole, and it costs only its variable (remote.ts, docs/sync.md "Nothing is
 * dropped"). First in the union, so such an object is never read as a color with a stray key.
 */
export const wireUnknownValueSchema = z.looseObject({ type: z.string() }).refine((v) => v.type !== 'VARIABLE_ALIAS');

export const wireValueSchema = z.union([
  z.boolean(),
  z.number(),
  z.string(),
  wireUnknownValueSchema,
  wireColorSchema,
  wireAliasSchema,
  wireComposedSchema,
]);
export type WireValue = boolean | number | string | WireColor | WireAlias | WireComposed;

const wireVariableFields = {
  id: z.string(),
  name: z.string(),
  key: z.string(),
  variableCollectionId: z.string(),
  scopes: z.array(z.string()),
  description: z.string(),
};

/**
 * A variable: of a known type, with values of the shapes above; or of a type the client does not know
 * (an easing, a timing), whose values can be anything (kept whole by remote.ts, never pushed).
 */
export const wireVariableSchema = z.union([
  z.looseObject({
    ...wireVariableFields,
    resolvedType: variableTypeSchema,
    valuesByMode: z.record(z.string(), wireValueSchema),
  }),
  z.looseObject({
    ...wireVariableFields,
    resolvedType: z.string().refine((t) => !(variableTypeSchema.options as readonly string[]).includes(t)),
    valuesByMode: z.record(z.string(), z.unknown()),
  }),
]);
export interface WireVariable {
  id: string;
  name: string;
  key: string;
  variableCollectionId: string;
  /** One of variableTypeSchema, or a type the client does not know. */
  resolvedType: string;
  valuesByMode: Record<string, unknown>;
  scopes: string[];
  description: string;
  [extra: string]: unknown;
}

/**
 * A collection. Figma's extended collections (@figma/rest-api-spec `LocalVariableCollection`, figma
 * dialect only) add `isExtension`, `parentVariableCollectionId`, `rootVariableCollectionId`,
 * `variableOverrides` (variable id -> mode id -> value, checked value by value in sync/remote.ts) and
 * `modes[].parentModeId`.
 */
export const wireCollectionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  modes: z.array(z.looseObject({ modeId: z.string(), name: z.string(), parentModeId: z.string().optional() })),
  defaultModeId: z.string(),
  variableIds: z.array(z.string()),
  isExtension: z.boolean().optional(),
  parentVariableCollectionId: z.string().optional(),
  rootVariableCollectionId: z.string().optional(),
  variableOverrides: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});
export type WireCollection = z.infer<typeof wireCollectionSchema>;

export const localVariablesResponseSchema: z.ZodType<LocalVariablesResponse> = z.looseObject({
  meta: z.looseObject({
    variables: z.record(z.string(), wireVariableSchema),
    variableCollections: z.record(z.string(), wireCollectionSchema),
  }),
});
export interface LocalVariablesResponse {
  meta: {
    variables: Record<string, WireVariable>;
    variableCollections: Record<string, WireCollection>;
    [extra: string]: unknown;
  };
  [extra: string]: unknown;
}

export const variablesWriteResponseSchema = z.looseObject({
  meta: z.looseObject({ tempIdMapping: z.record(z.string(), z.string()) }),
});
export type VariablesWriteResponse = z.infer<typeof variablesWriteResponseSchema>;

// ---- Request bodies (built by sync/plan.ts; typed, not validated at runtime) ----

export interface CreateCollectionItem {
  action: 'CREATE';
  id: string; // temp_…
  name: string;
  initialModeId: string; // temp id of a mode in variableModes
  hiddenFromPublishing?: boolean;
}
export interface CreateModeItem {
  action: 'CREATE';
  id: string; // temp_…
  name: string;
  variableCollectionId: string; // temp or permanent
}
export interface CreateVariableItem {
  action: 'CREATE';
  id: string; // temp_…
  name: string;
  variableCollectionId: string; // temp or permanent
  resolvedType: z.infer<typeof variableTypeSchema>;
  /** Value for the collection's default mode: a literal (aliases are set in the following PUT). */
  initialModeValue: boolean | number | string | WireColor;
  description?: string;
  scopes?: string[];
  hiddenFromPublishing?: boolean;
  codeSyntax?: { WEB?: string; ANDROID?: string; iOS?: string };
}
export interface VariablesPostBody {
  variableCollections?: CreateCollectionItem[];
  variableModes?: CreateModeItem[];
  variables?: CreateVariableItem[];
}

export interface UpdateCollectionItem {
  action: 'UPDATE';
  id: string;
  name?: string;
  /** The collection's own (Figma's VariableCollectionUpdate; the local service accepts it in both dialects). */
  hiddenFromPublishing?: boolean;
}
export interface UpdateModeItem {
  action: 'UPDATE';
  id: string;
  variableCollectionId: string;
  name?: string;
}
export interface UpdateVariableItem {
  action: 'UPDATE';
  id: string;
  name?: string;
  description?: string;
  scopes?: string[];
  /** Kept service fields (Figma's VariableUpdate, accepted by the local service in both dialects). */
  hiddenFromPublishing?: boolean;
  codeSyntax?: { WEB?: string; ANDROID?: string; iOS?: string };
  variableModeValues?: { modeId: string; value: WireValue }[];
}
export interface VariablesPutBody {
  variableCollections?: UpdateCollectionItem[];
  variableModes?: UpdateModeItem[];
  variables?: UpdateVariableItem[];
}
