/**
 * What the sync commands load (check-loads.test.ts has check and build): a warm no-op pull or push
 * (the in-step cache) loads undici by its package entry and neither zod, yaml, commander, the sync
 * engine nor the report; a cold one and a pull into an empty repository load no zod
 * (docs/benchmarks.md "Fast paths").
 */
import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { DEBUG, DEEP_UNDICI } from '../helpers/module-log.js';
import { createProject, pulledProject } from '../helpers/project.js';

const emu = useEmulator({ resetEach: 'demo' });

it('a warm no-op pull and push (in-step cache) load undici by its entry and neither zod, yaml, commander, the sync engine nor the report; a cold pull no zod', async () => {
  const project = await pulledProject(emu);
  // Spawned as the warm runs are: an entry is kept for the tokensync that wrote it (docs/caching.md).
  const synced = await runCli(['sync'], { cwd: project.root, env: project.env, process: true });
  expect(synced.stdout).toContain('sync: already in step, nothing to do.');
  for (const mode of ['pull', 'push']) {
    const warm = await runCli([mode], { cwd: project.root, env: { ...project.env, ...DEBUG }, process: true });
    expect(warm.code).toBe(0);
    expect(warm.stderr).toContain('dist/cli/in-step.js');
    expect(warm.stderr).toContain('dist/api/transport.js');
    expect(warm.stderr).toContain('node_modules/undici/index.js');
    expect(warm.stderr).not.toMatch(DEEP_UNDICI);
    // A miss of the in-step cache first, so a full run is named as such rather than by what it loads.
    for (const absent of [
      'dist/cli/sync-full.js',
      'node_modules/zod',
      'node_modules/yaml',
      'node_modules/commander',
      'dist/sync/apply-',
      'dist/sync/plan',
      'dist/model/',
    ])
      expect(warm.stderr, absent).not.toContain(absent);
  }
  // Cold (`--no-cache`): the full path, whose answer passes the hand check, so zod (~95 modules and
  // its schemas) stays unloaded there too (docs/benchmarks.md "No-op pull and push: the service's writes").
  const cold = await runCli(['pull', '--no-cache'], {
    cwd: project.root,
    env: { ...project.env, ...DEBUG },
    process: true,
  });
  expect(cold.code).toBe(0);
  expect(cold.stderr).toContain('dist/cli/sync-full.js');
  expect(cold.stderr).not.toContain('node_modules/zod');
});

it('a pull into an empty repository reads the file version without zod', async () => {
  // GET /v1/files/:key passes its hand check (src/api/schemas/files-check.ts), so neither the pull
  // nor the push, which read the version for the lock, loads zod on the usual answer.
  const project = createProject(emu);
  const pulled = await runCli(['pull'], { cwd: project.root, env: { ...project.env, ...DEBUG }, process: true });
  expect(pulled.code).toBe(0);
  expect(pulled.stderr).toContain('dist/api/schemas/files-check.js');
  expect(pulled.stderr).not.toContain('node_modules/zod');
  expect(await emu.admin.calls()).toContain('GET /v1/files/:key');
});
