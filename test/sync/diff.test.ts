import { describe, expect, it } from 'vitest';
import { diff3 } from '../../src/sync/diff.js';
import { compilePlan } from '../../src/sync/plan.js';
import type { TokenSet } from '../../src/model/types.js';
import { baseSet, edit, hex, lockFor, ref, v, without } from './fixtures.js';

const R0 = baseSet(true);
const L0 = baseSet(false);
const LOCK = lockFor(L0, R0);

const find = (set: TokenSet, collection: string, name: string) =>
  set.variables.find((x) => x.collection === collection && x.name === name);

describe('diff3: in step', () => {
  it('finds nothing when both sides equal the lock, and the plan sends nothing', () => {
    const d = diff3({ local: L0, remote: R0, base: LOCK });
    expect([d.toService, d.toRepo, d.conflicts, d.orphans]).toEqual([[], [], [], []]);
    expect(compilePlan(R0, d.merged).requests).toEqual([]);
  });

  it('ignores color float noise below 8-bit hex', () => {
    const noisy = edit(R0, 'Primitives', 'color/blue', (x) => {
      x.values.Light = { r: 0.2 + 1e-7, g: 0.4 - 1e-6, b: 1, a: 1 };
    });
    const d = diff3({ local: L0, remote: noisy, base: LOCK });
    expect([d.toService, d.toRepo, d.conflicts]).toEqual([[], [], []]);
    // The repository keeps its exact value, so a no-op pull writes no byte.
    expect(find(d.merged, 'Primitives', 'color/blue')?.values.Light).toEqual(hex('#3366ff'));
    expect(compilePlan(noisy, d.merged).requests).toEqual([]);
  });

  it('treats the same change on both sides as no change', () => {
    const local = edit(L0, 'Primitives', 'space/4', (x) => (x.values.Dark = 5));
    const remote = edit(R0, 'Primitives', 'space/4', (x) => (x.values.Dark = 5));
    const d = diff3({ local, remote, base: LOCK });
    expect([d.toService, d.toRepo, d.conflicts]).toEqual([[], [], []]);
  });
});

describe('diff3: one side changed', () => {
  it('sends a repository value change to the service', () => {
    const local = edit(L0, 'Primitives', 'space/4', (x) => (x.values.Dark = 8));
    const d = diff3({ local, remote: R0, base: LOCK });
    expect(d.toService).toEqual([
      {
        kind: 'update-variable',
        collection: 'Primitives',
        variable: 'space/4',
        field: 'value',
        mode: 'Dark',
        before: 4,
        after: 8,
      },
    ]);
    expect(d.toRepo).toEqual([]);
    expect(find(d.merged, 'Primitives', 'space/4')).toMatchObject({
      id: 'VariableID:1:3',
      values: { Light: 4, Dark: 8 },
    });
  });

  it('brings a service value change to the repository and keeps it on push', () => {
    const remote = edit(R0, 'Primitives', 'color/red', (x) => (x.values.Light = hex('#ee0000')));
    const d = diff3({ local: L0, remote, base: LOCK });
    const change = {
      kind: 'update-variable',
      collection: 'Primitives',
      variable: 'color/red',
      field: 'value',
      mode: 'Light',
      before: hex('#ff0000'),
      after: hex('#ee0000'),
    };
    expect(d.toRepo).toEqual([change]);
    expect(d.remoteEditsKept).toEqual([change]);
    expect(d.toService).toEqual([]);
    // A push (service target = merged) does not overwrite it.
    expect(compilePlan(remote, d.merged).requests).toEqual([]);
  });

  it('sees description, scopes and type changes field by field', () => {
    const local = edit(L0, 'Primitives', 'space/4', (x) => {
      x.description = 'Tiny gap';
      x.scopes = ['GAP'];
    });
    const remote = edit(R0, 'Primitives', 'color/blue', (x) => (x.type = 'STRING'));
    const d = diff3({ local, remote, base: LOCK });
    expect(d.toService.map((c) => c.kind === 'update-variable' && [c.field, c.before, c.after])).toEqual([
      ['description', 'Small gap', 'Tiny gap'],
      ['scopes', ['ALL_SCOPES'], ['GAP']],
    ]);
    expect(d.toRepo).toMatchObject([
      { kind: 'update-variable', variable: 'color/blue', field: 'type', before: 'COLOR', after: 'STRING' },
    ]);
  });

  it('creates on the other side what one side added', () => {
    const local = structuredClone(L0);
    local.variables.push(v('Primitives', 'color/green', 'COLOR', { Light: hex('#00ff00'), Dark: hex('#003300') }));
    const remote = structuredClone(R0);
    remote.variables.push({
      ...v('Semantic', 'danger', 'COLOR', { Value: ref('Primitives', 'color/red') }),
      id: 'VariableID:2:2',
      key: 'k22',
    });
    const d = diff3({ local, remote, base: LOCK });
    expect(d.toService).toEqual([
      {
        kind: 'create-variable',
        collection: 'Primitives',
        variable: 'color/green',
        type: 'COLOR',
        values: { Light: hex('#00ff00'), Dark: hex('#003300') },
      },
    ]);
    expect(d.toRepo).toEqual([
      {
        kind: 'create-variable',
        collection: 'Semantic',
        variable: 'danger',
        type: 'COLOR',
        values: { Value: ref('Primitives', 'color/red') },
      },
    ]);
    expect(d.orphans).toEqual([]); // there is a lock: "danger" is new in the service, not an orphan
    expect(d.merged.variables.map((x) => `${x.collection}/${x.name}`)).toEqual([
      'Primitives/color/blue',
      'Primitives/color/red',
      'Primitives/space/4',
      'Primitives/color/green',
      'Semantic/brand',
      'Semantic/danger',
    ]);
  });
});

