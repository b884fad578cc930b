/**
 * The normalized model in the middle of tokensync (DESIGN.md "The model").
 * Every stage converts to or from these types and nothing else: `sync/remote` from the service's
 * variables/local response, `tokens/` from DTCG files, `build/` into platform code.
 * Pure data: no I/O, no classes, so a model can be compared, cloned and serialised freely.
 */

import type { RepoToken } from './dtcg.js';

export const VARIABLE_TYPES = ['COLOR', 'FLOAT', 'STRING', 'BOOLEAN'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** sRGB color with components in 0..1. */
export interface Color {
  r: number;
  g: number;
  b: number;
  a: number;
  /**
   * The color as the repository wrote it when that was not plain sRGB (issue 10: `display-p3`,
   * `oklch` and the other DTCG color spaces). r/g/b/a is then its sRGB conversion (clipped to the
   * gamut), which is what is synced and compared; the build and the token files keep `source`.
   * A pull keeps `source` while the sRGB value it converts to did not change.
   */
  source?: ColorSource;
  /**
   * A composed color (Figma's `VariableComposedColor`): a color and an independently authored opacity,
   * at least one of them an alias. r/g/b/a is then what it resolves to (the color's channels, its
   * alpha times opacity / 100); what is synced and compared is the composition (docs/sync.md
   * "Composed colors").
   */
  composed?: Composition;
}

/** The parts of a composed color: opacity in percent (0-100), as the design tool's opacity field. */
export interface Composition {
  color: Alias | Color;
  opacity: Alias | number;
}

/** A DTCG 2025.10 color value in any of its color spaces (format §8.1). */
export interface ColorSource {
  colorSpace: string;
  /** `'none'` is the spec's missing component. */
  components: (number | 'none')[];
  alpha?: number;
  hex?: string;
}

/**
 * A reference to another variable by name (not by id), so the repository stays readable and
 * ids only live in the lock. `collection` is the target's collection name, `name` its slash path.
 */
export interface Alias {
  alias: { collection: string; name: string };
}

export type Literal = Color | number | string | boolean;
export type Value = Literal | Alias;

export interface Mode {
  name: string;
  /** Remote mode id (`<a>:<b>`) when known. */
  id?: string;
}

export interface Collection {
  name: string;
  /** Ordered; the order is the service's and the resolver document's. */
  modes: Mode[];
  /** Name of the default mode; always one of `modes`. */
  defaultMode: string;
  id?: string;
  key?: string;
}

/**
 * How a FLOAT or STRING variable is written as DTCG (DESIGN.md mapping table). Decided by config
 * rules or scopes on pull, read back from `$type` on read, so a round trip keeps it.
 */
export type TokenKind =
  | { type: 'color' }
  | { type: 'number' }
  | { type: 'dimension'; unit: 'px' | 'rem' }
  | { type: 'duration'; unit: 'ms' | 's' }
  | { type: 'fontWeight' }
  | { type: 'fontFamily' }
  | { type: 'string' }
  | { type: 'boolean' };

export interface Variable {
  /** Collection name. */
  collection: string;
  /** Slash path, e.g. `color/brand/primary`; unique within its collection. */
  name: string;
  type: VariableType;
  description: string;
  /** Service scopes; `['ALL_SCOPES']` is the default and is not written to token files. */
  scopes: string[];
  /** Value per mode name; every mode of the collection has one. */
  values: Record<string, Value>;
  id?: string;
  key?: string;
  /** DTCG presentation; absent means the type's default (`number` for FLOAT, `string` for STRING). */
  kind?: TokenKind;
  /**
   * Service fields tokensync keeps but does not own (issue 12): kept through pull and push in
   * `$extensions["dev.tokensync"]`. Absent when the variable has none (meta.ts).
   */
  meta?: VariableMeta;
}

/** Per-platform names of a variable in code (Figma's `codeSyntax`). */
export interface CodeSyntax {
  WEB?: string;
  ANDROID?: string;
  iOS?: string;
}

export interface VariableMeta {
  /** Hidden when the design file is published as a library; absent means false. */
  hiddenFromPublishing?: true;
  /** Absent or non-empty. */
  codeSyntax?: CodeSyntax;
}

export interface TokenSet {
  collections: Collection[];
  variables: Variable[];
  /**
   * Tokens the design file's variables cannot hold (dtcg.ts): composites, repository-owned, and
   * styles, design-owned. Absent or empty for a set that holds only variables.
   */
  tokens?: RepoToken[];
  /**
   * Variables of the service the client cannot represent (a type or value shape it does not know):
   * kept whole, never pushed, never deleted, named by every command (sync/remote.ts). Only on a set
   * read from the service.
   */
  kept?: KeptVariable[];
}

/** A service variable kept as it is (docs/sync.md "Nothing is dropped"). */
export interface KeptVariable {
  id: string;
  name: string;
  /** The collection's name, or its id when the answer has no such collection. */
  collection: string;
  collectionId: string;
  /** Why it is kept, as a sentence fragment: "its type EASING is not one tokensync knows". */
  reason: string;
  /** The variable as the service sent it. */
  wire: Record<string, unknown>;
}

export function isAlias(value: Value): value is Alias {
  return typeof value === 'object' && value !== null && 'alias' in value;
}

export function isColor(value: Value): value is Color {
  return typeof value === 'object' && value !== null && 'r' in value;
}

/** `collection/name`: the identity of a variable inside one token set. */
export function variableKey(v: { collection: string; name: string }): string {
  return `${v.collection}\u0000${v.name}`;
}
