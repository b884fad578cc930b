/**
 * More schedules of several writers (docs/sync.md "Several writers"), through the real CLI against the
 * local service: a push and a sync at once; a designer edit before a push reads and between its read
 * and its write; and the figma dialect for two pushes and a designer edit (its duplicate removal by
 * DELETE). Every schedule asserts 0 duplicates, 0 exit-0 runs over a lost update, 0 exit-1 runs over
 * writes that landed, and that the runs after converge. Figures are printed for the closing note.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';
import { writers } from '../helpers/writers.js';
import { BRAND, serviceState } from '../reliability/helpers.js';
import {
  designerSet,
  designerSetFigma,
  duplicates,
  holdFreshRead,
  releaseHeld,
  remoteValue,
  setSize,
  whenFaultSeen,
} from './actors.js';

vi.setConfig({ testTimeout: 180_000 });
const figures = { runs: 0, actors: 0, requests: 0, duplicates: 0, lostUpdates: 0, falseFailures: 0 };
afterAll(() =>
  console.log(
    `concurrency schedules: ${figures.runs} CLI runs, ${figures.actors} actors, ${figures.requests} requests, ${figures.duplicates} duplicates left, ${figures.lostUpdates} lost updates, ${figures.falseFailures} false failures`,
  ),
);

const { cli, twoClones, converge } = writers(figures);

async function withService<T>(api: 'dfs' | 'figma', fn: (emu: TestEmulator) => Promise<T>): Promise<T> {
  const emu = await startTestEmulator({ seed: 'empty', api });
  try {
    return await fn(emu);
  } finally {
    figures.requests += (await emu.admin.requests()).length;
    await emu.close();
  }
}

function countOutcome(r: CliResult, landedAndKept: boolean): void {
  if (r.code === 1) figures.falseFailures += 1;
  if (r.code === 0 && !landedAndKept) figures.lostUpdates += 1;
}

describe('a push and a sync at once', () => {
  it.each([0, 30])('different variables (offset %i ms): both land, no duplicate, both converge', async (offset) => {
    await withService('dfs', async (emu) => {
      const [a, b] = await twoClones(emu);
      setSize(a, 10);
      for (const mode of ['light', 'dark', 'high-contrast']) {
        const file = `tokens/theme/${mode}.tokens.json`;
        b.write(file, b.read(file).replace('"$description": "Page background"', '"$description": "Page"'));
      }
      const [ra, rb] = await Promise.all([
        cli(a, ['push']),
        new Promise((r) => setTimeout(r, offset)).then(() => cli(b, ['sync'])),
      ]);
      for (const r of [ra, rb]) expect([0, 3], r.stderr).toContain(r.code);
      const state = await serviceState(emu);
      expect(duplicates(state)).toEqual([]);
      // Whoever exited 0 has its edit in the service.
      if (ra.code === 0) expect(remoteValue(state, 'size/base')).toBe(10);
      countOutcome(ra, remoteValue(state, 'size/base') === 10);
      countOutcome(rb, true);
      for (const p of [a, b]) expect((await cli(p, ['sync'])).code).toBe(0);
      await converge(a, b);
    });
  });
});

describe('a designer edit at each point of a push (the points not in many-hands.test.ts)', () => {
  it('before the push reads: the same variable is a conflict (exit 3), nothing overwritten', async () => {
    await withService('dfs', async (emu) => {
      const [a] = await twoClones(emu);
      setSize(a, 10);
      await designerSet(emu, 'size/base', 7);
      const r = await cli(a, ['push']);
      expect(r.code, r.stderr).toBe(3);
      expect(remoteValue(await serviceState(emu), 'size/base')).toBe(7);
      countOutcome(r, false);
      await converge(a);
    });
  });

  it('between the read the plan is made from and the write: the fresh read sees it, exit 3, nothing overwritten', async () => {
    await withService('dfs', async (emu) => {
      const [a] = await twoClones(emu);
      figures.requests += (await emu.admin.requests()).length;
      await emu.admin.clearRequests();
      setSize(a, 10);
      // Reads: variables to plan (1), then immediately before the PUT (2): the edit lands while (2) is held.
      const { running } = await holdFreshRead(emu, () => cli(a, ['push']));
      await designerSet(emu, 'size/base', 7);
      await releaseHeld(emu);
      const r = await running;
      expect(r.code, r.stderr).toBe(3);
      expect(remoteValue(await serviceState(emu), 'size/base')).toBe(7);
      expect((await emu.admin.calls()).filter((c) => c.startsWith('PUT'))).toHaveLength(1); // the designer's only
      await converge(a);
    });
  });
});

describe("a push landing inside another push's fresh read (between its GETs)", () => {
  // The fresh read before a write is two GETs; the API reads the variables and the version apart. Here
  // the first GET of b's fresh read is held while a's whole push lands. b's version must not count a's
  // write as seen while its variables do not show it (apply-push.ts `freshRead`): it did when the
  // version was read after the variables, and both pushes exited 0 with a's 10 overwritten by b's 12.
  it('two pushes of one variable, 10 and 12: the second sees the first, exit 3, 10 kept', async () => {
    await withService('dfs', async (emu) => {
      const [a, b] = await twoClones(emu);
      setSize(a, 10);
      setSize(b, 12);
      figures.requests += (await emu.admin.requests()).length;
      await emu.admin.clearRequests();
      // b's requests: the read it plans from (variables), then its fresh read: the first GET of the file.
      const fault = await emu.admin.addFault({ method: 'GET', path: '/v1/files/*', fault: 'delay', delayMs: 400_000 });
      const pushingB = cli(b, ['push']);
      await whenFaultSeen(emu, fault.id);
      const ra = await cli(a, ['push']);
      expect(ra.code, ra.stderr).toBe(0);
      await releaseHeld(emu);
      const rb = await pushingB;
      const kept = remoteValue(await serviceState(emu), 'size/base');
      expect({ b: rb.code, kept }, rb.stderr).toEqual({ b: 3, kept: 10 });
      countOutcome(ra, kept === 10);
      countOutcome(rb, false);
      await converge(a, b);
    });
  });
});

describe('figma dialect', () => {
  it.each([0, 40])(
    'two pushes that both add the same collections (offset %i ms): no duplicate left, no exit 1',
    async (offset) => {
      await withService('figma', async (emu) => {
        const a = createProject(emu);
        const b = createProject(emu);
        for (const p of [a, b]) cpSync(BRAND, path.join(p.root, 'tokens'), { recursive: true });
        figures.actors += 2;
        const [ra, rb] = await Promise.all([
          cli(a, ['push']),
          new Promise((r) => setTimeout(r, offset)).then(() => cli(b, ['push'])),
        ]);
        for (const r of [ra, rb]) {
          expect([0, 3], r.stderr).toContain(r.code);
          countOutcome(r, true);
        }
        // Figma can delete: the run that made the later copy removed it.
        const left = duplicates(await serviceState(emu));
        figures.duplicates += left.length;
        expect(left).toEqual([]);
        for (const p of [a, b]) expect((await cli(p, ['push'])).code).toBe(0);
        expect(duplicates(await serviceState(emu))).toEqual([]);
      });
    },
  );

  it('two pushes of one variable, 10 and 12: every exit-0 value is the one kept', async () => {
    await withService('figma', async (emu) => {
      const [a, b] = await twoClones(emu);
      setSize(a, 10);
      setSize(b, 12);
      const [ra, rb] = await Promise.all([cli(a, ['push']), cli(b, ['push'])]);
      const kept = remoteValue(await serviceState(emu), 'size/base');
      for (const r of [ra, rb]) expect([0, 3], r.stderr).toContain(r.code);
      const keeper = kept === 10 ? ra : rb;
      const other = kept === 10 ? rb : ra;
      // Figma's version is opaque: the residual window (docs/sync.md) is where both could exit 0.
      if (keeper.code === 0 && other.code === 0) figures.lostUpdates += 1;
      countOutcome(keeper, true);
      await converge(a, b);
    });
  });

  it('a designer edit of the same variable while the write is held: the push does not exit 0 over it', async () => {
    await withService('figma', async (emu) => {
      const [a] = await twoClones(emu);
      setSize(a, 10);
      // Reads: plan (1), before the write (2): the edit lands while (2) is held.
      const { running } = await holdFreshRead(emu, () => cli(a, ['push']));
      await designerSetFigma(emu, 'size/base', 7);
      await releaseHeld(emu);
      const r = await running;
      expect(r.code, r.stderr).toBe(3);
      expect(remoteValue(await serviceState(emu), 'size/base')).toBe(7);
      countOutcome(r, false);
      await converge(a);
    });
  });
});
