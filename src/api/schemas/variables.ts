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

export const wireValueSchema = z.union([z.boolean(), z.number(), z.string(), wireColorSchema, wireAliasSchema]);
export type WireValue = z.infer<typeof wireValueSchema>;

export const wireVariableSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  variableCollectionId: z.string(),
  resolvedType: variableTypeSchema,
  valuesByMode: z.record(z.string(), wireValueSchema),
  scopes: z.array(z.string()),
  description: z.string(),
});
export type WireVariable = z.infer<typeof wireVariableSchema>;

export const wireCollectionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  modes: z.array(z.looseObject({ modeId: z.string(), name: z.string() })),
  defaultModeId: z.string(),
  variableIds: z.array(z.string()),
});
export type WireCollection = z.infer<typeof wireCollectionSchema>;

export const localVariablesResponseSchema = z.looseObject({
  meta: z.looseObject({
    variables: z.record(z.string(), wireVariableSchema),
    variableCollections: z.record(z.string(), wireCollectionSchema),
  }),
});
export type LocalVariablesResponse = z.infer<typeof localVariablesResponseSchema>;

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
