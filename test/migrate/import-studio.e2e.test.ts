/**
 * `tokensync import tokens-studio` end to end on a real Tokens Studio repository (Workday Canvas, ISC;
 * test/fixtures/migrate/workday-canvas/README.md): the real CLI imports it, `check` is clean, `build`
 * writes every platform, a push into an empty design file (figma dialect, local service) and a pull
 * back change no byte, and a second repository imported from the same files binds to the variables
 * already there: its first push creates nothing and updates what differs (docs/migration.md
 * "Variables kept").
 */
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';

const WORKDAY = fileURLToPath(new URL('../fixtures/migrate/workday-canvas/tokens/', import.meta.url));

interface RemoteVariable {
  id: string;
  name: string;
  variableCollectionId: string;
  valuesByMode: Record<string, unknown>;
}

async function imported(project: TestProject): Promise<void> {
  cpSync(WORKDAY, path.join(project.root, 'legacy'), { recursive: true });
  const res = await runCli(['import', 'tokens-studio', 'legacy'], { cwd: project.root, env: project.env });
  expect(res.stderr).toBe('');
  expect(res.code).toBe(0);
}

describe('import tokens-studio: Workday Canvas through check, build, push and pull', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'empty' });
  // Explicit fields: a spread of the useEmulator handle copies nothing.
  const project = (): TestProject =>
    createProject({ url: emu.url, caFile: emu.caFile, token: emu.token, fileKey: emu.fileKey, api: 'figma' });
  const remoteVariables = async (): Promise<RemoteVariable[]> => {
    const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    expect(res.status).toBe(200);
    return Object.values(res.json.meta.variables as Record<string, RemoteVariable>);
  };

  it('imports, checks clean, builds, pushes into an empty file and pulls back the same bytes', async () => {
    const p = project();
    await imported(p);
    expect(readdirSync(path.join(p.root, 'tokens')).sort()).toEqual([
      'base',
      'brand',
      'system',
      'tokens.resolver.json',
    ]);
    const checked = await runCli(['check'], { cwd: p.root, env: p.env });
    expect(checked.stdout.trim()).toBe('521 tokens (67 repository-only) in 3 collections: no problems.');
    expect(checked.code).toBe(0);
    const built = await runCli(['build'], { cwd: p.root, env: p.env });
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);

    const before = p.snapshotTokens();
    const pushed = await runCli(['push'], { cwd: p.root, env: p.env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    expect(await remoteVariables()).toHaveLength(521 - 67);
    const pulled = await runCli(['pull'], { cwd: p.root, env: p.env });
    expect(pulled.code).toBe(0);
    const after = p.snapshotTokens();
    after.delete(path.join('tokens', 'sync.lock.json'));
    expect(after).toEqual(before);
  }, 120_000); // several CLI runs on a shared 2-core machine

  it('binds a second import to the variables the file already has: no CREATE, the one difference updated', async () => {
    const first = project();
    await imported(first);
    expect((await runCli(['push'], { cwd: first.root, env: first.env })).code).toBe(0);
    const variables = await remoteVariables();
    // A designer changed one value since the Tokens Studio export.
    const target = variables.find((v) => v.name === 'space/x4')!;
    const [modeId] = Object.keys(target.valuesByMode);
    const set = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
      body: { variableModeValues: [{ variableId: target.id, modeId, value: 99 }] },
    });
    expect(set.status, set.text).toBe(200);

    const second = project();
    await imported(second);
    const refused = await runCli(['push'], { cwd: second.root, env: second.env });
    expect(refused.code).toBe(3);
    const pushed = await runCli(['push', '--prefer', 'repo'], { cwd: second.root, env: second.env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const after = await remoteVariables();
    expect(after.map((v) => v.id).sort()).toEqual(variables.map((v) => v.id).sort());
    expect(after.find((v) => v.id === target.id)!.valuesByMode[modeId!]).toBe(16);
  }, 120_000); // several CLI runs on a shared 2-core machine
});
