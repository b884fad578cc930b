/**
 * The `tokensync emulator` command as tools use it: a child process, its one ready line on stdout,
 * HTTPS trusted through caFile, state kept across a restart with --data, and a clean stop on SIGTERM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { spawnEmulatorCli, type SpawnedEmulator } from '../helpers/emulator.js';

const running: SpawnedEmulator[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
});

async function start(args: string[]): Promise<SpawnedEmulator> {
  const e = await spawnEmulatorCli(args);
  running.push(e);
  return e;
}

async function call(
  e: SpawnedEmulator,
  method: string,
  path: string,
  body?: unknown,
  header = 'x-service-token',
): Promise<{ status: number; json: any }> {
  const dispatcher = new Agent({ connect: { ca: await readFile(e.ready.caFile, 'utf8') } });
  const res = await request(`${e.ready.url}${path}`, {
    method: method as 'GET',
    headers: { [header]: e.ready.token, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    dispatcher,
  });
  const text = await res.body.text();
  await dispatcher.close();
  return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
}

describe('tokensync emulator', () => {
  it("--api figma speaks Figma's REST API: X-Figma-Token, no PUT, the same ready line", async () => {
    const e = await start(['--api', 'figma']);
    expect(Object.keys(JSON.parse(e.stdout[0]!)).sort()).toEqual([
      'adminToken',
      'caFile',
      'fileKey',
      'teamId',
      'token',
      'url',
    ]);
    const path = `/v1/files/${e.ready.fileKey}/variables`;
    expect((await call(e, 'GET', `${path}/local`, undefined, 'x-figma-token')).status).toBe(200);
    expect((await call(e, 'GET', `${path}/local`)).status).toBe(403);
    expect((await call(e, 'PUT', path, { variables: [] }, 'x-figma-token')).status).toBe(405);
  });

  it('prints exactly the contract fields on one stdout line and serves HTTPS trusted through caFile', async () => {
    const e = await start([]);
    expect(Object.keys(JSON.parse(e.stdout[0]!)).sort()).toEqual([
      'adminToken',
      'caFile',
      'fileKey',
      'teamId',
      'token',
      'url',
    ]);
    expect(e.ready.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await readFile(e.ready.caFile, 'utf8')).toContain('-----BEGIN CERTIFICATE-----');
    const vars = await call(e, 'GET', `/v1/files/${e.ready.fileKey}/variables/local`);
    expect(vars.status).toBe(200);
    expect(Object.keys(vars.json.meta.variableCollections)).toHaveLength(2);
    expect(await e.stop('SIGTERM')).toBe(0);
    expect(e.stdout).toHaveLength(1);
  });

  it('--seed empty starts with a file without variables', async () => {
    const e = await start(['--seed', 'empty']);
    const vars = await call(e, 'GET', `/v1/files/${e.ready.fileKey}/variables/local`);
    expect(vars.json.meta).toEqual({ variables: {}, variableCollections: {} });
    expect(await e.stop('SIGINT')).toBe(0);
  });

  it('keeps state, file key and tokens across a restart with --data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tokensync-emu-data-'));
    const data = join(dir, 'state.json');
    const first = await start(['--data', data]);
    const created = await call(first, 'POST', `/v1/files/${first.ready.fileKey}/variables`, {
      variableCollections: [{ action: 'CREATE', id: 'temp_c', name: 'kept', initialModeId: 'temp_m' }],
      variableModes: [{ action: 'CREATE', id: 'temp_m', name: 'Default', variableCollectionId: 'temp_c' }],
    });
    expect(created.status).toBe(200);
    const version = (await call(first, 'GET', `/v1/files/${first.ready.fileKey}?depth=1`)).json.version;
    expect(await first.stop()).toBe(0);
    expect((await stat(data)).mode & 0o777).toBe(0o600);

    const second = await start(['--data', data]);
    expect(second.ready.fileKey).toBe(first.ready.fileKey);
    expect(second.ready.token).toBe(first.ready.token);
    expect(second.ready.adminToken).toBe(first.ready.adminToken);
    const names = Object.values(
      (await call(second, 'GET', `/v1/files/${second.ready.fileKey}/variables/local`)).json.meta.variableCollections,
    ).map((c) => (c as { name: string }).name);
    expect(names).toContain('kept');
    expect((await call(second, 'GET', `/v1/files/${second.ready.fileKey}?depth=1`)).json.version).toBe(version);
  });

  it('fails with a clear message on a bad --port', async () => {
    await expect(spawnEmulatorCli(['--port', 'abc'])).rejects.toThrow(
      /--port must be a whole number from 0 to 65535 \(got "abc"\)/,
    );
  });

  it('fails with a clear message on a corrupt --data file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tokensync-emu-data-'));
    const data = join(dir, 'state.json');
    await (await import('node:fs/promises')).writeFile(data, '{"schema": 1');
    await expect(spawnEmulatorCli(['--data', data])).rejects.toThrow(/state\.json is not valid JSON/);
  });
});
