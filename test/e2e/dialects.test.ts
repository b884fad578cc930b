/**
 * One end-to-end sync suite, the same assertions in both dialects of the service
 * (`service.api: dfs | figma`, docs/architecture.md "Dialects"). The real CLI (dist/) against the real
 * local service speaking that dialect, over HTTPS on port 0; request counts come from the service's own
 * log. Where the dialects differ by design, the expectation says so in one place (`expected` below): dfs
 * writes with a POST of CREATEs and a PUT of UPDATEs, figma with one POST; only figma can delete orphans.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { pushCalls, useEmulator } from '../helpers/emulator.js';
import { createProject, pulledProject } from '../helpers/project.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/brand/', import.meta.url));
const POST = 'POST /v1/files/:key/variables';
const PUT = 'PUT /v1/files/:key/variables';

interface RemoteVariable {
  id: string;
  name: string;
  variableCollectionId: string;
  valuesByMode: Record<string, unknown>;
  description: string;
}

describe.each(['dfs', 'figma'] as const)('sync against the local service speaking %s', (api) => {
  const emu = useEmulator({ api, resetEach: 'demo' });

  /** How each dialect writes: a creating push, an updating push. */
  const expected = {
    create: api === 'figma' ? [POST] : [POST, PUT],
    update: api === 'figma' ? [POST] : [PUT],
  };
  const calls = (): Promise<string[]> => emu.admin.calls();
  const writes = async (): Promise<string[]> => (await calls()).filter((c) => !c.startsWith('GET'));
  const remoteVariables = async (): Promise<RemoteVariable[]> => {
    const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    expect(res.status).toBe(200);
    return Object.values(res.json.meta.variables as Record<string, RemoteVariable>);
  };
  const remoteNamed = async (name: string): Promise<RemoteVariable> =>
    (await remoteVariables()).find((v) => v.name === name)!;
  /** A designer's edit, spelled as the dialect spells it (dfs: PUT; figma: POST with variableModeValues). */
  const designerSets = async (id: string, modeId: string, value: unknown): Promise<void> => {
    const res =
      api === 'figma'
        ? await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
            body: { variableModeValues: [{ variableId: id, modeId, value }] },
          })
        : await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
            body: { variables: [{ action: 'UPDATE', id, variableModeValues: [{ modeId, value }] }] },
          });
    expect(res.status, res.text).toBe(200);
  };
  const designerRenames = async (id: string, name: string): Promise<void> => {
    const body = { variables: [{ action: 'UPDATE', id, name }] };
    const res = await emu.call(api === 'figma' ? 'POST' : 'PUT', `/v1/files/${emu.fileKey}/variables`, { body });
    expect(res.status, res.text).toBe(200);
  };

  it('pushes a fresh set into an empty file (figma: 1 GET + 1 POST), and a re-pull gives back the same bytes', async () => {
    await emu.admin.reset('empty');
    await emu.admin.clearRequests();
    const project = createProject(emu);
    cpSync(FIXTURE, path.join(project.root, 'tokens'), { recursive: true });

    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const log = await calls();
    // One read to plan; before each write a fresh read of the file's version and the variables, and
    // after the last the verification read with the version for the lock (docs/sync.md "Several
    // writers"; `pushCalls` says in which order).
    expect(log).toEqual(pushCalls(expected.create));
    expect(await remoteVariables()).toHaveLength(17);

    const fresh = createProject(emu);
    expect((await runCli(['pull'], { cwd: fresh.root, env: fresh.env })).code).toBe(0);
    const original = project.snapshotTokens();
    for (const [rel, text] of fresh.snapshotTokens()) expect(text, rel).toBe(original.get(rel));
  });

  it('applies edits made on both sides in one sync', async () => {
    const project = await pulledProject(emu);
    const rel = 'tokens/semantic/light.tokens.json';
    const light = JSON.parse(project.read(rel));
    light.label.greeting.$value = 'Hello from the repository';
    project.write(rel, `${JSON.stringify(light, null, 2)}\n`);
    const danger = await remoteNamed('color/danger');
    const lightModeId = Object.keys(danger.valuesByMode)[0]!;
    const blue = await remoteNamed('color/blue/500');
    await designerSets(danger.id, lightModeId, { type: 'VARIABLE_ALIAS', id: blue.id });
    await emu.admin.clearRequests();

    const synced = await runCli(['sync'], { cwd: project.root, env: project.env });
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    expect(await writes()).toEqual(expected.update);
    const greeting = await remoteNamed('label/greeting');
    expect(greeting.valuesByMode[lightModeId]).toBe('Hello from the repository');
    expect(JSON.parse(project.read(rel)).color.danger.$value).toBe('{color.blue.500}');
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });

  it('renames on either side keep the variable id', async () => {
    const project = await pulledProject(emu);
    const greeting = await remoteNamed('label/greeting');
    for (const mode of ['light', 'dark']) {
      const rel = `tokens/semantic/${mode}.tokens.json`;
      project.write(rel, project.read(rel).replace('"greeting":', '"welcome":'));
    }
    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.code).toBe(0);
    expect(await writes()).toEqual(expected.update);
    expect((await remoteVariables()).find((v) => v.id === greeting.id)?.name).toBe('label/welcome');

    const danger = await remoteNamed('color/danger');
    await designerRenames(danger.id, 'color/critical');
    await emu.admin.clearRequests();
    expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
    const light = JSON.parse(project.read('tokens/semantic/light.tokens.json'));
    expect(light.color.critical.$value).toBe('{color.red.500}');
    expect(light.color.danger).toBeUndefined();
    expect(JSON.parse(project.read('tokens/sync.lock.json')).variables[danger.id].name).toBe('color/critical');
    expect(await writes()).toEqual([]);
  });

  it('reports a conflict and changes nothing; --prefer repo settles it', async () => {
    const project = await pulledProject(emu);
    const rel = 'tokens/semantic/light.tokens.json';
    const light = JSON.parse(project.read(rel));
    light.label.greeting.$value = 'Hello from the repository';
    project.write(rel, `${JSON.stringify(light, null, 2)}\n`);
    const target = await remoteNamed('label/greeting');
    const lightModeId = Object.keys(target.valuesByMode)[0]!;
    await designerSets(target.id, lightModeId, 'Hello from the design file');
    const before = project.snapshotTokens();
    await emu.admin.clearRequests();

    const synced = await runCli(['sync'], { cwd: project.root, env: project.env });
    expect(synced.code).toBe(3);
    expect(synced.stdout).toContain('Hello from the design file');
    expect(project.snapshotTokens()).toEqual(before);
    expect(await writes()).toEqual([]);

    const preferred = await runCli(['sync', '--prefer', 'repo'], { cwd: project.root, env: project.env });
    expect(preferred.code).toBe(0);
    expect((await remoteNamed('label/greeting')).valuesByMode[lightModeId]).toBe('Hello from the repository');
  });

  it('deletes orphans only with --delete-orphans and only where the API can (figma); dfs keeps reporting them', async () => {
    const project = await pulledProject(emu);
    const rel = 'tokens/semantic/light.tokens.json';
    for (const mode of ['light', 'dark']) {
      const file = `tokens/semantic/${mode}.tokens.json`;
      const doc = JSON.parse(project.read(file));
      delete doc.label.greeting;
      project.write(file, `${JSON.stringify(doc, null, 2)}\n`);
    }
    expect(project.read(rel)).not.toContain('greeting');
    const greeting = await remoteNamed('label/greeting');

    // Never by default.
    const plain = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(plain.code).toBe(0);
    expect(await writes()).toEqual([]);
    expect((await remoteVariables()).some((v) => v.id === greeting.id)).toBe(true);

    // Shown in the plan first.
    const dry = await runCli(['push', '--delete-orphans', '--dry-run'], { cwd: project.root, env: project.env });
    expect(dry.code).toBe(0);
    if (api === 'figma') {
      expect(dry.stdout).toContain('deleted from the design file');
      expect(dry.stdout).toContain(`"action": "DELETE"`);
    } else {
      expect(dry.stdout).not.toContain('DELETE');
    }
    expect(await writes()).toEqual([]);

    await emu.admin.clearRequests();
    const pushed = await runCli(['push', '--delete-orphans'], { cwd: project.root, env: project.env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const stillThere = (await remoteVariables()).some((v) => v.id === greeting.id);
    if (api === 'figma') {
      expect(stillThere).toBe(false);
      // The push's requests (the test's own read of the variables follows them).
      expect((await calls()).slice(0, pushCalls([POST]).length)).toEqual(pushCalls([POST]));
      expect(await writes()).toEqual([POST]);
      // Nothing left: the orphan is gone on both sides.
      const after = await runCli(['diff'], { cwd: project.root, env: project.env });
      expect(after.code).toBe(0);
    } else {
      expect(stillThere).toBe(true);
      expect(await writes()).toEqual([]);
      expect(pushed.stdout).toContain('still exist in the design file (the API cannot delete)');
    }
  });

  it('deletes a mode removed from the repository the same way (figma, --delete-orphans only)', async () => {
    const project = await pulledProject(emu);
    const resolver = JSON.parse(project.read('tokens/tokens.resolver.json'));
    const semantic = resolver.modifiers.semantic;
    delete semantic.contexts.dark;
    semantic.$extensions['dev.tokensync'].modes = semantic.$extensions['dev.tokensync'].modes.filter(
      (m: { name: string }) => m.name !== 'Dark',
    );
    project.write('tokens/tokens.resolver.json', `${JSON.stringify(resolver, null, 2)}\n`);
    rmSync(path.join(project.root, 'tokens/semantic/dark.tokens.json'));
    const modes = async (): Promise<string[]> => {
      const cols = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta
        .variableCollections as Record<string, { name: string; modes: { name: string }[] }>;
      return Object.values(cols)
        .find((c) => c.name === 'semantic')!
        .modes.map((m) => m.name);
    };

    const pushed = await runCli(['push', '--delete-orphans'], { cwd: project.root, env: project.env });
    // The reader warns that a one-mode modifier could be a set; that is all.
    expect(pushed.stderr).not.toContain('error');
    expect(pushed.code).toBe(0);
    if (api === 'figma') {
      expect(await modes()).toEqual(['Light']);
      expect(await writes()).toEqual([POST]);
      expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
    } else {
      expect(await modes()).toEqual(['Light', 'Dark']);
      expect(await writes()).toEqual([]);
    }
  });

  it('deletes a whole collection removed from the repository with one DELETE item (figma only)', async () => {
    const project = await pulledProject(emu);
    const resolver = JSON.parse(project.read('tokens/tokens.resolver.json'));
    delete resolver.modifiers;
    resolver.resolutionOrder = resolver.resolutionOrder.filter(
      (r: { $ref: string }) => r.$ref !== '#/modifiers/semantic',
    );
    project.write('tokens/tokens.resolver.json', `${JSON.stringify(resolver, null, 2)}\n`);
    rmSync(path.join(project.root, 'tokens/semantic'), { recursive: true });
    const names = async (): Promise<string[]> => {
      const cols = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta
        .variableCollections as Record<string, { name: string }>;
      return Object.values(cols).map((c) => c.name);
    };

    const dry = await runCli(['push', '--delete-orphans', '--dry-run'], { cwd: project.root, env: project.env });
    expect(dry.code).toBe(0);
    const pushed = await runCli(['push', '--delete-orphans'], { cwd: project.root, env: project.env });
    expect(pushed.code).toBe(0);
    if (api === 'figma') {
      expect(dry.stdout.match(/"action": "DELETE"/g)).toHaveLength(1);
      expect(await names()).toEqual(['primitives']);
      expect(await writes()).toEqual([POST]);
      expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
    } else {
      expect(await names()).toEqual(['primitives', 'semantic']);
      expect(await writes()).toEqual([]);
    }
  });

  it('sync.deleteOrphans: true in the config does what --delete-orphans does, in a sync', async () => {
    const project = createProject(emu, 'sync:\n  deleteOrphans: true\n');
    expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
    const greeting = await remoteNamed('label/greeting');
    for (const mode of ['light', 'dark']) {
      const file = `tokens/semantic/${mode}.tokens.json`;
      const doc = JSON.parse(project.read(file));
      delete doc.label.greeting;
      project.write(file, `${JSON.stringify(doc, null, 2)}\n`);
    }
    await emu.admin.clearRequests();
    const synced = await runCli(['sync'], { cwd: project.root, env: project.env });
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    expect((await remoteVariables()).some((v) => v.id === greeting.id)).toBe(api !== 'figma');
    expect(await writes()).toEqual(api === 'figma' ? [POST] : []);
  });

  it('never deletes a variable another variable still aliases: an error that names both, before anything is sent', async () => {
    const project = await pulledProject(emu);
    const red = await remoteNamed('color/red/500');
    // After the pull a designer makes color/warning an alias of color/red/500 ...
    const local = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta;
    const col = local.variableCollections[red.variableCollectionId];
    const created =
      api === 'figma'
        ? await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
            body: {
              variables: [
                {
                  action: 'CREATE',
                  id: 'warning',
                  name: 'color/warning',
                  variableCollectionId: col.id,
                  resolvedType: 'COLOR',
                },
              ],
              variableModeValues: [
                { variableId: 'warning', modeId: col.defaultModeId, value: { type: 'VARIABLE_ALIAS', id: red.id } },
              ],
            },
          })
        : await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
            body: {
              variables: [
                {
                  action: 'CREATE',
                  id: 'temp_w',
                  name: 'color/warning',
                  variableCollectionId: col.id,
                  resolvedType: 'COLOR',
                  initialModeValue: { type: 'VARIABLE_ALIAS', id: red.id },
                },
              ],
            },
          });
    expect(created.status, created.text).toBe(200);
    // ... while the repository removes color/red/500 (and color/danger, its other alias).
    const file = 'tokens/primitives/value.tokens.json';
    const doc = JSON.parse(project.read(file));
    delete doc.color.red;
    project.write(file, `${JSON.stringify(doc, null, 2)}\n`);
    for (const mode of ['light', 'dark']) {
      const f = `tokens/semantic/${mode}.tokens.json`;
      const d = JSON.parse(project.read(f));
      delete d.color.danger;
      project.write(f, `${JSON.stringify(d, null, 2)}\n`);
    }
    await emu.admin.clearRequests();

    const pushed = await runCli(['push', '--delete-orphans'], { cwd: project.root, env: project.env });
    expect(pushed.code).toBe(1);
    expect(pushed.stdout + pushed.stderr).toContain(
      '"color/warning" in collection "primitives" aliases "primitives/color/red/500", which was removed from the repository',
    );
    expect(await writes()).toEqual([]);
    expect((await remoteVariables()).some((v) => v.id === red.id)).toBe(true);
  });

  it('keeps what tokensync does not own: hiddenFromPublishing, codeSyntax and the full scope list survive pull and push', async () => {
    const project = await pulledProject(emu);
    const danger = await remoteNamed('color/danger');
    const update = {
      action: 'UPDATE',
      id: danger.id,
      hiddenFromPublishing: true,
      codeSyntax: { WEB: 'var(--ds-danger)', iOS: 'Color.danger' },
      scopes: ['FRAME_FILL', 'SHAPE_FILL', 'STROKE_COLOR'],
    };
    const set = await emu.call(api === 'figma' ? 'POST' : 'PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: { variables: [update] },
    });
    expect(set.status, set.text).toBe(200);

    expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
    const rel = 'tokens/semantic/light.tokens.json';
    const kept = JSON.parse(project.read(rel)).color.danger.$extensions['dev.tokensync'];
    expect(kept).toEqual({
      scopes: ['FRAME_FILL', 'SHAPE_FILL', 'STROKE_COLOR'],
      hiddenFromPublishing: true,
      codeSyntax: { WEB: 'var(--ds-danger)', iOS: 'Color.danger' },
    });
    await emu.admin.clearRequests();
    // A push right after sends nothing: the design file already holds them.
    expect((await runCli(['push'], { cwd: project.root, env: project.env })).code).toBe(0);
    expect(await writes()).toEqual([]);

    // Edited in the repository, they go back to the design file with the rest untouched.
    for (const mode of ['light', 'dark']) {
      const file = `tokens/semantic/${mode}.tokens.json`;
      project.write(file, project.read(file).replace('var(--ds-danger)', 'var(--ds-critical)'));
    }
    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.code).toBe(0);
    expect(await writes()).toEqual(expected.update);
    const after = (await remoteVariables()).find((v) => v.id === danger.id) as RemoteVariable & {
      hiddenFromPublishing: boolean;
      codeSyntax: object;
      scopes: string[];
    };
    expect(after.codeSyntax).toEqual({ WEB: 'var(--ds-critical)', iOS: 'Color.danger' });
    expect(after.hiddenFromPublishing).toBe(true);
    expect(after.scopes).toEqual(['FRAME_FILL', 'SHAPE_FILL', 'STROKE_COLOR']);
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);

    // The CSS build names the custom property after codeSyntax.WEB only when the config says so.
    expect((await runCli(['build', '--platform', 'css'], { cwd: project.root, env: project.env })).code).toBe(0);
    expect(project.read('build/css/tokens.css')).toMatch(/--color-danger: /);
    project.write(
      'config/tokensync.yaml',
      `${project.read('config/tokensync.yaml')}build:\n  webNamesFromCodeSyntax: true\n`,
    );
    expect((await runCli(['build', '--platform', 'css'], { cwd: project.root, env: project.env })).code).toBe(0);
    const css = project.read('build/css/tokens.css');
    expect(css).toMatch(/--ds-critical: /);
    expect(css).not.toMatch(/--color-danger: /);
  });

  it('converges without duplicates when the POST commits and its answer is lost', async () => {
    await emu.admin.reset('empty');
    const project = createProject(emu);
    cpSync(FIXTURE, path.join(project.root, 'tokens'), { recursive: true });
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'commit-then-drop' });
    await emu.admin.clearRequests();

    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.stdout).toContain('re-reading');
    expect(pushed.code).toBe(0);
    // The POST is never sent again: dfs follows with its PUT; figma's one POST already held everything.
    expect(await writes()).toEqual([`${POST} (commit-then-drop)`, ...expected.create.slice(1)]);
    const remote = await remoteVariables();
    expect(remote).toHaveLength(17);
    expect(new Set(remote.map((v) => `${v.variableCollectionId}/${v.name}`)).size).toBe(17);
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });
});

