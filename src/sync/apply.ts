/**
 * The one impure part of sync/ (docs/architecture.md "Sync semantics", "Apply"): read both sides, diff, plan,
 * send, verify, write. The whole plan is computed before any side effect; the order of effects is
 * chosen so that a failure at any point leaves a state a re-run converges from:
 *   1. service writes, as the client's dialect spells them (dfs: POST, then PUT with ids from
 *      tempIdMapping; figma: one POST, docs/architecture.md "Dialects"). A POST whose outcome is unknown is
 *      never replayed: re-read, re-plan (matching by name adopts what the POST created) and go on.
 *   2. read again: the plan must now be empty, or we stop with an error (nothing written locally).
 *   3. token files, each written atomically (only those whose bytes change).
 *   4. the lock, last: until it is written the previous base still holds, and every change made in
 *      1-3 shows up on the next run as "both sides changed to the same thing", which is no change.
 *
 * Around them, the journal (journal.ts): written before the first service write and after
 * each, removed once the lock is written. A write whose outcome is unknown is settled (settle.ts) before
 * anything is re-planned; one that stays unknown stops the run with the journal kept, and never leads
 * to a second CREATE of what may exist. A run that finds a journal settles what it left in flight and
 * takes what it created as its own. An AbortSignal (SIGINT/SIGTERM) stops the run at the next safe
 * point: between requests, never in the middle of a write or of a file.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ApiUnknownOutcomeError, type DesignFileClient, type FileResponse } from '../api/index.js';
import { InterruptedError, interruption } from '../errors.js';
import type { Config } from '../config/schema.js';
import { TokensyncError } from '../errors.js';
import { fingerprintFields, lockEquals, type Lock } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import { valuesEqual } from '../model/values.js';
import {
  readLock,
  readTokens,
  renderLock,
  renderTokens,
  unwritableCollections,
  writeFilesAtomic,
} from '../tokens/index.js';
import { diff3, type SyncDiff } from './diff.js';
import { filesInStep } from './files-in-step.js';
import { nextLock } from './next-lock.js';
import { applyTempIds, compilePlan, type Plan, type PlanOptions } from './plan.js';
import {
  countCreated,
  createdBy,
  itemCount,
  createdByRequest,
  journalBase,
  newPushJournal,
  readJournal,
  removeJournal,
  writeJournal,
  JOURNAL_FILE,
  type CreatedNames,
  type Journal,
  type PushJournal,
  type UnknownWrite,
} from './journal.js';
import { remoteToModel } from './remote.js';
import { settle } from './settle.js';
import { applyStyles, checkStylesLayout, planStyles, type StylesPlan } from '../styles/stage.js';
import { styleFilesOf } from '../styles/files.js';

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
  /** SIGINT/SIGTERM: stop at the next safe point (the reason is an InterruptedError). */
  signal?: AbortSignal | undefined;
  /**
   * How long after the client gave up on a write's answer the service is still watched for it
   * (default: twice service.timeoutMs). docs/sync.md "Unknown outcomes and resumption".
   */
  settleMs?: number | undefined;
  /** Token-file warnings a push should mention (a wide-gamut color clipped to sRGB). */
  warn?: ((message: string) => void) | undefined;
}

export interface FileChanges {
  /** Relative to the project root. */
  written: string[];
  removed: string[];
}

/** Expected outcomes are values; only the unexpected throws. */
export type SyncOutcome =
  | { kind: 'conflicts'; diff: SyncDiff }
  | { kind: 'planned'; diff: SyncDiff; plan: Plan; files: FileChanges; styles?: StylesPlan }
  | {
      kind: 'applied';
      diff: SyncDiff;
      plan: Plan;
      files: FileChanges;
      requestsSent: number;
      replans: number;
      styles?: StylesPlan;
    };

export class SyncNotConvergedError extends TokensyncError {
  override name = 'SyncNotConvergedError';
}

