/**
 * The token files as `build --watch` reads them (docs/architecture.md "Build"): each file's text is
 * kept between rebuilds and read again only when its size, modification or change time (in
 * nanoseconds) or inode changed, so a
 * rebuild after a one-file edit reads that one file. The stat is taken on every read rather than
 * trusting file-system events, which editors' rename-over writes and some platforms coalesce: a
 * missed event never leaves a stale text.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { readText, workTreeSource, type TokenFileSource } from '../../tokens/read/parse.js';

export interface CachedSource extends TokenFileSource {
  /** How many files the last `read`s took from the disk since the previous call (for tests and the bench). */
  takeReads(): string[];
  /** The text last read of `rel`, without a look at the disk. */
  held(rel: string): string | undefined;
  /**
   * Texts given in place of the disk's (the session's warm-up, watch-warm.ts), until called with
   * none; those files are neither looked at nor counted as read.
   */
  overlay(texts?: ReadonlyMap<string, string>): void;
}

export function cachedTokenSource(dir: string): CachedSource {
  const texts = new Map<string, { key: string; text: string | undefined }>();
  let reads: string[] = [];
  let over: ReadonlyMap<string, string> | undefined;
  const read = async (rel: string): Promise<string | undefined> => {
    const given = over?.get(rel);
    if (given !== undefined) return given;
    const abs = path.join(dir, rel);
    const st = await stat(abs, { bigint: true }).catch(() => undefined);
    // A missing or odd file is left to the reader (it names the problem); nothing is kept.
    if (!st?.isFile()) {
      texts.delete(rel);
      reads.push(rel);
      return readText(abs);
    }
    const key = `${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.ino}`;
    const hit = texts.get(rel);
    if (hit?.key === key) return hit.text;
    reads.push(rel);
    const text = await readText(abs);
    texts.set(rel, { key, text });
    return text;
  };
  const takeReads = (): string[] => {
    const r = reads;
    reads = [];
    return r;
  };
  return {
    read,
    list: workTreeSource(dir).list,
    takeReads,
    held: (rel) => texts.get(rel)?.text,
    overlay: (t) => void (over = t),
  };
}
