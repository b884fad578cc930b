/**
 * The in-step cache of pull, push and sync (docs/caching.md "pull, push and sync"): the real CLI
 * against the real local service over HTTPS. After a run that found both sides in step, an
 * unchanged repository and an unchanged answer of the service are told from one GET; a one-byte
 * change on either side (a token file, the config, a value, a description, a mode's name) takes the
 * full path and does what it does today. To tell a replay from a full run, the tests edit the kept
 * text: only a replay prints the edited text.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { pulledProject, type TestProject } from '../helpers/project.js';

const emu = useEmulator({ resetEach: 'demo' });

const ENTRY = '.tokensync/cache/in-step.json';
const LIGHT = 'tokens/semantic/light.tokens.json';
const PRIMITIVES = 'tokens/primitives/value.tokens.json';
const KEPT = 'KEPT';

const run = (project: TestProject, ...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
/** The result, without the progress line a run prints first (the same for a replay and a full run). */
const result = (stdout: string): string => stdout.replace(/^reading variables of \S+\n/, '');

/** A pulled project whose `sync` found both sides in step and kept that, the kept texts marked. */
async function inStepProject(): Promise<TestProject> {
  const project = await pulledProject(emu);
  expect(existsSync(path.join(project.root, ENTRY))).toBe(false);
  const synced = await run(project, 'sync');
  expect(synced.stdout).toContain('sync: already in step, nothing to do.');
  const file = path.join(project.root, ENTRY);
  const entry = JSON.parse(readFileSync(file, 'utf8'));
  for (const mode of ['pull', 'push', 'sync']) entry.value.texts[mode] = `${mode}: ${KEPT}`;
  writeFileSync(file, JSON.stringify(entry));
  await emu.admin.clearRequests();
  return project;
}

type Meta = {
  variables: Record<string, { id: string; name: string; variableCollectionId: string }>;
  variableCollections: Record<string, { id: string; name: string; modes: { modeId: string; name: string }[] }>;
};

async function meta(): Promise<Meta> {
  return (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta as Meta;
}

async function put(body: unknown): Promise<void> {
  const res = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, { body });
  expect(res.text).toBe(res.status === 200 ? res.text : '');
}

async function danger(): Promise<{ id: string; modeId: string; collectionId: string }> {
  const m = await meta();
  const v = Object.values(m.variables).find((x) => x.name === 'color/danger')!;
  const modeId = m.variableCollections[v.variableCollectionId]!.modes[0]!.modeId;
  return { id: v.id, modeId, collectionId: v.variableCollectionId };
}

