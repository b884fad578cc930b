/**
 * Extended collections end to end (docs/overrides.md §4-§7), figma dialect: the real CLI (dist/)
 * against the real local service over HTTPS. A design file whose `semantic` collection has two
 * extensions: `semantic / brand` overriding color/primary in Light only (a per-mode override, which
 * token files cannot hold) and `semantic / acme` overriding color/background with one value in every
 * mode. Every request body tokensync sends is validated against @figma/rest-api-spec.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { applyTempIds, compilePlan } from '../../src/sync/plan.js';
import { remoteToModel } from '../../src/sync/remote.js';
import { checkRequest } from '../figma-spec/spec.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';

interface WireCollection {
  id: string;
  name: string;
  modes: { modeId: string; name: string }[];
  variableOverrides?: Record<string, Record<string, unknown>>;
}

const RED = { r: 1, g: 0, b: 0, a: 1 };
const GREEN = { r: 0, g: 1, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };

async function wire(emu: TestEmulator) {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  return res.json.meta as {
    variables: Record<string, { id: string; name: string; variableCollectionId: string }>;
    variableCollections: Record<string, WireCollection>;
  };
}
const collection = (w: Awaited<ReturnType<typeof wire>>, name: string) =>
  Object.values(w.variableCollections).find((c) => c.name === name)!;
const variable = (w: Awaited<ReturnType<typeof wire>>, name: string) => {
  const semantic = collection(w, 'semantic');
  return Object.values(w.variables).find((v) => v.name === name && v.variableCollectionId === semantic.id)!;
};

/** The designer extends `semantic` twice, through Figma's API. */
async function extend(emu: TestEmulator): Promise<void> {
  const w = await wire(emu);
  const semantic = collection(w, 'semantic');
  const [light, dark] = semantic.modes;
  const res = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
    body: {
      variableCollections: [
        {
          action: 'CREATE',
          id: 'brand',
          name: 'semantic / brand',
          parentVariableCollectionId: semantic.id,
          initialModeIdToParentModeIdMapping: { b_light: light!.modeId, b_dark: dark!.modeId },
        },
        {
          action: 'CREATE',
          id: 'acme',
          name: 'semantic / acme',
          parentVariableCollectionId: semantic.id,
          initialModeIdToParentModeIdMapping: { a_light: light!.modeId, a_dark: dark!.modeId },
        },
      ],
      variableModeValues: [
        { variableId: variable(w, 'color/primary').id, modeId: 'b_light', value: RED },
        { variableId: variable(w, 'color/background').id, modeId: 'a_light', value: GREEN },
        { variableId: variable(w, 'color/background').id, modeId: 'a_dark', value: GREEN },
      ],
    },
  });
  expect(res.status, res.text).toBe(200);
}

const lockOf = (project: TestProject) =>
  JSON.parse(readFileSync(path.join(project.root, 'tokens', 'sync.lock.json'), 'utf8')) as {
    collections: Record<string, { name: string; parentId?: string; parentModes?: Record<string, string> }>;
    variables: Record<string, { name: string; fields: { overrides?: Record<string, Record<string, string>> } }>;
  };

describe('extended collections, figma dialect, through the CLI', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'demo' });

  it('pull keeps every override: the lock holds each extension with its parent and every override, and the per-mode one is named', async () => {
    await extend(emu);
    const project = createProject(emu);
    const pulled = await runCli(['pull'], { cwd: project.root, env: project.env });
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain(
      'Per-mode overrides kept as the design file holds them (token files hold one value per context; docs/overrides.md §4): semantic / brand: color/primary (Light #ff0000, Dark inherits).',
    );
    const w = await wire(emu);
    const lock = lockOf(project);
    const semantic = collection(w, 'semantic');
    const brand = collection(w, 'semantic / brand');
    const acme = collection(w, 'semantic / acme');
    expect(lock.collections[brand.id]).toMatchObject({ name: 'semantic / brand', parentId: semantic.id });
    expect(lock.collections[acme.id]?.parentModes).toEqual({
      [acme.modes[0]!.modeId]: semantic.modes[0]!.modeId,
      [acme.modes[1]!.modeId]: semantic.modes[1]!.modeId,
    });
    expect(Object.keys(lock.variables[variable(w, 'color/primary').id]?.fields.overrides?.[brand.id] ?? {})).toEqual([
      'Light',
    ]);
    expect(Object.keys(lock.variables[variable(w, 'color/background').id]?.fields.overrides?.[acme.id] ?? {})).toEqual([
      'Dark',
      'Light',
    ]);
    const diff = await runCli(['diff'], { cwd: project.root, env: project.env });
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('semantic / brand: color/primary (Light #ff0000, Dark inherits)');
  });

  it('a second push sends nothing, --force neither: overrides are never pushed over or deleted', async () => {
    await extend(emu);
    const project = createProject(emu);
    expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
    await emu.admin.clearRequests();
    for (const args of [['push'], ['push', '--force']]) {
      const pushed = await runCli(args, { cwd: project.root, env: project.env });
      expect(pushed.stderr).toBe('');
      expect(pushed.code).toBe(0);
    }
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual([]);
    const w = await wire(emu);
    expect(collection(w, 'semantic / brand').variableOverrides).toEqual({
      [variable(w, 'color/primary').id]: { [collection(w, 'semantic / brand').modes[0]!.modeId]: RED },
    });
  });

  it('an override edited in the design file is a change (diff exits 2); pull takes it and the lock follows', async () => {
    await extend(emu);
    const project = createProject(emu);
    expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
    const before = lockOf(project);
    let w = await wire(emu);
    const acme = collection(w, 'semantic / acme');
    const bg = variable(w, 'color/background');
    const res = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
      body: { variableModeValues: acme.modes.map((m) => ({ variableId: bg.id, modeId: m.modeId, value: BLUE })) },
    });
    expect(res.status, res.text).toBe(200);
    const diff = await runCli(['diff', '--json'], { cwd: project.root, env: project.env });
    expect(diff.code).toBe(2);
    const json = JSON.parse(diff.stdout);
    expect(json.toService).toEqual([]);
    expect(json.toRepo.map((c: any) => `${c.variable} ${c.field} ${c.extension} ${c.mode}`)).toEqual([
      'color/background override semantic / acme Light',
      'color/background override semantic / acme Dark',
    ]);
    expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
    w = await wire(emu);
    const after = lockOf(project).variables[bg.id]?.fields.overrides?.[acme.id];
    expect(after).not.toEqual(before.variables[bg.id]?.fields.overrides?.[acme.id]);
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });
});

