import { describe, expect, it } from 'vitest';
import { diff3 } from '../../src/sync/diff.js';
import { nextLock, UNSYNCED } from '../../src/sync/next-lock.js';
import { compilePlan } from '../../src/sync/plan.js';
import { remoteToModel } from '../../src/sync/remote.js';
import { fingerprintFields } from '../../src/model/lock.js';
import { applyPlan, baseSet, edit, hex, lockFor, toWire, without } from './fixtures.js';

const R0 = baseSet(true);
const L0 = baseSet(false);
const LOCK = lockFor(L0, R0);

// One pending change on each side since the lock.
const local = edit(L0, 'Primitives', 'space/4', (x) => (x.values.Dark = 8));
const remote = edit(R0, 'Primitives', 'color/red', (x) => (x.values.Light = hex('#ee0000')));

describe('nextLock', () => {
  it('records every field when both sides agree', () => {
    expect(LOCK.collections['VariableCollectionId:1:0']).toEqual({
      name: 'Primitives',
      key: 'kprim',
      defaultModeId: '1:0',
      modes: { '1:0': 'Light', '1:1': 'Dark' },
    });
    const blue = R0.variables[0];
    expect(LOCK.variables['VariableID:1:1']).toEqual({
      collectionId: 'VariableCollectionId:1:0',
      name: 'color/blue',
      key: 'k11',
      fields: blue && fingerprintFields(blue),
      // The base values themselves, for conflicts; the empty description and ALL_SCOPES are left out.
      base: { values: { Dark: '#112244ff', Light: '#3366ffff' } },
    });
    expect(Object.keys(LOCK.variables)).toEqual([
      'VariableID:1:1',
      'VariableID:1:2',
      'VariableID:1:3',
      'VariableID:2:1',
    ]);
  });

  it('after a push alone, the service edit not yet pulled still reads as a service edit', () => {
    const d = diff3({ local, remote, base: LOCK });
    const pushed = remoteToModel(applyPlan(toWire(remote), compilePlan(remote, d.merged)));
    const lock = nextLock({ local, remote: pushed, previous: LOCK, fileKey: 'FILE', remoteVersion: '2' });
    const next = diff3({ local, remote: pushed, base: lock });
    expect(next.toService).toEqual([]);
    expect(next.conflicts).toEqual([]);
    expect(next.toRepo).toMatchObject([
      { kind: 'update-variable', variable: 'color/red', mode: 'Light', after: hex('#ee0000') },
    ]);
  });

  it('after a pull alone, the repository edit not yet pushed still reads as a repository edit', () => {
    const d = diff3({ local, remote, base: LOCK });
    const files = d.merged; // a pull writes the merged state
    const lock = nextLock({ local: files, remote, previous: LOCK, fileKey: 'FILE', remoteVersion: '2' });
    const next = diff3({ local: files, remote, base: lock });
    expect(next.toRepo).toEqual([]);
    expect(next.conflicts).toEqual([]);
    expect(next.toService).toMatchObject([
      { kind: 'update-variable', variable: 'space/4', mode: 'Dark', before: 4, after: 8 },
    ]);
  });

  it('keeps an orphan in the lock so it stays an orphan, and leaves never-pulled tokens out', () => {
    const dropped = without(L0, 'Primitives', 'color/red');
    const lock = nextLock({ local: dropped, remote: R0, previous: LOCK, fileKey: 'FILE', remoteVersion: '2' });
    expect(lock.variables['VariableID:1:2']).toEqual(LOCK.variables['VariableID:1:2']);
    expect(diff3({ local: dropped, remote: R0, base: lock }).orphans).toMatchObject([
      { variable: 'color/red', reason: 'removed-locally' },
    ]);
    const fresh = nextLock({ local: dropped, remote: R0, previous: undefined, fileKey: 'FILE', remoteVersion: '1' });
    expect(fresh.variables['VariableID:1:2']).toBeUndefined();
  });

  it('without a previous lock, a field the sides disagree on stays a conflict next time', () => {
    const lock = nextLock({ local, remote: R0, previous: undefined, fileKey: 'FILE', remoteVersion: '1' });
    expect(lock.variables['VariableID:1:3']?.fields.values.Dark).toBeUndefined();
    expect(diff3({ local, remote: R0, base: lock }).conflicts).toMatchObject([
      { variable: 'space/4', mode: 'Dark', inBase: false },
    ]);
    const described = edit(L0, 'Primitives', 'space/4', (x) => (x.description = 'other'));
    expect(
      nextLock({ local: described, remote: R0, previous: undefined, fileKey: 'FILE', remoteVersion: '1' }).variables[
        'VariableID:1:3'
      ]?.fields.description,
    ).toBe(UNSYNCED);
  });

  it('keeps the old name as the base while a service rename is not pulled yet', () => {
    // The service resolves aliases by id, so the alias to it reads with the new name.
    const renamed = edit(
      edit(R0, 'Primitives', 'color/blue', (x) => (x.name = 'color/azure')),
      'Semantic',
      'brand',
      (x) => (x.values.Value = { alias: { collection: 'Primitives', name: 'color/azure' } }),
    );
    const lock = nextLock({ local: L0, remote: renamed, previous: LOCK, fileKey: 'FILE', remoteVersion: '2' });
    expect(lock.variables['VariableID:1:1']?.name).toBe('color/blue');
    expect(diff3({ local: L0, remote: renamed, base: lock }).toRepo).toMatchObject([
      { kind: 'rename-variable', variable: 'color/azure', from: 'color/blue' },
    ]);
  });
});
