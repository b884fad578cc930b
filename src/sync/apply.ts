/**
 * The one impure part of sync/ (docs/architecture.md "Apply"): read -> plan -> push -> verify -> write, each a
 * function of its own (apply-read.ts, apply-plan.ts, apply-push.ts, apply-verify.ts, apply-write.ts).
 * The whole plan is computed before any side effect; the order of effects is chosen so that a failure
 * at any point leaves a state a re-run converges from:
 *   1. service writes, each planned against a read taken immediately before it (dfs: POST, then PUT
 *      with ids from tempIdMapping; figma: one POST). When anything moved under the plan, the run goes
 *      back to the diff (docs/sync.md "Several writers"). A POST whose outcome is unknown is never
 *      replayed: it is settled, then re-planned (matching by name adopts what it created).
 *   2. read again: what this run wrote must be there; another writer's edit ends the run as a
 *      conflict (exit 3), a write that did not land as an error (nothing written locally).
 *   3. token files, each written atomically (only those whose bytes change), the resolver last.
 *   4. the lock: until it is written the previous base still holds, and every change made in 1-3
 *      shows up on the next run as "both sides changed to the same thing", which is no change.
 *
 * Around them, the journal (journal.ts): written before the first service write and after each,
 * removed once the lock is written. An AbortSignal (SIGINT/SIGTERM) stops the run at the next safe
 * point: between requests, never in the middle of a write or of a file.
 */
import { InterruptedError } from '../errors.js';
import type { TokenSet, Variable } from '../model/types.js';
import { planStyles, type StylesPlan } from '../styles/stage.js';
import { readPhase, type RunState } from './apply-read.js';
import { planPhase, type Planned } from './apply-plan.js';
import { pushPhase, type PushSession } from './apply-push.js';
import { verifyPhase } from './apply-verify.js';
import { rel, writePhase } from './apply-write.js';
import { stopped, type Progress } from './apply-errors.js';
import { ConcurrentEditError, listNames } from './concurrency.js';
import { ByName } from './by-name.js';
import { createdBy, type CreatedNames } from './created.js';
import { newPushJournal, writeJournal } from './journal.js';
import { guardRails } from './guard-rails.js';
import { checkEmptiedUnderRun } from './empty-guard.js';
import { valuesEqual } from '../model/values.js';

export { SyncNotConvergedError, SyncOutcomeUnknownError } from './apply-errors.js';

export type { FileChanges, SyncMode, SyncOptions, SyncOutcome } from './apply-types.js';
import type { SyncOptions, SyncOutcome } from './apply-types.js';

/** How often the design file may move under a plan before the run gives up and says so. */
const MAX_MOVES = 4;

export async function runSync(opts: SyncOptions): Promise<SyncOutcome> {
  const track: Progress = { sent: 0, total: 0, journaled: false };
  try {
    return await runSyncTracked(opts, track);
  } catch (err) {
    // An interruption raised below apply.ts (a read cancelled, a retry wait cut short) is worded here.
    if (err instanceof InterruptedError && err.message === new InterruptedError(err.signal).message) {
      throw stopped(err, opts, track.sent, track.total, track.journaled);
    }
    throw err;
  }
}

async function runSyncTracked(opts: SyncOptions, track: Progress): Promise<SyncOutcome> {
  const run = await readPhase(opts);
  let session: PushSession | undefined;
  for (let moves = 0; ; moves++) {
    const step = await planPhase(run, session?.pj ?? run.pushJournal);
    if (step.kind === 'conflicts') return step;
    const planned = step.planned;
    if (!session) await guardRails(run, planned);
    if (opts.mode === 'diff' || opts.dryRun) return plannedOutcome(run, planned, await stylesOf(run, planned));
    if (!session) await opts.beforeWrite?.(planned.diff);
    // Nothing to send: no fresh read, no journal; a no-op sync stays one GET.
    if (!session && planned.plan.requests.length === 0) return finish(run, planned, undefined, undefined);
    session = await startOrContinue(run, planned, session, track);
    const pushed = await pushPhase(run, planned, session, track);
    const verified = pushed.kind === 'done' ? await verifyPhase(run, planned, session) : pushed;
    if (verified.kind === 'verified') return finish(run, planned, session, verified.version);
    if (moves >= MAX_MOVES) throw keptMoving(run, verified.moved);
    checkEmptiedUnderRun({
      mode: opts.mode,
      fileKey: opts.fileKey,
      before: run.remote,
      after: verified.remote,
      target: planned.serviceTarget,
      sent: session.sent,
      allowEmpty: opts.allowEmpty === true,
    });
    run.remote = verified.remote;
    // A second round that sets what the first made possible is no re-plan (apply-verify.ts).
    if ('awaiting' in verified && verified.awaiting) {
      session.firstDiff ??= planned.diff;
      continue;
    }
    run.progress(
      verified.moved.length > 0
        ? `the design file changed under the plan (${listNames(verified.moved)}); planning again`
        : 'planning again',
    );
    session.replans += 1;
  }
}

