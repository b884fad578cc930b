/**
 * The check fast path's config loader (config/quick.ts) must give exactly what the full loader gives:
 * the same config (keys in the same order) for what it accepts, and for everything else it must hand
 * over, so errors keep their file:line:column, key and fix.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfigText } from '../../src/config/load.js';
import { defaultConfig, loadConfigQuick, quickParseConfig } from '../../src/config/quick.js';
import { configSchema } from '../../src/config/schema.js';

/** JSON text keeps key order, so equal text means equal content in the same order. */
const same = (a: unknown, b: unknown): void => expect(JSON.stringify(a, null, 1)).toBe(JSON.stringify(b, null, 1));

/** One value in a section, as a user writes it. */
const VALUES = [
  'tokens',
  'design/tokens',
  './tokens',
  '../x',
  '/abs',
  '""',
  "''",
  '"a b"',
  "'a # b'",
  '"x\\y"',
  '123',
  '1.5',
  '0',
  '16',
  '-1',
  '.5',
  '0x10',
  '0o7',
  '1e3',
  'true',
  'false',
  'True',
  'FALSE',
  'yes',
  'null',
  '~',
  'none',
  'collection',
  'local',
  'http://example.com',
  'https://example.com',
  'https://a.example:8443/x',
  'env:DFS_TOKEN',
  'file:.secret',
  'abc123',
  // File keys open with a digit about one time in six (the service's are random letters and digits).
  '9hIslfDC4CDyC6IRvacGm7',
  '0abc',
  '1e5',
  '1E5',
  '1e5x',
  '0x1F',
  '0x1G',
  '0o78',
  '0b101',
  '12abc',
  '123abc456',
  'a:',
  '[a]',
  '{a: 1}',
  '&x a',
  '*x',
  '!!str 5',
  '|',
  '>',
  '@x',
  '%x',
  '`x`',
  'a#b',
  'a #b',
  '"unclosed',
  "'it''s'",
  'tok # note',
  'px',
  'rem',
  '30000',
  '99999999999999999999',
  '11',
  '10',
  '4.5',
];
const KEYS = {
  service: ['url', 'fileKey', 'token', 'caFile', 'timeoutMs', 'maxRetries', 'retryBudgetSeconds', 'oauth', 'unknown'],
  tokens: ['dir', 'namespace', 'typesFromScopes', 'remBase', 'rules', 'dirr'],
  build: ['outDir', 'prefix', 'selector', 'platforms', 'modes'],
};

function full(text: string): unknown {
  try {
    return parseConfigText(text, 'c.yaml');
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe('quick config loader (check fast path)', () => {
  it('gives the schema defaults, in the schema order', () => {
    same(defaultConfig(), configSchema.parse({}));
    expect(defaultConfig()).toStrictEqual(configSchema.parse({}));
  });

  it('gives what the full loader gives for every value it accepts, and hands everything else over', () => {
    let accepted = 0;
    for (const [section, keys] of Object.entries(KEYS)) {
      for (const key of keys) {
        for (const value of VALUES) {
          const text = `${section}:\n  ${key}: ${value}\n`;
          const quick = quickParseConfig(text);
          if (quick === undefined) continue;
          accepted++;
          same({ text, config: quick }, { text, config: full(text) });
        }
      }
    }
    // The plain cases must take the fast path, or it is worth nothing.
    expect(accepted).toBeGreaterThan(60);
  });

  it('reads the configs people write: comments, blank lines, several sections, $schema, quotes', () => {
    const texts = [
      '',
      '# nothing but a comment\n',
      'tokens:\n  dir: tokens\nbuild:\n  outDir: build\n',
      '$schema: ../schema/tokensync.schema.json\nservice:\n  url: https://dfs.example.com  # the real one\n  fileKey: "AbC123"\n  token: env:DFS_TOKEN\n  caFile: certs/ca.pem\n\ntokens:\n    # four-space indent\n    dir: design/tokens\n    namespace: collection\n    remBase: 10\n    typesFromScopes: false\nbuild:\n  prefix: \'ds\'\n  selector: "[data-theme=\'{mode}\']"\n',
    ];
    for (const text of texts) {
      const quick = quickParseConfig(text);
      expect(quick, text).toBeDefined();
      same(quick, full(text));
    }
  });

  it('hands over what is outside its subset (the full loader reads it or reports it)', () => {
    const texts = [
      'tokens:\n  rules:\n    - match: "spacing/**"\n      type: dimension\n',
      'tokens:\n',
      'tokens: {dir: x}\n',
      'tokens:\n  dir: a\n  dir: b\n',
      'tokens:\n  dir: a\ntokens:\n  remBase: 2\n',
      'tokens:\n  dir: a\n   namespace: none\n',
      'tokens:\n\tdir: a\n',
      'tokens:\r\n  dir: a\r\n',
      '---\ntokens:\n  dir: a\n',
      '  tokens:\n  dir: a\n',
      'service:\n  oauth:\n    clientId: x\n',
      'extra: 1\n',
      '$schema:\n',
    ];
    for (const text of texts) expect(quickParseConfig(text), text).toBeUndefined();
  });

  it('loads like loadConfig: the same root, file and errors, with or without a file', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-quick-'));
    const cwd = path.join(root, 'a');
    mkdirSync(cwd);
    same(await loadConfigQuick({ cwd }), loadConfig({ cwd }));

    mkdirSync(path.join(root, 'config'));
    writeFileSync(path.join(root, 'config', 'tokensync.yaml'), 'tokens:\n  dir: design/tokens\n');
    same(await loadConfigQuick({ cwd }), loadConfig({ cwd }));
    expect((await loadConfigQuick({ cwd })).root).toBe(root);

    writeFileSync(path.join(root, 'config', 'tokensync.yaml'), 'service:\n  url: http://example.com\n');
    await expect(loadConfigQuick({ cwd })).rejects.toThrow(
      /tokensync\.yaml:2:8: config key "service\.url": must be "local" or an https:\/\/ address/,
    );

    await expect(loadConfigQuick({ cwd, configPath: 'missing.yaml' })).rejects.toMatchObject({
      code: 'CONFIG_NOT_FOUND',
      message: `Config file ${path.join(cwd, 'missing.yaml')} does not exist.`,
    });
  });
});
