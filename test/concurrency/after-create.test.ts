/**
 * A push killed after its CREATE and before its read-back, and a designer edit of the variable it
 * created in that window (docs/sync.md "Unknown outcomes and resumption", `createdFields` and
 * `sentFields`), through the real CLI against the local service. The kill comes from the test-only
 * preload (test/helpers/kill-at-write.cjs) at every file write of the push; the schedules kept are
 * every one after the POST reached the service and before the PUT (with or without the journal's
 * `createdFields`: the answer not yet journaled, journaled, the created fields being recorded), and
 * those where the PUT has gone out and nothing was read after it. After each, the next push keeps the
 * designer's value or stops on a conflict (exit 3): it never overwrites it as if it were the CREATE's
 * placeholder.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';
import { FAST_CLOCK, runCli, type CliResult } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import type { TestProject } from '../helpers/project.js';
import { brandProject, serviceState } from '../reliability/helpers.js';
import { designerSet, remoteValue, setSize } from './actors.js';

const emu = useEmulator({ seed: 'empty', resetEach: 'empty' });
const HOOK = fileURLToPath(new URL('../helpers/kill-at-write.cjs', import.meta.url));
vi.setConfig({ testTimeout: 600_000 });
const figures = { kills: 0, inWindow: 0, withoutFields: 0, conflicts: 0, kept: 0 };
afterAll(() =>
  console.log(
    `after-create kills: ${figures.kills} SIGKILLs, ${figures.inWindow} in the window (${figures.withoutFields} before the created fields were journaled); next push: ${figures.conflicts} conflict(s), ${figures.kept} kept the designer's value`,
  ),
);

const cli = (p: TestProject, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
  runCli(args, { cwd: p.root, env: { ...p.env, ...FAST_CLOCK, ...env } });

/** The developer adds a number token to the single-mode brand set (the push CREATEs it) and changes size.base (the PUT). */
function addToken(project: TestProject): void {
  const file = 'tokens/brand-primitives/default.tokens.json';
  const text = project.read(file);
  project.write(file, text.replace('{\n', '{\n  "added": { "$type": "number", "$value": 3 },\n'));
  setSize(project, 10);
}

/** Whether the journal left by the killed run records the created variables' fields. */
function journalHasFields(p: TestProject): boolean {
  const file = path.join(p.root, 'tokens', 'sync.journal.json');
  return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).createdFields !== undefined;
}

/** The window a kill at write `n` left: after the POST reached the service, before the read-back. */
function inWindow(calls: string[]): boolean {
  const post = calls.indexOf('POST /v1/files/:key/variables');
  const put = calls.indexOf('PUT /v1/files/:key/variables');
  if (post < 0) return false;
  return put < 0 || calls.length === put + 1;
}

it('a push killed between its CREATE and its read-back: the next push never overwrites a designer edit of the created variable', async () => {
  for (let n = 1; ; n++) {
    await emu.admin.reset('empty');
    const p = brandProject(emu);
    const first = await cli(p, ['push']);
    expect(first.code, first.stderr).toBe(0);
    addToken(p);
    const from = (await emu.admin.calls()).length;
    const killed = await cli(p, ['push'], {
      NODE_OPTIONS: `--require ${HOOK}`,
      TOKENSYNC_TEST_KILL_UNDER: p.root,
      TOKENSYNC_TEST_KILL_AT: String(n),
    });
    // A run that finished: every write of the push had its kill.
    if (killed.code !== null) break;
    figures.kills += 1;
    const calls = (await emu.admin.calls()).slice(from);
    if (calls.some((c, i) => c.startsWith('PUT') && i < calls.length - 1)) break;
    if (!inWindow(calls)) continue;
    figures.inWindow += 1;
    if (!journalHasFields(p)) figures.withoutFields += 1;
    await designerSet(emu, 'added', 7);
    const again = await cli(p, ['push']);
    expect([0, 3], `kill at write ${n}: ${again.stdout}${again.stderr}`).toContain(again.code);
    if (again.code === 3) figures.conflicts += 1;
    else figures.kept += 1;
    expect(remoteValue(await serviceState(emu), 'added'), `kill at write ${n}`).toBe(7);
    if (again.code !== 0) continue;
    // The lock it wrote keeps the CREATE's value as the base: a push after it still leaves the edit.
    const third = await cli(p, ['push']);
    expect([0, 3], `kill at write ${n}, third push: ${third.stdout}${third.stderr}`).toContain(third.code);
    expect(remoteValue(await serviceState(emu), 'added'), `kill at write ${n}, third push`).toBe(7);
  }
  expect(figures.inWindow).toBeGreaterThan(0);
});
