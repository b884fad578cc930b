import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_VERSION, type Lock } from '../../src/model/lock.js';
import { readLock, renderLock, writeFilesAtomic } from '../../src/tokens/index.js';
import { MAX_JSON_DEPTH } from '../../src/tokens/json-depth.js';
import { config } from './fixtures/model.js';
import { project } from './helpers.js';

describe('writeFilesAtomic', () => {
  it('writes only files whose bytes differ, removes stale ones and their empty folders, leaves no temp files', async () => {
    const root = await project({
      'same.json': 'same\n',
      'old/x.tokens.json': 'x\n',
      'keep/y.tokens.json': 'y\n',
      'keep/z.tokens.json': 'z\n',
    });
    const result = await writeFilesAtomic(
      root,
      new Map([
        ['same.json', 'same\n'],
        ['new/deep/file.json', 'new\n'],
        ['keep/y.tokens.json', 'y2\n'],
      ]),
      { remove: ['old/x.tokens.json', 'keep/z.tokens.json', 'never-existed.json'] },
    );
    expect(result).toEqual({
      written: ['keep/y.tokens.json', 'new/deep/file.json'],
      removed: ['keep/z.tokens.json', 'old/x.tokens.json'],
      unchanged: ['same.json'],
    });
    expect(await readFile(path.join(root, 'keep/y.tokens.json'), 'utf8')).toBe('y2\n');
    expect((await readdir(root, { recursive: true })).map(String).sort()).toEqual(
      ['keep', 'keep/y.tokens.json', 'new', 'new/deep', 'new/deep/file.json', 'same.json'].map((p) =>
        p.split('/').join(path.sep),
      ),
    );
  });

  it('refuses paths outside the folder', async () => {
    const root = await project({});
    await expect(
      writeFilesAtomic(path.join(root, 'tokens'), new Map([['../escape.json', 'x']])),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[TokensyncError: Refusing to write "../escape.json": it is outside ${path.join(root, 'tokens')}.]`,
    );
  });
});

describe('lock file', () => {
  const lock: Lock = {
    version: LOCK_VERSION,
    fileKey: 'demo',
    remoteVersion: '42',
    collections: {
      'VariableCollectionId:2:0': { name: 'Semantic', defaultModeId: '2:1', modes: { '2:1': 'Light', '2:0': 'Dark' } },
    },
    variables: {
      'VariableID:2:5': {
        collectionId: 'VariableCollectionId:2:0',
        name: 'color/bg',
        fields: { type: 'COLOR', description: 'abc', scopes: 'def', values: { Light: '111', Dark: '222' } },
      },
    },
  };

  it('renders sorted keys (mode order kept) and reads back the same lock', async () => {
    const text = renderLock(lock);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.indexOf('"fileKey"')).toBeLessThan(text.indexOf('"remoteVersion"'));
    expect(text.indexOf('"2:1"')).toBeLessThan(text.indexOf('"2:0"'));
    expect(text.indexOf('"Dark": "222"')).toBeLessThan(text.indexOf('"Light": "111"'));
    const root = await project({ 'tokens/sync.lock.json': text });
    expect(await readLock(root, config)).toEqual(lock);
    expect(renderLock((await readLock(root, config))!)).toBe(text);
  });

  it('is undefined when absent and a clear error when corrupt', async () => {
    const root = await project({});
    expect(await readLock(root, config)).toBeUndefined();
    await mkdir(path.join(root, 'tokens'));
    await writeFile(
      path.join(root, 'tokens/sync.lock.json'),
      renderLock(lock).replace('"remoteVersion": "42"', '"remoteVersion": 42'),
    );
    const err = (await readLock(root, config).catch((e: unknown) => e)) as Error & { hint: string };
    expect([err.message, err.hint]).toMatchInlineSnapshot(`
      [
        "tokens/sync.lock.json:13:3: the lock file is corrupt at "remoteVersion": Invalid input: expected string, received number",
        "The lock is machine-written: restore it from version control, or delete it (the next sync then treats every difference as a conflict unless --prefer repo|service).",
      ]
    `);
    await writeFile(path.join(root, 'tokens/sync.lock.json'), '{"version": 1,');
    await expect(readLock(root, config)).rejects.toThrowErrorMatchingInlineSnapshot(
      `[TokenFileError: tokens/sync.lock.json:1:15: the lock file is corrupt (invalid JSON: expected a property name in double quotes but found end of file)]`,
    );
  });

  // A lock outside ASCII is parsed from its one-byte escaped text (model/json-bytes.ts): the same lock,
  // and every error at the position of the file's own text, as when it was decoded.
  it('reads a lock outside ASCII as its decoded text reads, errors and markers at the same place', async () => {
    const wide: Lock = {
      ...lock,
      collections: {
        'VariableCollectionId:2:0': { ...lock.collections['VariableCollectionId:2:0']!, name: 'Sémantic…' },
      },
      variables: {
        'VariableID:2:5': {
          ...lock.variables['VariableID:2:5']!,
          name: 'color/bg😀',
          base: { values: { Light: '"Search…"' }, description: 'ü€ \\ "q"' },
        },
      },
    };
    const text = renderLock(wide);
    const root = await project({ 'tokens/sync.lock.json': text });
    expect(await readLock(root, config)).toEqual(JSON.parse(text));
    const file = path.join(root, 'tokens/sync.lock.json');
    const failure = () =>
      readLock(root, config).then(
        () => 'read',
        (e: Error) => e.message,
      );
    // A schema error after characters outside ASCII, at its line.
    await writeFile(file, text.replace('"remoteVersion": "42"', '"remoteVersion": 42').replace('"demo"', '"démo…"'));
    expect(await failure()).toMatch(/sync\.lock\.json:\d+:3: the lock file is corrupt at "remoteVersion"/);
    const bad = text.replace('"color/bg😀"', '"color/bg😀" x');
    await writeFile(file, bad);
    const line = bad.slice(0, bad.indexOf('" x')).split('\n');
    // Column of the "x": "😀" is two UTF-16 units in the text (its escape would be twelve).
    expect(await failure()).toBe(
      `tokens/sync.lock.json:${line.length}:${line.at(-1)!.length + 3}: the lock file is corrupt (invalid JSON: expected a value but found "x")`,
    );
    await writeFile(file, `é\n<<<<<<< ours\n${text}`);
    expect(await failure()).toBe('tokens/sync.lock.json:2:1: the lock still holds merge-conflict markers');
  });

  // A valid lock is read without a scan of its text for nesting (lock-file.ts): only a kept variable
  // nests freely, and its parsed depth decides, as the scan of the text did.
  it('reads a kept variable nested to the limit, and refuses one level deeper as the scan did', async () => {
    const kept = (depth: number): Lock => {
      let variable: Record<string, unknown> = { leaf: 'x' };
      for (let i = 1; i < depth; i++) variable = { a: variable };
      return { ...lock, kept: { 'VariableID:9:9': { collectionId: 'c', name: 'n', reason: 'r', variable } } };
    };
    const root = await project({ 'tokens/sync.lock.json': renderLock(kept(MAX_JSON_DEPTH - 3)) });
    expect(await readLock(root, config)).toEqual(kept(MAX_JSON_DEPTH - 3));
    await writeFile(path.join(root, 'tokens/sync.lock.json'), renderLock(kept(MAX_JSON_DEPTH - 2)));
    await expect(readLock(root, config)).rejects.toThrow(/the lock file is corrupt \(/);
  });
});
