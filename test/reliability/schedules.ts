/**
 * Fault schedules for push and sync, run in process against the local service (README "Reliability"): the
 * sync engine with a real client over HTTPS, faults injected by the service's own rules, and "signals" as
 * an AbortSignal aborted after the k-th request. Every schedule ends with the same checks: no duplicate,
 * nothing lost, the lock matching the service, the next run a no-op, and a run stopped at any point
 * converging on the next run.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type DesignFileClient } from '../../src/api/index.js';
import { configSchema, type Config } from '../../src/config/schema.js';
import { InterruptedError } from '../../src/errors.js';
import type { FaultKind, FaultRule } from '../../src/emulator/faults.js';
import { runSync, type SyncMode } from '../../src/sync/apply.js';
import { type TestEmulator, type UseEmulatorOptions, useEmulator } from '../helpers/emulator.js';
import { BRAND } from './helpers.js';

/** Client timeout (ms) and the settle window; a `delay` fault holds a request past both. */
export const TIMEOUT_MS = 200;
export const SETTLE_MS = 400;
/** Emulator time scale is 0.01: 50 s of service time is 500 ms, past the client's timeout. */
export const DELAY_PAST_TIMEOUT = 50_000;
/**
 * The client timeout of the no-op run after the checks, when no fault is armed: that run judges the
 * state the schedule left, not the timeout path, so a slow answer on a loaded machine (a 200 ms
 * timeout, four tries) must not read as "not a no-op".
 */
const CALM_TIMEOUT_MS = 10_000;

export interface Schedule {
  name: string;
  mode: 'push' | 'sync';
  rules: FaultRule[];
  /** Abort (as a signal would) after this many requests of the first run. */
  stopAfter?: number;
  /** The service's dialect (default dfs); the emulator must speak the same. */
  api?: 'dfs' | 'figma';
}

export interface Outcome {
  /** What the first run ended with: ok, an error code, or interrupted. */
  first: string;
  /** Runs it took to converge (first included). */
  runs: number;
  problems: string[];
  requests: number;
}

const config = (): Config => configSchema.parse({ service: { timeoutMs: TIMEOUT_MS }, tokens: { dir: 'tokens' } });

function client(emu: TestEmulator, onRequest?: () => void, timeoutMs = TIMEOUT_MS): DesignFileClient {
  return createClient({
    api: emu.api,
    baseUrl: emu.url,
    ca: emu.ca,
    auth: { kind: 'token', token: emu.token },
    timeoutMs,
    maxRetries: 3,
    retryBudgetSeconds: 30,
    timeScale: 0.001,
    ...(onRequest ? { onRequest } : {}),
  });
}

/** The sync scenario: the demo file pulled, then a new token in the repository and an edit in the service. */
async function syncProject(emu: TestEmulator, root: string): Promise<void> {
  const c = client(emu);
  try {
    await runSync({ mode: 'pull', root, config: config(), client: c, fileKey: emu.fileKey });
  } finally {
    await c.close();
  }
  const file = path.join(root, 'tokens/primitives/value.tokens.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  json['color']!['added'] = { $type: 'color', $value: '#123456' };
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, JSON.stringify(json, null, 2));
  const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables as Record<
    string,
    { id: string; name: string; resolvedType: string; valuesByMode: Record<string, unknown> }
  >;
  const label = Object.values(vars).find((v) => v.name === 'label/greeting')!;
  const mode = Object.keys(label.valuesByMode)[0]!;
  const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
    body: {
      variables: [
        { action: 'UPDATE', id: label.id, variableModeValues: [{ modeId: mode, value: 'edited in the service' }] },
      ],
    },
  });
  if (put.status !== 200) throw new Error(`setup PUT answered ${put.status}`);
}

