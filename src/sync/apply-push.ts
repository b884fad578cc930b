/**
 * Apply, step 3: push (docs/architecture.md "Apply", docs/sync.md "Several writers"). The plan's requests, one at a
 * time, each preceded by a fresh read of the variables and the file's version: when anything moved
 * since the read the plan was made from (other than what this run wrote), the run goes back to the
 * diff (a re-plan, or a conflict). A write whose outcome is unknown is settled before anything is
 * re-planned and is never replayed. The journal is written before each request and after it.
 */
import { ApiUnknownOutcomeError } from '../api/errors.js';
import { InterruptedError, interruption } from '../errors.js';
import { fingerprintFields, type LockVariableFields } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import { remoteToModel } from './remote.js';
import { settle } from './settle.js';
import { ConcurrentEditError, type FreshRead, listNames, versionOf, writesBetween } from './concurrency.js';
import { duplicatesMadeBy, removeOwnDuplicates } from './duplicates.js';
import { journalName, settleInterval, settleWindow, type RunState } from './apply-read.js';
import type { Planned } from './apply-plan.js';
import type { SyncDiff } from './diff.js';
import { countCreated } from './created.js';
import { merged, type PushJournal, writeJournal } from './journal.js';
import { movedBetween } from './moved.js';
import { guardSinceLock } from './since-lock-guard.js';
import { applyTempIds, bodyText, compilePlan, type Plan } from './plan.js';
import { sentByRequest } from './sent-fields.js';
import { SyncOutcomeUnknownError, stopped, type Progress } from './apply-errors.js';

/** How often an unknown POST outcome is answered by re-reading before we give up. */
const MAX_UNKNOWN = 3;

/** What a push run carries across re-plans: its journal and its counts. */
export interface PushSession {
  pj: PushJournal;
  sent: number;
  replans: number;
  /** Labels (`collection`, `collection/variable`) this run has written so far or is writing. */
  ours: Set<string>;
  /** Variables (`collection\u0000name`) a request of this run CREATEd: their fields are read back here. */
  createdHere: Set<string>;
  /** The last fresh read, and whether a write went out after it. */
  last?: FreshRead | undefined;
  wroteSinceLast: boolean;
  /** A version count showed a write this run did not make, in a window in which this run wrote. */
  othersWrote: boolean;
  /** The plan as first made, for the report. */
  firstPlan: Plan;
  /**
   * The diff as first made, when a second round only set what the first made possible (overrides in
   * modes it created, apply-verify.ts): the report tells the whole run.
   */
  firstDiff?: SyncDiff;
}

export type PushResult = { kind: 'done' } | { kind: 'moved'; remote: TokenSet; moved: string[] };

export async function pushPhase(run: RunState, planned: Planned, s: PushSession, track: Progress): Promise<PushResult> {
  const { opts } = run;
  let plan = planned.plan;
  let before = run.remote;
  // The read the current plan was compiled from: its ids name what the plan's requests refer to.
  let planFrom = run.remote;
  // What this plan writes counts as ours only once a request of it has gone out: before that, a
  // change of it in the service is someone else's, and a reason to re-plan.
  const labels = movedBetween(run.remote, planned.serviceTarget, { byName: true });
  let unknowns = 0;
  let mapping: Record<string, string> = {};
  for (let i = 0; i < plan.requests.length; ) {
    if (opts.signal?.aborted) throw stopped(interruption(opts.signal), opts, s.sent, s.sent + left(plan, i), true);
    // Immediately before the write: what it is planned against must still hold.
    const fresh = await freshRead(run, s, { beforeWrite: true });
    if (await removeOwnDuplicates(run, s, fresh.remote))
      return { kind: 'moved', remote: await run.readRemote(), moved: [] };
    const moved = movedBetween(before, fresh.remote, { ignore: s.ours });
    if (moved.length > 0) return { kind: 'moved', remote: fresh.remote, moved };
    guardSinceLock(run, planned, fresh);
    before = fresh.remote;
    const outcome = await sendOne(run, s, { plan, i, mapping, from: planFrom, target: planned.serviceTarget });
    track.sent = s.sent;
    for (const label of labels) s.ours.add(label);
    if (outcome.kind === 'sent') {
      mapping = outcome.mapping;
      i += 1;
      continue;
    }
    // The outcome of a write is unknown: settle it before re-planning.
    if (unknowns >= MAX_UNKNOWN) throw outcome.error;
    unknowns += 1;
    s.replans += 1;
    before = await settleUnknown(run, s, plan, i, outcome);
    run.remote = before;
    planFrom = before;
    plan = compilePlan(before, planned.serviceTarget, planned.planOptions);
    mapping = {};
    i = 0;
    track.sent = s.sent;
    track.total = s.sent + plan.requests.length;
  }
  run.remote = before;
  return { kind: 'done' };
}

