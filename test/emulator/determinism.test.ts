import { afterEach, describe, expect, it } from 'vitest';
import { stableKey } from '../../src/emulator/ids.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const started: TestEmulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((e) => e.close()));
});

describe('seeding with a fixed file key', () => {
  it('gives the same ids and keys on every machine, so a committed lock matches a fresh local service', async () => {
    const a = await startTestEmulator({ fileKey: 'demo' });
    const b = await startTestEmulator({ fileKey: 'demo' });
    started.push(a, b);
    expect(a.fileKey).toBe('demo');
    const read = async (e: TestEmulator): Promise<unknown> =>
      (await e.call('GET', '/v1/files/demo/variables/local')).json;
    const first = await read(a);
    expect(first).toEqual(await read(b));
    // Keys differ between files, as real keys do.
    const other = await startTestEmulator({ fileKey: 'another' });
    started.push(other);
    const keys = (x: unknown): string[] =>
      Object.values((x as { meta: { variables: Record<string, { key: string }> } }).meta.variables).map((v) => v.key);
    expect(keys(await other.call('GET', '/v1/files/another/variables/local').then((r) => r.json))).not.toEqual(
      keys(first),
    );
  });

  it('keeps the keys of earlier versions (committed locks hold them): SHA-1 of file key, NUL, id', () => {
    // The value the createHash-based version gave; the one-shot hash must give the same.
    expect(stableKey('FILEKEY', 'VariableID:1:2')).toBe('75f8564a23fa69f6be0e8be99d25e3a3132c8c1f');
  });

  it('refuses a file key that cannot be part of a URL path', async () => {
    await expect(startTestEmulator({ fileKey: 'a/b' })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[EmulatorOptionsError: The file key must be 1 to 64 letters, digits, "-" or "_" (got "a/b").]`,
    );
  });
});