describe('the in-step cache', () => {
  it('tells pull and push from one GET after a sync found both sides in step, and keeps no result of a run that wrote', async () => {
    const project = await pulledProject(emu);
    // The pull that wrote the files kept nothing; the sync after it finds them in step and keeps that.
    expect(existsSync(path.join(project.root, ENTRY))).toBe(false);
    const synced = await run(project, 'sync');
    const pulled = await run(project, 'pull');
    expect(pulled.stdout).toBe(synced.stdout.replace('sync:', 'pull:'));
    const pushed = await run(project, 'push', '--json');
    expect(JSON.parse(pushed.stdout)).toMatchObject({ mode: 'push', outcome: 'applied', requests: { requests: 1 } });
    expect(readFileSync(path.join(project.root, '.tokensync/cache/.gitignore'), 'utf8')).toContain('*');

    const marked = await inStepProject();
    const before = marked.snapshotTokens();
    expect(result((await run(marked, 'pull')).stdout)).toBe(`pull: ${KEPT}\n`);
    expect(result((await run(marked, 'push')).stdout)).toBe(`push: ${KEPT}\n`);
    expect(await emu.admin.calls()).toEqual([
      'GET /v1/files/:key/variables/local',
      'GET /v1/files/:key/variables/local',
    ]);
    expect(marked.snapshotTokens()).toEqual(before);
  });

  it('takes the full path after one byte of a token file changed, and pushes it', async () => {
    const project = await inStepProject();
    project.write(PRIMITIVES, project.read(PRIMITIVES).replace('"Brand blue"', '"Brand blué"'));
    const pushed = await run(project, 'push');
    expect(pushed.stdout).not.toContain(KEPT);
    expect(pushed.stderr).toBe('');
    expect(result(pushed.stdout)).toMatch(/^push: sent 1 write request\(s\)/m);
  });

  it('takes the full path after the config changed', async () => {
    const project = await inStepProject();
    const config = path.join(project.root, 'config/tokensync.yaml');
    writeFileSync(config, `${readFileSync(config, 'utf8')}build:\n  outDir: out\n`);
    const pulled = await run(project, 'pull');
    expect(result(pulled.stdout)).toBe('pull: already in step, nothing to do.\n');
  });

  const remote: [string, () => Promise<void>, (project: TestProject) => void][] = [
    [
      'a value',
      async () => {
        const d = await danger();
        await put({
          variables: [
            {
              action: 'UPDATE',
              id: d.id,
              variableModeValues: [{ modeId: d.modeId, value: { r: 0.5, g: 0.5, b: 0.5, a: 1 } }],
            },
          ],
        });
      },
      (p) => expect(p.read(LIGHT)).toContain('#808080'),
    ],
    [
      'a description',
      async () => put({ variables: [{ action: 'UPDATE', id: (await danger()).id, description: 'Errors!' }] }),
      (p) => expect(p.read(LIGHT)).toContain('Errors!'),
    ],
    [
      "a mode's name",
      async () => {
        const d = await danger();
        await put({
          variableModes: [{ action: 'UPDATE', id: d.modeId, name: 'Day', variableCollectionId: d.collectionId }],
        });
      },
      (p) => expect(p.read('tokens/tokens.resolver.json')).toContain('"Day"'),
    ],
  ];
  it.each(remote)(
    'takes the full path after %s changed in the design file, and pulls it',
    async (_what, change, pulledIt) => {
      const project = await inStepProject();
      await change();
      const pulled = await run(project, 'pull');
      expect(pulled.code).toBe(0);
      expect(pulled.stdout).not.toContain(KEPT);
      expect(pulled.stdout).toContain('pull: wrote');
      pulledIt(project);
    },
  );

  it('keeps what a pull and a push of the same two states said, each for itself', async () => {
    const project = await pulledProject(emu);
    await run(project, 'pull');
    await run(project, 'push');
    const entry = JSON.parse(readFileSync(path.join(project.root, ENTRY), 'utf8'));
    expect(Object.keys(entry.value.texts).sort()).toEqual(['pull', 'push']);
    await emu.admin.clearRequests();
    expect(result((await run(project, 'pull')).stdout)).toBe('pull: already in step, nothing to do.\n');
    expect(result((await run(project, 'push')).stdout)).toBe('push: already in step, nothing to do.\n');
    expect(await emu.admin.calls()).toEqual([
      'GET /v1/files/:key/variables/local',
      'GET /v1/files/:key/variables/local',
    ]);
  });

  it('--no-cache takes the full path and leaves the kept result as it is', async () => {
    const project = await inStepProject();
    const entry = readFileSync(path.join(project.root, ENTRY), 'utf8');
    expect(result((await run(project, 'pull', '--no-cache')).stdout)).toBe('pull: already in step, nothing to do.\n');
    expect(readFileSync(path.join(project.root, ENTRY), 'utf8')).toBe(entry);
    expect((await run(project, 'diff')).stdout).not.toContain(KEPT);
  });

  it('refuses a broken token file before any request, also with a result kept for the files before the edit', async () => {
    const project = await inStepProject();
    const file = path.join(project.root, LIGHT);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"$value"', '"$valeu"'));
    for (const mode of ['pull', 'push', 'sync']) {
      const r = await run(project, mode);
      expect(r.code).toBe(1);
      expect(r.stdout).not.toContain(KEPT);
      expect(r.stderr).toContain(LIGHT);
    }
    expect(await emu.admin.calls()).toEqual([]);
  });
});