/**
 * The variables and the file's version. When a write of this run went out since the
 * last such read and the version says more than one write landed, another writer wrote in that window:
 * if it changed nothing this run did not also write, it may have been overwritten, and the run stops.
 *
 * The API reads the variables and the version apart, so a write can land between the two GETs, and
 * the version is read on the side that errs towards a conflict for each use (docs/sync.md "Several
 * writers"): after the variables when it counts the writes since the last read (an upper bound: every
 * write the variables show is counted), before them when it is the base the next write is counted from
 * (a lower bound: no write the variables do not show is taken as seen). A read between two writes of
 * this run does both: three GETs. A base read after the variables once let two pushes of one variable
 * both exit 0: the second one's base counted the first one's write, which its variables never showed.
 */
export async function freshRead(run: RunState, s: PushSession, opts: { beforeWrite: boolean }): Promise<FreshRead> {
  const { client, fileKey } = run.opts;
  const counts = s.last !== undefined && s.wroteSinceLast;
  const base = opts.beforeWrite || !counts ? versionOf(await client.getFile(fileKey, { depth: 1 })) : undefined;
  const vars = await client.getLocalVariables(fileKey);
  const now = counts ? versionOf(await client.getFile(fileKey, { depth: 1 })) : base!;
  const read: FreshRead = { remote: remoteToModel(vars), version: base ?? now };
  if (s.last && counts && duplicatesMadeBy(read.remote, s.pj.tempIds).length === 0) {
    const writes = writesBetween(s.last.version, now);
    // Compared only when the count says another writer wrote: a full compare of both reads otherwise.
    if (writes !== undefined && writes > 1) {
      const elsewhere = movedBetween(s.last.remote, read.remote, { ignore: s.ours });
      if (elsewhere.length === 0) throw overwriteSuspected(run, s, writes);
      s.othersWrote = true;
    }
  }
  await recordCreated(run, s, read.remote);
  s.last = read;
  s.wroteSinceLast = false;
  return read;
}

/**
 * The fields of what this run created, as first read after the CREATE: the base a later edit is told
 * from. Only what a request of this run created: a previous run's creates may have been edited since,
 * and keep the base their CREATE gave them (`sentFields`, journal.ts).
 */
async function recordCreated(run: RunState, s: PushSession, remote: TokenSet): Promise<void> {
  const created = s.createdHere;
  if (created.size === 0) return;
  const known = s.pj.createdFields ?? {};
  const added: Record<string, LockVariableFields> = {};
  let count = 0;
  for (const v of remote.variables) {
    const key = `${v.collection}\u0000${v.name}`;
    if (!created.has(key) || known[key] || added[key]) continue;
    added[key] = fingerprintFields(v);
    count += 1;
  }
  if (count === 0) return;
  // Read back, what was sent is no longer needed: the journal stays small at 10k variables. What
  // is kept is copied, not the rest deleted key by key from a copy (10k deletes), and with no pair
  // arrays when nothing is kept (an initial push reads back all it sent at once).
  const sentFields = s.pj.sentFields ?? {};
  const sent: typeof sentFields = {};
  for (const key in sentFields) if (!added[key]) sent[key] = sentFields[key]!;
  s.pj = { ...s.pj, createdFields: merged(known, added), sentFields: sent };
  await writeJournal(run.tokensDir, s.pj);
}

function overwriteSuspected(run: RunState, s: PushSession, writes: number): ConcurrentEditError {
  return new ConcurrentEditError(
    'SYNC_CONCURRENT_EDIT',
    `Another writer changed ${run.opts.fileKey} while this ${run.opts.mode} was writing (${writes} writes landed where this run made 1), and only what this run also wrote (${listNames([...s.ours])}) differs: its edit may have been replaced by this run's. Nothing was written to the repository.`,
    {
      hint: `Run \`tokensync diff\` to see where both sides stand now, and ask who else is writing to the file; then run \`tokensync ${run.opts.mode}\` again (${journalName(run.opts.config)} keeps what this run created, so nothing is created twice).`,
    },
  );
}

type SendOutcome =
  | { kind: 'sent'; mapping: Record<string, string> }
  | { kind: 'unknown'; sentAt: number; error: ApiUnknownOutcomeError };

/**
 * One request, journaled before it goes out (a kill while it is in flight leaves it to settle; what it
 * CREATEs is recorded as sent, `sentFields`) and after.
 */
