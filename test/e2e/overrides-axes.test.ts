/**
 * End to end, docs/overrides.md §5: a third axis over a collection (`contrast` after `mode` and
 * `brand`) is repository-owned in both dialects. `diff`, `push` and `check --remote` name it on one
 * "Repository only" line (the modifier and its contexts), it never makes `diff` exit 2, and nothing of
 * it reaches the design file.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { DOCUMENTS } from '../overrides/documents.js';

const text = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;
const LINE =
  'Repository only: modifier "contrast" is a third axis over collection "tokens" (1 context: high: 2 overrides), which a design file cannot hold; built, never pushed.';

function threeAxes(emu: TestEmulator): TestProject {
  const project = createProject(emu);
  for (const [f, v] of Object.entries(DOCUMENTS['three axes: mode, brand, contrast']!))
    project.write(`tokens/${f}`, text(v));
  return project;
}
const lines = (out: string): string[] => out.split('\n').filter((l) => l.startsWith('Repository only'));

async function collectionNames(emu: TestEmulator): Promise<string[]> {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  return Object.values(res.json.meta.variableCollections as Record<string, { name: string }>).map((c) => c.name);
}

describe('a third axis, figma dialect', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'empty' });
  it('is one line in diff, push and check --remote, and never reaches the design file', async () => {
    const project = threeAxes(emu);
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    const diff = await run('diff');
    expect(diff.code).toBe(2);
    expect(lines(diff.stdout)).toEqual([LINE]);
    const push = await run('push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect(lines(push.stdout)).toEqual([LINE]);
    expect((await collectionNames(emu)).sort()).toEqual(['tokens', 'tokens / acme', 'tokens / zen']);
    const again = await run('diff');
    expect(again.code).toBe(0);
    expect(lines(again.stdout)).toEqual([LINE]);
    const remote = await run('check', '--remote');
    expect(remote.code).toBe(0);
    expect(lines(remote.stdout)).toEqual([LINE]);
  });
});

describe('a third axis, dfs dialect', () => {
  const emu = useEmulator({ resetEach: 'empty' });
  it('is its own line beside the brand axis the dfs service cannot hold', async () => {
    const project = threeAxes(emu);
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    expect((await run('push')).code).toBe(0);
    expect(await collectionNames(emu)).toEqual(['tokens']);
    const diff = await run('diff');
    expect(diff.code).toBe(0);
    expect(diff.stdout.replace(/^reading variables of \S+\n/, '')).toMatchInlineSnapshot(`
      "In step: no changes, no requests.
      Repository only: tokens: 2 contexts (tokens / acme, tokens / zen), 4 overrides: the dfs service has no extended collections; built, never pushed.
      Repository only: modifier "contrast" is a third axis over collection "tokens" (1 context: high: 2 overrides), which a design file cannot hold; built, never pushed.
      "
    `);
  });
});