describe("a design file written by another client that follows Figma's conventions", () => {
  const emu = useEmulator({ api: 'figma', seed: 'empty' });

  it('is read back by `tokensync pull`: any temp id strings, the first mode renamed, values in variableModeValues', async () => {
    const res = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variableCollections: [
          { action: 'CREATE', id: 'my_new_collection', name: 'Brand', initialModeId: 'the first mode' },
        ],
        variableModes: [
          { action: 'UPDATE', id: 'the first mode', name: 'Light', variableCollectionId: 'my_new_collection' },
          { action: 'CREATE', id: 'dark!', name: 'Dark', variableCollectionId: 'my_new_collection' },
        ],
        variables: [
          {
            action: 'CREATE',
            id: 'blue',
            name: 'color/blue',
            variableCollectionId: 'my_new_collection',
            resolvedType: 'COLOR',
            description: 'Brand blue',
          },
          {
            action: 'CREATE',
            id: 'ink',
            name: 'color/ink',
            variableCollectionId: 'my_new_collection',
            resolvedType: 'COLOR',
            scopes: ['TEXT_FILL'],
          },
          {
            action: 'CREATE',
            id: '42',
            name: 'radius',
            variableCollectionId: 'my_new_collection',
            resolvedType: 'FLOAT',
            scopes: ['CORNER_RADIUS'],
          },
        ],
        variableModeValues: [
          { variableId: 'blue', modeId: 'the first mode', value: { r: 0, g: 0.4, b: 1, a: 1 } },
          { variableId: 'blue', modeId: 'dark!', value: { r: 0.2, g: 0.6, b: 1, a: 1 } },
          { variableId: 'ink', modeId: 'the first mode', value: { type: 'VARIABLE_ALIAS', id: 'blue' } },
          { variableId: 'ink', modeId: 'dark!', value: { r: 1, g: 1, b: 1, a: 1 } },
          { variableId: '42', modeId: 'the first mode', value: 4 },
          { variableId: '42', modeId: 'dark!', value: 6 },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json.meta.tempIdToRealId).sort()).toEqual([
      '42',
      'blue',
      'dark!',
      'ink',
      'my_new_collection',
      'the first mode',
    ]);

    const project = createProject(emu);
    const pulled = await runCli(['pull'], { cwd: project.root, env: project.env });
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);
    const light = JSON.parse(project.read('tokens/brand/light.tokens.json'));
    const dark = JSON.parse(project.read('tokens/brand/dark.tokens.json'));
    expect(light.color.blue.$description).toBe('Brand blue');
    expect(light.color.blue.$value.hex).toBe('#0066ff');
    expect(dark.color.blue.$value.hex).toBe('#3399ff');
    expect(light.color.ink.$value).toBe('{color.blue}');
    expect(light.color.ink.$extensions['dev.tokensync'].scopes).toEqual(['TEXT_FILL']);
    expect(dark.color.ink.$value.hex).toBe('#ffffff');
    expect([light.radius.$value, dark.radius.$value]).toEqual([
      { value: 4, unit: 'px' },
      { value: 6, unit: 'px' },
    ]);
    // And the repository is in step with the file afterwards.
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });
});

describe('service.url: local with service.api: figma', () => {
  it('runs the embedded local service in the figma dialect: pull, then a push is a no-op', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-e2e-'));
    mkdirSync(path.join(root, 'config'));
    writeFileSync(
      path.join(root, 'config', 'tokensync.yaml'),
      'service:\n  url: local\n  api: figma\n  fileKey: demo\n  seed: demo\n',
    );
    const pulled = await runCli(['pull'], { cwd: root, env: {} });
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);
    const pushed = await runCli(['push'], { cwd: root, env: {} });
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain('push: already in step, nothing to do.');
  });
});
