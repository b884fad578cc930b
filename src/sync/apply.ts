/**
 * The one impure part of sync/ (DESIGN.md "Sync semantics", "Apply"): read both sides, diff, plan,
 * send, verify, write. The whole plan is computed before any side effect; the order of effects is
 * chosen so that a failure at any point leaves a state a re-run converges from:
 *   1. service writes, as the client's dialect spells them (dfs: POST, then PUT with ids from
 *      tempIdMapping; figma: one POST, DESIGN.md "Dialects"). A POST whose outcome is unknown is
 *      never replayed: re-read, re-plan (matching by name adopts what the POST created) and go on.
 *   2. read again: the plan must now be empty, or we stop with an error (nothing written locally).
 *   3. token files, each written atomically (only those whose bytes change).
 *   4. the lock, last: until it is written the previous base still holds, and every change made in
 *      1-3 shows up on the next run as "both sides changed to the same thing", which is no change.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ApiUnknownOutcomeError, type DesignFileClient, type FileResponse } from '../api/index.js';
import type { Config } from '../config/schema.js';
import { TokensyncError } from '../errors.js';
import { fingerprintFields, lockEquals, type Lock } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import { readLock, readTokens, renderLock, renderTokens, writeFilesAtomic } from '../tokens/index.js';
import { diff3, type SyncDiff } from './diff.js';
import { filesInStep } from './files-in-step.js';
import { nextLock } from './next-lock.js';
import { applyTempIds, compilePlan, type Plan, type PlanOptions } from './plan.js';
import { remoteToModel } from './remote.js';

export type SyncMode = 'pull' | 'push' | 'sync' | 'diff';

export interface SyncOptions {
  mode: SyncMode;
  root: string;
  config: Config;
  client: DesignFileClient;
  fileKey: string;
  prefer?: 'repo' | 'service' | undefined;
  /** push/sync: overwrite fields that changed in the service since the lock. */
  force?: boolean | undefined;
  /**
   * push/sync: delete orphans removed in the repository from the design file, where the dialect can
   * (`push --delete-orphans`, `sync.deleteOrphans`; figma only). Shown in the plan like any change.
   */
  deleteOrphans?: boolean | undefined;
  /** Compute everything, send and write nothing. */
  dryRun?: boolean | undefined;
  progress?: ((message: string) => void) | undefined;
}

export interface FileChanges {
  /** Relative to the project root. */
  written: string[];
  removed: string[];
}

/** Expected outcomes are values; only the unexpected throws. */
export type SyncOutcome =
  | { kind: 'conflicts'; diff: SyncDiff }
  | { kind: 'planned'; diff: SyncDiff; plan: Plan; files: FileChanges }
  | { kind: 'applied'; diff: SyncDiff; plan: Plan; files: FileChanges; requestsSent: number; replans: number };

export class SyncNotConvergedError extends TokensyncError {
  override name = 'SyncNotConvergedError';
}

/** How often an unknown POST outcome is answered by re-reading before we give up. */
const MAX_REPLANS = 3;

