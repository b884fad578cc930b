/**
 * No variable left behind (docs/sync.md "Nothing is dropped", docs/token-files.md "A variable that is
 * also a group"): the real CLI (dist/) against the real local service, both dialects. The design
 * file's shapes are made with the emulator's editor endpoint (`POST /_emulator/variables`), as a
 * designer makes them in the design tool.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, pulledProject, type TestProject } from '../helpers/project.js';

const FILE = 'tokens/layout/value.tokens.json';

describe.each(['dfs', 'figma'] as const)('a variable that is also a group (%s)', (api) => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ api, seed: 'empty' });
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    await emu.admin.reset('empty');
    const res = await emu.call('POST', '/_emulator/variables', {
      token: emu.adminToken,
      body: {
        variableCollections: [
          {
            id: 'VariableCollectionId:9:1',
            name: 'Layout',
            modes: [{ modeId: '9:0', name: 'Value' }],
            defaultModeId: '9:0',
          },
        ],
        variables: [
          {
            id: 'VariableID:9:2',
            name: 'Banner/Padding/Horizontal',
            variableCollectionId: 'VariableCollectionId:9:1',
            valuesByMode: { '9:0': 16 },
          },
          {
            id: 'VariableID:9:3',
            name: 'Banner/Padding/Horizontal/Regular',
            variableCollectionId: 'VariableCollectionId:9:1',
            valuesByMode: { '9:0': 12 },
          },
          {
            id: 'VariableID:9:4',
            name: 'Gap',
            variableCollectionId: 'VariableCollectionId:9:1',
            valuesByMode: { '9:0': { type: 'VARIABLE_ALIAS', id: 'VariableID:9:2' } },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    await emu.admin.clearRequests();
  });
  const run = (p: TestProject, ...args: string[]) => runCli(args, { cwd: p.root, env: p.env });
  const writes = async (): Promise<string[]> => (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));

  it("is pulled as the group's $root token, builds, and round-trips with nothing to push or delete", async () => {
    const project = await pulledProject(emu);
    const tokens = JSON.parse(project.read(FILE));
    expect(tokens.Banner.Padding.Horizontal).toEqual({
      $root: { $type: 'number', $value: 16 },
      Regular: { $type: 'number', $value: 12 },
    });
    expect(tokens.Gap).toEqual({ $type: 'number', $value: '{Banner.Padding.Horizontal.$root}' });
    const lock = JSON.parse(project.read('tokens/sync.lock.json'));
    expect(Object.keys(lock.variables).sort()).toEqual(['VariableID:9:2', 'VariableID:9:3', 'VariableID:9:4']);
    const before = project.snapshotTokens();

    const build = await run(project, 'build');
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    const css = project.read('build/css/tokens.css');
    expect(css).toContain('--banner-padding-horizontal-root: 16');
    expect(css).toContain('--banner-padding-horizontal-regular: 12');

    const diff = await run(project, 'diff', '--delete-orphans');
    expect(diff.code).toBe(0);
    expect((await run(project, 'check', '--remote', '--strict')).code).toBe(0);
    const push = await run(project, 'push', '--delete-orphans');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect(await writes()).toEqual([]);
    expect((await run(project, 'pull')).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  }, 120_000); // seven CLI runs on a shared 2-core machine

  it('is read back to the same variable: an edit of the $root token is pushed to it', async () => {
    const project = await pulledProject(emu);
    project.write(FILE, project.read(FILE).replace('"$value": 16', '"$value": 20'));
    const push = await run(project, 'push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    expect(res.json.meta.variables['VariableID:9:2'].valuesByMode['9:0']).toBe(20);
    expect(Object.keys(res.json.meta.variables)).toHaveLength(3);
  });
});

describe.each(['dfs', 'figma'] as const)('a variable of a type the client does not know (%s)', (api) => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ api });
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    await emu.admin.reset('demo');
    const listed = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    const collectionId = Object.keys(listed.json.meta.variableCollections)[0]!;
    const modeIds = listed.json.meta.variableCollections[collectionId].modes.map((m: { modeId: string }) => m.modeId);
    // An easing variable, made in the design tool: the REST spec does not list its type yet.
    const res = await emu.call('POST', '/_emulator/variables', {
      token: emu.adminToken,
      body: {
        variables: [
          {
            id: 'VariableID:9:9',
            name: 'motion/ease-out',
            variableCollectionId: collectionId,
            resolvedType: 'EASING',
            valuesByMode: Object.fromEntries(modeIds.map((m: string) => [m, { x1: 0, y1: 0, x2: 0.58, y2: 1 }])),
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    await emu.admin.clearRequests();
  });
  const run = (p: TestProject, ...args: string[]) => runCli(args, { cwd: p.root, env: p.env });

  it('pulls everything else, names the one it kept, keeps it in the lock, and never pushes or deletes it', async () => {
    const project = createProject(emu);
    const pulled = await run(project, 'pull');
    expect(pulled.code).toBe(0);
    expect(pulled.stderr).toContain(
      'kept as it is, not synced: "motion/ease-out" (VariableID:9:9) in collection "primitives": its type EASING is not one tokensync knows.',
    );
    const lock = JSON.parse(project.read('tokens/sync.lock.json'));
    expect(lock.kept['VariableID:9:9']).toMatchObject({
      name: 'motion/ease-out',
      variable: { resolvedType: 'EASING' },
    });
    expect(Object.keys(lock.variables).length).toBeGreaterThan(5);
    expect(project.read('tokens/primitives/value.tokens.json')).not.toContain('ease-out');

    await emu.admin.clearRequests();
    const push = await run(project, 'push', '--delete-orphans');
    expect(push.code).toBe(0);
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual([]);
    const after = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    expect(after.json.meta.variables['VariableID:9:9'].resolvedType).toBe('EASING');
  }, 60_000);

  it('--json lists the kept variable for pull, diff, push and check --remote', async () => {
    const project = createProject(emu);
    const expected = {
      id: 'VariableID:9:9',
      name: 'motion/ease-out',
      collection: 'primitives',
      type: 'EASING',
      reason: 'its type EASING is not one tokensync knows',
    };
    for (const args of [['pull'], ['diff'], ['push'], ['check', '--remote']]) {
      const res = await run(project, '--json', ...args);
      expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(0);
      expect(JSON.parse(res.stdout).kept, args.join(' ')).toEqual([expect.objectContaining(expected)]);
    }
  }, 60_000);
});

describe.each(['dfs', 'figma'] as const)('composed colors and COLOR_OPACITY (%s)', (api) => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ api, seed: 'empty' });
  });
  afterAll(async () => {
    await emu.close();
  });
  const C = 'VariableCollectionId:8:1';
  const alias = (id: string) => ({ type: 'VARIABLE_ALIAS', id });
  beforeEach(async () => {
    await emu.admin.reset('empty');
    const res = await emu.call('POST', '/_emulator/variables', {
      token: emu.adminToken,
      body: {
        variableCollections: [
          { id: C, name: 'Colors', modes: [{ modeId: '8:0', name: 'Value' }], defaultModeId: '8:0' },
        ],
        variables: [
          {
            id: 'VariableID:8:2',
            name: 'blue',
            variableCollectionId: C,
            resolvedType: 'COLOR',
            valuesByMode: { '8:0': { r: 0.2, g: 0.4, b: 1, a: 1 } },
          },
          {
            id: 'VariableID:8:3',
            name: 'opacity/half',
            variableCollectionId: C,
            resolvedType: 'FLOAT',
            scopes: ['COLOR_OPACITY'],
            valuesByMode: { '8:0': 50 },
          },
          {
            id: 'VariableID:8:4',
            name: 'overlay',
            variableCollectionId: C,
            resolvedType: 'COLOR',
            valuesByMode: { '8:0': { color: alias('VariableID:8:2'), opacity: alias('VariableID:8:3') } },
          },
          {
            id: 'VariableID:8:5',
            name: 'tint',
            variableCollectionId: C,
            resolvedType: 'COLOR',
            valuesByMode: { '8:0': { color: alias('VariableID:8:2'), opacity: 20 } },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    await emu.admin.clearRequests();
  });
  const run = (p: TestProject, ...args: string[]) => runCli(args, { cwd: p.root, env: p.env });
  const FILE_C = 'tokens/colors/value.tokens.json';

  it('round-trip: the resolved color in $value, the parts in $extensions; build, no-op push, same bytes', async () => {
    const project = await pulledProject(emu);
    const tokens = JSON.parse(project.read(FILE_C));
    expect(tokens.overlay.$value).toMatchObject({ colorSpace: 'srgb', components: [0.2, 0.4, 1], alpha: 0.5 });
    expect(tokens.overlay.$extensions).toEqual({
      'dev.tokensync': { composed: { color: '{blue}', opacity: '{opacity.half}' } },
    });
    expect(tokens.tint.$extensions['dev.tokensync'].composed).toEqual({ color: '{blue}', opacity: 20 });
    expect(tokens.opacity.half.$extensions['dev.tokensync'].scopes).toEqual(['COLOR_OPACITY']);
    const before = project.snapshotTokens();
    expect((await run(project, 'build')).code).toBe(0);
    const push = await run(project, 'push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual([]);
    expect((await run(project, 'pull')).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  }, 120_000);

  it('pushes an edited composition back as a composed value', async () => {
    const project = await pulledProject(emu);
    project.write(FILE_C, project.read(FILE_C).replace('"opacity": 20', '"opacity": 30'));
    const push = await run(project, 'push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    expect(res.json.meta.variables['VariableID:8:5'].valuesByMode['8:0']).toEqual({
      color: alias('VariableID:8:2'),
      opacity: 30,
    });
  }, 60_000);
});

describe.each(['dfs', 'figma'] as const)("a collection's own hiddenFromPublishing (%s)", (api) => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ api });
  });
  afterAll(async () => {
    await emu.close();
  });
  const run = (p: TestProject, ...args: string[]) => runCli(args, { cwd: p.root, env: p.env });
  const collection = async (): Promise<[string, { name: string; hiddenFromPublishing?: boolean }]> => {
    const listed = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    return Object.entries(listed.json.meta.variableCollections)[0] as [
      string,
      { name: string; hiddenFromPublishing?: boolean },
    ];
  };

  it('is pulled into the resolver document, round-trips, and a change to it pushes a collection UPDATE', async () => {
    await emu.admin.reset('demo');
    const project = await pulledProject(emu);
    const [id, { name }] = await collection();
    // The designer hides the helper collection from publishing.
    const hide = { variableCollections: [{ action: 'UPDATE', id, hiddenFromPublishing: true }] };
    const set = await emu.call(api === 'figma' ? 'POST' : 'PUT', `/v1/files/${emu.fileKey}/variables`, { body: hide });
    expect(set.status).toBe(200);
    expect((await run(project, 'pull')).code).toBe(0);
    const resolver = JSON.parse(project.read('tokens/tokens.resolver.json'));
    const ours = (x: { $extensions: Record<string, Record<string, unknown>> }) => x.$extensions['dev.tokensync']!;
    const entry = [...Object.values(resolver.sets ?? {}), ...Object.values(resolver.modifiers ?? {})].find(
      (x) => ours(x as never)['collection'] === name,
    );
    expect(ours(entry as never)['hiddenFromPublishing']).toBe(true);

    // pull -> push -> pull: nothing sent, not a byte changed.
    const before = project.snapshotTokens();
    await emu.admin.clearRequests();
    expect((await run(project, 'push')).code).toBe(0);
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual([]);
    expect((await run(project, 'pull')).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);

    // The repository publishes it again: one collection UPDATE, and the service holds it.
    project.write(
      'tokens/tokens.resolver.json',
      project.read('tokens/tokens.resolver.json').replace(/,\s*"hiddenFromPublishing": true/, ''),
    );
    const planned = JSON.parse((await run(project, '--json', 'diff')).stdout);
    expect(planned.toService).toEqual([
      expect.objectContaining({ kind: 'update-collection', field: 'hiddenFromPublishing', before: true, after: false }),
    ]);
    const bodies = JSON.stringify(planned.plan.requests.map((r: { body: unknown }) => r.body));
    expect(bodies).toContain(JSON.stringify({ action: 'UPDATE', id, hiddenFromPublishing: false }));
    expect((await run(project, 'push')).code).toBe(0);
    expect((await collection())[1].hiddenFromPublishing).toBe(false);
    expect((await run(project, 'diff')).code).toBe(0);
  }, 90_000);
});
