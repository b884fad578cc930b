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

/** The list of files a build wrote, under its output folder (docs/build.md "Stale outputs"). */
export const BUILD_MANIFEST = '.tokensync-build.json';

/**
 * Removes what an earlier build wrote and this one no longer writes (a renamed collection's
 * `ios/OldName.swift`), by the manifest the earlier build left: only tokensync's own outputs, never
 * a file it did not write. A build of some platforms (`--platform`) removes only under the top-level
 * folders it wrote. Then records this build's files. Returns the removed paths (relative).
 */
export async function removeStaleOutputs(outDir: string, files: Map<string, string>): Promise<string[]> {
  const { readFile, rm, rmdir } = await import('node:fs/promises');
  const manifest = path.join(outDir, BUILD_MANIFEST);
  let before: string[] = [];
  try {
    const parsed = JSON.parse(await readFile(manifest, 'utf8')) as { files?: unknown };
    if (Array.isArray(parsed.files)) before = parsed.files.filter((f): f is string => typeof f === 'string');
  } catch {
    // No manifest (a first build, or one from before manifests): nothing is known to be ours.
  }
  const top = (rel: string): string => rel.split('/')[0]!;
  const built = new Set([...files.keys()].map(top));
  const removed: string[] = [];
  const kept: string[] = [];
  for (const rel of before) {
    if (files.has(rel)) continue;
    if (!built.has(top(rel))) {
      kept.push(rel);
      continue;
    }
    const abs = resolveInside(outDir, rel);
    await rm(abs, { force: true });
    removed.push(rel);
    // Folders left empty by the removal go too (never the output folder itself).
    for (let dir = path.dirname(abs); dir.startsWith(outDir + path.sep); dir = path.dirname(dir)) {
      if (
        !(await rmdir(dir).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
  const list = [...new Set([...kept, ...files.keys()])].sort();
  const text = `${JSON.stringify({ generatedBy: 'tokensync build', files: list }, null, 2)}\n`;
  // Rewritten only when it changes: a no-op build leaves every timestamp alone.
  if ((await readFile(manifest, 'utf8').catch(() => undefined)) !== text) await writeFileAtomic(manifest, text);
  return removed.sort();
}
