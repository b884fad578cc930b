/**
 * A build put in place as one step (docs/build.md "Atomic outputs"): a kill leaves the previous build
 * or the new one, never a mix that stays.
 *   1. stage: every changed file is written to a temporary file beside its target (fs/atomic.ts names);
 *      a kill here leaves the previous build whole, and the next build removes the temporaries;
 *   2. `.tokensync-build.pending.json` records the renames, the removals and the new manifest;
 *   3. the renames, the removal of stale outputs, the manifest (last), then the pending file goes.
 * A kill during 3 (a few milliseconds) is rolled forward by the next build before it does anything
 * else, so what stays is the new build.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { InterruptedError, interruption } from '../errors.js';
import { removeStaleTemps, writeFileAtomic } from '../fs/atomic.js';
import { fsError } from '../fs/errors.js';
import { readTextFile } from '../fs/read.js';
import { BUILD_MANIFEST, resolveInside, type WrittenFiles } from './write.js';

export const BUILD_PENDING = '.tokensync-build.pending.json';

interface Pending {
  renames: [string, string][];
  removes: string[];
  manifest: string;
}

/** Finishes a build a kill stopped while it was switching, and removes killed builds' temporaries. */
export async function recoverBuild(outDir: string): Promise<void> {
  const file = path.join(outDir, BUILD_PENDING);
  const text = await readTextFile(file).catch(() => undefined);
  if (text !== undefined) {
    let pending: Pending | undefined;
    try {
      pending = JSON.parse(text) as Pending;
    } catch {
      pending = undefined; // cut short before its rename: nothing was switched yet
    }
    if (pending) await switchTo(outDir, pending);
    await rm(file, { force: true });
  }
  await removeStaleTemps(outDir);
}

/** Stages, records and switches; returns what changed and what was removed. */
export async function commitBuild(
  outDir: string,
  files: Map<string, string>,
  stale: string[],
  manifest: string,
  opts: { signal?: AbortSignal | undefined } = {},
): Promise<WrittenFiles> {
  const result: WrittenFiles = { written: [], unchanged: [] };
  const renames: [string, string][] = [];
  try {
    for (const [rel, data] of files) {
      if (opts.signal?.aborted) throw stoppedStaging(opts.signal, files.size);
      const abs = resolveInside(outDir, rel);
      const bytes = Buffer.from(data, 'utf8');
      if (await sameBytes(abs, bytes)) {
        result.unchanged.push(rel);
        continue;
      }
      renames.push([await stage(abs, bytes), abs]);
      result.written.push(rel);
    }
  } catch (err) {
    await Promise.all(renames.map(([tmp]) => rm(tmp, { force: true })));
    throw err;
  }
  const removes = stale.map((rel) => resolveInside(outDir, rel));
  const manifestChanged = (await readTextFile(path.join(outDir, BUILD_MANIFEST)).catch(() => undefined)) !== manifest;
  if (renames.length === 0 && removes.length === 0 && !manifestChanged) return result;
  const pending: Pending = { renames, removes, manifest };
  await writeFileAtomic(path.join(outDir, BUILD_PENDING), `${JSON.stringify(pending)}\n`);
  await switchTo(outDir, pending);
  await rm(path.join(outDir, BUILD_PENDING), { force: true });
  return result;
}

/** Step 3; safe to run again from any point (a rename whose temporary is gone was done). */
async function switchTo(outDir: string, p: Pending): Promise<void> {
  for (const [tmp, target] of p.renames) {
    try {
      await rename(tmp, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw fsError(err, target, 'write');
    }
  }
  for (const abs of p.removes) {
    await rm(abs, { force: true });
    // Folders left empty by the removal go too (never the output folder itself).
    for (let dir = path.dirname(abs); dir.startsWith(outDir + path.sep); dir = path.dirname(dir))
      if (
        !(await rmdir(dir).then(
          () => true,
          () => false,
        ))
      )
        break;
  }
  const manifest = path.join(outDir, BUILD_MANIFEST);
  if ((await readTextFile(manifest).catch(() => undefined)) !== p.manifest) await writeFileAtomic(manifest, p.manifest);
}

/**
 * Whether the file at `abs` holds exactly `bytes`: compared as bytes (no decoding of the old text),
 * and not read at all when its size differs. Anything but a regular file is not the same.
 */
async function sameBytes(abs: string, bytes: Buffer): Promise<boolean> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const st = await handle.stat();
    if (!st.isFile() || st.size !== bytes.length) return false;
    return bytes.equals(await handle.readFile());
  } catch {
    return false; // missing or unreadable: written anew
  } finally {
    await handle?.close();
  }
}

async function stage(abs: string, data: Buffer): Promise<string> {
  const tmp = path.join(
    path.dirname(abs),
    `.${path.basename(abs)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(tmp, data);
  } catch (err) {
    // The folder may not exist at all (a file stands on its way): nothing to clean up then.
    await rm(tmp, { force: true }).catch(() => {});
    throw fsError(err, abs, 'write');
  }
  return tmp;
}

function stoppedStaging(signal: AbortSignal, total: number): InterruptedError {
  const sig = interruption(signal).signal;
  return new InterruptedError(
    sig,
    `build stopped by ${sig} before its ${total} file(s) were put in place; the previous build is whole.`,
    'Run `tokensync build` again.',
  );
}

/** The manifest's text and the stale outputs, from the earlier manifest (write.ts removeStaleOutputs' rules). */
export async function planManifest(
  outDir: string,
  files: Map<string, string>,
): Promise<{ stale: string[]; manifest: string }> {
  let before: string[] = [];
  try {
    const parsed = JSON.parse(await readFile(path.join(outDir, BUILD_MANIFEST), 'utf8')) as { files?: unknown };
    if (Array.isArray(parsed.files)) before = parsed.files.filter((f): f is string => typeof f === 'string');
  } catch {
    // No manifest (a first build, or one from before manifests): nothing is known to be ours.
  }
  const top = (rel: string): string => rel.split('/')[0]!;
  const built = new Set([...files.keys()].map(top));
  const stale: string[] = [];
  const kept: string[] = [];
  for (const rel of before) {
    if (files.has(rel)) continue;
    if (built.has(top(rel))) stale.push(rel);
    else kept.push(rel);
  }
  const list = [...new Set([...kept, ...files.keys()])].sort();
  return {
    stale: stale.sort(),
    manifest: `${JSON.stringify({ generatedBy: 'tokensync build', files: list }, null, 2)}\n`,
  };
}
