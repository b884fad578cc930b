/**
 * What the no-op shortcut relies on (src/model/lock.ts): fingerprints stay the ones existing locks on
 * disk hold, and `lockEquals` says "same" exactly when the rendered lock files would be the same bytes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprint, lockEquals, type Lock } from '../../src/model/lock.js';
import { renderLock } from '../../src/tokens/index.js';
import { isLock } from '../../src/tokens/lock-file.js';
import { lockSchema } from '../../src/tokens/lock-schema.js';
import { baseSet, lockFor } from './fixtures.js';

const LOCK = lockFor(baseSet(false), baseSet(true));

describe('fingerprint', () => {
  it('is the first 12 hex digits of SHA-256, as in every lock written so far, also when asked again', () => {
    for (const text of ['#3366ffff', '', 'ALL_SCOPES', '{Primitives/color/blue}', 'ünïcode']) {
      const sha = createHash('sha256').update(text).digest('hex').slice(0, 12);
      expect(fingerprint(text)).toBe(sha);
      expect(fingerprint(text)).toBe(sha);
    }
    // Pinned: a lock committed today must read the same tomorrow.
    expect(fingerprint('#3366ffff')).toBe('8f7de31b850e');
  });
});

describe('lockEquals', () => {
  const copy = (): Lock => structuredClone(LOCK);
  const mutations: [string, (l: Lock) => void][] = [
    ['remote version', (l) => (l.remoteVersion = 'other')],
    ['a collection name', (l) => (l.collections['VariableCollectionId:1:0']!.name = 'Prims')],
    [
      "the order of a collection's modes",
      (l) => {
        const c = l.collections['VariableCollectionId:1:0']!;
        c.modes = Object.fromEntries(Object.entries(c.modes).reverse());
      },
    ],
    ['a variable dropped', (l) => delete l.variables['VariableID:1:1']],
    ['a variable key', (l) => (l.variables['VariableID:1:1']!.key = 'other')],
    ['a value fingerprint', (l) => (l.variables['VariableID:1:1']!.fields.values['Dark'] = 'unsynced')],
    ['a value dropped', (l) => delete l.variables['VariableID:1:1']!.fields.values['Dark']],
    ['a description fingerprint', (l) => (l.variables['VariableID:1:2']!.fields.description = 'x')],
    ['the repository-only tokens listed', (l) => (l.repoOnly = { Primitives: ['shadow/card'] })],
  ];

  it('holds for a copy, and for a copy whose variables are listed in another order (the file sorts them)', () => {
    expect(lockEquals(copy(), LOCK)).toBe(true);
    const reordered = copy();
    reordered.variables = Object.fromEntries(Object.entries(reordered.variables).reverse());
    expect(renderLock(reordered)).toBe(renderLock(LOCK));
    expect(lockEquals(reordered, LOCK)).toBe(true);
  });

  it.each(mutations)('fails when %s differs, as the rendered file does', (_, mutate) => {
    const changed = copy();
    mutate(changed);
    expect(renderLock(changed)).not.toBe(renderLock(LOCK));
    expect(lockEquals(changed, LOCK)).toBe(false);
    expect(lockEquals(LOCK, changed)).toBe(false);
  });
});

describe('isLock (the fast check readLock makes before zod)', () => {
  const valid = JSON.parse(renderLock(LOCK)) as Record<string, any>;
  const firstCol = (l: any) => l.collections['VariableCollectionId:1:0'];
  const firstVar = (l: any) => l.variables['VariableID:1:1'];
  const cases: [string, (l: any) => void][] = [
    ['valid as written', () => {}],
    [
      'without optional keys',
      (l) => {
        delete firstCol(l).key;
        delete firstVar(l).key;
      },
    ],
    ['an unknown root key', (l) => (l.extra = 1)],
    ['another version', (l) => (l.version = 2)],
    ['a missing remoteVersion', (l) => delete l.remoteVersion],
    ['collections as an array', (l) => (l.collections = [])],
    ['a collection key that is null', (l) => (firstCol(l).key = null)],
    ['an unknown collection key', (l) => (firstCol(l).color = 'red')],
    ['a mode name that is a number', (l) => (firstCol(l).modes['1:0'] = 1)],
    ['a variable without fields', (l) => delete firstVar(l).fields],
    ['an unknown field', (l) => (firstVar(l).fields.extra = '')],
    ['a value fingerprint that is null', (l) => (firstVar(l).fields.values.Dark = null)],
    ['values as an array', (l) => (firstVar(l).fields.values = ['x'])],
    ['a variable that is a string', (l) => (l.variables.x = 'y')],
    ['repository-only tokens listed', (l) => (l.repoOnly = { Primitives: ['shadow/card', 'type/body'] })],
    ['repository-only names that are not strings', (l) => (l.repoOnly = { Primitives: [1] })],
    ['repository-only as an array', (l) => (l.repoOnly = ['shadow/card'])],
    [
      'a kept variable',
      (l) =>
        (l.kept = {
          'VariableID:9:1': { collectionId: 'c', name: 'ease', reason: 'r', variable: { resolvedType: 'EASING' } },
        }),
    ],
    ['a kept variable without reason', (l) => (l.kept = { x: { collectionId: 'c', name: 'ease', variable: {} } })],
    [
      'a kept variable with an extra key',
      (l) => (l.kept = { x: { collectionId: 'c', name: 'n', reason: 'r', variable: {}, y: 1 } }),
    ],
    [
      'a kept variable whose record is an array',
      (l) => (l.kept = { x: { collectionId: 'c', name: 'n', reason: 'r', variable: [] } }),
    ],
    ['kept as an array', (l) => (l.kept = [])],
    // The variable, its fields and base texts, key by key (lock-file.ts isLockVariable).
    ['a variable without a name', (l) => delete firstVar(l).name],
    ['a variable without collectionId', (l) => delete firstVar(l).collectionId],
    ['a variable name that is a number', (l) => (firstVar(l).name = 1)],
    ['a variable key that is a number', (l) => (firstVar(l).key = 1)],
    ['an unknown variable key', (l) => (firstVar(l).extra = 'x')],
    [
      'a variable key named __proto__',
      (l) => Object.defineProperty(firstVar(l), '__proto__', { value: 'x', enumerable: true }),
    ],
    ['a variable that is an array', (l) => (l.variables['VariableID:1:1'] = [])],
    ['a variable that is null', (l) => (l.variables['VariableID:1:1'] = null)],
    ['fields without type', (l) => delete firstVar(l).fields.type],
    ['fields without values', (l) => delete firstVar(l).fields.values],
    ['a scopes fingerprint that is a number', (l) => (firstVar(l).fields.scopes = 1)],
    ['fields as an array', (l) => (firstVar(l).fields = [])],
    ['a meta fingerprint', (l) => (firstVar(l).fields.meta = 'abc')],
    ['a meta fingerprint that is null', (l) => (firstVar(l).fields.meta = null)],
    [
      'overrides by extension and mode',
      (l) => (firstVar(l).fields.overrides = { 'VariableCollectionId:9:9': { Dark: 'f' } }),
    ],
    ['overrides with a number', (l) => (firstVar(l).fields.overrides = { 'VariableCollectionId:9:9': { Dark: 1 } })],
    ['overrides as an array', (l) => (firstVar(l).fields.overrides = [])],
    ['overrides whose modes are an array', (l) => (firstVar(l).fields.overrides = { x: ['f'] })],
    ['base without values', (l) => (firstVar(l).base = { description: 'd', scopes: 's', meta: 'm' })],
    ['an empty base', (l) => (firstVar(l).base = {})],
    ['a base value that is a number', (l) => (firstVar(l).base = { values: { Dark: 1 } })],
    ['a base description that is null', (l) => (firstVar(l).base = { description: null })],
    ['base values as an array', (l) => (firstVar(l).base = { values: ['x'] })],
    ['an unknown base key', (l) => (firstVar(l).base = { type: 'COLOR' })],
    ['a base that is a string', (l) => (firstVar(l).base = 'x')],
  ];
  it.each(cases)('agrees with the zod schema: %s', (_, mutate) => {
    const lock = structuredClone(valid);
    mutate(lock);
    expect(isLock(lock)).toBe(lockSchema.safeParse(lock).success);
  });
});

describe('base values in the lock (docs/sync.md "Conflicts")', () => {
  it('a value whose text is kept has no fingerprint on disk, and reads back to the same lock', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { readLock } = await import('../../src/tokens/lock-file.js');
    const text = renderLock(LOCK);
    const onDisk = JSON.parse(text);
    const blue = onDisk.variables['VariableID:1:1'];
    expect(blue.base.values).toEqual({ Dark: '#112244ff', Light: '#3366ffff' });
    expect(blue.fields.values).toEqual({});
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-lock-'));
    mkdirSync(path.join(root, 'tokens'));
    writeFileSync(path.join(root, 'tokens', 'sync.lock.json'), text);
    const back = await readLock(root, { dir: 'tokens' } as never);
    expect(back).toEqual(JSON.parse(JSON.stringify(LOCK)));
    expect(back && renderLock(back)).toBe(text);
  });
});
