/**
 * The token files as `build --watch` reads them (docs/architecture.md "Build"): each file's text is
 * kept between rebuilds and read again only when its size, modification or change time (in
 * nanoseconds) or inode changed, so a
 * rebuild after a one-file edit reads that one file. The stat is taken on every read rather than
 * trusting file-system events, which editors' rename-over writes and some platforms coalesce: a
 * missed event never leaves a stale text.
 *
 * A file with characters outside ASCII is kept as its escaped one-byte text (tokens/read/escaped.ts),
 * which the watch session's read parses and compares, and decoded only when its text is asked for:
 * Node 26's fatal TextDecoder took 5-29 ms of CPU for each 680 KB token file of the 10k x 2 bench set
 * an edit read again (docs/benchmarks.md "Watch", fifth round). The stats are synchronous: nine files'
 * stats through the thread pool were nine round trips per rebuild.
 */
import { type BigIntStats, statSync } from 'node:fs';
import path from 'node:path';
import { readTokenText, textOf, type EscapedText } from '../../tokens/read/escaped.js';
import { readText, workTreeSource, type TokenFileSource } from '../../tokens/read/parse.js';

export type Held = string | EscapedText | undefined;

export interface CachedSource extends TokenFileSource {
  readEscaped(relPath: string): Promise<Held>;
  /** How many files the last `read`s took from the disk since the previous call (for tests and the bench). */
  takeReads(): string[];
  /** What was last read of `rel` (`readEscaped`'s value), without a look at the disk. */
  held(rel: string): Held;
  /**
   * Texts given in place of the disk's (the session's warm-up, watch-warm.ts), until called with
   * none; those files are neither looked at nor counted as read.
   */
  overlay(texts?: ReadonlyMap<string, Held>): void;
}

/** The escaped text with its decoding done once, however often it is asked for. */
function decodedOnce(value: Held): Held {
  if (typeof value !== 'object') return value;
  let text: string | undefined;
  return { escaped: value.escaped, text: () => (text ??= value.text()) };
}

export function cachedTokenSource(dir: string): CachedSource {
  const kept = new Map<string, { key: string; value: Held }>();
  let reads: string[] = [];
  let over: ReadonlyMap<string, Held> | undefined;
  const look = async (rel: string): Promise<Held> => {
    const given = over?.get(rel);
    if (given !== undefined) return given;
    const abs = path.join(dir, rel);
    let st: BigIntStats | undefined;
    try {
      st = statSync(abs, { bigint: true });
    } catch {
      st = undefined;
    }
    // A missing or odd file is left to the reader (it names the problem); nothing is kept.
    if (!st?.isFile()) {
      kept.delete(rel);
      reads.push(rel);
      return readText(abs);
    }
    const key = `${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.ino}`;
    const hit = kept.get(rel);
    if (hit?.key === key) return hit.value;
    reads.push(rel);
    const value = decodedOnce(await readTokenText(abs));
    kept.set(rel, { key, value });
    return value;
  };
  const takeReads = (): string[] => {
    const r = reads;
    reads = [];
    return r;
  };
  return {
    read: async (rel) => textOf(await look(rel)),
    readEscaped: look,
    list: workTreeSource(dir).list,
    takeReads,
    held: (rel) => kept.get(rel)?.value,
    overlay: (t) => void (over = t),
  };
}
