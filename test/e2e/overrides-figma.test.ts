/**
 * Both halves of overrides joined, end to end in the figma dialect (docs/overrides.md §4-§7,
 * docs/sync.md "Extended collections and overrides"): the real CLI (dist/) against the real local
 * service over HTTPS. A designer's extended collection pulls into a modifier whose context file holds
 * only the overrides, builds brand x mode, and round-trips; an override edited on either side is a
 * change, on both a conflict; a repository's brand axis is pushed as an extension and pulls back byte
 * for byte; the same repository under dfs keeps the brand repository-only. Every write body is
 * checked against @figma/rest-api-spec (from `diff --json`, which prints the plan push sends).
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../figma-spec/spec.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { DOCUMENTS } from '../overrides/documents.js';

const GREEN = { r: 0, g: 1, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };
const RED = { r: 1, g: 0, b: 0, a: 1 };
const ACME_FILE = 'tokens/semantic/extensions/semantic-acme.tokens.json';
const text = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;
const hexValue = (hex: string, components: number[]) => ({ colorSpace: 'srgb', components, hex });

interface Wire {
  variables: Record<string, { id: string; name: string; variableCollectionId: string }>;
  variableCollections: Record<
    string,
    { id: string; name: string; modes: { modeId: string; name: string }[]; variableOverrides?: Record<string, any> }
  >;
}
async function wire(emu: TestEmulator): Promise<Wire> {
  return (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta as Wire;
}
const collection = (w: Wire, name: string) => Object.values(w.variableCollections).find((c) => c.name === name)!;
const variableId = (w: Wire, name: string): string =>
  Object.values(w.variables).find((v) => v.name === name && v.variableCollectionId === collection(w, 'semantic').id)!
    .id;

/** A designer's POST through Figma's API; fails the test unless the service takes it. */
async function designerPost(emu: TestEmulator, body: unknown): Promise<void> {
  const res = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, { body });
  expect(res.status, res.text).toBe(200);
}

/** The designer extends `semantic` with the brand `semantic / acme`, the same value in every mode. */
async function extendSemantic(emu: TestEmulator): Promise<void> {
  const w = await wire(emu);
  const [light, dark] = collection(w, 'semantic').modes;
  const both = (name: string, value: unknown) =>
    ['a_l', 'a_d'].map((modeId) => ({ variableId: variableId(w, name), modeId, value }));
  await designerPost(emu, {
    variableCollections: [
      {
        action: 'CREATE',
        id: 'acme',
        name: 'semantic / acme',
        parentVariableCollectionId: collection(w, 'semantic').id,
        initialModeIdToParentModeIdMapping: { a_l: light!.modeId, a_d: dark!.modeId },
      },
    ],
    variableModeValues: [...both('color/background', GREEN), ...both('color/primary', BLUE)],
  });
}

/** The designer sets acme's override of color/background in every mode. */
async function designerSetsBackground(emu: TestEmulator, value: unknown): Promise<void> {
  const w = await wire(emu);
  const acme = collection(w, 'semantic / acme');
  const id = variableId(w, 'color/background');
  await designerPost(emu, { variableModeValues: acme.modes.map((m) => ({ variableId: id, modeId: m.modeId, value })) });
}

function editBackground(project: TestProject, hex: string, components: number[]): void {
  const file = JSON.parse(project.read(ACME_FILE));
  file.color.background.$value = hexValue(hex, components);
  project.write(ACME_FILE, text(file));
}

const writesOf = async (emu: TestEmulator): Promise<string[]> =>
  (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));

/** The bodies push would send (diff --json prints the plan), each checked against @figma/rest-api-spec. */
async function planChecked(project: TestProject, emu: TestEmulator): Promise<{ method: string; body: any }[]> {
  const diff = await runCli(['diff', '--json'], { cwd: project.root, env: project.env });
  const requests = JSON.parse(diff.stdout).plan.requests as { method: string; body: any }[];
  for (const r of requests) expect(checkRequest(r.method, `/v1/files/${emu.fileKey}/variables`, r.body)).toBeNull();
  return requests;
}

