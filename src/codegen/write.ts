/**
 * Where a build's files may go, and the manifest's name. Putting them on disk is commit.ts: staged,
 * then switched in one step (docs/build.md "Atomic outputs"); files whose bytes are unchanged are not
 * rewritten, so a no-op build leaves timestamps alone and watchers quiet.
 */
import path from 'node:path';
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

/** The list of files a build wrote, under its output folder (docs/build.md "Stale outputs"). */
export const BUILD_MANIFEST = '.tokensync-build.json';