describe('a repository-made extension, planned and sent by the real client', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'demo' });

  it('is one POST that validates against @figma/rest-api-spec, the service takes it, and the plan is then empty', async () => {
    const client = createClient({
      baseUrl: emu.url,
      ca: emu.ca,
      auth: { kind: 'token', token: emu.token },
      api: 'figma',
    });
    try {
      const remote = remoteToModel(await client.getLocalVariables(emu.fileKey));
      const target = structuredClone(remote);
      const semantic = target.collections.find((c) => c.name === 'semantic')!;
      target.collections.push({
        name: 'semantic / acme',
        modes: semantic.modes.map((m) => ({ name: m.name })),
        defaultMode: semantic.defaultMode,
        parent: 'semantic',
      });
      const primary = target.variables.find((v) => v.collection === 'semantic' && v.name === 'color/primary')!;
      primary.overrides = {
        'semantic / acme': {
          Light: { ...GREEN },
          Dark: { alias: { collection: 'primitives', name: 'color/red/600' } },
        },
      };
      const plan = compilePlan(remote, target, { dialect: 'figma' });
      expect(plan.requests).toHaveLength(1);
      const [request] = plan.requests;
      expect(checkRequest('POST', `/v1/files/${emu.fileKey}/variables`, request!.body)).toBeNull();
      await client.writeVariables(emu.fileKey, request!);
      const after = remoteToModel(await client.getLocalVariables(emu.fileKey));
      expect(after.collections.find((c) => c.name === 'semantic / acme')?.parent).toBe('semantic');
      expect(after.variables.find((v) => v.id === primary.id)?.overrides).toEqual(primary.overrides);
      expect(compilePlan(after, target, { dialect: 'figma' }).requests).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('with a new parent in an empty file: the parent first, then the extension and its overrides in a second POST (Figma applies collections before modes)', async () => {
    await emu.admin.reset('empty');
    const client = createClient({
      baseUrl: emu.url,
      ca: emu.ca,
      auth: { kind: 'token', token: emu.token },
      api: 'figma',
    });
    try {
      const remote = remoteToModel(await client.getLocalVariables(emu.fileKey));
      const target = {
        collections: [
          { name: 'tokens', modes: [{ name: 'light' }, { name: 'dark' }], defaultMode: 'light' },
          {
            name: 'tokens / acme',
            modes: [{ name: 'light' }, { name: 'dark' }],
            defaultMode: 'light',
            parent: 'tokens',
          },
        ],
        variables: [
          {
            collection: 'tokens',
            name: 'color/accent',
            type: 'COLOR' as const,
            description: '',
            scopes: ['ALL_SCOPES'],
            values: { light: { ...BLUE }, dark: { ...RED } },
            overrides: { 'tokens / acme': { light: { ...GREEN }, dark: { ...GREEN } } },
          },
        ],
      };
      const plan = compilePlan(remote, target, { dialect: 'figma' });
      expect(plan.requests).toHaveLength(2);
      let mapping: Record<string, string> = {};
      for (const request of plan.requests) {
        const body = applyTempIds(request.body, mapping);
        expect(checkRequest('POST', `/v1/files/${emu.fileKey}/variables`, body)).toBeNull();
        mapping = { ...mapping, ...(await client.writeVariables(emu.fileKey, { method: 'POST', body })) };
      }
      const after = remoteToModel(await client.getLocalVariables(emu.fileKey));
      expect(after.variables[0]?.overrides).toEqual(target.variables[0]?.overrides);
      expect(compilePlan(after, target, { dialect: 'figma' }).requests).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
