/**
 * `renderLock` writes a lock through plain objects with sorted keys when a plain object keeps that
 * order, and through the ordered tree otherwise (integer-like or `__proto__` keys). Both must give the
 * bytes of the ordered tree (`renderLockOrdered`, the writer every lock went through before), which
 * the lock goldens and round-trip tests pin.
 */
import { describe, expect, it } from 'vitest';
import { fingerprint, LOCK_VERSION, type Lock } from '../../src/model/lock.js';
import { renderLock } from '../../src/tokens/index.js';
import { renderLockOrdered } from '../../src/tokens/lock-file.js';

/** The ordered-tree writer, which every lock went through before the plain path. */
const reference = renderLockOrdered;

function lockWith(modeNames: [string, string], extra: Partial<Lock> = {}): Lock {
  const [a, b] = modeNames;
  return {
    version: LOCK_VERSION,
    fileKey: 'FILE',
    remoteVersion: '7',
    collections: {
      'VariableCollectionId:1:2': { name: 'Zeta', defaultModeId: '1:9', modes: { '1:9': a, '1:10': b } },
      'VariableCollectionId:1:1': { name: 'Älpha', defaultModeId: '1:5', modes: { '1:5': a }, key: 'k1' },
    },
    variables: {
      'VariableID:1:20': {
        collectionId: 'VariableCollectionId:1:2',
        name: 'color/bg — 間',
        key: 'vk',
        fields: {
          type: 'COLOR',
          description: fingerprint('"dé\\"sc\\n"'),
          scopes: fingerprint('ALL_SCOPES'),
          values: { [b]: fingerprint('#ffffff'), [a]: fingerprint('#000000') },
        },
        base: { values: { [a]: '#000000', [b]: '#fffffe' }, scopes: 'ALL_SCOPES' },
      },
      'VariableID:1:3': {
        collectionId: 'VariableCollectionId:1:1',
        name: 'size/1',
        fields: { type: 'FLOAT', description: 'e3b0', scopes: 's', values: { [a]: fingerprint('4') }, meta: 'm' },
        base: { values: { [a]: '4' } },
      },
      'VariableID:1:4': {
        collectionId: 'VariableCollectionId:1:1',
        name: 'size/2',
        fields: {
          type: 'FLOAT',
          description: 'e3b0',
          scopes: 's',
          values: { [a]: 'f4' },
          overrides: { o: { z: '1', y: '2' } },
        },
        base: { description: 'd' },
      },
    },
    ...extra,
  };
}

/** A kept variable whose answer has mode keys `k1`, `k2`: integer-like keys send the whole lock through the ordered tree. */
function keptWith([k1, k2]: [string, string]): Partial<Lock> {
  return {
    repoOnly: { Zeta: ['b', 'a'] },
    kept: {
      'VariableID:9:9': {
        collectionId: 'VariableCollectionId:1:2',
        name: 'kept',
        reason: 'r',
        variable: { id: 'VariableID:9:9', valuesByMode: { [k1]: 1, [k2]: [1, { b: 2, a: null }] }, z: true, a: 0.5 },
      },
    },
  };
}

describe('renderLock', () => {
  it.each([
    ['mode names that sort as text', ['Light', 'Dark'], ['2', '10']],
    ['the same, and a kept answer without integer-like keys (the plain path)', ['Light', 'Dark'], ['m2', 'm10']],
    ['no kept variable (the plain path)', ['Light', 'Dark'], undefined],
    ['integer-like mode names (the ordered tree)', ['100', '9'], ['2', '10']],
    ['a mode named __proto__ (the ordered tree)', ['__proto__', 'Dark'], ['m2', 'm10']],
    ['mode names with marks and escapes', ['\u007f1', 'a"b\\'], ['m2', 'm10']],
  ] as [string, [string, string], [string, string] | undefined][])(
    "writes the ordered tree's bytes: %s",
    (_, names, keys) => {
      const lock = lockWith(names, keys === undefined ? {} : keptWith(keys));
      expect(renderLock(lock)).toBe(reference(lock));
    },
  );

  it('writes integer-like collection and variable ids as the ordered tree does', () => {
    const base = lockWith(['Light', 'Dark']);
    const lock: Lock = {
      ...base,
      collections: { ...base.collections, '12': { name: 'N', defaultModeId: '3', modes: { '3': 'x', '1': 'y' } } },
      variables: { ...base.variables, '5': { ...base.variables['VariableID:1:3']!, collectionId: '12' } },
    };
    expect(renderLock(lock)).toBe(reference(lock));
  });

  it('writes the variables it builds directly as the ordered tree does, whatever their shape', () => {
    const base = lockWith(['Light', 'Dark']);
    const v = base.variables['VariableID:1:20']!;
    const odd = (entry: unknown) => entry as Lock['variables'][string];
    const { base: _, ...noBase } = v;
    const lock: Lock = {
      ...base,
      variables: {
        ...base.variables,
        // an empty base without texts stays; one whose texts all go, goes
        'VariableID:2:1': { ...v, base: {} },
        'VariableID:2:2': { ...v, base: { values: { Light: 'no match' } } },
        // values and texts out of order, every text given, and none
        'VariableID:2:3': {
          ...v,
          fields: { ...v.fields, values: { Light: fingerprint('1'), Dark: fingerprint('2') } },
          base: { values: { Light: '1', Dark: '2' }, meta: 'm', description: 'd' },
        },
        'VariableID:2:4': { ...noBase, fields: { ...v.fields, values: { b: 'x', a: 'y' } } },
        'VariableID:2:5': { collectionId: 'c', name: 'n', fields: { ...v.fields, meta: 'm2' } },
        // what the general copy writes: a key the lock does not know, undefined keys, a non-string
        'VariableID:2:6': odd({ ...v, extra: { z: 1, a: [2, { y: true, b: null }] } }),
        'VariableID:2:7': odd({ ...v, key: undefined, fields: { ...v.fields, meta: undefined } }),
        'VariableID:2:8': odd({ ...v, fields: { ...v.fields, values: { Light: 3 } }, base: undefined }),
        'VariableID:2:9': odd({ ...v, base: { ...v.base, other: 'x' } }),
      },
    };
    expect(renderLock(lock)).toBe(reference(lock));
  });

  it('refuses a number JSON cannot hold, as the ordered tree does', () => {
    const lock = lockWith(['Light', 'Dark'], {
      kept: { k: { collectionId: 'c', name: 'n', reason: 'r', variable: { v: Number.NaN } } },
    });
    expect(() => reference(lock)).toThrow(/cannot write NaN/);
    expect(() => renderLock(lock)).toThrow(/cannot write NaN/);
  });
});
