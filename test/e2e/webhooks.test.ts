/**
 * `tokensync webhooks`: the real CLI receiver over HTTPS, registered with the local service, pulls
 * when the design file changes; a wrong passcode is refused; the passcode is never printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority } from '../../src/emulator/cert.js';
import { passcodeMatches } from '../../src/webhooks/receiver.js';
import { BIN, runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';

const PASSCODE = 'hook-passcode-7f3a9c2e51d04b8a';
const ca = createCertificateAuthority('tokensync test receivers');
let emu: TestEmulator;
let project: TestProject;
let serve: ChildProcess;
let serveOut = '';
let receiverUrl = '';

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}; receiver output:\n${serveOut}`);
}

beforeAll(async () => {
  emu = await startTestEmulator({ trustCa: [ca.cert] });
  project = createProject(emu);
  project.env['HOOK_PASS'] = PASSCODE;
  expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
  const tls = ca.issue(['127.0.0.1']);
  writeFileSync(path.join(project.root, 'hook.crt'), tls.cert);
  writeFileSync(path.join(project.root, 'hook.key'), tls.key, { mode: 0o600 });
  serve = spawn(
    process.execPath,
    [BIN, 'webhooks', 'serve', '--cert', 'hook.crt', '--key', 'hook.key', '--passcode', 'env:HOOK_PASS'],
    {
      cwd: project.root,
      env: { PATH: process.env['PATH'] ?? '', CI: 'true', ...project.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  serve.stderr!.on('data', (d: Buffer) => (serveOut += d.toString()));
  receiverUrl = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: serve.stdout! });
    lines.on('line', (line) => {
      serveOut += `${line}\n`;
      if (!receiverUrl && line.startsWith('{')) resolve((JSON.parse(line) as { url: string }).url);
    });
    serve.once('exit', (code) => reject(new Error(`webhooks serve exited (${code}):\n${serveOut}`)));
  });
});

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((r) => serve.once('exit', r));
    serve.kill('SIGTERM');
    await exited;
  }
  await emu?.close();
});

describe('webhooks', () => {
  it('compares passcodes in constant time and only accepts the exact one', () => {
    expect(passcodeMatches(PASSCODE, PASSCODE)).toBe(true);
    expect(passcodeMatches(PASSCODE, `${PASSCODE}x`)).toBe(false);
    expect(passcodeMatches(PASSCODE, undefined)).toBe(false);
  });

  it('registers, lists, pulls on FILE_UPDATE, refuses a wrong passcode, deletes, and never prints the passcode', async () => {
    const registered = await runCli(
      ['webhooks', 'register', '--team', emu.teamId, '--endpoint', receiverUrl, '--passcode', 'env:HOOK_PASS'],
      {
        cwd: project.root,
        env: project.env,
      },
    );
    expect(registered.stderr).toBe('');
    expect(registered.code).toBe(0);
    expect(registered.stdout).toMatch(
      /^Registered webhook \S+ \(FILE_UPDATE, ACTIVE\) -> https:\/\/127\.0\.0\.1:\d+\/\n$/,
    );
    const hookId = /webhook (\S+) /.exec(registered.stdout)![1]!;

    const listed = await runCli(['webhooks', 'list', '--team', emu.teamId], { cwd: project.root, env: project.env });
    expect(listed.stdout).toContain(`${hookId}  FILE_UPDATE`);
    expect(listed.stdout).toContain('ACTIVE');

    // A designer edits a variable: the service delivers FILE_UPDATE and the receiver pulls.
    const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables;
    const greeting = Object.values(
      vars as Record<string, { id: string; name: string; valuesByMode: Record<string, unknown> }>,
    ).find((v) => v.name === 'label/greeting')!;
    const lightMode = Object.keys(greeting.valuesByMode)[0]!;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [
          {
            action: 'UPDATE',
            id: greeting.id,
            variableModeValues: [{ modeId: lightMode, value: 'Pushed by a webhook' }],
          },
        ],
      },
    });
    expect(put.status).toBe(200);
    await until(() => project.read('tokens/semantic/light.tokens.json').includes('Pushed by a webhook'), 'the pull');
    await until(() => serveOut.includes('pulled:'), 'the pull log line');
    expect(serveOut).toContain(`event FILE_UPDATE for ${emu.fileKey}: pull`);

    // Someone who does not know the passcode is refused and nothing is pulled.
    const dispatcher = new Agent({ connect: { ca: ca.cert } });
    const forged = await request(receiverUrl, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_type: 'FILE_UPDATE', file_key: emu.fileKey, passcode: 'guess' }),
    });
    expect(forged.statusCode).toBe(403);
    await forged.body.dump();
    await dispatcher.close();
    await until(() => serveOut.includes('rejected (wrong passcode)'), 'the rejection log line');

    const deleted = await runCli(['webhooks', 'delete', hookId], { cwd: project.root, env: project.env });
    expect(deleted.code).toBe(0);
    expect(
      (await runCli(['webhooks', 'list', '--team', emu.teamId], { cwd: project.root, env: project.env })).stdout,
    ).toContain('No webhooks');

    const everything = serveOut + registered.stdout + registered.stderr + listed.stdout + deleted.stdout;
    expect(everything).not.toContain(PASSCODE);
  });
});
