/**
 * Writes a build to disk. Each file atomically (common rules: temp file in the same folder, then
 * rename), so a reader never sees half a file; files whose bytes are unchanged are not rewritten,
 * so a no-op build leaves timestamps alone and watchers quiet.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic.js';
import { BuildError } from './errors.js';

export interface WrittenFiles {
  written: string[];
  unchanged: string[];
}

/** `rel` must stay inside the output folder (user platforms choose their own destinations). */
export function assertInside(rel: string, source = ''): void {
  const norm = path.posix.normalize(rel.replace(/\\/g, '/'));
  if (path.isAbsolute(rel) || path.posix.isAbsolute(norm) || norm === '..' || norm.startsWith('../')) {
    throw new BuildError('BUILD_OUTPUT_OUTSIDE', `Output file "${rel}"${source} would be written outside the output folder.`, {
      hint: 'Use a relative destination (and buildPath) without "..", in build.styleDictionary.platforms.',
    });
  }
}

export function resolveInside(outDir: string, rel: string): string {
  assertInside(rel);
  return path.resolve(outDir, rel);
}

export async function writeFiles(outDir: string, files: Map<string, string>): Promise<WrittenFiles> {
  const result: WrittenFiles = { written: [], unchanged: [] };
  for (const [rel, data] of files) {
    const abs = resolveInside(outDir, rel);
    const old = await readFile(abs, 'utf8').catch(() => undefined);
    if (old === data) {
      result.unchanged.push(rel);
      continue;
    }
    await writeFileAtomic(abs, data);
    result.written.push(rel);
  }
  return result;
}
