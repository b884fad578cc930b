/**
 * End to end, docs/overrides.md §5 "A token in some contexts only", through the real CLI and the dfs
 * local service: GitHub Primer's published resolver document (dtcg-examples 1.1.3, MIT; its `size`
 * modifier defines `control.minTarget.auto` in `coarse` and `fine` only) passes check, builds that
 * token where its contexts define it with the values Terrazzo's resolver gives, never reaches the
 * design file, and is named on one "Repository only" line; a pull of a designer's edit to a context
 * file keeps such tokens as written (the document of test/overrides/documents.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Logger, defineConfig, loadResolver } from '@terrazzo/parser';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/tokens/index.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { DOCUMENTS } from '../overrides/documents.js';
import { EXAMPLES, tokenFiles } from '../realworld/sets.js';

const emu = useEmulator({ resetEach: 'empty' });
const writes = async (): Promise<string[]> => (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));
const text = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;
const run = (p: TestProject, ...args: string[]) => runCli(args, { cwd: p.root, env: p.env });
const TARGET = 'control.minTarget.auto';

/** Primer as published, less the tokens the 2025.10 format refuses (taken out round by round, as test/realworld does). */
async function primer(): Promise<TestProject> {
  const project = createProject(emu, 'build:\n  names:\n    web: keep\n    ts: keep\n');
  for (const f of tokenFiles('github-primer'))
    project.write(`tokens/github-primer/${f}`, readFileSync(path.join(EXAMPLES, 'github-primer', f), 'utf8'));
  project.write(
    'tokens/tokens.resolver.json',
    readFileSync(path.join(EXAMPLES, 'github-primer.resolver.json'), 'utf8'),
  );
  for (let round = 0; round < 8; round++) {
    const r = await run(project, '--json', 'check');
    const errors = (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter(
      (d) => d.severity === 'error',
    );
    if (errors.length === 0) break;
    for (const d of errors) {
      expect(d.tokenPath).not.toBe(TARGET);
      if (d.tokenPath && d.tokenPath !== '-') drop(project, d);
    }
  }
  return project;
}

function drop(project: TestProject, d: Diagnostic): void {
  const rel = path.relative(project.root, path.resolve(project.root, d.file));
  const doc = JSON.parse(project.read(rel)) as Record<string, unknown>;
  const keys = d.tokenPath!.split('.');
  let node = doc as Record<string, unknown> | undefined;
  for (const k of keys.slice(0, -1)) node = node?.[k] as Record<string, unknown> | undefined;
  if (node && keys.at(-1)! in node) delete node[keys.at(-1)!];
  project.write(rel, text(doc));
}

/** Terrazzo's value of the token in an input, read from the project's own files, as `Npx`. */
async function terrazzo(project: TestProject): Promise<(input: Record<string, string>) => string | undefined> {
  const logger = new Logger({ level: 'silent' });
  const file = path.join(project.root, 'tokens', 'tokens.resolver.json');
  const cwd = pathToFileURL(`${path.dirname(file)}/`);
  const { resolver } = await loadResolver([{ filename: pathToFileURL(file), src: readFileSync(file, 'utf8') }], {
    config: defineConfig({}, { cwd, logger }),
    logger,
    req: async (u: URL) => readFileSync(u, 'utf8'),
  });
  return (input) => {
    const v = resolver!.apply(input)[TARGET]?.$value as { value: number; unit: string } | undefined;
    return v === undefined ? undefined : `${v.value}${v.unit}`;
  };
}

const variableNames = async (): Promise<string[]> => {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  return Object.values(res.json.meta.variables as Record<string, { name: string }>).map((v) => v.name);
};

describe('a token a modifier defines in some contexts only (GitHub Primer)', () => {
  it('checks, builds it where defined, never pushes it, names it once, and pulls back byte for byte', async () => {
    const project = await primer();
    const check = await run(project, 'check');
    expect(check.stdout).toMatch(/no problems/);
    expect(check.code).toBe(0);

    const build = await run(project, 'build', '--platform', 'css', 'json');
    expect(build.stderr).toBe('');
    const css = project.read('build/css/tokens.css');
    const blocks = css.split(/\n(?=\S)/).filter((b) => b.includes('--control-minTarget-auto:'));
    expect(blocks.map((b) => b.split(' {')[0])).toEqual(['[data-size="coarse"]', '[data-size="fine"]']);
    const built = (input: string): unknown =>
      (
        JSON.parse(project.read(`build/json/permutations/${input}.json`)) as {
          control: { minTarget: { auto?: string } };
        }
      ).control.minTarget.auto;
    const theirs = await terrazzo(project);
    for (const [input, id] of [
      [{}, 'default'],
      [{ size: 'coarse' }, 'size-coarse'],
      [{ size: 'fine' }, 'size-fine'],
    ] as const)
      expect({ id, value: built(id) }).toEqual({ id, value: theirs(input) });
    expect(built('size-coarse')).toBe('44px');

    const line = 'Repository only: modifier "size" defines 1 token in only some of its contexts';
    const diff = await run(project, 'diff');
    expect(diff.code).toBe(2);
    expect(diff.stdout.split('\n').filter((l) => l.includes('minTarget/auto'))).toEqual([
      `${line} (control/minTarget/auto in coarse, fine), which no variable can hold (a variable has a value in every mode); built, never pushed.`,
    ]);

    const push = await run(project, 'push');
    expect(push.code).toBe(0);
    expect(push.stdout.split('\n').filter((l) => l.startsWith(line))).toHaveLength(1);
    const names = await variableNames();
    expect(names).toContain('control/minTarget/fine');
    expect(names).not.toContain('control/minTarget/auto');

    await emu.admin.clearRequests();
    const before = project.snapshotTokens();
    expect((await run(project, 'push')).code).toBe(0);
    expect(await writes()).toEqual([]);
    const pull = await run(project, 'pull');
    expect(pull.code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);

    const again = await run(project, 'diff');
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n').filter((l) => l.startsWith('Repository only'))).toHaveLength(1);
    const remote = await run(project, 'check', '--remote');
    expect(remote.code).toBe(0);
    expect(remote.stdout.split('\n').filter((l) => l.startsWith(line))).toHaveLength(1);
  }, 120_000); // a published design system of 1,300 tokens, read 13 times: a budget, not a timing

  it("keeps such tokens as written when a pull writes a designer's edit into their context file", async () => {
    const project = createProject(emu);
    const files = DOCUMENTS['a modifier that defines tokens in some contexts only']!;
    for (const [f, v] of Object.entries(files)) project.write(`tokens/${f}`, text(v));
    expect((await run(project, 'push')).code).toBe(0);

    // A designer sets size/gap in mode "touch" to 16.
    const local = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta;
    const gap = Object.values(local.variables as Record<string, { id: string; name: string }>).find(
      (v) => v.name === 'size/gap',
    )!;
    const touch = Object.values(
      local.variableCollections as Record<string, { modes: { modeId: string; name: string }[] }>,
    )[0]!.modes.find((m) => m.name === 'touch')!.modeId;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: { variables: [{ action: 'UPDATE', id: gap.id, variableModeValues: [{ modeId: touch, value: 16 }] }] },
    });
    expect(put.status).toBe(200);

    const pull = await run(project, 'pull');
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    const after = JSON.parse(project.read('tokens/density/touch.tokens.json'));
    expect(after.size.gap.$value).toEqual({ value: 16, unit: 'px' });
    expect(after.control).toEqual((files['density/touch.tokens.json'] as { control: unknown }).control);
    expect(project.read('tokens/density/compact.tokens.json')).toBe(text(files['density/compact.tokens.json']));
    expect(project.read('tokens/tokens.resolver.json')).toBe(text(files['tokens.resolver.json']));
  });
});
