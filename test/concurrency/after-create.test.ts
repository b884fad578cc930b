/**
 * A designer edit between a push's CREATE and the write after it (docs/sync.md "Several writers"),
 * through the real CLI against the local service. Right after its own POST the push reads only the
 * file's version before the PUT (apply-push.ts `readBeforeWrite`); a version that shows another write
 * sends it back to the full read and the diff, so the designer's edit is never overwritten.
 */
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import type { TestProject } from '../helpers/project.js';
import { writers } from '../helpers/writers.js';
import { serviceState } from '../reliability/helpers.js';
import { designerSet, remoteValue, setSize, whenFaultSeen } from './actors.js';

vi.setConfig({ testTimeout: 120_000 });

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ seed: 'empty' });
});
afterAll(async () => {
  await emu?.close();
});
beforeEach(async () => {
  await emu.admin.reset('empty');
  await emu.admin.clearFaults();
});

const { cli, twoClones, converge } = writers({ runs: 0, actors: 0 });

/** The developer adds a number token to the single-mode brand set: the push CREATEs it. */
function addToken(project: TestProject): void {
  const file = 'tokens/brand-primitives/default.tokens.json';
  const text = project.read(file);
  project.write(file, text.replace('{\n', '{\n  "added": { "$type": "number", "$value": 3 },\n'));
}

/** The push's requests after the two clones were made: POST and PUT, and the reads between them. */
async function pushCalls(from: number): Promise<string[]> {
  return (await emu.admin.calls()).slice(from);
}

it('of the variable the PUT sets, while the version read after the POST is held: exit 3, nothing overwritten', async () => {
  const [a] = await twoClones(emu);
  const before = (await emu.admin.calls()).length;
  setSize(a, 10);
  addToken(a);
  // The file's version is read before the POST (1, with the variables) and right before the PUT (2).
  const fault = await emu.admin.addFault({
    method: 'GET',
    path: '/v1/files/*',
    nth: 2,
    fault: 'delay',
    delayMs: 100_000,
  });
  const pushing = cli(a, ['push']);
  await whenFaultSeen(emu, fault.id);
  await designerSet(emu, 'size/base', 7);
  const r = await pushing;
  expect(r.code, r.stderr).toBe(3);
  expect(remoteValue(await serviceState(emu), 'size/base')).toBe(7);
  const calls = await pushCalls(before);
  // The POST went out; the push's PUT did not (the one PUT is the designer's).
  expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  expect(calls.filter((c) => c.startsWith('PUT'))).toHaveLength(1);
  await converge(a);
});

it('with no other writer: the version alone stands for the read before the PUT, and the push converges', async () => {
  const [a] = await twoClones(emu);
  const before = (await emu.admin.calls()).length;
  setSize(a, 10);
  addToken(a);
  const r = await cli(a, ['push']);
  expect(r.code, r.stderr).toBe(0);
  expect(await pushCalls(before)).toEqual([
    'GET /v1/files/:key/variables/local',
    'GET /v1/files/:key',
    'GET /v1/files/:key/variables/local',
    'POST /v1/files/:key/variables',
    'GET /v1/files/:key',
    'PUT /v1/files/:key/variables',
    'GET /v1/files/:key/variables/local',
    'GET /v1/files/:key',
  ]);
  expect(remoteValue(await serviceState(emu), 'size/base')).toBe(10);
  expect((await cli(a, ['diff'])).code).toBe(0);
});
