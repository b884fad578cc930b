import { describe, expect, it } from 'vitest';
import { diff3 } from '../../src/sync/diff.js';
import { overwritesSinceLock, versionSinceLock } from '../../src/sync/since-lock.js';
import { baseSet, edit, hex, lockFor } from './fixtures.js';

const R0 = baseSet(true);
const L0 = baseSet(false);
const LOCK = { ...lockFor(L0, R0), remoteVersion: '7' };

describe('versionSinceLock', () => {
  it('counts numbered versions, compares opaque ones for equality', () => {
    expect(versionSinceLock(LOCK, '7')).toEqual({ moved: false, writes: 0 });
    expect(versionSinceLock(LOCK, '9')).toEqual({ moved: true, writes: 2 });
    const opaque = { ...LOCK, remoteVersion: '2187460102' };
    expect(versionSinceLock(opaque, '2187460102')).toEqual({ moved: false, writes: 0 });
    expect(versionSinceLock({ ...LOCK, remoteVersion: 'abc' }, 'abd')).toEqual({ moved: true, writes: undefined });
    expect(versionSinceLock({ ...LOCK, remoteVersion: '' }, '3').moved).toBe(true);
  });
});

describe('overwritesSinceLock', () => {
  const remote = edit(R0, 'Primitives', 'color/blue', (x) => (x.values.Light = hex('#ff0000')));

  it('names a field the service changed since the lock that the target would write back', () => {
    // A target that still holds the lock's value: what a plan made before the designer's edit sends.
    expect(overwritesSinceLock(LOCK, remote, R0)).toEqual(['Primitives/color/blue: value (Light)']);
  });

  it('is empty when the plan keeps the service edit (the 3-way diff merged it)', () => {
    const merged = diff3({ local: L0, remote, base: LOCK }).merged;
    expect(overwritesSinceLock(LOCK, remote, merged)).toEqual([]);
  });

  it('leaves repository edits of fields the service did not touch alone', () => {
    const local = edit(L0, 'Primitives', 'color/blue', (x) => (x.values.Dark = hex('#000000')));
    const merged = diff3({ local, remote, base: LOCK }).merged;
    expect(overwritesSinceLock(LOCK, remote, merged)).toEqual([]);
  });

  it('names a rename in the design file that the target would undo', () => {
    const renamed = edit(R0, 'Primitives', 'color/blue', (x) => (x.name = 'color/azure'));
    expect(overwritesSinceLock(LOCK, renamed, R0)).toEqual(['Primitives/color/azure: name']);
  });
});