/** A write stayed unknown through the settle window: the run stops, the journal says what may still land. */
export class SyncOutcomeUnknownError extends TokensyncError {
  override name = 'SyncOutcomeUnknownError';
}

/** How often an unknown POST outcome is answered by re-reading before we give up. */
const MAX_REPLANS = 3;

/** How far a run got, for the message when a signal stops it part-way. */
interface Progress {
  sent: number;
  total: number;
  journaled: boolean;
}

export async function runSync(opts: SyncOptions): Promise<SyncOutcome> {
  const track: Progress = { sent: 0, total: 0, journaled: false };
  try {
    return await runSyncTracked(opts, track);
  } catch (err) {
    // An interruption raised below apply.ts (a read cancelled, a retry wait cut short) is worded here.
    if (err instanceof InterruptedError && err.message === new InterruptedError(err.signal).message) {
      throw stopped(err, opts.mode, track.sent, track.total, opts.config.tokens.dir, track.journaled);
    }
    throw err;
  }
}

async function runSyncTracked(opts: SyncOptions, track: Progress): Promise<SyncOutcome> {
  const { config, root, client, fileKey, mode } = opts;
  const progress = opts.progress ?? (() => {});
  const signal = opts.signal;
  const tokensDir = path.join(root, config.tokens.dir);
  const [base, journal] = await Promise.all([readLock(root, config.tokens), readJournal(tokensDir)]);
  if (journal && journal.fileKey !== fileKey) {
    throw new TokensyncError(
      'JOURNAL_FILE_MISMATCH',
      `${path.join(config.tokens.dir, JOURNAL_FILE)} records a sync of file "${journal.fileKey}", but the config syncs "${fileKey}".`,
      {
        hint: `Point service.fileKey back at "${journal.fileKey}" and run the same command to finish that sync, or delete the journal if you have given it up.`,
      },
    );
  }
  // A first pull that stopped part-way left token files but no lock: they are tokensync's own
  // partial output, not the repository's tokens, so they are written again from the service rather
  // than read.
  const partialFirstPull = journal?.kind === 'pull' && !base;
  if (partialFirstPull && mode === 'push') {
    throw new TokensyncError(
      'JOURNAL_PULL_PENDING',
      `A first pull stopped part-way (${path.join(config.tokens.dir, JOURNAL_FILE)}), so the token files are not the repository's own yet.`,
      {
        hint: 'Run `tokensync pull` (or `tokensync sync`) to finish it, then push.',
      },
    );
  }
  const {
    set: local,
    sources,
    warnings,
  } = partialFirstPull
    ? {
        set: { collections: [], variables: [] } as TokenSet,
        sources: { files: new Map(), modeFiles: new Map() },
        warnings: [],
      }
    : await readTokens(root, config.tokens);
  if (opts.warn && (mode === 'push' || mode === 'sync')) {
    for (const w of warnings)
      opts.warn(`${w.file}:${w.line}:${w.column}${w.tokenPath ? `  ${w.tokenPath}` : ''}  ${w.message}`);
  }
  if (base && base.fileKey !== fileKey) {
    throw new TokensyncError(
      'LOCK_FILE_MISMATCH',
      `${path.join(config.tokens.dir, 'sync.lock.json')} was written for file "${base.fileKey}", but the config syncs "${fileKey}".`,
      {
        hint: 'Point service.fileKey at the file the tokens came from, or delete the lock to start a fresh 3-way base.',
      },
    );
  }
  if (config.styles.pull && mode !== 'push') await checkStylesLayout(root, config);
  progress(`reading variables of ${fileKey}`);
  const readRemote = async (): Promise<TokenSet> => remoteToModel(await client.getLocalVariables(fileKey));
  let remote = await readRemote();
  // Never dropped in silence (docs/sync.md "Nothing is dropped"): each command names what it keeps.
  for (const k of remote.kept ?? [])
    opts.warn?.(
      `kept as it is, not synced: "${k.name}" (${k.id}) in collection "${k.collection}": ${k.reason}. It stays in the design file and in sync.lock.json ("kept"); tokensync never pushes or deletes it.`,
    );
  const pushJournal = journal?.kind === 'push' ? journal : undefined;
  if (pushJournal?.unknown) {
    // The previous run stopped with a write in flight: settle it before anything is planned.
    const until = Date.parse(pushJournal.unknown.settleUntil);
    if (Date.now() < until) {
      progress(
        `a ${pushJournal.unknown.method} of the previous ${pushJournal.mode} may still land; watching the service until ${pushJournal.unknown.settleUntil}`,
      );
      remote = (
        await settle({
          read: readRemote,
          names: pushJournal.unknown.creates,
          until,
          intervalMs: settleInterval(opts),
          signal,
        })
      ).remote;
    }
  }

  const pushes = mode === 'push' || mode === 'sync' || mode === 'diff';
  const pulls = mode === 'pull' || mode === 'sync' || mode === 'diff';
  const force = Boolean(opts.force) && pushes;
  const prefer = force ? 'repo' : opts.prefer;
  // What the previous run created is its own: placeholders are not remote edits (journal.ts).
  const effectiveBase = pushJournal ? journalBase(base, remote, pushJournal, fileKey) : base;
  const diff = diff3({
    local,
    remote,
    base: force && effectiveBase ? forcedBase(effectiveBase, remote) : effectiveBase,
    ...(prefer ? { prefer } : {}),
  });
  if (diff.conflicts.length > 0 && !prefer) return { kind: 'conflicts', diff };

  // What each side should hold afterwards. A pull leaves the service alone and a push the files.
  const serviceTarget: TokenSet = pushes ? diff.merged : remote;
  const repoTarget: TokenSet = pulls ? diff.merged : local;
  // One compiler for every dialect; orphans are deleted only on request and only by a push.
  const planOptions: PlanOptions = {
    dialect: client.dialect.name,
    deleteOrphans: pushes && opts.deleteOrphans ? diff.orphans : undefined,
  };
  let plan = compilePlan(remote, serviceTarget, planOptions);
  // The files a pull writes. With no repository change and the files in tokensync's layout there is
  // nothing to render (files-in-step.ts: the policy on formatting drift, docs/sync.md).
  let rendered: Map<string, string> | undefined;
  let stale: string[] = [];
  const unwritable = pulls ? unwritableCollections(sources) : [];
  if (unwritable.length > 0) {
    // Collections with tokens inline in the resolver document, or a file shared by two modes, cannot
    // be written back file by file (docs/token-files.md "How a pull edits your files"), so a pull
    // leaves them alone, and refuses, before anything is sent, when it has something for them.
    if (diff.toRepo.length > 0 && mode !== 'diff' && !opts.dryRun) {
      throw new TokensyncError(
        'TOKENS_NOT_WRITABLE',
        `The design file has ${diff.toRepo.length} change(s) for the repository, but ${unwritable.map((c) => `"${c}"`).join(', ')} ${unwritable.length === 1 ? 'is' : 'are'} read from tokens inline in the resolver document or from a file shared by several modes, which a pull cannot write back. Nothing was written and nothing was sent.`,
        {
          hint: 'Make the design file match with `tokensync push --force`, or give each collection and mode one file in tokens/tokens.resolver.json (docs/token-files.md "How a pull edits your files").',
        },
      );
    }
  } else if (pulls) {
    // Style files are the styles stage's, never the variables' to keep or remove.
    const styleFiles = styleFilesOf(config.styles);
    const onDisk = (await listTokenFiles(tokensDir)).filter((f) => !styleFiles.has(f));
    if (diff.toRepo.length > 0 || !filesInStep(repoTarget, sources, onDisk)) {
      rendered = renderTokens(repoTarget, config.tokens, sources);
      const keep = rendered;
      stale = onDisk.filter((f) => !keep.has(f));
    }
  }

  // Styles: pulled, never pushed; their own files, resolver sets and lock (src/styles).
  const styles =
    pulls && config.styles.pull
      ? await planStyles({ client, fileKey, root, config, remote, repo: repoTarget, progress })
      : undefined;

  if (mode === 'diff' || opts.dryRun) {
    // Compared with the bytes readTokens read in this run, not read from the disk a second time.
    const written = rendered
      ? [...rendered]
          .filter(([file, text]) => sources.files.get(file)?.text !== text)
          .map(([file]) => file)
          .sort()
      : [];
    if (styles) written.push(...[...styles.write.keys()].filter((f) => !written.includes(f)));
    const removed = [...stale, ...(styles?.remove ?? [])];
    return {
      kind: 'planned',
      diff,
      plan,
      files: { written: rel(root, tokensDir, written.sort()), removed: rel(root, tokensDir, removed) },
      ...(styles ? { styles } : {}),
    };
  }

  // 1. Service writes, journaled.
  let requestsSent = 0;
  let replans = 0;
  let version: Promise<FileResponse> | undefined;
  let written: Journal | undefined = journal;
  if (plan.requests.length > 0) {
    if (signal?.aborted) throw stopped(interruption(signal), mode, 0, plan.requests.length, config.tokens.dir, false);
    const created = mergeCreated(pushJournal?.created, createdBy(remote, serviceTarget));
    let pj = newPushJournal({ mode, fileKey, plan, created, pendingValues: pendingValues(remote, serviceTarget) });
    await writeJournal(tokensDir, pj);
    written = pj;
    track.journaled = true;
    track.total = plan.requests.length;
    for (;;) {
      const current = plan;
      const step = await execute(
        client,
        fileKey,
        plan,
        progress,
        signal,
        async (update) => {
          pj = { ...pj, ...update };
          await writeJournal(tokensDir, pj);
        },
        (i) => {
          // Recorded before the request goes out: a run killed while it is in flight (SIGKILL, a
          // second Ctrl-C) leaves a write the next run must settle before it plans anything.
          const at = Date.now();
          return {
            method: current.requests[i]!.method,
            request: i + 1,
            sentAt: new Date(at).toISOString(),
            settleUntil: new Date(at + config.service.timeoutMs + settleWindow(opts, config)).toISOString(),
            creates: createdByRequest(current, i, remote),
          };
        },
      );
      requestsSent += step.sent;
      track.sent = requestsSent;
      if (step.kind === 'done') break;
      if (step.kind === 'interrupted')
        throw stopped(
          step.error,
          mode,
          requestsSent,
          requestsSent + plan.requests.length - step.sent,
          config.tokens.dir,
          true,
        );
      // The outcome of a write is unknown: settle it before re-planning (settle.ts).
      const err = step.error;
      requestsSent += 1;
      if (replans >= MAX_REPLANS) throw err;
      replans += 1;
      const names = createdByRequest(plan, step.index, remote);
      // The client has given up on the answer now; the service may still apply it for a while.
      const until = Date.now() + settleWindow(opts, config);
      pj = {
        ...pj,
        unknown: {
          method: err.method,
          request: step.index + 1,
          sentAt: new Date(step.sentAt).toISOString(),
          settleUntil: new Date(until).toISOString(),
          creates: names,
        },
      };
      await writeJournal(tokensDir, pj);
      if (countCreated(names) === 0) {
        // Nothing created by name (updates only): re-applying it is harmless, so re-read and re-plan.
        progress(`the outcome of ${err.method} is unknown; re-reading the variables instead of sending it again`);
        remote = await readRemote();
      } else {
        progress(
          `the outcome of ${err.method} is unknown; re-reading the variables until what it creates appears (at most until ${new Date(until).toISOString()}), instead of sending it again`,
        );
        const settled = await settle({
          read: readRemote,
          names,
          until,
          intervalMs: settleInterval(opts),
          signal,
        }).catch((e: unknown) => {
          if (e instanceof InterruptedError)
            throw stopped(e, mode, requestsSent, requestsSent + plan.requests.length, config.tokens.dir, true);
          throw e;
        });
        remote = settled.remote;
        if (settled.state !== 'applied') {
          throw new SyncOutcomeUnknownError(
            'SYNC_OUTCOME_UNKNOWN',
            `${err.message} The service did not show what it creates (${describeNames(names)}) within the settle window, so whether it took effect is still unknown; nothing more was sent.`,
            {
              hint: `${path.join(config.tokens.dir, JOURNAL_FILE)} records it. Run \`tokensync ${mode}\` again: it checks the service first and creates only what is still missing (after ${new Date(until).toISOString()}), never twice.`,
            },
          );
        }
        progress(`the ${err.method} did take effect (${describeNames(names)} appeared); going on with what is left`);
      }
      const { unknown: _settled, ...rest } = pj;
      pj = rest;
      await writeJournal(tokensDir, pj);
      plan = compilePlan(remote, serviceTarget, planOptions);
      track.sent = requestsSent;
      track.total = requestsSent + plan.requests.length;
      if (plan.requests.length === 0) break;
      if (signal?.aborted)
        throw stopped(
          interruption(signal),
          mode,
          requestsSent,
          requestsSent + plan.requests.length,
          config.tokens.dir,
          true,
        );
    }
    // 2. Verify; the file's version for the lock is read at the same time: both reads only
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
        {
          hint: 'Nothing was written locally. Run `tokensync diff` to see what differs; if it persists, report it with `tokensync diff --dry-run --json`.',
        },
      );
    }
  }

  // 3. Token files. A first pull records which files it writes, so a pull stopped part-way is not
  // mistaken for the repository's own tokens by the next run.
  let files: FileChanges = { written: [], removed: [] };
  if (rendered && signal?.aborted)
    throw stopped(interruption(signal), mode, requestsSent, requestsSent, config.tokens.dir, written !== undefined);
  if (rendered && !base && !written) {
    written = {
      version: 1,
      kind: 'pull',
      fileKey,
      startedAt: new Date().toISOString(),
      files: [...rendered.keys()].sort(),
    };
    await writeJournal(tokensDir, written);
    track.journaled = true;
  }
  if (rendered) {
    const result = await writeFilesAtomic(tokensDir, rendered, { remove: stale });
    files = { written: rel(root, tokensDir, result.written), removed: rel(root, tokensDir, result.removed) };
  }

  // 4. The lock, when it says something new. Compared as data, not as rendered text (the same
  // thing, since renderLock is a function of the data; docs/sync.md "Performance").
  let lock = nextLock({
    local: repoTarget,
    remote,
    previous: effectiveBase,
    fileKey,
    remoteVersion: base?.remoteVersion ?? '',
  });
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
  // 5. Styles, after the variables' lock (their files change nothing the variables' lock describes).
  if (styles) {
    const result = await applyStyles(tokensDir, styles);
    for (const f of rel(root, tokensDir, result.written)) if (!files.written.includes(f)) files.written.push(f);
    files.removed.push(...rel(root, tokensDir, result.removed));
  }
  // 6. Done: the journal goes, unless it is a push's and this run did not push (a pull leaves the
  // placeholders of an unfinished push for the next push to settle).
  if (written && (written.kind === 'pull' ? pulls : pushes)) await removeJournal(tokensDir);
  return { kind: 'applied', diff, plan, files, requestsSent, replans, ...(styles ? { styles } : {}) };
}

