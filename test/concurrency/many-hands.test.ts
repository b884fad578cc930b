/**
 * Several writers on one design file (docs/sync.md "Several writers"), through the real CLI against the
 * local service: two pushes at once, a designer edit at each point of a push, a committed journal, a
 * killed writer's temporary file. Every schedule asserts 0 duplicates, 0 exit-0 runs whose write was
 * overwritten or that overwrote an edit, 0 exit-1 runs over writes that landed, and that the runs
 * after converge. Schedules are fixed offsets (no timers asserted), so each run is the same.
 */
import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';
import { writers } from '../helpers/writers.js';
import { BRAND, serviceState } from '../reliability/helpers.js';
import { designerSet, duplicates, releaseHeld, remoteValue, setSize, whenFaultSeen } from './actors.js';

let emu: TestEmulator;
const figures = { runs: 0, actors: 0 };

// Each schedule runs the real CLI several times; on a loaded 2-core machine one run takes seconds.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  emu = await startTestEmulator({ seed: 'empty' });
});
afterAll(async () => {
  await emu?.close();
  // The figures for the closing note: CLI runs and actors across this file.
  console.log(`concurrency suite: ${figures.runs} CLI runs, ${figures.actors} actors`);
});
beforeEach(async () => {
  await emu.admin.reset('empty');
  await emu.admin.clearFaults();
});

const { cli, twoClones, converge } = writers(figures);

describe('two writers at once', () => {
  it.each([0, 40])(
    'two pushes that both add the same collections (offset %i ms): no duplicate, no exit 1',
    async (offset) => {
      const a = createProject(emu);
      const b = createProject(emu);
      for (const p of [a, b]) cpSync(BRAND, path.join(p.root, 'tokens'), { recursive: true });
      figures.actors += 2;
      const [ra, rb] = await Promise.all([
        cli(a, ['push']),
        new Promise((r) => setTimeout(r, offset)).then(() => cli(b, ['push'])),
      ]);
      for (const r of [ra, rb]) expect([0, 3], r.stderr).toContain(r.code);
      const dups = duplicates(await serviceState(emu));
      // dfs cannot delete: a duplicate may only exist where the run that made it stopped and named both ids.
      if (dups.length > 0) expect(`${ra.stderr}${rb.stderr}`).toContain('Another writer created the same collection');
      else for (const p of [a, b]) expect((await cli(p, ['push'])).code).toBe(0);
    },
  );

  it.each([0, 25, 60])(
    'two pushes of one variable, 10 and 12 (offset %i ms): every exit-0 value is the one kept',
    async (offset) => {
      const [a, b] = await twoClones(emu);
      setSize(a, 10);
      setSize(b, 12);
      const [ra, rb] = await Promise.all([
        cli(a, ['push']),
        new Promise((r) => setTimeout(r, offset)).then(() => cli(b, ['push'])),
      ]);
      const kept = remoteValue(await serviceState(emu), 'size/base');
      for (const r of [ra, rb]) expect([0, 3], r.stderr).toContain(r.code);
      // A lost update is a run that exited 0 while the other's later write replaced its value without
      // the other saying so: the run whose value is kept must not have exited 0 too.
      const keeper = kept === 10 ? ra : rb;
      const other = kept === 10 ? rb : ra;
      expect(keeper.code === 0 && other.code === 0, `${ra.stderr}\n${rb.stderr}`).toBe(false);
      // Whoever lost says so; after a pull (taking the service's value) both converge.
      await converge(a, b);
    },
  );
});

