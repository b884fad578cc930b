/**
 * Where the local service keeps its CA certificate (src/emulator/index.ts `tlsMaterial`): a folder it
 * makes itself is removed by close(), so an embedded service (every command without a `service:`
 * block starts one) leaves nothing in the temporary folder; a folder the caller names is kept.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';

it('removes the temporary folder it made for ca.pem when it closes', async () => {
  const emu = await startEmulator({ timeScale: 0.01, seed: 'empty' });
  expect(existsSync(emu.caFile)).toBe(true);
  await emu.close();
  expect(existsSync(dirname(emu.caFile))).toBe(false);
});

it('keeps a folder given as stateDir, with ca.pem in it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tokensync-state-dir-'));
  try {
    const emu = await startEmulator({ timeScale: 0.01, seed: 'empty', stateDir: dir });
    await emu.close();
    expect(existsSync(join(dir, 'ca.pem'))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