describe('diff3: renames', () => {
  it('recognises a service rename by id and moves the token; aliases to it follow without a change', () => {
    const remote = structuredClone(R0);
    const blue = find(remote, 'Primitives', 'color/blue');
    if (blue) blue.name = 'color/azure';
    const brand = find(remote, 'Semantic', 'brand');
    if (brand) brand.values.Value = ref('Primitives', 'color/azure');
    const d = diff3({ local: L0, remote, base: LOCK });
    expect(d.toRepo).toEqual([
      { kind: 'rename-variable', collection: 'Primitives', variable: 'color/azure', from: 'color/blue' },
    ]);
    expect(d.toService).toEqual([]);
    expect(find(d.merged, 'Semantic', 'brand')?.values.Value).toEqual(ref('Primitives', 'color/azure'));
    expect(find(d.merged, 'Primitives', 'color/azure')?.id).toBe('VariableID:1:1');
  });

  it('turns a repository rename (same content, only one candidate) into a rename, not create + orphan', () => {
    const local = edit(L0, 'Primitives', 'space/4', (x) => (x.name = 'space/small'));
    const d = diff3({ local, remote: R0, base: LOCK });
    expect(d.toService).toEqual([
      { kind: 'rename-variable', collection: 'Primitives', variable: 'space/small', from: 'space/4' },
    ]);
    expect(d.orphans).toEqual([]);
    const plan = compilePlan(R0, d.merged);
    expect(plan.requests).toEqual([
      { method: 'PUT', body: { variables: [{ action: 'UPDATE', id: 'VariableID:1:3', name: 'space/small' }] } },
    ]);
  });

  it('does not guess when two new tokens look like the one that went away', () => {
    let local = without(L0, 'Primitives', 'space/4');
    local = structuredClone(local);
    local.variables.push(v('Primitives', 'space/a', 'FLOAT', { Light: 4, Dark: 4 }, { description: 'Small gap' }));
    local.variables.push(v('Primitives', 'space/b', 'FLOAT', { Light: 4, Dark: 4 }, { description: 'Small gap' }));
    const d = diff3({ local, remote: R0, base: LOCK });
    expect(d.toService.map((c) => c.kind)).toEqual(['create-variable', 'create-variable']);
    expect(d.orphans).toEqual([
      {
        kind: 'variable',
        collection: 'Primitives',
        variable: 'space/4',
        id: 'VariableID:1:3',
        reason: 'removed-locally',
      },
    ]);
  });

  it('renames on both sides: to the same name is fine, to different names is a conflict', () => {
    const local = edit(L0, 'Primitives', 'color/red', (x) => (x.name = 'color/crimson'));
    const same = edit(R0, 'Primitives', 'color/red', (x) => (x.name = 'color/crimson'));
    expect(diff3({ local, remote: same, base: LOCK }).conflicts).toEqual([]);
    const other = edit(R0, 'Primitives', 'color/red', (x) => (x.name = 'color/scarlet'));
    const d = diff3({ local, remote: other, base: LOCK });
    expect(d.conflicts).toEqual([
      {
        kind: 'variable-field',
        collection: 'Primitives',
        variable: 'color/scarlet',
        localName: 'color/crimson',
        field: 'name',
        local: 'color/crimson',
        remote: 'color/scarlet',
        inBase: true,
        base: 'color/red',
      },
    ]);
  });

  it('recognises a service rename of a collection and of a mode', () => {
    const remote = structuredClone(R0);
    const prim = remote.collections[0];
    if (prim) {
      prim.name = 'Core';
      prim.modes[1] = { name: 'Night', id: '1:1' };
    }
    for (const x of remote.variables) {
      if (x.collection === 'Primitives') {
        x.collection = 'Core';
        x.values = { Light: x.values.Light as never, Night: x.values.Dark as never };
      }
    }
    const brand = find(remote, 'Semantic', 'brand');
    if (brand) brand.values.Value = ref('Core', 'color/blue');
    const d = diff3({ local: L0, remote, base: LOCK });
    expect(d.toRepo).toEqual([
      { kind: 'rename-collection', collection: 'Core', from: 'Primitives' },
      { kind: 'rename-mode', collection: 'Core', mode: 'Night', from: 'Dark' },
    ]);
    expect(d.toService).toEqual([]);
    expect(d.merged.collections[0]).toEqual({
      name: 'Core',
      modes: [
        { name: 'Light', id: '1:0' },
        { name: 'Night', id: '1:1' },
      ],
      defaultMode: 'Light',
      id: 'VariableCollectionId:1:0',
      key: 'kprim',
    });
  });
});

