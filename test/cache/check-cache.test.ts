/**
 * The check cache (docs/caching.md "check"): the real CLI on a project folder. An unchanged set
 * prints its last result, warnings included; any changed byte of a file check reads, an added file
 * or tokensync's config checks again; a result with an error is never kept; `--no-cache` neither
 * reads nor writes the cache. To tell a replay from a fresh check, the tests edit the kept entry's
 * count: only a replay prints the edited count.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTokens } from '../../src/tokens/index.js';
import { config, fixtureSet } from '../tokens/fixtures/model.js';
import { project } from '../tokens/helpers.js';
import { runCli } from '../helpers/cli.js';

const CONFIG =
  'tokens:\n  rules:\n    - { match: "radius/**", type: dimension, unit: rem }\n    - { match: "motion/*", type: duration }\n';
const ENTRY = '.tokensync/cache/check.json';
const CLEAN = '15 tokens in 2 collections: no problems (1 warning).';
const REPLAYED = '9015 tokens in 2 collections: no problems (1 warning).';

/** The fixture set, with a stray DTCG file beside it (a warning, so warnings are seen replayed). */
async function fixture(): Promise<string> {
  const files = new Map([...renderTokens(fixtureSet(), config)].map(([rel, text]) => [`tokens/${rel}`, text]));
  files.set('config/tokensync.yaml', CONFIG);
  files.set('tokens/extra.json', '{ "gap": { "$type": "number", "$value": 4 } }\n');
  return project(files);
}

const check = (root: string, ...args: string[]) => runCli(['check', ...args], { cwd: root });
const lastLine = (s: string): string => s.trim().split('\n').at(-1)!;

/** Marks the kept entry, so that a replay is told from a fresh check by its count. */
function markEntry(root: string): void {
  const file = path.join(root, ENTRY);
  const entry = JSON.parse(readFileSync(file, 'utf8'));
  entry.value.variables += 9000;
  writeFileSync(file, JSON.stringify(entry));
}

function edit(root: string, rel: string, change: (text: string) => string): void {
  const file = path.join(root, rel);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(file, after);
}

describe('the check cache', () => {
  it('replays an unchanged set, warnings included, and keeps its folder out of git', async () => {
    const root = await fixture();
    const first = await check(root);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('extra.json');
    expect(lastLine(first.stdout)).toBe(CLEAN);
    expect(readFileSync(path.join(root, '.tokensync/cache/.gitignore'), 'utf8')).toContain('*');
    markEntry(root);
    const again = await check(root);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('tokens/extra.json:1:1');
    expect(lastLine(again.stdout)).toBe(REPLAYED);
  });

  const changes: [string, (root: string) => void, string][] = [
    [
      'one byte of a description',
      (r) => edit(r, 'tokens/primitives/value.tokens.json', (t) => t.replace('Brand blue', 'Brand blué')),
      CLEAN,
    ],
    [
      'one byte of a value',
      (r) => edit(r, 'tokens/primitives/value.tokens.json', (t) => t.replace('"$value": 700', '"$value": 800')),
      CLEAN,
    ],
    [
      'one byte of the resolver document',
      (r) => edit(r, 'tokens/tokens.resolver.json', (t) => t.replace(/\n$/, ' \n')),
      CLEAN,
    ],
    ['one byte of the stray file', (r) => edit(r, 'tokens/extra.json', (t) => t.replace('4', '5')), CLEAN],
    [
      'a file added',
      (r) => writeFileSync(path.join(r, 'tokens/more.json'), '{ "x": { "$value": 1 } }\n'),
      '15 tokens in 2 collections: no problems (2 warnings).',
    ],
    ['the config', (r) => edit(r, 'config/tokensync.yaml', (t) => t.replace('unit: rem', 'unit: px')), CLEAN],
  ];
  it.each(changes)('checks again after %s', async (_what, change, expected) => {
    const root = await fixture();
    expect((await check(root)).code).toBe(0);
    markEntry(root);
    change(root);
    const after = await check(root);
    expect(after.code).toBe(0);
    expect(lastLine(after.stdout)).toBe(expected);
    // The new result is kept in turn.
    markEntry(root);
    expect(lastLine((await check(root)).stdout)).not.toBe(expected);
  });

  it('checks again when one byte of the lock breaks it, and never keeps a result with an error', async () => {
    const root = await fixture();
    writeFileSync(path.join(root, 'tokens/sync.lock.json'), '{}\n');
    expect((await check(root)).code).toBe(0);
    markEntry(root);
    writeFileSync(path.join(root, 'tokens/sync.lock.json'), '{}}\n');
    const broken = await check(root);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('the lock is not valid JSON (');
    expect(broken.stdout).not.toContain('JSON (invalid JSON'); // said once
    // The failing result was not kept: the marked entry of the clean set is still the one there.
    expect(JSON.parse(readFileSync(path.join(root, ENTRY), 'utf8')).value.variables).toBe(9015);
    expect((await check(root)).code).toBe(1);
  });

  it('checks a broken token file every time, and a fixed one afresh', async () => {
    const root = await fixture();
    edit(root, 'tokens/primitives/value.tokens.json', (t) => t.replace('"#1066e6"', '"#1066e6'));
    expect((await check(root)).code).toBe(1);
    expect(existsSync(path.join(root, ENTRY))).toBe(false);
    expect((await check(root)).code).toBe(1);
    edit(root, 'tokens/primitives/value.tokens.json', (t) => t.replace('"#1066e6', '"#1066e6"'));
    expect(lastLine((await check(root)).stdout)).toBe(CLEAN);
  });

  it('--no-cache checks every file and leaves the cache as it is', async () => {
    const root = await fixture();
    expect((await check(root, '--no-cache')).code).toBe(0);
    expect(existsSync(path.join(root, ENTRY))).toBe(false);
    await check(root);
    markEntry(root);
    const entry = readFileSync(path.join(root, ENTRY), 'utf8');
    expect(lastLine((await check(root, '--no-cache')).stdout)).toBe(CLEAN);
    expect(readFileSync(path.join(root, ENTRY), 'utf8')).toBe(entry);
  });

  it('names the files given on the command line from a replayed result too', async () => {
    const root = await fixture();
    await check(root);
    const named = await check(root, 'tokens/extra.json');
    expect(named.code).toBe(0);
    expect(lastLine(named.stdout)).toBe('1 file checked: no problems (1 warning).');
  });
});
