/**
 * The normalized model in the middle of tokensync (docs/architecture.md "The model").
 * Every stage converts to or from these types and nothing else: `sync/remote` from the service's
 * variables/local response, `tokens/` from DTCG files, `build/` into platform code.
 * Pure data: no I/O, no classes, so a model can be compared, cloned and serialised freely.
 */

import type { RepoToken } from './dtcg.js';
import type { Value } from './literals.js';

// The value shapes live in literals.ts (no imports), so dtcg.ts can use them without a circle.
export type { Alias, Color, ColorSource, Composition, Literal, Value } from './literals.js';
export { isAlias, isColor } from './literals.js';

export const VARIABLE_TYPES = ['COLOR', 'FLOAT', 'STRING', 'BOOLEAN'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

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
  /**
   * An extended collection (docs/overrides.md §4): the name of the collection it extends. It has the
   * parent's modes (same names, same order, its own `Mode.id`s) and no variables of its own: its values
   * are the parent variables' `overrides[<this collection's name>]`. Absent for an ordinary collection.
   */
  parent?: string;
  /**
   * Repository side only (docs/overrides.md §3, §4): the resolver modifier whose contexts are this
   * collection's modes (`name`), or, on an extended collection, the modifier and the context it is
   * (`context`). The build names selectors by it (`[data-<modifier>="<context>"]`). Absent on a
   * collection read from the service, and when the modifier is the collection itself (§2).
   */
  modifier?: { name: string; context?: string };
  /**
   * The collection's own `hiddenFromPublishing` (a helper collection hidden from library users),
   * kept in the resolver document's `$extensions["dev.tokensync"]` (docs/token-files.md). Absent: false.
   */
  hiddenFromPublishing?: true;
}

/**
 * How a FLOAT or STRING variable is written as DTCG (docs/architecture.md mapping table). Decided by config
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
   * Service fields tokensync keeps but does not own: kept through pull and push in
   * `$extensions["dev.tokensync"]`. Absent when the variable has none (meta.ts).
   */
  meta?: VariableMeta;
  /**
   * This variable's values in extended collections of its collection (docs/overrides.md §4 and §6):
   * extension collection name -> mode name -> value. Only the modes that hold an override are listed;
   * a mode not listed inherits `values`. Absent when no extension overrides it.
   */
  overrides?: Record<string, Record<string, Value>>;
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
  /**
   * Axes the design file cannot hold (docs/overrides.md §5: a third modifier over a collection that
   * already has modes and extended collections): repository-only, read and built, never pushed, never
   * written by a pull. Absent when there are none. Only on a set read from the token files.
   */
  repositoryAxes?: RepositoryAxis[];
  /**
   * Tokens a resolver modifier defines in only some of its contexts (docs/overrides.md §5, "A token
   * in some contexts only"): no variable can lack a value in a mode, so they are built, never synced,
   * never written by a pull. Absent when there are none. Only on a set read from the token files.
   */
  partial?: PartialTokens;
}

/** Build-only tokens, each with `values` for the modes whose contexts define it only. */
export interface PartialTokens {
  variables: Variable[];
  tokens: RepoToken[];
  /** Collections that hold nothing but such tokens: built, not in `TokenSet.collections`. */
  collections: Collection[];
}

/** One context of a repository-only axis (docs/overrides.md §5): an extension-shaped set of overrides. */
export interface RepositoryAxis {
  /** Shaped like an extended collection: `parent`, the parent's modes, `modifier` with its context. */
  collection: Collection;
  /** Variable name (in `parent`) -> mode name -> value; the same in every mode for a DTCG context. */
  overrides: Record<string, Record<string, Value>>;
  /** Why the design file cannot hold it, as a sentence fragment. */
  reason: string;
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

/** `collection/name`: the identity of a variable inside one token set. */
export function variableKey(v: { collection: string; name: string }): string {
  return `${v.collection}\u0000${v.name}`;
}