describe('diff3: conflicts and --prefer', () => {
  const local = edit(L0, 'Primitives', 'space/4', (x) => (x.values.Light = 6));
  const remote = edit(R0, 'Primitives', 'space/4', (x) => (x.values.Light = 8));

  it('reports both values side by side and keeps the service value in merged', () => {
    const d = diff3({ local, remote, base: LOCK });
    expect(d.conflicts).toEqual([
      {
        kind: 'variable-field',
        collection: 'Primitives',
        variable: 'space/4',
        field: 'value',
        mode: 'Light',
        local: 6,
        remote: 8,
        inBase: true,
        base: '4',
      },
    ]);
    expect(find(d.merged, 'Primitives', 'space/4')?.values.Light).toBe(8);
  });

  it('a lock written before base values were kept: the conflict has no base text, still inBase', () => {
    const old = structuredClone(LOCK);
    for (const v of Object.values(old.variables)) delete v.base;
    const [c] = diff3({ local, remote, base: old }).conflicts;
    expect(c).toMatchObject({ inBase: true, local: 6, remote: 8 });
    expect(c && 'base' in c).toBe(false);
  });

  it('--prefer repo settles it for the repository', () => {
    const d = diff3({ local, remote, base: LOCK, prefer: 'repo' });
    expect(d.conflicts).toEqual([]);
    expect(d.toService).toEqual([
      {
        kind: 'update-variable',
        collection: 'Primitives',
        variable: 'space/4',
        field: 'value',
        mode: 'Light',
        before: 8,
        after: 6,
        resolvedBy: 'repo',
      },
    ]);
    expect(find(d.merged, 'Primitives', 'space/4')?.values.Light).toBe(6);
  });

  it('--prefer service settles it for the service', () => {
    const d = diff3({ local, remote, base: LOCK, prefer: 'service' });
    expect(d.conflicts).toEqual([]);
    expect(d.toRepo).toEqual([
      {
        kind: 'update-variable',
        collection: 'Primitives',
        variable: 'space/4',
        field: 'value',
        mode: 'Light',
        before: 6,
        after: 8,
        resolvedBy: 'service',
      },
    ]);
    expect(find(d.merged, 'Primitives', 'space/4')?.values.Light).toBe(8);
  });

  it('without a lock, anything held differently is a conflict (no base) and service-only tokens are never-pulled orphans', () => {
    const extra = structuredClone(remote);
    extra.variables.push({ ...v('Primitives', 'space/8', 'FLOAT', { Light: 8, Dark: 8 }), id: 'VariableID:1:9' });
    const d = diff3({ local, remote: extra, base: undefined });
    expect(d.conflicts).toEqual([
      {
        kind: 'variable-field',
        collection: 'Primitives',
        variable: 'space/4',
        field: 'value',
        mode: 'Light',
        local: 6,
        remote: 8,
        inBase: false,
      },
    ]);
    expect(d.orphans).toEqual([
      { kind: 'variable', collection: 'Primitives', variable: 'space/8', id: 'VariableID:1:9', reason: 'never-pulled' },
    ]);
    expect(d.toRepo).toMatchObject([{ kind: 'create-variable', variable: 'space/8' }]);
    // Equal things match by name and are no change, even without a lock.
    expect(d.toService).toEqual([]);
  });
});

