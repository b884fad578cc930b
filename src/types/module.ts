/**
 * What tokensync knows about one DTCG type ("the model grows by type, not by switch").
 * Each of src/types/<type>.ts exports one `TypeModule`; src/types/index.ts keys them by `$type`.
 * Adding a type is one new file plus its line in the registry.
 *
 * A module is pure and light (no zod, yaml or Style Dictionary: `check` loads every module):
 * - `parse` validates a raw `$value` that is not a whole-value alias (format §8 Types, §9 Composite
 *   types) and returns the model value. Sub-value references (`"{a.b}"` where the spec allows one)
 *   go through `ctx.ref`, which returns the model `Alias` the reader fills in once every token is
 *   known; problems go to `ctx.report` with the JSON path below `$value`.
 * - `canonical` is the value's identity for diff, fingerprints and equality (docs/architecture.md: colors by
 *   8-bit hex with alpha, floats at 6 decimals).
 * - `encode` writes the model value back as DTCG JSON, with a fixed key order (byte-stable).
 * - `variable` says which design-file variable type holds the value and how it converts; absent for
 *   the types the design file cannot hold (repository-owned tokens, never pushed).
 * - `render` is per build platform; the build stage fills it (src/build owns the renderers).
 */
import type { TypeRender } from './render/context.js';
import type { DtcgType, DtcgValueOf, Ref } from '../model/dtcg.js';
import type { Alias, Literal, TokenKind, VariableType } from '../model/types.js';

/** A JSON path below `$value`: `['color']`, `['dashArray', 1]`, `[0, 'offsetX']`. */
export type SubPath = (string | number)[];

export interface ParseContext {
  /**
   * A reference `"{a.b}"` found at `path` that must point at a token of `type` (`dotted` is the text
   * between the braces). Returns the Alias to put in the value; the reader resolves it later (and
   * reports a missing target or a type mismatch there).
   */
  ref(dotted: string, type: DtcgType, path: SubPath): Alias;
  /** An error: the value is invalid. */
  report(path: SubPath, message: string, hint: string): void;
  /** A warning: the value is read, but the user should know (a wide-gamut color clipped to sRGB). */
  warn(path: SubPath, message: string, hint: string): void;
}

export interface EncodeContext {
  /** The `"{a.b}"` text of a reference, as the token files write it. */
  ref(alias: Alias): string;
}

/** How a type lives as a design-file variable (docs/architecture.md mapping table). */
export interface VariableMapping<T> {
  type: VariableType;
  /** The variable's literal and presentation; `remBase` for rem dimensions. */
  toLiteral(value: T, remBase: number): { literal: Literal; kind: TokenKind };
  /** Back from a variable's literal, under the presentation the token had. */
  fromLiteral(literal: Literal, kind: TokenKind, remBase: number): T;
}

export interface TypeModule<K extends DtcgType = DtcgType> {
  type: K;
  /** A composite type (format §9): an object or array of typed sub-values. */
  composite: boolean;
  /**
   * A literal `$value` (never a whole-value alias: the reader handles those) to the model value;
   * undefined when invalid, after reporting through `ctx`. `path` prefixes every problem's path
   * (a composite parses its sub-values with the sub-type's module at the sub-value's path).
   */
  parse(raw: unknown, ctx: ParseContext, path?: SubPath): DtcgValueOf[K] | undefined;
  /** Identity for equality, diff and fingerprints. */
  canonical(value: Ref<DtcgValueOf[K]>): string;
  /** Model -> DTCG `$value`, keys in a fixed order. */
  encode(value: Ref<DtcgValueOf[K]>, ctx: EncodeContext): unknown;
  /**
   * What the token's `$extensions["dev.tokensync"]` adds to a parsed literal value (what DTCG cannot
   * say, e.g. a gradient's kind and angle: format §5.2.3 "$extensions"); absent for most types.
   */
  extension?(value: DtcgValueOf[K], ours: Record<string, unknown>): DtcgValueOf[K];
  /** The reverse of `extension`: what a written token's `$extensions["dev.tokensync"]` holds for the value, if anything. */
  extensionOf?(value: DtcgValueOf[K]): Record<string, unknown> | undefined;
  /** Absent: the design file cannot hold this type, so its tokens are repository-owned. */
  variable?: VariableMapping<DtcgValueOf[K]>;
  /**
   * How the build prints the type on each platform (src/types/render/context.ts says what a
   * renderer is given); set by the render section at the end of each module, which the build owns.
   */
  render?: TypeRender;
}
