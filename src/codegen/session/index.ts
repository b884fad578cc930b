/**
 * The build a `build --watch` session keeps between edits (docs/architecture.md "Build", "Watch"):
 * the last token set, every output file's text and, once an edit needs them, its lines (lines.ts).
 * An edit that changes only tokens' values or descriptions (changes.ts) is rendered from a small set
 * (subset.ts) before and after, and spliced into the kept files (splice.ts); a file the splice cannot
 * place is rendered whole (`buildTokens` `only`). Anything structural, a config change, or the user's
 * own Style Dictionary platforms (whose formats may print anything) build everything again.
 */
import type { BuildConfig } from '../../config/schema.js';
import type { TokenSet } from '../../model/types.js';
import { buildTokens, type BuildOptions, type BuildOutput } from '../index.js';
import { changesOf } from './changes.js';
import { indexLines, type Lines } from './lines.js';
import { applyEdit, placeEdit } from './splice.js';
import { affectedKeys, positionsOf, referenceIndex, subsetOf, type Positions, type ReferenceIndex } from './subset.js';

/** How the last rebuild went, for the CLI's report, the tests and the bench. */
export interface RebuildStats {
  /** `splice`: only what the edit touches; `full`: everything, for `reason`. */
  path: 'splice' | 'full';
  reason?: string;
  /** Files rendered whole (every file on the full path). */
  rendered: string[];
  /** Files spliced. */
  spliced: string[];
  /** Files whose text changed. */
  changed: string[];
  /** Milliseconds reading the token files, building, writing (set by the CLI's session, build.ts). */
  ms?: { read: number; build: number; write: number };
  /** How the token files were read (set by the CLI's session): only the edited tokens, or whole. */
  read?: 'tokens' | 'whole';
}

/**
 * A build as the session holds it: a file is its text, or once spliced its UTF-8 bytes (lines.ts),
 * which are written as they are.
 */
export interface SessionOutput {
  files: Map<string, string | Uint8Array>;
  warnings: string[];
}

interface Kept {
  set: TokenSet;
  fingerprint: string;
  files: SessionOutput['files'];
  /** Per file: its lines, and the content they are of (a rebuild that was not kept leaves them ahead). */
  lines: Map<string, { of: string | Uint8Array; lines: Lines }>;
  /** The set's references, made on the first splice and kept while no reference changes. */
  refs?: ReferenceIndex;
  /** Where each token sits in the set (subset.ts), made with `refs` and kept with them. */
  at?: Positions;
}

export class BuildSession {
  private kept: Kept | undefined;

  /** Builds `set`, reusing the last build where the edit allows; the caller commits it with `keep`. */
  async build(
    set: TokenSet,
    config: BuildConfig,
    opts: BuildOptions,
  ): Promise<{ out: SessionOutput; stats: RebuildStats; keep: () => void }> {
    const fingerprint = JSON.stringify({ config, opts });
    const kept = this.kept;
    const why =
      kept === undefined
        ? 'first build'
        : kept.fingerprint !== fingerprint
          ? 'the config changed'
          : Object.keys(config.styleDictionary.platforms).length > 0
            ? 'the config has Style Dictionary platforms of its own'
            : undefined;
    const changes = why === undefined ? changesOf(kept!.set, set) : { structural: why };
    if ('structural' in changes) return this.full(set, config, opts, fingerprint, changes.structural);
    const k = kept!;
    const out = await spliceEdit(k, set, changes.keys, config, opts);
    if (out === undefined) return this.full(set, config, opts, fingerprint, 'the small render did not match');
    const next: Kept = {
      set,
      fingerprint,
      files: out.out.files,
      lines: k.lines,
      ...(k.refs ? { refs: k.refs } : {}),
      ...(k.at ? { at: k.at } : {}),
    };
    return { ...out, keep: () => void (this.kept = next) };
  }

  /**
   * Indexes the kept files' lines ahead of the first edit (lines.ts), so that edit costs what the
   * later ones do; `build --watch` calls it once the first build is written.
   */
  warm(): void {
    const k = this.kept;
    if (!k) return;
    for (const [f, text] of k.files) if (!k.lines.has(f)) k.lines.set(f, { of: text, lines: indexLines(text) });
    k.refs ??= referenceIndex(k.set);
    k.at ??= positionsOf(k.set);
  }

  /** The kept build's files (the last one written), or undefined before the first. */
  files(): ReadonlyMap<string, string | Uint8Array> | undefined {
    return this.kept?.files;
  }

  /** Forgets the last build: the next one is full (after a failed write, say). */
  forget(): void {
    this.kept = undefined;
  }

  private async full(set: TokenSet, config: BuildConfig, opts: BuildOptions, fingerprint: string, reason: string) {
    const out = await buildTokens(set, config, opts);
    const prev = this.kept?.files;
    const changed = [...out.files].filter(([f, text]) => prev?.get(f) !== text).map(([f]) => f);
    const stats: RebuildStats = { path: 'full', reason, rendered: [...out.files.keys()], spliced: [], changed };
    const next: Kept = { set, fingerprint, files: out.files, lines: new Map() };
    return { out, stats, keep: () => void (this.kept = next) };
  }
}

/** The edit of `keys` spliced into the kept files, or undefined when the small renders disagree with them. */
async function spliceEdit(
  k: Kept,
  set: TokenSet,
  keys: Set<string>,
  config: BuildConfig,
  opts: BuildOptions,
): Promise<{ out: SessionOutput; stats: RebuildStats } | undefined> {
  const files = new Map(k.files);
  const stats: RebuildStats = { path: 'splice', rendered: [], spliced: [], changed: [] };
  if (keys.size === 0) return { out: { files, warnings: [] }, stats };
  k.refs ??= referenceIndex(k.set);
  k.at ??= positionsOf(k.set);
  const affected = affectedKeys(k.refs, keys);
  let before: BuildOutput;
  let after: BuildOutput;
  try {
    before = await buildTokens(subsetOf(k.set, affected, k.at), config, opts);
    after = await buildTokens(subsetOf(set, affected, k.at), config, opts);
  } catch {
    return undefined; // the whole build names the problem
  }
  if ([...after.files.keys()].some((f) => !before.files.has(f) || !files.has(f))) return undefined;
  const whole = new Set<string>();
  for (const [f, text] of after.files) {
    const old = before.files.get(f)!;
    if (old === text) continue;
    const held = k.lines.get(f);
    const lines = held !== undefined && held.of === files.get(f) ? held.lines : indexLines(files.get(f)!);
    const edit = placeEdit(lines, old, text);
    if (edit === undefined) {
      whole.add(f);
      continue;
    }
    if (edit.length === 0) continue;
    applyEdit(lines, edit);
    const spliced = lines.bytes;
    k.lines.set(f, { of: spliced, lines });
    files.set(f, spliced);
    stats.spliced.push(f);
  }
  const warnings = [...after.warnings];
  if (whole.size > 0) {
    const rest = await buildTokens(set, config, { ...opts, only: whole });
    warnings.push(...rest.warnings);
    for (const [f, text] of rest.files) files.set(f, text);
    stats.rendered = [...whole];
  }
  // A spliced file changed (placeEdit returns only lines that differ); one rendered whole may not have.
  stats.changed = [...stats.spliced, ...stats.rendered.filter((f) => k.files.get(f) !== files.get(f))].sort();
  return { out: { files, warnings }, stats };
}