type Step =
  | { kind: 'done'; sent: number }
  | { kind: 'unknown'; sent: number; index: number; sentAt: number; error: ApiUnknownOutcomeError }
  | { kind: 'interrupted'; sent: number; error: InterruptedError };

/**
 * Sends the plan's requests in order, the journal updated after each. Stops before a request when the
 * signal is aborted (a request already sent is always waited for: its answer carries the temp ids).
 */
async function execute(
  client: DesignFileClient,
  fileKey: string,
  plan: Plan,
  progress: (m: string) => void,
  signal: AbortSignal | undefined,
  record: (update: Partial<PushJournal>) => Promise<void>,
  inFlight: (index: number) => UnknownWrite,
): Promise<Step> {
  const mapping: Record<string, string> = {};
  let sent = 0;
  for (const [i, request] of plan.requests.entries()) {
    if (signal?.aborted) return { kind: 'interrupted', sent, error: interruption(signal) };
    progress(`${request.method} variables (${i + 1}/${plan.requests.length})`);
    await record({ unknown: inFlight(i) });
    const sentAt = Date.now();
    try {
      // A split plan's later requests may name what an earlier POST created by temp id.
      Object.assign(
        mapping,
        await client.writeVariables(fileKey, { method: request.method, body: applyTempIds(request.body, mapping) }),
      );
    } catch (err) {
      if (err instanceof ApiUnknownOutcomeError) return { kind: 'unknown', sent, index: i, sentAt, error: err };
      if (err instanceof InterruptedError) return { kind: 'interrupted', sent, error: err };
      // A definite answer (refused, failed after retries): it did not take effect, nothing to settle.
      await record({ unknown: undefined });
      throw err;
    }
    sent += 1;
    await record({
      sent,
      tempIds: { ...mapping },
      pending: plan.requests.slice(i + 1).map((r) => ({ method: r.method, items: itemCount(r.body) })),
      unknown: undefined,
    });
  }
  return { kind: 'done', sent };
}

