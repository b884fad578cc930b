/**
 * Writes whose outcome is unknown are settled before anything is re-planned, and a push stopped part-way
 * is finished by the next one (docs/sync.md "Unknown outcomes and resumption"). Real CLI against the
 * local service, faults injected by rule; every scenario ends converged: no duplicate, nothing lost, the
 * lock matching the service, and a next run that sends no write.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAST_CLOCK, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import type { TestProject } from '../helpers/project.js';
import { brandProject, serviceState, stateProblems, whenLogged } from './helpers.js';

const emu = useEmulator({ resetEach: 'empty' });

const writes = async (): Promise<string[]> => (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));

async function expectConverged(project: TestProject): Promise<void> {
  expect(await stateProblems(emu, project)).toEqual([]);
  await emu.admin.clearRequests();
  const again = await runCli(['push'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
  expect(again.stdout).toContain('already in step');
  expect(await writes()).toEqual([]);
  expect((await runCli(['diff'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } })).code).toBe(0);
}

describe('unknown outcomes and resumption', () => {
  it('a POST slower than the timeout is waited for, not sent twice', async () => {
    // timeoutMs 400; the service holds the POST for 900 ms (90 s at the emulator's time scale) and then applies it.
    const project = brandProject(emu, '  timeoutMs: 400\n');
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'delay', delayMs: 90_000 });
    await emu.admin.clearRequests();
    const pushed = await runCli(['push'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain('did take effect');
    expect(await writes()).toEqual(['POST /v1/files/:key/variables (delay)', 'PUT /v1/files/:key/variables']);
    await expectConverged(project);
  });

  it('a POST that never lands within the settle window stops the run; the next run creates it once', async () => {
    // The POST is held for 3 s: longer than timeout + settle window (0.4 + 0.8 s), so the run stops.
    const project = brandProject(emu, '  timeoutMs: 400\n');
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'delay', delayMs: 300_000 });
    const first = await runCli(['push'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('still unknown; nothing more was sent');
    expect(first.stderr).toContain('sync.journal.json records it');
    const journal = JSON.parse(readFileSync(path.join(project.root, 'tokens/sync.journal.json'), 'utf8'));
    expect(journal.unknown.method).toBe('POST');
    expect(existsSync(path.join(project.root, 'tokens/sync.lock.json'))).toBe(false);
    // Meanwhile the held POST lands (the rest of its hold ended by the service's clock, docs/emulator.md
    // "Time scale", not waited out); the next run sees it and creates nothing again.
    await emu.admin.advanceClock(300);
    await whenLogged(emu, /^POST .*\(delay\)$/);
    await emu.admin.clearRequests();
    const second = await runCli(['push'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(await writes()).toEqual(['PUT /v1/files/:key/variables']);
    await expectConverged(project);
  });

  it('a push whose PUT fails after the POST is finished by the next push, without a conflict', async () => {
    const project = brandProject(emu, '  maxRetries: 1\n');
    await emu.admin.addFault({ method: 'PUT', path: '/v1/files/*/variables', fault: 'error-500', times: 5 });
    const first = await runCli(['push'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(first.code).toBe(1);
    expect(existsSync(path.join(project.root, 'tokens/sync.journal.json'))).toBe(true);
    await emu.admin.clearFaults();
    // The service now holds the placeholders the POST gave the new variables: they are tokensync's own.
    const diff = await runCli(['diff'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(diff.stdout).not.toContain('no common base');
    await emu.admin.clearRequests();
    const second = await runCli(['push'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(await writes()).toEqual(['PUT /v1/files/:key/variables']);
    await expectConverged(project);
    // And the values are the repository's, not the placeholders: a fresh pull changes no token file.
    const before = project.snapshotTokens();
    expect((await runCli(['pull'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } })).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  });

  it('sync after a push stopped between POST and PUT neither conflicts nor pulls the placeholders', async () => {
    const project = brandProject(emu, '  maxRetries: 1\n');
    await emu.admin.addFault({ method: 'PUT', path: '/v1/files/*/variables', fault: 'error-500', times: 5 });
    expect((await runCli(['push'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } })).code).toBe(1);
    await emu.admin.clearFaults();
    const before = project.snapshotTokens();
    const synced = await runCli(['sync'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    const after = project.snapshotTokens();
    after.delete('tokens/sync.lock.json');
    before.delete('tokens/sync.journal.json');
    expect(after).toEqual(before);
    await expectConverged(project);
  });

  it('a first pull stopped before its resolver document is finished by the next pull', async () => {
    await emu.admin.reset('demo');
    const project = brandProject(emu);
    // What a first pull killed between its token files and the resolver leaves: a journal and some files.
    const { rmSync, writeFileSync } = await import('node:fs');
    rmSync(path.join(project.root, 'tokens'), { recursive: true });
    const meta = await serviceState(emu);
    expect(Object.keys(meta.variables).length).toBeGreaterThan(0);
    project.write('tokens/primitives/value.tokens.json', '{"color": {"half": {"$type": "color", "$value": "#ff');
    writeFileSync(
      path.join(project.root, 'tokens/sync.journal.json'),
      JSON.stringify({
        version: 1,
        kind: 'pull',
        fileKey: emu.fileKey,
        startedAt: new Date().toISOString(),
        files: ['primitives/value.tokens.json'],
      }),
    );
    const pulled = await runCli(['pull'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } });
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);
    expect(existsSync(path.join(project.root, 'tokens/tokens.resolver.json'))).toBe(true);
    expect(existsSync(path.join(project.root, 'tokens/sync.journal.json'))).toBe(false);
    expect((await runCli(['check'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } })).code).toBe(0);
    expect((await runCli(['diff'], { cwd: project.root, env: { ...project.env, ...FAST_CLOCK } })).code).toBe(0);
  });
});
