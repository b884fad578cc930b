/**
 * Figma's spelling of the variables write (docs/architecture.md "Dialects"; @figma/rest-api-spec, operation
 * `postVariables`): ONE `POST /v1/files/:file_key/variables` whose arrays hold CREATE, UPDATE and
 * DELETE items, plus a top-level `variableModeValues` list. There is no `initialModeValue`: a new
 * variable's values go in `variableModeValues` like any other. A new collection comes with one mode
 * whose temporary id is the collection's `initialModeId` (it is not created again as a mode item).
 * The answer maps temporary ids to real ones in `meta.tempIdToRealId`.
 * Field sets follow the OpenAPI schemas `VariableCollectionChange`, `VariableModeChange`,
 * `VariableChange` and `VariableModeValue`; test/figma-spec checks every body tokensync sends.
 */
import { z } from 'zod';
import type { WireColor, WireValue } from './variables.js';

export type FigmaVariableType = 'COLOR' | 'FLOAT' | 'STRING' | 'BOOLEAN';
/** Per-platform names of a variable in code (schema `VariableCodeSyntax`). */
export interface CodeSyntax {
  WEB?: string;
  ANDROID?: string;
  iOS?: string;
}

export type FigmaCollectionItem =
  | { action: 'CREATE'; id: string; name: string; initialModeId: string; hiddenFromPublishing?: boolean }
  // An extended collection (docs/overrides.md §7): its modes are the parent's, given temp ids here.
  | {
      action: 'CREATE';
      id: string;
      name: string;
      parentVariableCollectionId: string;
      initialModeIdToParentModeIdMapping: Record<string, string>;
    }
  | { action: 'UPDATE'; id: string; name?: string; hiddenFromPublishing?: boolean }
  | { action: 'DELETE'; id: string };

export type FigmaModeItem =
  | { action: 'CREATE'; id: string; name: string; variableCollectionId: string }
  | { action: 'UPDATE'; id: string; name?: string; variableCollectionId: string }
  | { action: 'DELETE'; id: string };

export type FigmaVariableItem =
  | {
      action: 'CREATE';
      id: string;
      name: string;
      variableCollectionId: string;
      resolvedType: FigmaVariableType;
      description?: string;
      hiddenFromPublishing?: boolean;
      scopes?: string[];
      codeSyntax?: CodeSyntax;
    }
  | {
      action: 'UPDATE';
      id: string;
      name?: string;
      description?: string;
      hiddenFromPublishing?: boolean;
      scopes?: string[];
      codeSyntax?: CodeSyntax;
    }
  | { action: 'DELETE'; id: string };

/** `value: null` removes an override (an extension's mode); a mode of the variable's own collection takes a value. */
export interface FigmaModeValue {
  variableId: string;
  modeId: string;
  value: WireValue | WireColor | null;
}

export interface FigmaVariablesBody {
  variableCollections?: FigmaCollectionItem[];
  variableModes?: FigmaModeItem[];
  variables?: FigmaVariableItem[];
  variableModeValues?: FigmaModeValue[];
}

export const figmaWriteResponseSchema = z.looseObject({
  meta: z.looseObject({ tempIdToRealId: z.record(z.string(), z.string()) }),
});
export type FigmaWriteResponse = z.infer<typeof figmaWriteResponseSchema>;
