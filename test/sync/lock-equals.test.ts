/**
 * What the no-op shortcut relies on (src/model/lock.ts): fingerprints stay the ones existing locks on
 * disk hold, and `lockEquals` says "same" exactly when the rendered lock files would be the same bytes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprint, lockEquals, type Lock } from '../../src/model/lock.js';
import { renderLock } from '../../src/tokens/index.js';
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
    ['the order of a collection\'s modes', (l) => {
      const c = l.collections['VariableCollectionId:1:0']!;
      c.modes = Object.fromEntries(Object.entries(c.modes).reverse());
    }],
    ['a variable dropped', (l) => delete l.variables['VariableID:1:1']],
    ['a variable key', (l) => (l.variables['VariableID:1:1']!.key = 'other')],
    ['a value fingerprint', (l) => (l.variables['VariableID:1:1']!.fields.values['Dark'] = 'unsynced')],
    ['a value dropped', (l) => delete l.variables['VariableID:1:1']!.fields.values['Dark']],
    ['a description fingerprint', (l) => (l.variables['VariableID:1:2']!.fields.description = 'x')],
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
