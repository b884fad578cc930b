/**
 * A SIGKILL at every file write of a pull and of a build (docs/sync.md "Files a kill cannot trap
 * anyone in", docs/build.md "Atomic outputs"), through the real CLI against the local service. The
 * kill comes from a test-only preload (test/helpers/kill-at-write.cjs) that counts the process's own
 * file writes; nothing in src/ knows about it. After each kill the next run finishes and the
 * repository is the one an uninterrupted run writes, byte for byte, with no temporary file left.
 *
 * Each kill is a process of its own (about 1 s of CPU to start), so the set is the smallest that has
 * every kind of write (docs/architecture.md "Testing"): the brand set with two modes of its multi-mode
 * collection, not three (files of one collection, of another, the resolver document, the lock, the
 * journal and the writer's mark), and a build to two platforms, one of them writing several files
 * (each output's temporary file, the pending record, each rename); a third mode or platform is one
 * more write of a kind already killed at.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FAST_CLOCK, runCli, type CliResult } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';
import { BRAND } from '../reliability/helpers.js';
import { designerSet, setSize } from './actors.js';

const emu = useEmulator({ seed: 'empty', resetEach: 'empty' });
const HOOK = fileURLToPath(new URL('../helpers/kill-at-write.cjs', import.meta.url));
const figures = { runs: 0, kills: 0 };
vi.setConfig({ testTimeout: 600_000 });
afterAll(() => console.log(`kill schedules: ${figures.kills} SIGKILLs, ${figures.runs} CLI runs, all converged`));

interface Root {
  root: string;
  env: NodeJS.ProcessEnv;
}
const cli = (p: Root, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> => {
  figures.runs += 1;
  // The runs with the kill-at-write preload (NODE_OPTIONS) get a process of their own (runCli spawns
  // them); the runs after a kill go in-process like the rest of the suite (docs/architecture.md "Testing").
  return runCli(args, { cwd: p.root, env: { ...p.env, ...FAST_CLOCK, ...env } });
};

/** Every file under `dir` of the project (relative path -> bytes). */
function files(root: string, dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(root, rel));
    } catch {
      return;
    }
    for (const n of names.sort()) {
      const r = path.join(rel, n);
      if (statSync(path.join(root, r)).isDirectory()) walk(r);
      else out.set(r, readFileSync(path.join(root, r), 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** The brand set without the Theme collection's High Contrast mode (its file, context and mode). */
function brandTwoModes(root: string): void {
  const tokens = path.join(root, 'tokens');
  cpSync(BRAND, tokens, { recursive: true });
  rmSync(path.join(tokens, 'theme', 'high-contrast.tokens.json'));
  const file = path.join(tokens, 'tokens.resolver.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const theme = doc.modifiers.theme;
  delete theme.contexts['high-contrast'];
  const meta = theme.$extensions['dev.tokensync'];
  meta.modes = meta.modes.filter((m: { context: string }) => m.context !== 'high-contrast');
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
}

const copy = (p: Root): Root => {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-kill-'));
  cpSync(p.root, root, { recursive: true });
  return { root, env: p.env };
};

/** Runs `args` on a copy of `start` without a kill, returning the writes counted and the result. */
async function reference(
  start: Root,
  args: string[],
  dir: string,
): Promise<{ writes: number; after: Map<string, string> }> {
  const p = copy(start);
  const countFile = path.join(mkdtempSync(path.join(tmpdir(), 'tokensync-count-')), 'writes');
  const r = await cli(p, args, {
    NODE_OPTIONS: `--require ${HOOK}`,
    TOKENSYNC_TEST_KILL_UNDER: p.root,
    TOKENSYNC_TEST_WRITES_FILE: countFile,
  });
  expect(r.code, r.stderr).toBe(0);
  return { writes: Number(readFileSync(countFile, 'utf8')), after: files(p.root, dir) };
}

/** For every write n: a copy of `start`, killed at write n, then `args` again: it must end as `after`. */
async function killAtEveryWrite(
  start: Root,
  args: string[],
  dir: string,
  check: { afterKill?: (p: Root, n: number) => void; afterRerun?: (p: Root) => Promise<void> },
): Promise<number> {
  const { writes, after } = await reference(start, args, dir);
  expect(writes).toBeGreaterThan(1);
  for (let n = 1; n <= writes; n++) {
    const p = copy(start);
    const killed = await cli(p, args, {
      NODE_OPTIONS: `--require ${HOOK}`,
      TOKENSYNC_TEST_KILL_UNDER: p.root,
      TOKENSYNC_TEST_KILL_AT: String(n),
    });
    expect(killed.code, `write ${n}: ${killed.stderr}`).toBeNull();
    figures.kills += 1;
    check.afterKill?.(p, n);
    const again = await cli(p, args);
    expect(again.code, `after a kill at write ${n} of ${writes}: ${again.stderr}`).toBe(0);
    expect(files(p.root, dir), `after a kill at write ${n} of ${writes}`).toEqual(after);
    await check.afterRerun?.(p);
  }
  return writes;
}

describe('a SIGKILL at every file write', () => {
  it('of a first pull (no lock yet), and of a pull that takes a designer edit: the next pull finishes it', async () => {
    const a = createProject(emu);
    brandTwoModes(a.root);
    expect((await cli(a, ['push'])).code).toBe(0);
    const modes = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variableCollections;
    expect(Object.values(modes as Record<string, { modes: unknown[] }>).map((c) => c.modes.length)).toEqual([1, 2]);
    const inStep = async (p: Root): Promise<void> => {
      const d = await cli(p, ['diff']);
      expect(d.code, d.stdout + d.stderr).toBe(0);
      expect((await cli(p, ['check'])).code).toBe(0);
    };
    const fresh = createProject(emu);
    const first = await killAtEveryWrite(fresh, ['pull'], 'tokens', { afterRerun: inStep });
    // A pull with a lock: the designer changed a value in each collection.
    await designerSet(emu, 'size/base', 6);
    await designerSet(emu, 'size/lg', 32);
    const second = await killAtEveryWrite(a, ['pull'], 'tokens', { afterRerun: inStep });
    console.log(`kills during pull: ${first} writes of a first pull, ${second} of a pull with a lock`);
  });

  it('of a build: the next build leaves the new build whole, no temporary or pending file', async () => {
    const a = createProject(emu, 'build:\n  platforms: [css, scss]\n');
    brandTwoModes(a.root);
    expect((await cli(a, ['build'])).code).toBe(0);
    const before = files(a.root, 'build');
    setSize(a, 10);
    let mixedSeen = 0;
    // Right after each kill, before the next build: the previous build, or mid-switch with its
    // pending record (then the next build rolls it forward).
    const afterKill = (p: Root, n: number): void => {
      const visible = new Map([...files(p.root, 'build')].filter(([f]) => !f.endsWith('.tmp')));
      if (visible.has(path.join('build', '.tokensync-build.pending.json'))) mixedSeen += 1;
      else expect(visible, `kill at write ${n}`).toEqual(before);
    };
    const writes = await killAtEveryWrite(a, ['build'], 'build', { afterKill });
    console.log(`kills during build: ${writes} writes; ${mixedSeen} kill(s) landed mid-switch and were rolled forward`);
  });
});
