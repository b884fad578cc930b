/**
 * End to end (docs/sync.md): the real CLI (child process, built dist/) against the real local service
 * over HTTPS on port 0, every request recorded by the service itself.
 */
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { pushCalls, useEmulator } from '../helpers/emulator.js';
import { createProject, pulledProject } from '../helpers/project.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/brand/', import.meta.url));

const emu = useEmulator({ resetEach: 'demo' });

const calls = (): Promise<string[]> => emu.admin.calls();
const writes = async (): Promise<string[]> => (await calls()).filter((c) => !c.startsWith('GET'));

interface RemoteVariable {
  id: string;
  name: string;
  variableCollectionId: string;
  valuesByMode: Record<string, unknown>;
}
const remoteVariables = async (): Promise<RemoteVariable[]> => {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  return Object.values(res.json.meta.variables as Record<string, RemoteVariable>);
};

describe('pull and push against the local service', () => {
  it('pulls the demo file, and a push right after is a no-op: one GET, no write', async () => {
    // Spawned: the smoke test of the real process (bin/tokensync.js) for pull and push (docs/architecture.md "Testing").
    const project = createProject(emu);
    const pulled = await runCli(['pull'], { cwd: project.root, env: project.env, process: true });
    expect(pulled.code).toBe(0);
    expect([...project.snapshotTokens().keys()]).toEqual([
      'tokens/primitives/value.tokens.json',
      'tokens/semantic/dark.tokens.json',
      'tokens/semantic/light.tokens.json',
      'tokens/sync.lock.json',
      'tokens/tokens.resolver.json',
    ]);
    const before = project.snapshotTokens();
    await emu.admin.clearRequests();

    const pushed = await runCli(['push'], { cwd: project.root, env: project.env, process: true });
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain('push: already in step, nothing to do.');
    expect(await calls()).toEqual(['GET /v1/files/:key/variables/local']);
    expect(project.snapshotTokens()).toEqual(before);

    // And a second pull changes no byte.
    expect((await runCli(['pull'], { cwd: project.root, env: project.env, process: true })).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  });

  it('pushes a two-collection, three-mode set with cross-collection aliases into an empty file with one POST and one PUT, and a re-pull gives back the same bytes', async () => {
    await emu.admin.reset('empty');
    await emu.admin.clearRequests();
    const project = createProject(emu);
    cpSync(FIXTURE, path.join(project.root, 'tokens'), { recursive: true });

    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    // One read to plan, one POST, one PUT, each write preceded by a fresh read of the file's version and
    // the variables, and the verification read with the version for the lock after them (docs/sync.md
    // "Several writers"; `pushCalls` says in which order).
    const log = await calls();
    expect(log).toEqual(pushCalls(['POST /v1/files/:key/variables', 'PUT /v1/files/:key/variables']));
    expect(log).toHaveLength(10);
    const remote = await remoteVariables();
    expect(remote).toHaveLength(17);

    const fresh = createProject(emu);
    const pulled = await runCli(['pull'], { cwd: fresh.root, env: fresh.env });
    expect(pulled.code).toBe(0);
    const original = project.snapshotTokens();
    const repulled = fresh.snapshotTokens();
    for (const file of readdirSync(FIXTURE, { recursive: true }) as string[]) {
      if (!file.endsWith('.json')) continue;
      const rel = path.join('tokens', file);
      expect(repulled.get(rel), rel).toBe(original.get(rel));
    }
    // The lock of the pushing project and of the pulling one describe the same remote state.
    expect(repulled.get('tokens/sync.lock.json')).toBe(project.snapshotTokens().get('tokens/sync.lock.json'));
  });

  it('turns a rename in the repository into an UPDATE of the name, not a new variable', async () => {
    const project = await pulledProject(emu);
    const file = 'tokens/semantic/light.tokens.json';
    const countBefore = (await remoteVariables()).length;
    const idBefore = (await remoteVariables()).find((v) => v.name === 'label/greeting')!.id;
    for (const mode of ['light', 'dark']) {
      const rel = `tokens/semantic/${mode}.tokens.json`;
      project.write(rel, project.read(rel).replace('"greeting":', '"welcome":'));
    }
    expect(project.read(file)).toContain('"welcome"');

    const diff = await runCli(['diff'], { cwd: project.root, env: project.env });
    expect(diff.code).toBe(2);
    expect(diff.stdout).toContain('label/greeting');
    expect(diff.stdout).toContain('label/welcome');

    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.code).toBe(0);
    expect(await writes()).toEqual(['PUT /v1/files/:key/variables']);
    const after = await remoteVariables();
    expect(after).toHaveLength(countBefore);
    expect(after.find((v) => v.id === idBefore)?.name).toBe('label/welcome');
  });

  it('moves a token when it is renamed in the design file, keeping its id', async () => {
    const project = await pulledProject(emu);
    const target = (await remoteVariables()).find((v) => v.name === 'color/danger')!;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: { variables: [{ action: 'UPDATE', id: target.id, name: 'color/critical' }] },
    });
    expect(put.status).toBe(200);
    // diff says which files a pull would rewrite, and writes none of them.
    const before = project.snapshotTokens();
    const planned = await runCli(['--json', 'diff'], { cwd: project.root, env: project.env });
    expect(planned.code).toBe(2);
    expect(JSON.parse(planned.stdout).files).toEqual({
      written: ['tokens/semantic/dark.tokens.json', 'tokens/semantic/light.tokens.json'],
      removed: [],
    });
    expect(project.snapshotTokens()).toEqual(before);
    await emu.admin.clearRequests();

    const pulled = await runCli(['pull'], { cwd: project.root, env: project.env });
    expect(pulled.code).toBe(0);
    const light = JSON.parse(project.read('tokens/semantic/light.tokens.json'));
    expect(light.color.critical.$value).toBe('{color.red.500}');
    expect(light.color.danger).toBeUndefined();
    expect(JSON.parse(project.read('tokens/sync.lock.json')).variables[target.id].name).toBe('color/critical');
    expect(await writes()).toEqual([]);
    // Nothing left to do either way.
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });

  it('reports a conflict with both values side by side and changes nothing on either side', async () => {
    const project = await pulledProject(emu);
    const rel = 'tokens/semantic/light.tokens.json';
    const light = JSON.parse(project.read(rel));
    light.label.greeting.$value = 'Hello from the repository';
    project.write(rel, `${JSON.stringify(light, null, 2)}\n`);
    const target = (await remoteVariables()).find((v) => v.name === 'label/greeting')!;
    const lightModeId = Object.keys(target.valuesByMode)[0]!;
    await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [
          {
            action: 'UPDATE',
            id: target.id,
            variableModeValues: [{ modeId: lightModeId, value: 'Hello from the design file' }],
          },
        ],
      },
    });
    const before = project.snapshotTokens();
    await emu.admin.clearRequests();

    const synced = await runCli(['sync'], { cwd: project.root, env: project.env });
    expect(synced.code).toBe(3);
    expect(synced.stdout).toContain('Hello from the repository');
    expect(synced.stdout).toContain('Hello from the design file');
    expect(synced.stdout).toContain('--prefer');
    expect(project.snapshotTokens()).toEqual(before);
    expect(await writes()).toEqual([]);
    expect((await remoteVariables()).find((v) => v.id === target.id)!.valuesByMode[lightModeId]).toBe(
      'Hello from the design file',
    );

    // --prefer repo settles it in favour of the file.
    const preferred = await runCli(['sync', '--prefer', 'repo'], { cwd: project.root, env: project.env });
    expect(preferred.code).toBe(0);
    expect((await remoteVariables()).find((v) => v.id === target.id)!.valuesByMode[lightModeId]).toBe(
      'Hello from the repository',
    );
  });

  it('keeps edits made in the design file on push, and overwrites them only with --force', async () => {
    const project = await pulledProject(emu);
    const target = (await remoteVariables()).find((v) => v.name === 'label/greeting')!;
    const [lightModeId] = Object.keys(target.valuesByMode);
    await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [
          {
            action: 'UPDATE',
            id: target.id,
            variableModeValues: [{ modeId: lightModeId, value: 'Edited by a designer' }],
          },
        ],
      },
    });
    await emu.admin.clearRequests();

    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.code).toBe(0);
    expect(await writes()).toEqual([]);
    expect((await remoteVariables()).find((v) => v.id === target.id)!.valuesByMode[lightModeId!]).toBe(
      'Edited by a designer',
    );

    const forced = await runCli(['push', '--force'], { cwd: project.root, env: project.env });
    expect(forced.code).toBe(0);
    expect(await writes()).toEqual(['PUT /v1/files/:key/variables']);
    expect((await remoteVariables()).find((v) => v.id === target.id)!.valuesByMode[lightModeId!]).toBe('Hello');
  });

  it('converges without duplicates when the POST commits and the connection drops before the answer', async () => {
    await emu.admin.reset('empty');
    const project = createProject(emu);
    cpSync(FIXTURE, path.join(project.root, 'tokens'), { recursive: true });
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'commit-then-drop' });
    await emu.admin.clearRequests();

    const pushed = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(pushed.stdout).toContain('re-reading');
    expect(pushed.code).toBe(0);
    // The POST is never sent again: the re-read adopts what it created, and only the PUT follows.
    expect(await writes()).toEqual([
      'POST /v1/files/:key/variables (commit-then-drop)',
      'PUT /v1/files/:key/variables',
    ]);
    const remote = await remoteVariables();
    expect(remote).toHaveLength(17);
    expect(new Set(remote.map((v) => `${v.variableCollectionId}/${v.name}`)).size).toBe(17);
    const collections = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta
      .variableCollections;
    expect(Object.keys(collections)).toHaveLength(2);
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });

  it('diff --json gives the versioned plan and exits 2; check --remote flags the drift for CI', async () => {
    const project = await pulledProject(emu);
    const rel = 'tokens/primitives/value.tokens.json';
    project.write(rel, project.read(rel).replace('"value": 8,', '"value": 10,'));

    const diff = await runCli(['--json', 'diff'], { cwd: project.root, env: project.env });
    expect(diff.code).toBe(2);
    const out = JSON.parse(diff.stdout);
    expect(out.plan.version).toBe(1);
    expect(out.plan.requests.map((r: { method: string }) => r.method)).toEqual(['PUT']);
    expect(JSON.stringify(out.plan.requests[0].body)).toContain('"value":10');

    const dry = await runCli(['diff', '--dry-run'], { cwd: project.root, env: project.env });
    expect(dry.code).toBe(2);
    expect(dry.stdout).toContain('PUT /v1/files/:file_key/variables');

    const check = await runCli(['check', '--remote'], { cwd: project.root, env: project.env });
    expect(check.code).toBe(2);
    expect(check.stdout).toContain('Drift');
    expect(await writes()).toEqual([]);
  });

  it('fails with the METHOD URL and status on a rejected token, and never prints the token', async () => {
    const project = createProject({
      url: emu.url,
      caFile: emu.caFile,
      fileKey: emu.fileKey,
      token: 'tok_wrong_0123456789abcdef',
    });
    const res = await runCli(['pull'], { cwd: project.root, env: project.env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`GET ${emu.url}/v1/files/${emu.fileKey}/variables/local`);
    expect(res.stderr).toContain('403');
    expect(res.stderr + res.stdout).not.toContain('tok_wrong_0123456789abcdef');
    expect(project.snapshotTokens().size).toBe(0);
  });
});
