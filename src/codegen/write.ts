/**
 * Writes a build to disk. Each file atomically (common rules: temp file in the same folder, then
 * rename), so a reader never sees half a file; files whose bytes are unchanged are not rewritten,
 * so a no-op build leaves timestamps alone and watchers quiet.
 */
import path from 'node:path';
import { InterruptedError, interruption } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic.js';
import { readTextFile } from '../fs/read.js';
import { BuildError } from './errors.js';

export interface WrittenFiles {
  written: string[];
  unchanged: string[];
}

/** `rel` must stay inside the output folder (user platforms choose their own destinations). */
export function assertInside(rel: string, source = ''): void {
  const norm = path.posix.normalize(rel.replace(/\\/g, '/'));
  if (path.isAbsolute(rel) || path.posix.isAbsolute(norm) || norm === '..' || norm.startsWith('../')) {
    throw new BuildError(
      'BUILD_OUTPUT_OUTSIDE',
      `Output file "${rel}"${source} would be written outside the output folder.`,
      {
        hint: 'Use a relative destination (and buildPath) without "..", in build.styleDictionary.platforms.',
      },
    );
  }
}

export function resolveInside(outDir: string, rel: string): string {
  assertInside(rel);
  return path.resolve(outDir, rel);
}

/**
 * `signal` (SIGINT/SIGTERM): checked between files, so every file is whole, old or new.
 * A special file (FIFO, device) where an output should be is never read: it is replaced.
 */
export async function writeFiles(
  outDir: string,
  files: Map<string, string>,
  opts: { signal?: AbortSignal | undefined } = {},
): Promise<WrittenFiles> {
  const result: WrittenFiles = { written: [], unchanged: [] };
  for (const [rel, data] of files) {
    if (opts.signal?.aborted) {
      const sig = interruption(opts.signal).signal;
      throw new InterruptedError(
        sig,
        `build stopped by ${sig}: ${result.written.length} file(s) written and ${result.unchanged.length} unchanged of ${files.size}; every file is whole (old or new).`,
        'Run `tokensync build` again to write the rest.',
      );
    }
    const abs = resolveInside(outDir, rel);
    const old = await readTextFile(abs).catch(() => undefined);
    if (old === data) {
      result.unchanged.push(rel);
      continue;
    }
    await writeFileAtomic(abs, data);
    result.written.push(rel);
  }
  return result;
}