describe('a designer edit at each point of a push', () => {
  it('while the PUT is on its way, of the same variable: the push does not exit 0 over it', async () => {
    const [a] = await twoClones(emu);
    setSize(a, 10);
    const fault = await emu.admin.addFault({
      method: 'PUT',
      path: '/v1/files/*/variables',
      fault: 'delay',
      delayMs: 150_000,
    });
    const pushing = cli(a, ['push']);
    await whenFaultSeen(emu, fault.id);
    await designerSet(emu, 'size/base', 7);
    await releaseHeld(emu);
    const r = await pushing;
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('Another writer changed');
  });

  it('while the PUT is on its way, of another variable: exit 0, and the edit is kept for the next pull', async () => {
    const [a] = await twoClones(emu);
    setSize(a, 10);
    const fault = await emu.admin.addFault({
      method: 'PUT',
      path: '/v1/files/*/variables',
      fault: 'delay',
      delayMs: 150_000,
    });
    const pushing = cli(a, ['push']);
    await whenFaultSeen(emu, fault.id);
    await designerSet(emu, 'size/lg', 30);
    await releaseHeld(emu);
    const r = await pushing;
    expect(r.code, r.stderr).toBe(0);
    const state = await serviceState(emu);
    expect([remoteValue(state, 'size/base'), remoteValue(state, 'size/lg')]).toEqual([10, 30]);
    expect((await cli(a, ['pull'])).code).toBe(0);
    expect(a.read('tokens/brand-primitives/default.tokens.json')).toContain('"value": 30');
  });

  it('after the PUT, before verification, of the same variable: exit 3, not 1 (the write landed)', async () => {
    const [a] = await twoClones(emu);
    setSize(a, 10);
    // The push reads variables/local to plan (1), right before its PUT (2), and to verify (3).
    const fault = await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      nth: 3,
      fault: 'delay',
      delayMs: 150_000,
    });
    const pushing = cli(a, ['push']);
    await whenFaultSeen(emu, fault.id);
    await designerSet(emu, 'size/base', 7);
    await releaseHeld(emu);
    const r = await pushing;
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('Another writer changed');
    // The next run shows both sides as the conflict they are, and --prefer service settles it.
    expect((await cli(a, ['push'])).code).toBe(3);
    await converge(a);
  });

  it('after the PUT, before verification, of another variable: exit 0 and nothing lost', async () => {
    const [a] = await twoClones(emu);
    setSize(a, 10);
    const fault = await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      nth: 3,
      fault: 'delay',
      delayMs: 150_000,
    });
    const pushing = cli(a, ['push']);
    await whenFaultSeen(emu, fault.id);
    await designerSet(emu, 'size/lg', 30);
    await releaseHeld(emu);
    const r = await pushing;
    expect(r.code, r.stderr).toBe(0);
    // The lock keeps the designer's edit a service edit: diff offers to pull it, never to revert it.
    const d = await cli(a, ['diff']);
    expect(d.code).toBe(2);
    expect((await cli(a, ['pull'])).code).toBe(0);
    expect(remoteValue(await serviceState(emu), 'size/lg')).toBe(30);
    expect(a.read('tokens/brand-primitives/default.tokens.json')).toContain('"value": 30');
  });
});

describe('files and journals that cannot trap anyone', () => {
  it('refuses a journal committed from another clone, naming the way out', async () => {
    const [a] = await twoClones(emu);
    writeFileSync(
      path.join(a.root, 'tokens', 'sync.journal.json'),
      `${JSON.stringify({ version: 1, kind: 'push', owner: { host: 'ci-runner', root: '/home/runner/work/app' }, mode: 'push', fileKey: emu.fileKey, planVersion: 1, dialect: 'dfs', startedAt: new Date().toISOString(), created: { collections: [], modes: [], variables: [] }, tempIds: {}, requests: 1, sent: 0, pending: [], pendingValues: [] })}\n`,
    );
    const r = await cli(a, ['diff']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('was written by a run on ci-runner');
    expect(r.stderr).toContain('git rm --cached');
  });

  it('a pull removes the temporary file a killed writer left, and leaves a live writer alone', async () => {
    const [, b] = await twoClones(emu);
    const dir = path.join(b.root, 'tokens', 'theme');
    const dead = '.light.tokens.json.999999-0123456789ab.tmp';
    const live = `.dark.tokens.json.${process.pid}-0123456789ab.tmp`;
    writeFileSync(path.join(dir, dead), '{');
    writeFileSync(path.join(dir, live), '{');
    await designerSet(emu, 'size/lg', 30);
    expect((await cli(b, ['pull'])).code).toBe(0);
    expect(existsSync(path.join(dir, dead))).toBe(false);
    expect(readdirSync(dir)).toContain(live);
  });
});
