/**
 * Guard rails against destructive plans from a broken repository (docs/sync.md "Guard rails"), through
 * the real CLI against the local service (figma dialect, which can delete): a deleted resolver
 * document never copies every variable into a new collection; --delete-orphans above the threshold
 * needs --max-deletes N without a terminal; push, diff and check --remote name every orphan.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FAST_CLOCK, runCli, type CliResult } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { BRAND, serviceState } from '../reliability/helpers.js';

const emu = useEmulator({ api: 'figma', seed: 'empty', resetEach: 'empty' });
vi.setConfig({ testTimeout: 120_000 });

const cli = (p: TestProject, args: string[]): Promise<CliResult> =>
  runCli(args, { cwd: p.root, env: { ...p.env, ...FAST_CLOCK } });
const writes = async (): Promise<string[]> =>
  (await emu.admin.calls()).filter((c) => !c.startsWith('GET') && !c.includes('/_emulator/'));

async function pushedBrand(): Promise<TestProject> {
  const p = createProject(emu);
  cpSync(BRAND, path.join(p.root, 'tokens'), { recursive: true });
  expect((await cli(p, ['push'])).code).toBe(0);
  await emu.admin.clearRequests();
  return p;
}

describe('guard rails', () => {
  it('a deleted resolver document: push and diff refuse to copy every variable into a new collection', async () => {
    const p = await pushedBrand();
    rmSync(path.join(p.root, 'tokens', 'tokens.resolver.json'));
    for (const args of [['push'], ['diff'], ['push', '--delete-orphans']]) {
      const r = await cli(p, args);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain('tokens/tokens.resolver.json is missing');
      expect(r.stderr).toContain('all bound in the lock to "Brand Primitives", "Theme"');
    }
    expect(await writes()).toEqual([]);
    expect(Object.keys((await serviceState(emu)).variableCollections)).toHaveLength(2);
  });

  it('--delete-orphans above 10 needs --max-deletes N in CI; push, diff and check --remote name every orphan', async () => {
    const p = await pushedBrand();
    // The Theme collection (9 variables) and one primitive removed from the repository: 11 deletions.
    const resolver = JSON.parse(p.read('tokens/tokens.resolver.json'));
    delete resolver.modifiers;
    resolver.resolutionOrder = resolver.resolutionOrder?.filter((r: { $ref: string }) => !r.$ref.includes('theme'));
    p.write('tokens/tokens.resolver.json', `${JSON.stringify(resolver, null, 2)}\n`);
    rmSync(path.join(p.root, 'tokens', 'theme'), { recursive: true });
    const prim = JSON.parse(p.read('tokens/brand-primitives/default.tokens.json'));
    delete prim.typeface;
    writeFileSync(
      path.join(p.root, 'tokens/brand-primitives/default.tokens.json'),
      `${JSON.stringify(prim, null, 2)}\n`,
    );

    for (const args of [['diff'], ['check', '--remote'], ['push']]) {
      const r = await cli(p, args);
      expect(r.stdout, `${args.join(' ')}: ${r.stderr}`).toContain('? collection Theme');
      expect(r.stdout).toContain('? Brand Primitives/typeface/brand');
    }
    const refused = await cli(p, ['push', '--delete-orphans']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('would delete 11 item(s)');
    expect(refused.stderr).toContain('--max-deletes 11');
    const short = await cli(p, ['push', '--delete-orphans', '--max-deletes', '5']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('more than --max-deletes 5 allows');
    expect(await writes()).toEqual([]);

    const done = await cli(p, ['push', '--delete-orphans', '--max-deletes', '11']);
    expect(done.code, done.stderr).toBe(0);
    const state = await serviceState(emu);
    expect(Object.values(state.variableCollections).map((c) => c.name)).toEqual(['Brand Primitives']);
    expect(Object.keys(state.variables)).toHaveLength(7);
    expect((await cli(p, ['diff'])).code).toBe(0);
  });
});
