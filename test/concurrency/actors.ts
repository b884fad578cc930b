/** The other actors of the concurrency suite: a designer editing the file, a developer editing tokens. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CliResult } from '../helpers/cli.js';
import type { TestEmulator } from '../helpers/emulator.js';
import type { TestProject } from '../helpers/project.js';
import type { serviceState } from '../reliability/helpers.js';

type State = Awaited<ReturnType<typeof serviceState>>;

const SIZE_FILE = 'tokens/brand-primitives/default.tokens.json';

/** The developer: sets `size.base` (a px dimension of the brand set) in the token file. */
export function setSize(project: TestProject, value: number): void {
  const text = project.read(SIZE_FILE);
  const next = text.replace(/("base": \{\s*"\$type": "dimension",\s*"\$value": \{\s*"value": )\d+/, `$1${value}`);
  if (next === text) throw new Error('size.base not found in the brand fixture');
  project.write(SIZE_FILE, next);
}

/** A variable's default-mode value in the service, by name. */
export function remoteValue(state: State, name: string): unknown {
  const v = Object.values(state.variables).find((x) => x.name === name);
  if (!v) throw new Error(`no variable ${name}`);
  return Object.values(v.valuesByMode)[0];
}

/** The designer: sets a FLOAT variable's value in every mode, as the design tool would (one PUT). */
export async function designerSet(emu: TestEmulator, name: string, value: number): Promise<void> {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  const meta = res.json.meta as State;
  const v = Object.values(meta.variables).find((x) => x.name === name);
  if (!v) throw new Error(`no variable ${name}`);
  const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
    body: {
      variables: [
        {
          action: 'UPDATE',
          id: v.id,
          variableModeValues: Object.keys(v.valuesByMode).map((modeId) => ({ modeId, value })),
        },
      ],
    },
  });
  if (put.status !== 200) throw new Error(`designer PUT answered ${put.status}: ${put.text}`);
}

/** Collection names held more than once, and variables held twice in one collection name. */
export function duplicates(state: State): string[] {
  const cols = Object.values(state.variableCollections).map((c) => c.name);
  const out = cols.filter((c, i) => cols.indexOf(c) !== i);
  const vars = Object.values(state.variables).map(
    (v) => `${state.variableCollections[v.variableCollectionId]?.name}/${v.name}`,
  );
  return [...out, ...vars.filter((k, i) => vars.indexOf(k) !== i)];
}

/**
 * Lets every request a `delay` fault holds go on now: the test moves the service's clock past the
 * hold (docs/emulator.md "Time scale") once what it does inside the hold has happened, instead of
 * waiting the rest of the hold out. The order of events is the one the hold made; only the wait goes.
 */
export async function releaseHeld(emu: TestEmulator): Promise<void> {
  await emu.admin.advanceClock(1000);
}

/** Waits (bounded: 600 polls) until the fault rule has caught a call, i.e. the request is being held. */
export async function whenFaultSeen(emu: TestEmulator, id: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await emu.call('GET', '/_emulator/faults', { token: emu.adminToken });
    const rule = (res.json.faults as { id: string; fired: number }[]).find((f) => f.id === id);
    if (rule && rule.fired > 0) return;
    await sleep(50);
  }
  throw new Error(`fault ${id} never fired`);
}

/** The designer on a figma-dialect file: one POST with `variableModeValues` (Figma has no PUT). */
export async function designerSetFigma(emu: TestEmulator, name: string, value: number): Promise<void> {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  const meta = res.json.meta as State;
  const v = Object.values(meta.variables).find((x) => x.name === name);
  if (!v) throw new Error(`no variable ${name}`);
  const post = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
    body: {
      variableModeValues: Object.keys(v.valuesByMode).map((modeId) => ({ variableId: v.id, modeId, value })),
    },
  });
  if (post.status !== 200) throw new Error(`designer POST answered ${post.status}: ${post.text}`);
}

/**
 * Holds the second read of the variables (the first is the one a push plans from, the second its
 * fresh read before the write) for 100 s of the service's clock, and waits until it is held: whatever
 * the test does next lands between that read and the write (docs/sync.md "Several writers").
 */
export async function holdFreshRead(
  emu: TestEmulator,
  run: () => Promise<CliResult>,
): Promise<{ running: Promise<CliResult> }> {
  const fault = await emu.admin.addFault({
    method: 'GET',
    path: '/v1/files/*/variables/local',
    nth: 2,
    fault: 'delay',
    delayMs: 100_000,
  });
  const running = run();
  await whenFaultSeen(emu, fault.id);
  // In an object: a promise returned from an async function would be awaited here.
  return { running };
}
