/**
 * The watch session's warm-up (docs/architecture.md "Build", "Watch"): once the first build is
 * written, one number token's value is edited and edited back, in memory, through the same rebuild
 * as a real edit (the edited tokens read again, the small renders, the splice), with nothing
 * written. The first real edits then run code V8 has already compiled and optimized, instead of
 * taking two to four times as long as the later ones (docs/benchmarks.md "Watch").
 *
 * The session must end where it started: after the warm-up every kept file is compared with its
 * text before it, byte for byte, and on any difference (or a rebuild that failed) the session
 * forgets its build, so the next rebuild builds everything as the first did.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RebuildStats } from '../../codegen/session/index.js';
import { RESOLVER_FILE } from '../../tokens/resolver-doc.js';
import type { CachedSource } from './watch-source.js';

/** How many times the edit is made and undone. */
const ROUNDS = 2;

/** What the warm-up needs of the watch session (build.ts `buildSession`). */
export interface Warmable {
  /** The token files' reader of the last build. */
  source(): CachedSource | undefined;
  /** A rebuild kept as if written, with nothing written or warned; its stats. */
  dryRebuild(): Promise<{ stats: RebuildStats | undefined; read: 'tokens' | 'whole' }>;
  files(): ReadonlyMap<string, string | Uint8Array> | undefined;
  forget(): void;
}

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The first token of type `number` with a literal number value (its own or its groups' `$type`). */
function numberToken(node: Json, type: unknown): Json | undefined {
  const own = node.$type ?? type;
  if (Object.hasOwn(node, '$value')) return own === 'number' && typeof node.$value === 'number' ? node : undefined;
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('$') || !isObject(v)) continue;
    const found = numberToken(v, own);
    if (found) return found;
  }
  return undefined;
}

/** A token file's text with one number token's value changed, or undefined when no file has one. */
function editedText(source: CachedSource, listing: readonly string[]): { rel: string; text: string } | undefined {
  for (const rel of listing) {
    const held = rel === RESOLVER_FILE ? undefined : source.held(rel);
    if (held === undefined) continue;
    let json: unknown;
    try {
      // The escaped text of a file that is not ASCII is the same JSON (tokens/read/escaped.ts).
      json = JSON.parse(typeof held === 'string' ? held : held.escaped);
    } catch {
      continue;
    }
    const token = isObject(json) ? numberToken(json, undefined) : undefined;
    if (!token) continue;
    const value = token.$value as number;
    token.$value = value === 0 ? 1 : value / 2;
    return { rel, text: `${JSON.stringify(json, null, 2)}\n` };
  }
  return undefined;
}

const sameBytes = (a: string | Uint8Array, b: string | Uint8Array): boolean => {
  if (a === b) return true;
  const x = typeof a === 'string' ? Buffer.from(a) : Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const y = typeof b === 'string' ? Buffer.from(b) : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return x.equals(y);
};

/**
 * A full garbage collection once the warm-up is done, while no edit waits: the warm-up's garbage
 * otherwise brought V8's first mark-compact onto the third real edit (100-230 ms of CPU there
 * against 30-70 for its neighbours at 10k x 2, docs/benchmarks.md "Watch", fifth round). Node has
 * no API for it: `gc` is exposed to a new context for the one call, then the flag is set back.
 */
function collectGarbage(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // no collection now: V8 collects when it decides to
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** Edits and restores one number token ROUNDS times (see above); never throws. */
export async function warmSplice(session: Warmable): Promise<void> {
  const source = session.source();
  const before = session.files();
  if (!source || !before) return;
  let ok = true;
  try {
    const listing = await source.list();
    const edit = editedText(source, listing);
    const original = edit && source.held(edit.rel);
    if (!edit || original === undefined) return;
    for (let i = 0; i < ROUNDS && ok; i++) {
      source.overlay(new Map([[edit.rel, edit.text]]));
      const there = await session.dryRebuild();
      // What the source holds, the same object: the session's read sees the file unchanged.
      source.overlay(new Map([[edit.rel, original]]));
      const back = await session.dryRebuild();
      // Only the spliced path warms what a real edit runs; anything else is not tried again.
      ok = [there, back].every((r) => r.read === 'tokens' && r.stats?.path === 'splice');
    }
  } catch {
    ok = false;
  } finally {
    source.overlay(undefined);
  }
  const after = session.files();
  const same =
    after !== undefined &&
    after.size === before.size &&
    [...before].every(([f, text]) => after.has(f) && sameBytes(text, after.get(f)!));
  if (!same) session.forget();
  collectGarbage();
}