/** The interruption, worded with what was done and how to resume. */
function stopped(
  err: InterruptedError,
  mode: SyncMode,
  sent: number,
  total: number,
  tokensDir: string,
  journaled: boolean,
): InterruptedError {
  const did =
    total === 0
      ? 'nothing had been sent'
      : `${sent} of ${total} write request(s) had been sent${sent < total ? ', no other was' : ''}`;
  return new InterruptedError(
    err.signal,
    `${mode} stopped by ${err.signal}: ${did}; no file was left half-written.`,
    journaled
      ? `${path.join(tokensDir, JOURNAL_FILE)} records what is in flight. Run \`tokensync ${mode}\` again to finish: it starts from the service's real state and sends only what is missing.`
      : `Run \`tokensync ${mode}\` again to do it.`,
  );
}

function mergeCreated(a: CreatedNames | undefined, b: CreatedNames): CreatedNames {
  if (!a) return b;
  const uniq = <T>(xs: T[]): T[] => [...new Map(xs.map((x) => [JSON.stringify(x), x])).values()];
  return {
    collections: uniq([...a.collections, ...b.collections]),
    modes: uniq([...a.modes, ...b.modes]),
    variables: uniq([...a.variables, ...b.variables]),
  };
}

/** Variables of the target whose values the service does not hold yet ([collection, name]). */
function pendingValues(remote: TokenSet, target: TokenSet): [string, string][] {
  const now = new Map(remote.variables.map((v) => [`${v.collection}\u0000${v.name}`, v]));
  const out: [string, string][] = [];
  for (const v of target.variables) {
    const r = now.get(`${v.collection}\u0000${v.name}`);
    const same =
      r && Object.keys(v.values).every((m) => r.values[m] !== undefined && valuesEqual(r.values[m]!, v.values[m]!));
    if (!same) out.push([v.collection, v.name]);
  }
  return out;
}

function describeNames(n: CreatedNames): string {
  const parts: string[] = [];
  if (n.collections.length > 0) parts.push(`${n.collections.length} collection(s)`);
  if (n.modes.length > 0) parts.push(`${n.modes.length} mode(s)`);
  if (n.variables.length > 0) parts.push(`${n.variables.length} variable(s)`);
  return parts.join(', ');
}

/** The settle window after the client gave up on a write: twice the request timeout by default. */
function settleWindow(opts: SyncOptions, config: Config): number {
  return opts.settleMs ?? 2 * config.service.timeoutMs;
}

/** Repeated reads during the window: about eight, at least 100 ms apart. */
function settleInterval(opts: SyncOptions): number {
  return Math.max(100, (opts.settleMs ?? 2 * opts.config.service.timeoutMs) / 8);
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