async function sendOne(
  run: RunState,
  s: PushSession,
  at: { plan: Plan; i: number; mapping: Record<string, string>; from: TokenSet; target: TokenSet },
): Promise<SendOutcome> {
  const { opts, tokensDir } = run;
  const { plan, i, mapping } = at;
  const request = plan.requests[i]!;
  const sent = sentByRequest(plan.requests, i, at.from, at.target);
  const sentKeys = Object.keys(sent);
  for (const key of sentKeys) s.createdHere.add(key);
  run.progress(`${request.method} variables (${i + 1}/${plan.requests.length})`);
  const sentAt = Date.now();
  const settleUntil = sentAt + opts.config.service.timeoutMs + settleWindow(opts);
  // A variable created again (its earlier CREATE never landed, or it was deleted since) starts afresh.
  if (s.pj.createdFields && sentKeys.some((k) => s.pj.createdFields?.[k])) {
    const createdFields = { ...s.pj.createdFields };
    for (const key of sentKeys) delete createdFields[key];
    s.pj = { ...s.pj, createdFields };
  }
  s.pj = {
    ...s.pj,
    ...(sentKeys.length > 0 ? { sentFields: merged(s.pj.sentFields, sent) } : {}),
    unknown: {
      method: request.method,
      request: i + 1,
      sentAt: new Date(sentAt).toISOString(),
      settleUntil: new Date(settleUntil).toISOString(),
      creates: plan.effects[i]!.creates,
    },
  };
  await writeJournal(tokensDir, s.pj);
  s.wroteSinceLast = true;
  let answer: Record<string, string>;
  try {
    // A split plan's later requests may name what an earlier POST created by temp id.
    const body = applyTempIds(request.body, mapping);
    const text = body === request.body ? bodyText(body) : undefined;
    answer = await opts.client.writeVariables(opts.fileKey, { method: request.method, body, text });
  } catch (err) {
    if (err instanceof ApiUnknownOutcomeError) return { kind: 'unknown', sentAt, error: err };
    if (err instanceof InterruptedError) throw stopped(err, opts, s.sent, s.sent + left(plan, i), true);
    // A definite answer (refused, failed after retries): it did not take effect, nothing to settle.
    s.pj = { ...s.pj, unknown: undefined };
    await writeJournal(tokensDir, s.pj);
    throw err;
  }
  s.sent += 1;
  const next = merged(mapping, answer);
  s.pj = {
    ...s.pj,
    sent: s.pj.sent + 1,
    // A PUT's answer maps nothing: the journal keeps its map (and its serialized text, journal.ts).
    tempIds: merged(s.pj.tempIds, answer),
    pending: plan.requests.slice(i + 1).map((r, j) => ({ method: r.method, items: plan.effects[i + 1 + j]!.items })),
    unknown: undefined,
  };
  await writeJournal(tokensDir, s.pj);
  return { kind: 'sent', mapping: next };
}

/** Watches the service until what the unknown write creates appears, or its window ends. */
async function settleUnknown(
  run: RunState,
  s: PushSession,
  plan: Plan,
  i: number,
  outcome: { sentAt: number; error: ApiUnknownOutcomeError },
): Promise<TokenSet> {
  const { opts, tokensDir, progress } = run;
  const err = outcome.error;
  s.sent += 1;
  const names = plan.effects[i]!.creates;
  // The client has given up on the answer now; the service may still apply it for a while.
  const until = Date.now() + settleWindow(opts);
  s.pj = {
    ...s.pj,
    unknown: {
      method: err.method,
      request: i + 1,
      sentAt: new Date(outcome.sentAt).toISOString(),
      settleUntil: new Date(until).toISOString(),
      creates: names,
    },
  };
  await writeJournal(tokensDir, s.pj);
  let remote: TokenSet;
  if (countCreated(names) === 0) {
    // Nothing created by name (updates only): re-applying it is harmless, so re-read and re-plan.
    progress(`the outcome of ${err.method} is unknown; re-reading the variables instead of sending it again`);
    remote = await run.readRemote();
  } else {
    progress(
      `the outcome of ${err.method} is unknown; re-reading the variables until what it creates appears (at most until ${new Date(until).toISOString()}), instead of sending it again`,
    );
    const settled = await settle({
      read: run.readRemote,
      names,
      until,
      intervalMs: settleInterval(opts),
      signal: opts.signal,
    }).catch((e: unknown) => {
      if (e instanceof InterruptedError) throw stopped(e, opts, s.sent, s.sent + plan.requests.length, true);
      throw e;
    });
    remote = settled.remote;
    if (settled.state !== 'applied') {
      throw new SyncOutcomeUnknownError(
        'SYNC_OUTCOME_UNKNOWN',
        `${err.message} The service did not show what it creates (${describeNames(names)}) within the settle window, so whether it took effect is still unknown; nothing more was sent.`,
        {
          hint: `${journalName(opts.config)} records it. Run \`tokensync ${opts.mode}\` again: it checks the service first and creates only what is still missing (after ${new Date(until).toISOString()}), never twice.`,
        },
      );
    }
    progress(`the ${err.method} did take effect (${describeNames(names)} appeared); going on with what is left`);
  }
  const { unknown: _settled, ...rest } = s.pj;
  s.pj = rest;
  await writeJournal(tokensDir, s.pj);
  s.last = undefined;
  return remote;
}

function left(plan: Plan, i: number): number {
  return plan.requests.length - i;
}

function describeNames(n: { collections: string[]; modes: unknown[]; variables: unknown[] }): string {
  const parts: string[] = [];
  if (n.collections.length > 0) parts.push(`${n.collections.length} collection(s)`);
  if (n.modes.length > 0) parts.push(`${n.modes.length} mode(s)`);
  if (n.variables.length > 0) parts.push(`${n.variables.length} variable(s)`);
  return parts.join(', ');
}
