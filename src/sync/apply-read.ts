/**
 * Apply, step 1: read (docs/architecture.md "Apply"). The lock, the journal, the token files and the service's
 * variables; a write the previous run left in flight is settled before anything is planned.
 */
import path from 'node:path';
import type { Config } from '../config/schema.js';
import { TokensyncError } from '../errors.js';
import type { Lock } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import { explicitCodeSyntax, type ExplicitCodeSyntax } from '../model/code-names.js';
import { readLock, readTokens, type TokenSources } from '../tokens/index.js';
import { lockAgreementError } from '../tokens/lock-check.js';
import { checkJournalOwner, JOURNAL_FILE, readJournal, type Journal, type PushJournal } from './journal.js';
import { remoteToModel } from './remote.js';
import { settle } from './settle.js';
import { checkEmptyAnswer } from './empty-guard.js';
import { checkStylesLayout } from '../styles/stage.js';
import type { SyncOptions } from './apply-types.js';

export interface RunState {
  opts: SyncOptions;
  tokensDir: string;
  progress: (message: string) => void;
  base: Lock | undefined;
  journal: Journal | undefined;
  pushJournal: PushJournal | undefined;
  local: TokenSet;
  sources: TokenSources;
  remote: TokenSet;
  readRemote: () => Promise<TokenSet>;
  /** How many warnings the token files gave. */
  warnings: number;
  /** `sync.codeSyntax`: the codeSyntax platforms the token files set themselves (they win; code-names.ts). */
  explicitCodeSyntax?: ExplicitCodeSyntax;
}

export async function readPhase(opts: SyncOptions): Promise<RunState> {
  const { config, root, client, fileKey, mode } = opts;
  const progress = opts.progress ?? (() => {});
  const tokensDir = path.join(root, config.tokens.dir);
  const [base, journal] = await Promise.all([readLock(root, config.tokens), readJournal(tokensDir)]);
  if (journal) await checkJournalOwner(journal, { fileKey, root, journalName: journalName(config) });
  // A first pull that stopped part-way left token files but no lock: they are tokensync's own
  // partial output, not the repository's tokens, so they are written again from the service rather
  // than read (docs/sync.md "Unknown outcomes and resumption").
  const partialFirstPull = journal?.kind === 'pull' && !base;
  if (partialFirstPull && mode === 'push') {
    throw new TokensyncError(
      'JOURNAL_PULL_PENDING',
      `A first pull stopped part-way (${journalName(config)}), so the token files are not the repository's own yet.`,
      { hint: 'Run `tokensync pull` (or `tokensync sync`) to finish it, then push.' },
    );
  }
  const read = partialFirstPull ? emptyRead() : await readTokens(root, config.tokens);
  if (opts.warn && (mode === 'push' || mode === 'sync')) {
    for (const w of read.warnings)
      opts.warn(`${w.file}:${w.line}:${w.column}${w.tokenPath ? `  ${w.tokenPath}` : ''}  ${w.message}`);
  }
  // A lock merged hunk by hunk pairs the wrong variables: refused before any request (docs/sync.md
  // "Locks after a merge").
  const merged = base ? await lockAgreementError(root, config.tokens.dir, base, read.set) : undefined;
  if (merged) throw merged;
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
  // A caller that made the first read said so itself.
  if (!opts.firstRead) progress(`reading variables of ${fileKey}`);
  // The caller's read, when it made one, is the first; every later read is a fresh GET.
  let first = opts.firstRead;
  const readRemote = async (): Promise<TokenSet> => {
    const answer = first ? await first() : await client.getLocalVariables(fileKey);
    first = undefined;
    return remoteToModel(answer);
  };
  const pushJournal = journal?.kind === 'push' ? journal : undefined;
  const remote = await settleLeftover(pushJournal, readRemote, opts, progress);
  checkEmptyAnswer({ mode, fileKey, config, remote, local: read.set, base, allowEmpty: opts.allowEmpty === true });
  // Never dropped in silence (docs/sync.md "Nothing is dropped"): each command names what it keeps.
  if (remote.kept && remote.kept.length > 0) opts.onKept?.(remote.kept);
  for (const k of remote.kept ?? [])
    opts.warn?.(
      `kept as it is, not synced: "${k.name}" (${k.id}) in collection "${k.collection}": ${k.reason}. It stays in the design file and in sync.lock.json ("kept"); tokensync never pushes or deletes it.`,
    );
  return {
    opts,
    tokensDir,
    progress,
    base,
    journal,
    pushJournal,
    // The whole set, extensions included: a dialect without extended collections keeps them
    // repository-only by its capability (docs/sync.md "Extended collections and overrides").
    local: read.set,
    ...(opts.codeNames ? { explicitCodeSyntax: explicitCodeSyntax(read.set) } : {}),
    sources: read.sources,
    remote,
    readRemote,
    warnings: read.warnings.length,
  };
}

/** The previous run stopped with a write in flight: watch the service until it lands or its window ends. */
async function settleLeftover(
  pj: PushJournal | undefined,
  readRemote: () => Promise<TokenSet>,
  opts: SyncOptions,
  progress: (m: string) => void,
): Promise<TokenSet> {
  const remote = await readRemote();
  if (!pj?.unknown) return remote;
  // Capped: a journal written on a machine whose clock ran ahead never makes a run wait longer than
  // one settle window from now (docs/sync.md "Unknown outcomes and resumption").
  const until = Math.min(Date.parse(pj.unknown.settleUntil), Date.now() + maxSettleMs(opts));
  if (!(Date.now() < until)) return remote;
  progress(
    `a ${pj.unknown.method} of the previous ${pj.mode} may still land; watching the service until ${new Date(until).toISOString()}`,
  );
  const settled = await settle({
    read: readRemote,
    names: pj.unknown.creates,
    until,
    intervalMs: settleInterval(opts),
    signal: opts.signal,
  });
  return settled.remote;
}

/** The settle window after the client gave up on a write: twice the request timeout by default. */
export function settleWindow(opts: SyncOptions): number {
  return opts.settleMs ?? 2 * opts.config.service.timeoutMs;
}

/** The longest a run ever waits for a previous run's write: its timeout plus one settle window. */
export function maxSettleMs(opts: SyncOptions): number {
  return opts.config.service.timeoutMs + settleWindow(opts);
}

/** Repeated reads during the window: about eight, at least 100 ms apart. */
export function settleInterval(opts: SyncOptions): number {
  return Math.max(100, settleWindow(opts) / 8);
}

export function journalName(config: Config): string {
  return path.join(config.tokens.dir, JOURNAL_FILE);
}

function emptyRead(): { set: TokenSet; sources: TokenSources; warnings: [] } {
  return {
    set: { collections: [], variables: [] } as TokenSet,
    sources: { files: new Map(), modeFiles: new Map() } as TokenSources,
    warnings: [],
  };
}