async function runOnce(
  emu: TestEmulator,
  root: string,
  mode: SyncMode,
  stopAfter?: number,
  timeoutMs = TIMEOUT_MS,
): Promise<{ result: string; sent: number }> {
  const controller = new AbortController();
  let seen = 0;
  const onRequest = () => {
    seen++;
    if (stopAfter !== undefined && seen >= stopAfter && !controller.signal.aborted)
      controller.abort(new InterruptedError('SIGINT'));
  };
  const c = client(emu, onRequest, timeoutMs);
  try {
    const outcome = await runSync({
      mode,
      root,
      config: config(),
      client: c,
      fileKey: emu.fileKey,
      settleMs: SETTLE_MS,
      signal: controller.signal,
    });
    if (outcome.kind === 'conflicts') return { result: 'conflicts', sent: 0 };
    if (outcome.kind !== 'applied') return { result: outcome.kind, sent: 0 };
    return { result: 'ok', sent: outcome.requestsSent + outcome.files.written.length + outcome.files.removed.length };
  } catch (err) {
    return {
      result: err instanceof InterruptedError ? 'interrupted' : ((err as { code?: string }).code ?? String(err)),
      sent: -1,
    };
  } finally {
    await c.close();
  }
}

export async function runSchedule(emu: TestEmulator, s: Schedule): Promise<Outcome> {
  await emu.admin.clearFaults();
  await emu.admin.reset(s.mode === 'push' ? 'empty' : 'demo');
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-fault-'));
  try {
    if (s.mode === 'push') cpSync(BRAND, path.join(root, 'tokens'), { recursive: true });
    else await syncProject(emu, root);
    await emu.admin.clearRequests();
    for (const rule of s.rules) await emu.admin.addFault(rule);
    const first = await runOnce(emu, root, s.mode, s.stopAfter);
    let runs = 1;
    let last = first.result;
    // The faults stay armed (those with `times` left fire again): every further run must still converge.
    while (last !== 'ok' && runs < 6) {
      runs++;
      last = (await runOnce(emu, root, s.mode)).result;
    }
    const problems: string[] = [];
    if (last !== 'ok') problems.push(`did not converge in ${runs} runs (last: ${last})`);
    // Held requests (delay) land after the client gave up on them: wait until the service has logged
    // every one (it logs a request when it completes) before judging it, not a fixed time.
    await heldLanded(emu);
    await emu.admin.clearFaults();
    const requests = (await emu.admin.calls()).length;
    problems.push(...(await checkState(emu, root, s.mode)));
    const again = await runOnce(emu, root, s.mode, undefined, CALM_TIMEOUT_MS);
    if (again.result !== 'ok' || again.sent !== 0)
      problems.push(`the next run is not a no-op (${again.result}, ${again.sent} write(s))`);
    return { first: first.result, runs, problems, requests };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Lanes of schedules at once, each against its own local service (started for the file by
 * `useLanes`), in order within a lane. A schedule spends much of its time waiting (a held request, a
 * client timeout, a settle window: real time, the timeout path under test), so the lanes overlap one's
 * waits with the others' work; the schedules and the checks after each are the same as one after
 * another (docs/architecture.md "Testing").
 */
export function useLanes(options: UseEmulatorOptions = {}): TestEmulator[] {
  return Array.from({ length: LANES }, () => useEmulator(options));
}

/**
 * Four: two lanes left a fault file waiting about half its wall time (a random half: 17 s of CPU in
 * 35 s). Each lane is one in-process service and client, so a lane costs no process of its own.
 */
const LANES = 4;

/** Runs the schedules over the lanes; the outcomes come back in the schedules' order. */
export async function runInLanes(lanes: TestEmulator[], schedules: Schedule[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const settled = await Promise.allSettled(
    lanes.map(async (emu, lane) => {
      for (let i = lane; i < schedules.length; i += lanes.length) outcomes[i] = await runSchedule(emu, schedules[i]!);
    }),
  );
  // Every lane has stopped before a failure is reported, so none runs on after its service closes.
  for (const r of settled) if (r.status === 'rejected') throw r.reason;
  return outcomes;
}

async function checkState(emu: TestEmulator, root: string, mode: 'push' | 'sync'): Promise<string[]> {
  const problems: string[] = [];
  const meta = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta as {
    variables: Record<string, { id: string; name: string; variableCollectionId: string }>;
    variableCollections: Record<string, { id: string; name: string; modes: { name: string }[] }>;
  };
  const cols = Object.values(meta.variableCollections);
  const vars = Object.values(meta.variables);
  const names = cols.map((c) => c.name);
  if (new Set(names).size !== names.length) problems.push(`duplicate collections: ${names.join(', ')}`);
  const keys = vars.map((v) => `${meta.variableCollections[v.variableCollectionId]?.name}/${v.name}`);
  const dups = keys.filter((k, i) => keys.indexOf(k) !== i);
  if (dups.length > 0) problems.push(`${dups.length} duplicate variable(s), e.g. ${dups[0]}`);
  for (const c of cols)
    if (new Set(c.modes.map((m) => m.name)).size !== c.modes.length) problems.push(`duplicate modes in ${c.name}`);
  const expected = mode === 'push' ? 17 : undefined;
  if (expected !== undefined && vars.length !== expected)
    problems.push(`${vars.length} variables, expected ${expected} (nothing lost, nothing twice)`);
  if (mode === 'sync' && !keys.some((k) => k.endsWith('/color/added')))
    problems.push('the token added in the repository is not in the service');
  const lockFile = path.join(root, 'tokens/sync.lock.json');
  if (!existsSync(lockFile)) problems.push('no lock');
  else {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
      variables: Record<string, unknown>;
      collections: Record<string, unknown>;
    };
    const a = Object.keys(lock.variables).sort().join();
    const b = vars
      .map((v) => v.id)
      .sort()
      .join();
    if (a !== b) problems.push('the lock and the service differ in variables');
    if (
      Object.keys(lock.collections).sort().join() !==
      cols
        .map((c) => c.id)
        .sort()
        .join()
    )
      problems.push('the lock and the service differ in collections');
  }
  if (existsSync(path.join(root, 'tokens/sync.journal.json')))
    problems.push('the journal is left after a finished run');
  if (mode === 'sync') {
    const text = readFileSync(path.join(root, 'tokens/semantic/light.tokens.json'), 'utf8');
    if (!text.includes('edited in the service')) problems.push('the service edit was not pulled');
  }
  return problems;
}

export const KINDS: FaultKind[] = ['rate-limit', 'error-500', 'commit-then-drop', 'reset', 'delay', 'truncate'];

export function faultRule(kind: FaultKind, nth: number, times = 1): FaultRule {
  return {
    path: '/v1/files/**',
    nth,
    times,
    fault: kind,
    ...(kind === 'delay' ? { delayMs: DELAY_PAST_TIMEOUT } : {}),
    ...(kind === 'rate-limit' ? { retryAfter: 1 } : {}),
  };
}

/** Every fault kind at every request of the plan (requests to the file, in order). */
export function exhaustive(mode: 'push' | 'sync', requests: number): Schedule[] {
  const out: Schedule[] = [];
  for (let n = 1; n <= requests; n++)
    for (const kind of KINDS) out.push({ name: `${mode}: ${kind} at request ${n}`, mode, rules: [faultRule(kind, n)] });
  // A run stopped (as by a signal) after each request.
  for (let n = 1; n <= requests; n++)
    out.push({ name: `${mode}: stopped after request ${n}`, mode, rules: [], stopAfter: n });
  return out;
}

/** mulberry32: a small seeded generator, so a failing schedule can be replayed from its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomSchedule(seed: number): Schedule {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const mode = r() < 0.6 ? 'push' : 'sync';
  const rules: FaultRule[] = [];
  const count = 1 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    // delay is the slow one (it waits out a timeout): a quarter as likely as the others.
    const kind = r() < 0.06 ? 'delay' : pick(KINDS.filter((k) => k !== 'delay'));
    rules.push(faultRule(kind, 1 + Math.floor(r() * 6), 1 + Math.floor(r() * 2)));
  }
  const stopAfter = r() < 0.25 ? 1 + Math.floor(r() * 5) : undefined;
  return {
    name: `seed ${seed}: ${mode} ${rules.map((x) => `${x.fault}@${x.nth}x${x.times}`).join(' ')}${stopAfter ? ` stop@${stopAfter}` : ''}`,
    mode,
    rules,
    ...(stopAfter ? { stopAfter } : {}),
  };
}

/** Until every request a `delay` fault held has completed (the log has one entry per fired hold). */
async function heldLanded(emu: TestEmulator): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const faults = (await emu.call('GET', '/_emulator/faults', { token: emu.adminToken })).json.faults as {
      fault: string;
      fired: number;
    }[];
    const held = faults.filter((f) => f.fault === 'delay').reduce((n, f) => n + f.fired, 0);
    const landed = (await emu.admin.calls()).filter((c) => c.endsWith('(delay)')).length;
    if (landed >= held) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('a held request never completed');
}