async function finish(
  run: RunState,
  planned: Planned,
  session: PushSession | undefined,
  version: string | undefined,
): Promise<SyncOutcome> {
  const styles = await stylesOf(run, planned);
  const files = await writePhase({
    run,
    planned,
    journal: session?.pj ?? run.journal,
    requestsSent: session?.sent ?? 0,
    version,
    styles,
  });
  return {
    kind: 'applied',
    diff: session?.firstDiff ?? planned.diff,
    plan: session?.firstPlan ?? planned.plan,
    files,
    requestsSent: session?.sent ?? 0,
    replans: session?.replans ?? 0,
    ...(styles ? { styles } : {}),
    warnings: run.warnings,
  };
}

/** The push journal, written before the first request; on a re-plan, what the new plan creates is added. */
async function startOrContinue(
  run: RunState,
  planned: Planned,
  session: PushSession | undefined,
  track: Progress,
): Promise<PushSession> {
  const { opts, tokensDir } = run;
  const creates = createdBy(run.remote, planned.serviceTarget);
  if (session) {
    session.pj = { ...session.pj, created: mergeCreated(session.pj.created, creates) };
    await writeJournal(tokensDir, session.pj);
    track.total = session.sent + planned.plan.requests.length;
    return session;
  }
  const pj = newPushJournal({
    root: opts.root,
    mode: opts.mode,
    fileKey: opts.fileKey,
    plan: planned.plan,
    created: mergeCreated(run.pushJournal?.created, creates),
    pendingValues: pendingValues(run.remote, planned.serviceTarget),
  });
  if (run.pushJournal?.createdFields) pj.createdFields = run.pushJournal.createdFields;
  if (run.pushJournal?.sentFields) pj.sentFields = run.pushJournal.sentFields;
  await writeJournal(tokensDir, pj);
  track.journaled = true;
  track.total = planned.plan.requests.length;
  return {
    pj,
    sent: 0,
    replans: 0,
    ours: new Set(),
    createdHere: new Set(),
    wroteSinceLast: false,
    othersWrote: false,
    firstPlan: planned.plan,
  };
}

function keptMoving(run: RunState, moved: string[]): ConcurrentEditError {
  return new ConcurrentEditError(
    'SYNC_CONCURRENT_EDIT',
    `${run.opts.fileKey} kept changing while this ${run.opts.mode} planned its writes (${MAX_MOVES + 1} times; last: ${listNames(moved)}), so it stopped. Nothing was written to the repository.`,
    {
      hint: `Someone else is writing to the design file right now. Run \`tokensync ${run.opts.mode}\` again when they are done: the next run starts from the service's real state and creates nothing twice.`,
    },
  );
}

async function stylesOf(run: RunState, planned: Planned): Promise<StylesPlan | undefined> {
  const { opts } = run;
  const pulls = opts.mode === 'pull' || opts.mode === 'sync' || opts.mode === 'diff';
  if (!pulls || !opts.config.styles.pull) return undefined;
  return planStyles({
    client: opts.client,
    fileKey: opts.fileKey,
    root: opts.root,
    config: opts.config,
    remote: run.remote,
    repo: planned.repoTarget,
    progress: run.progress,
  });
}

/** diff and --dry-run: what would be sent and written, compared with the bytes read in this run. */
function plannedOutcome(run: RunState, planned: Planned, styles: StylesPlan | undefined): SyncOutcome {
  const { rendered, stale } = planned;
  const written = rendered
    ? [...rendered]
        .filter(([file, text]) => run.sources.files.get(file)?.text !== text)
        .map(([file]) => file)
        .sort()
    : [];
  if (styles) written.push(...[...styles.write.keys()].filter((f) => !written.includes(f)));
  const removed = [...stale, ...(styles?.remove ?? [])];
  const { root } = run.opts;
  return {
    kind: 'planned',
    diff: planned.diff,
    plan: planned.plan,
    files: { written: rel(root, run.tokensDir, written.sort()), removed: rel(root, run.tokensDir, removed) },
    ...(styles ? { styles } : {}),
  };
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
  // By collection, then name: no key string per variable (by-name.ts).
  const now = new ByName<Variable>();
  for (const v of remote.variables) now.set(v);
  const out: [string, string][] = [];
  for (const v of target.variables) {
    const r = now.get(v);
    const same =
      r && Object.keys(v.values).every((m) => r.values[m] !== undefined && valuesEqual(r.values[m]!, v.values[m]!));
    if (!same) out.push([v.collection, v.name]);
  }
  return out;
}
