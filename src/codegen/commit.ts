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
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
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
  files: Map<string, string | Uint8Array>,
  stale: string[],
  manifest: string,
  /** `changed`: the caller knows every file differs from the disk (build --watch, docs/architecture.md "Build"): none is read back. */
  opts: { signal?: AbortSignal | undefined; changed?: boolean } = {},
): Promise<WrittenFiles> {
  const staging = new Staging(outDir, opts);
  try {
    for (const [rel, data] of files) {
      if (opts.signal?.aborted) throw stoppedStaging(opts.signal, files.size);
      staging.add(rel, data);
      await staging.settled();
    }
  } catch (err) {
    await staging.discard();
    throw err;
  }
  return staging.commit(stale, manifest);
}

/**
 * Step 1, one file at a time, as each file is made (docs/architecture.md "Build"): `add` encodes the
 * text at once (the caller may drop it) and compares it with the disk and writes its temporary
 * file in the background; `commit` waits for them, then records and switches (steps 2 and 3);
 * `discard` removes what was staged. Nothing is put in place before `commit`, so a build refused or
 * stopped after some files were staged leaves the previous build whole.
 */
export class Staging {
  /** Each added file's staging, in the order added; a file added again replaces its earlier one. */
  private readonly jobs = new Map<string, Promise<string | undefined>>();
  /** The folders staging made: a discarded build leaves none it made behind. */
  private readonly created = new Set<string>();
  private failure: unknown;

  constructor(
    private readonly outDir: string,
    private readonly opts: { changed?: boolean } = {},
  ) {}

  /** Stages `rel` (its temporary file's path, or undefined when the disk already holds these bytes). */
  add(rel: string, data: string | Uint8Array): void {
    const abs = resolveInside(this.outDir, rel);
    const bytes =
      typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const before = this.jobs.get(rel);
    // The earlier staging of the same file is finished and its temporary removed first.
    const job = (before ?? Promise.resolve(undefined))
      .then(async (old) => {
        if (old !== undefined) await rm(old, { force: true });
        if (!this.opts.changed && (await sameBytes(abs, bytes))) return undefined;
        return stage(abs, bytes, this.created);
      })
      .catch((err: unknown) => {
        this.failure ??= err;
        return undefined;
      });
    // Re-inserted, so the order is that of the last add.
    this.jobs.delete(rel);
    this.jobs.set(rel, job);
  }

  /** Waits for every file added so far; throws the first staging error. */
  async settled(): Promise<void> {
    await Promise.all(this.jobs.values());
    if (this.failure !== undefined) throw this.failure;
  }

  /** Removes every temporary file staged (after a refused or stopped build). */
  async discard(): Promise<void> {
    const temps = await Promise.all(this.jobs.values());
    await Promise.all(temps.map((tmp) => (tmp === undefined ? undefined : rm(tmp, { force: true }))));
    this.jobs.clear();
    for (const dir of this.created) await removeEmptyFolders(dir);
    this.created.clear();
  }

  /** Steps 2 and 3; what was written and what was unchanged, in the order added. */
  async commit(stale: string[], manifest: string): Promise<WrittenFiles> {
    try {
      await this.settled();
    } catch (err) {
      await this.discard();
      throw err;
    }
    const result: WrittenFiles = { written: [], unchanged: [] };
    const renames: [string, string, string][] = [];
    for (const [rel, job] of this.jobs) {
      const tmp = await job;
      if (tmp === undefined) result.unchanged.push(rel);
      else {
        renames.push([rel, tmp, resolveInside(this.outDir, rel)]);
        result.written.push(rel);
      }
    }
    // Put in place in path order, whatever order the files were made in.
    renames.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const outDir = this.outDir;
    const removes = stale.map((rel) => resolveInside(outDir, rel));
    const manifestChanged = (await readTextFile(path.join(outDir, BUILD_MANIFEST)).catch(() => undefined)) !== manifest;
    if (renames.length === 0 && removes.length === 0 && !manifestChanged) return result;
    const pending: Pending = { renames: renames.map(([, tmp, abs]) => [tmp, abs]), removes, manifest };
    await writeFileAtomic(path.join(outDir, BUILD_PENDING), `${JSON.stringify(pending)}\n`);
    await switchTo(outDir, pending);
    await rm(path.join(outDir, BUILD_PENDING), { force: true });
    return result;
  }
}

/** `dir` and the folders under it, each removed when it holds nothing else. */
async function removeEmptyFolders(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) if (e.isDirectory()) await removeEmptyFolders(path.join(dir, e.name));
  await rmdir(dir).catch(() => {});
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

/** `created`: gets the first folder the staging had to make, if any (Staging `discard` removes it when empty). */
async function stage(abs: string, data: Buffer, created?: Set<string>): Promise<string> {
  const tmp = path.join(
    path.dirname(abs),
    `.${path.basename(abs)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const made = await mkdir(path.dirname(abs), { recursive: true });
    if (made !== undefined) created?.add(made);
    await writeFile(tmp, data);
  } catch (err) {
    // The folder may not exist at all (a file stands on its way): nothing to clean up then.
    await rm(tmp, { force: true }).catch(() => {});
    throw fsError(err, abs, 'write');
  }
  return tmp;
}

export function stoppedStaging(signal: AbortSignal, total: number): InterruptedError {
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
  files: { has(rel: string): boolean; keys(): Iterable<string> },
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