describe('diff3: deletion', () => {
  it('reports a token removed from the repository as an orphan (the API cannot delete) and plans nothing for it', () => {
    const local = without(L0, 'Primitives', 'color/red');
    const d = diff3({ local, remote: R0, base: LOCK });
    expect(d.orphans).toEqual([
      {
        kind: 'variable',
        collection: 'Primitives',
        variable: 'color/red',
        id: 'VariableID:1:2',
        reason: 'removed-locally',
      },
    ]);
    expect(d.toService).toEqual([]);
    expect(find(d.merged, 'Primitives', 'color/red')).toBeUndefined();
    expect(compilePlan(R0, d.merged).requests).toEqual([]);
  });

  it('deletes from the repository what the design file deleted, unless the repository changed it', () => {
    const remote = without(R0, 'Primitives', 'color/red');
    expect(diff3({ local: L0, remote, base: LOCK }).toRepo).toEqual([
      { kind: 'delete-variable', collection: 'Primitives', variable: 'color/red' },
    ]);
    const local = edit(L0, 'Primitives', 'color/red', (x) => (x.values.Dark = hex('#990000')));
    const d = diff3({ local, remote, base: LOCK });
    expect(d.conflicts).toEqual([{ kind: 'deleted-in-service', collection: 'Primitives', variable: 'color/red' }]);
    const kept = diff3({ local, remote, base: LOCK, prefer: 'repo' });
    expect(kept.toService).toMatchObject([{ kind: 'create-variable', variable: 'color/red', resolvedBy: 'repo' }]);
    expect(find(kept.merged, 'Primitives', 'color/red')?.id).toBeUndefined();
  });

  it('reports a collection removed from the repository as one orphan', () => {
    const local = structuredClone(L0);
    local.collections = local.collections.filter((c) => c.name !== 'Semantic');
    local.variables = local.variables.filter((x) => x.collection !== 'Semantic');
    const d = diff3({ local, remote: R0, base: LOCK });
    expect(d.orphans).toEqual([
      { kind: 'collection', collection: 'Semantic', id: 'VariableCollectionId:2:0', reason: 'removed-locally' },
    ]);
    expect(d.merged.collections.map((c) => c.name)).toEqual(['Primitives']);
  });
});

describe('diff3: modes and collections', () => {
  it('adds a repository mode to the service; the merged values fill the other tokens from the default mode', () => {
    const local = structuredClone(L0);
    local.collections[1]?.modes.push({ name: 'Contrast' });
    const brand = find(local, 'Semantic', 'brand');
    if (brand) brand.values.Contrast = ref('Primitives', 'color/red');
    const d = diff3({ local, remote: R0, base: LOCK });
    expect(d.toService).toEqual([{ kind: 'create-mode', collection: 'Semantic', mode: 'Contrast' }]);
    expect(find(d.merged, 'Semantic', 'brand')?.values).toEqual({
      Value: ref('Primitives', 'color/blue'),
      Contrast: ref('Primitives', 'color/red'),
    });
  });

  it('creates a whole new repository collection in the service', () => {
    const local = structuredClone(L0);
    local.collections.push({ name: 'Type', modes: [{ name: 'Base' }], defaultMode: 'Base' });
    local.variables.push(v('Type', 'font/body', 'STRING', { Base: 'Inter' }));
    const d = diff3({ local, remote: R0, base: LOCK });
    expect(d.toService).toEqual([
      { kind: 'create-collection', collection: 'Type', modes: ['Base'], defaultMode: 'Base' },
      { kind: 'create-variable', collection: 'Type', variable: 'font/body', type: 'STRING', values: { Base: 'Inter' } },
    ]);
  });
});