export async function runSync(opts: SyncOptions): Promise<SyncOutcome> {
  const { config, root, client, fileKey, mode } = opts;
  const progress = opts.progress ?? (() => {});
  const [{ set: local, sources }, base] = await Promise.all([readTokens(root, config.tokens), readLock(root, config.tokens)]);
  if (base && base.fileKey !== fileKey) {
    throw new TokensyncError(
      'LOCK_FILE_MISMATCH',
      `${path.join(config.tokens.dir, 'sync.lock.json')} was written for file "${base.fileKey}", but the config syncs "${fileKey}".`,
      { hint: 'Point service.fileKey at the file the tokens came from, or delete the lock to start a fresh 3-way base.' },
    );
  }
  progress(`reading variables of ${fileKey}`);
  let remote = remoteToModel(await client.getLocalVariables(fileKey));

  const pushes = mode === 'push' || mode === 'sync' || mode === 'diff';
  const pulls = mode === 'pull' || mode === 'sync' || mode === 'diff';
  const force = Boolean(opts.force) && pushes;
  const prefer = force ? 'repo' : opts.prefer;
  const diff = diff3({ local, remote, base: force && base ? forcedBase(base, remote) : base, ...(prefer ? { prefer } : {}) });
  if (diff.conflicts.length > 0 && !prefer) return { kind: 'conflicts', diff };

  // What each side should hold afterwards. A pull leaves the service alone and a push the files.
  const serviceTarget: TokenSet = pushes ? diff.merged : remote;
  const repoTarget: TokenSet = pulls ? diff.merged : local;
  // One compiler for every dialect; orphans are deleted only on request and only by a push.
  const planOptions: PlanOptions = { dialect: client.dialect.name, deleteOrphans: pushes && opts.deleteOrphans ? diff.orphans : undefined };
  let plan = compilePlan(remote, serviceTarget, planOptions);
  const tokensDir = path.join(root, config.tokens.dir);
  // The files a pull writes. With no repository change and the files in tokensync's layout there is
  // nothing to render (files-in-step.ts: the policy on formatting drift, docs/sync.md).
  let rendered: Map<string, string> | undefined;
  let stale: string[] = [];
  if (pulls) {
    const onDisk = await listTokenFiles(tokensDir);
    if (diff.toRepo.length > 0 || !filesInStep(repoTarget, sources, onDisk)) {
      rendered = renderTokens(repoTarget, config.tokens, sources);
      const keep = rendered;
      stale = onDisk.filter((f) => !keep.has(f));
    }
  }

  if (mode === 'diff' || opts.dryRun) {
    // Compared with the bytes readTokens read in this run, not read from the disk a second time.
    const written = rendered ? [...rendered].filter(([file, text]) => sources.files.get(file)?.text !== text).map(([file]) => file).sort() : [];
    return { kind: 'planned', diff, plan, files: { written: rel(root, tokensDir, written), removed: rel(root, tokensDir, stale) } };
  }

  // 1. Service writes.
  let requestsSent = 0;
  let replans = 0;
  let version: Promise<FileResponse> | undefined;
  if (plan.requests.length > 0) {
    for (;;) {
      try {
        requestsSent += await execute(client, fileKey, plan, progress);
        break;
      } catch (err) {
        if (!(err instanceof ApiUnknownOutcomeError) || replans >= MAX_REPLANS) throw err as Error;
        replans += 1;
        requestsSent += 1;
        progress(`the outcome of ${err.method} is unknown; re-reading the variables instead of sending it again`);
        remote = remoteToModel(await client.getLocalVariables(fileKey));
        plan = compilePlan(remote, serviceTarget, planOptions);
        if (plan.requests.length === 0) break;
      }
    }
    // 2. Verify; the file's version for the lock is read at the same time (issue 6): both reads only
    // depend on the writes being done, and after a write the lock always changes (step 4). The
    // verification read is sent first, so it goes out on the open connection.
    const verified = client.getLocalVariables(fileKey);
    version = client.getFile(fileKey, { depth: 1 });
    // Settled by step 4, or left unread when verification throws; never an unhandled rejection.
    version.catch(() => {});
    remote = remoteToModel(await verified);
    const left = compilePlan(remote, serviceTarget, planOptions);
    if (left.requests.length > 0) {
      throw new SyncNotConvergedError(
        'SYNC_NOT_CONVERGED',
        `After applying the plan, ${fileKey} still differs from the repository (${left.requests.length} request(s) would remain).`,
        { hint: 'Nothing was written locally. Run `tokensync diff` to see what differs; if it persists, report it with `tokensync diff --dry-run --json`.' },
      );
    }
  }

  // 3. Token files.
  let files: FileChanges = { written: [], removed: [] };
  if (rendered) {
    const result = await writeFilesAtomic(tokensDir, rendered, { remove: stale });
    files = { written: rel(root, tokensDir, result.written), removed: rel(root, tokensDir, result.removed) };
  }

  // 4. The lock, when it says something new. Compared as data, not as rendered text (the same
  // thing, since renderLock is a function of the data; docs/sync.md "Performance").
  let lock = nextLock({ local: repoTarget, remote, previous: base, fileKey, remoteVersion: base?.remoteVersion ?? '' });
  const wroteSomething = requestsSent > 0 || files.written.length > 0 || files.removed.length > 0;
  if (wroteSomething || !base || !lockEquals(lock, base)) {
    // The version identifies what the lock describes; read only when the lock changes, so a no-op
    // sync stays one GET.
    const file = await (version ?? client.getFile(fileKey, { depth: 1 }));
    lock = { ...lock, remoteVersion: file.version };
    if (!base || !lockEquals(lock, base)) {
      const result = await writeFilesAtomic(tokensDir, new Map([['sync.lock.json', renderLock(lock)]]));
      files.written.push(...rel(root, tokensDir, result.written));
    }
  }
  return { kind: 'applied', diff, plan, files, requestsSent, replans };
}

async function execute(client: DesignFileClient, fileKey: string, plan: Plan, progress: (m: string) => void): Promise<number> {
  const mapping: Record<string, string> = {};
  let sent = 0;
  for (const [i, request] of plan.requests.entries()) {
    progress(`${request.method} variables (${i + 1}/${plan.requests.length})`);
    // A split plan's later requests may name what an earlier POST created by temp id.
    Object.assign(mapping, await client.writeVariables(fileKey, { method: request.method, body: applyTempIds(request.body, mapping) }));
    sent += 1;
  }
  return sent;
}

/**
 * `--force`: pretend the base already had the service's current values, so every field that differs
 * counts as a local change and the repository wins, while ids and names still come from the real lock
 * (renames on either side are still renames).
 */
function forcedBase(base: Lock, remote: TokenSet): Lock {
  const byId = new Map(remote.variables.filter((v) => v.id).map((v) => [v.id as string, v]));
  const variables: Lock['variables'] = {};
  for (const [id, entry] of Object.entries(base.variables)) {
    const now = byId.get(id);
    variables[id] = now ? { ...entry, fields: fingerprintFields(now) } : entry;
  }
  return { ...base, variables };
}

async function listTokenFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(dir, sub), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const relPath = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(relPath);
      else if (e.name.endsWith('.tokens.json')) out.push(relPath);
    }
  };
  await walk('');
  return out.sort();
}

function rel(root: string, dir: string, files: string[]): string[] {
  return files.map((f) => path.relative(root, path.join(dir, f)).split(path.sep).join('/'));
}
