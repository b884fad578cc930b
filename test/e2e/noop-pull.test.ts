/**
 * A pull or sync with nothing to pull (docs/sync.md "Formatting drift"): the real CLI against the
 * real local service over HTTPS. It writes nothing and sends one GET; a file whose layout was
 * changed by hand (a formatter) is left as it is; an edit that leaves the model as it is stays, also
 * when a pull has something to write (docs/token-files.md "How a pull edits your files").
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { pulledProject, type TestProject } from '../helpers/project.js';

const emu = useEmulator({ resetEach: 'demo' });

const LIGHT = 'tokens/semantic/light.tokens.json';
const calls = (): Promise<string[]> => emu.admin.calls();

const run = (project: TestProject, ...args: string[]) => runCli(args, { cwd: project.root, env: project.env });

describe('sync and pull with nothing to pull', () => {
  it('write no file, not even the lock, and send one GET', async () => {
    const project = await pulledProject(emu);
    const before = project.snapshotTokens();
    const lockTime = statSync(path.join(project.root, 'tokens/sync.lock.json')).mtimeMs;

    const synced = await run(project, 'sync');
    expect(synced.code).toBe(0);
    expect(synced.stdout).toContain('already in step');
    expect((await run(project, 'pull')).code).toBe(0);

    expect(await calls()).toEqual(['GET /v1/files/:key/variables/local', 'GET /v1/files/:key/variables/local']);
    expect(project.snapshotTokens()).toEqual(before);
    expect(statSync(path.join(project.root, 'tokens/sync.lock.json')).mtimeMs).toBe(lockTime);
  });

  it('leave a token file or the resolver whose formatting was changed by hand (a formatter is not drift)', async () => {
    const project = await pulledProject(emu);
    project.write(LIGHT, `${JSON.stringify(JSON.parse(project.read(LIGHT)), null, 4)}\n`);
    project.write(
      'tokens/tokens.resolver.json',
      JSON.stringify(JSON.parse(project.read('tokens/tokens.resolver.json'))),
    );
    const before = project.snapshotTokens();

    const diff = await run(project, 'diff');
    expect(diff.stdout).not.toContain(`write  ${LIGHT}`);
    expect(diff.stdout).not.toContain('write  tokens/tokens.resolver.json');

    expect((await run(project, 'pull')).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  });

  it('keep an edit that changes no token (an empty group), also when a pull has something to write', async () => {
    const project = await pulledProject(emu);
    const edited = project.read(LIGHT).replace(/\n}\n$/, ',\n  "unused": {}\n}\n');
    expect(edited).not.toBe(project.read(LIGHT));
    project.write(LIGHT, edited);

    expect((await run(project, 'sync')).code).toBe(0);
    expect(project.read(LIGHT)).toBe(edited);

    // The design file changes a description: that pull edits that token and keeps the group.
    const target = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables;
    const id = Object.values(target as Record<string, { id: string; name: string }>).find(
      (v) => v.name === 'color/danger',
    )!.id;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: { variables: [{ action: 'UPDATE', id, description: 'Errors' }] },
    });
    expect(put.status).toBe(200);
    expect((await run(project, 'pull')).code).toBe(0);
    expect(project.read(LIGHT)).toBe(
      edited.replace('"$value": "{color.red.500}"\n', '"$value": "{color.red.500}",\n      "$description": "Errors"\n'),
    );
  });
});