describe('a design file with an extended collection, figma dialect, through the CLI', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'demo' });
  const pulled = async (): Promise<TestProject> => {
    await extendSemantic(emu);
    const project = createProject(emu);
    const pull = await runCli(['pull'], { cwd: project.root, env: project.env });
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    await emu.admin.clearRequests();
    return project;
  };

  it('pulls the brand as a modifier whose context file holds only the overrides, builds brand x mode, and round-trips', async () => {
    const project = await pulled();
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    expect(JSON.parse(project.read(ACME_FILE))).toEqual({
      $schema: 'https://www.designtokens.org/schemas/2025.10/format.json',
      color: {
        background: {
          $type: 'color',
          $value: hexValue('#00ff00', [0, 1, 0]),
          $description: 'Page background',
        },
        primary: { $type: 'color', $value: hexValue('#0000ff', [0, 0, 1]) },
      },
    });
    const resolver = JSON.parse(project.read('tokens/tokens.resolver.json'));
    expect(resolver.modifiers['semantic-extensions']).toMatchObject({
      default: 'base',
      contexts: { base: [], 'semantic-acme': [{ $ref: 'semantic/extensions/semantic-acme.tokens.json' }] },
    });
    expect(resolver.resolutionOrder.map((r: { $ref: string }) => r.$ref)).toEqual([
      '#/sets/primitives',
      '#/modifiers/semantic',
      '#/modifiers/semantic-extensions',
    ]);

    const build = await run('build', '--platform', 'css');
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    const css = project.read('build/css/tokens.css');
    const block = (selector: string) => css.slice(css.indexOf(`${selector} {`)).split('}')[0];
    expect(block('[data-semantic="dark"]')).toContain('--color-background: var(--color-gray-900);');
    expect(block('[data-semantic-extensions="semantic-acme"]')).toMatchInlineSnapshot(`
      "[data-semantic-extensions="semantic-acme"] {
        --color-background: #00ff00; /** Page background */
        --color-primary: #0000ff;
      "
    `);
    // Brand x mode: the brand wins over the dark mode's value too.
    expect(block('[data-semantic="dark"][data-semantic-extensions="semantic-acme"]')).toContain(
      '--color-background: #00ff00;',
    );

    const before = project.snapshotTokens();
    // The brand is an extension on both sides, never an orphan: --delete-orphans deletes nothing.
    for (const args of [['push'], ['push', '--delete-orphans']]) expect((await run(...args)).code).toBe(0);
    expect(await writesOf(emu)).toEqual([]);
    const again = await run('pull');
    expect(again.code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  });

  it('an override edited in the context file is pushed as one POST, then in step', async () => {
    const project = await pulled();
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    editBackground(project, '#ff0000', [1, 0, 0]);
    const requests = await planChecked(project, emu);
    expect(requests.map((r) => r.method)).toEqual(['POST']);
    const w = await wire(emu);
    const acme = collection(w, 'semantic / acme');
    const bg = variableId(w, 'color/background');
    expect(requests[0]!.body).toEqual({
      variableModeValues: acme.modes.map((m) => ({ variableId: bg, modeId: m.modeId, value: RED })),
    });
    await emu.admin.clearRequests();
    const push = await run('push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect((await writesOf(emu)).map((c) => c.split(' ')[0])).toEqual(['POST']);
    const after = collection(await wire(emu), 'semantic / acme').variableOverrides?.[bg];
    expect(Object.values(after ?? {})).toEqual([RED, RED]);
    const diff = await run('diff');
    expect(diff.stdout).toContain('In step');
    expect(diff.code).toBe(0);
  });

  it('an override removed from the context file is sent as null in every mode, and the service then holds none', async () => {
    const project = await pulled();
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    const file = JSON.parse(project.read(ACME_FILE));
    delete file.color.primary;
    project.write(ACME_FILE, text(file));
    const requests = await planChecked(project, emu);
    const w = await wire(emu);
    const acme = collection(w, 'semantic / acme');
    const primary = variableId(w, 'color/primary');
    expect(requests).toEqual([
      {
        method: 'POST',
        body: { variableModeValues: acme.modes.map((m) => ({ variableId: primary, modeId: m.modeId, value: null })) },
      },
    ]);
    expect((await run('push')).code).toBe(0);
    expect(collection(await wire(emu), 'semantic / acme').variableOverrides?.[primary]).toBeUndefined();
    const before = project.snapshotTokens();
    expect((await run('pull')).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  });

  it('an override edited in the design file is a change (diff exits 2) that pull writes to the context file only', async () => {
    const project = await pulled();
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    const before = project.snapshotTokens();
    await designerSetsBackground(emu, BLUE);
    expect((await run('diff')).code).toBe(2);
    const pull = await run('pull');
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    const changed = [...project.snapshotTokens()].filter(([f, t]) => before.get(f) !== t).map(([f]) => f);
    expect(changed).toEqual([ACME_FILE, 'tokens/sync.lock.json']);
    expect(JSON.parse(project.read(ACME_FILE)).color.background.$value).toEqual(hexValue('#0000ff', [0, 0, 1]));
    expect((await run('diff')).code).toBe(0);
  });

  it('an override edited on both sides differently is a conflict: exit 3, nothing written, nothing sent', async () => {
    const project = await pulled();
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    editBackground(project, '#ff0000', [1, 0, 0]);
    await designerSetsBackground(emu, BLUE);
    const before = project.snapshotTokens();
    await emu.admin.clearRequests();
    for (const command of ['diff', 'pull', 'push']) {
      const result = await run(command);
      expect(result.code, `${command}: ${result.stdout}${result.stderr}`).toBe(3);
    }
    expect(await writesOf(emu)).toEqual([]);
    expect(project.snapshotTokens()).toEqual(before);
    const json = JSON.parse((await run('diff', '--json')).stdout);
    expect(json.conflicts.map((c: any) => `${c.variable} ${c.field} ${c.extension} ${c.mode}`)).toEqual([
      'color/background override semantic / acme Light',
      'color/background override semantic / acme Dark',
    ]);
  });
});

/** A repository with a set, a mode modifier and a brand axis (brand `acme` and an empty `zen`). */
function brandRepository(emu: { url: string; caFile: string; token: string; fileKey: string; api?: 'dfs' | 'figma' }) {
  const project = createProject(emu);
  for (const [f, v] of Object.entries(DOCUMENTS['two axes: mode then brand (an empty context too)']!))
    project.write(`tokens/${f}`, text(v));
  return project;
}

describe('a repository-made brand axis pushed into an empty figma file', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'empty' });

  it('push creates the extension with its overrides, a second push sends nothing, and a fresh clone pulls the same bytes', async () => {
    const project = brandRepository(emu);
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    const requests = await planChecked(project, emu);
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    const push = await run('push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);

    const w = await wire(emu);
    const tokens = collection(w, 'tokens');
    const acme = collection(w, 'tokens / acme');
    expect(acme).toMatchObject({ parentVariableCollectionId: tokens.id, isExtension: true });
    const accent = Object.values(w.variables).find((v) => v.name === 'color/accent')!;
    expect(Object.values(acme.variableOverrides?.[accent.id] ?? {})).toEqual([RED, RED]);
    expect(collection(w, 'tokens / zen').variableOverrides ?? {}).toEqual({});

    await emu.admin.clearRequests();
    const again = await run('push');
    expect(again.code).toBe(0);
    expect(await writesOf(emu)).toEqual([]);

    // A fresh clone: the repository's files (tokens and the committed lock) and config, nothing else.
    const clone = mkdtempSync(path.join(tmpdir(), 'tokensync-clone-'));
    for (const dir of ['config', 'tokens'])
      cpSync(path.join(project.root, dir), path.join(clone, dir), { recursive: true });
    const before = project.snapshotTokens();
    const pull = await runCli(['pull'], { cwd: clone, env: project.env });
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    expect(snapshotOf(clone)).toEqual(before);
    expect((await run('diff')).code).toBe(0);
  });
  it("a brand the designer adds to the team's document is refused by pull with the fix, never deleted, and pulled once a context holds it", async () => {
    const project = brandRepository(emu);
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    expect((await run('push')).code).toBe(0);
    const w = await wire(emu);
    const tokens = collection(w, 'tokens');
    const fg = Object.values(w.variables).find((v) => v.name === 'color/fg')!.id;
    await designerPost(emu, {
      variableCollections: [
        {
          action: 'CREATE',
          id: 'neon',
          name: 'tokens / neon',
          parentVariableCollectionId: tokens.id,
          initialModeIdToParentModeIdMapping: { n_l: tokens.modes[0]!.modeId, n_d: tokens.modes[1]!.modeId },
        },
      ],
      variableModeValues: ['n_l', 'n_d'].map((modeId) => ({ variableId: fg, modeId, value: GREEN })),
    });
    const before = project.snapshotTokens();
    const pull = await run('pull');
    expect(pull.code).toBe(1);
    expect(pull.stderr).toMatchInlineSnapshot(`
      "error: Extended collection "tokens / neon" of "tokens" is in the design file, but no context of a modifier in tokens.resolver.json holds it (the document is the team's, so a pull does not add one).
        fix: Nothing was written. Add a context for it to modifier "brand" (e.g. "neon": [{ "$ref": "brand/neon.tokens.json" }] with "{}" in that file), then run \`tokensync pull --prefer service\`: the pull writes its overrides there (with no base, the empty file and the design file's overrides differ: a conflict the design file's side settles).
      "
    `);
    expect(project.snapshotTokens()).toEqual(before);
    await emu.admin.clearRequests();
    expect((await run('push', '--delete-orphans')).code).toBe(0);
    expect(await writesOf(emu)).toEqual([]);

    const resolver = JSON.parse(project.read('tokens/tokens.resolver.json'));
    resolver.modifiers.brand.contexts.neon = [{ $ref: 'brand/neon.tokens.json' }];
    project.write('tokens/tokens.resolver.json', text(resolver));
    project.write('tokens/brand/neon.tokens.json', '{}\n');
    // --force only because this test folder is not a git repository (pull --prefer service asks for
    // it there, docs/sync.md); in a committed repository the hint's command is enough.
    const again = await run('pull', '--prefer', 'service', '--force');
    expect(again.stderr).toBe('');
    expect(again.code, again.stdout).toBe(0);
    expect(JSON.parse(project.read('tokens/brand/neon.tokens.json'))).toEqual({
      color: { fg: { $type: 'color', $value: hexValue('#00ff00', [0, 1, 0]) } },
    });
    expect((await run('diff')).code).toBe(0);
  });
});

/** Every file under ROOT/tokens (relative path -> bytes), as TestProject.snapshotTokens gives. */
function snapshotOf(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(path.join(root, dir)).sort()) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else out.set(rel, readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  walk('tokens');
  return out;
}

describe('the same repository under dfs', () => {
  const emu = useEmulator({ resetEach: 'empty' });

  it('diff names the brand axis on one line and exits 0 when nothing else changed; push does not fail', async () => {
    const project = brandRepository(emu);
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    const push = await run('push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    const diff = await run('diff');
    expect(diff.code).toBe(0);
    expect(diff.stdout.replace(/^reading variables of \S+\n/, '')).toMatchInlineSnapshot(`
      "In step: no changes, no requests.
      Repository only: tokens: 2 contexts (tokens / acme, tokens / zen), 4 overrides: the dfs service has no extended collections; built, never pushed.
      "
    `);
  });
});
