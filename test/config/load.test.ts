import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfigText } from '../../src/config/load.js';

const err = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    return `${(e as Error).message}\n${(e as { hint?: string }).hint ?? ''}`;
  }
  throw new Error('expected an error');
};

describe('config', () => {
  it('fills every key with its default when the file is empty', () => {
    const c = parseConfigText('', 'c.yaml');
    expect(c.service).toMatchObject({ url: 'local', fileKey: 'demo', token: 'env:DFS_TOKEN' });
    expect(c.tokens.dir).toBe('tokens');
    expect(c.build.platforms).toContain('tailwind');
  });

  it('names the file, position and key of a wrong value, and the fix', () => {
    const text = 'service:\n  url: http://example.com\n';
    expect(err(() => parseConfigText(text, 'config/tokensync.yaml'))).toMatchInlineSnapshot(`
      "config/tokensync.yaml:2:8: config key "service.url": must be "local" or an https:// address (plain http is refused).
      Fix that key in config/tokensync.yaml; \`schema/tokensync.schema.json\` lists every key and its allowed values."
    `);
  });

  it('refuses a secret written into the config', () => {
    expect(err(() => parseConfigText('service:\n  token: abc123\n', 'c.yaml'))).toMatchInlineSnapshot(`
      "c.yaml:2:10: config key "service.token": must be "env:NAME" or "file:PATH" (never the secret itself).
      Fix that key in config/tokensync.yaml; \`schema/tokensync.schema.json\` lists every key and its allowed values."
    `);
  });

  it('reports unknown keys and broken YAML with a position', () => {
    expect(err(() => parseConfigText('tokens:\n  dirr: x\n', 'c.yaml'))).toContain(
      'c.yaml:2:3: config key "tokens": unknown key "dirr"',
    );
    expect(err(() => parseConfigText('tokens: [\n', 'c.yaml'))).toMatch(/^c\.yaml:\d+:\d+: invalid YAML/);
  });

  it('finds config/tokensync.yaml upward and takes its parent as the root', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-config-'));
    mkdirSync(path.join(root, 'config'));
    mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
    writeFileSync(path.join(root, 'config', 'tokensync.yaml'), 'tokens:\n  dir: design/tokens\n');
    const loaded = loadConfig({ cwd: path.join(root, 'a', 'b') });
    expect(loaded.root).toBe(root);
    expect(loaded.config.tokens.dir).toBe('design/tokens');
  });
});
