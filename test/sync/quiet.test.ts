import { describe, expect, it } from 'vitest';
import { diff3 } from '../../src/sync/diff.js';
import { nextLock } from '../../src/sync/next-lock.js';
import { quietDiff } from '../../src/sync/quiet.js';
import { compilePlan, emptyPlan } from '../../src/sync/plan.js';
import { lockEquals, type Lock } from '../../src/model/lock.js';
import type { TokenSet } from '../../src/model/types.js';
import { baseSet, edit, hex, lockFor, ref, v, without } from './fixtures.js';

/** The usual fixture plus what the proof must also hold: kept fields, scopes, a repository-owned token. */
function inStep(withIds: boolean): TokenSet {
  const set = edit(baseSet(withIds), 'Primitives', 'color/red', (x) => {
    x.meta = { hiddenFromPublishing: true, codeSyntax: { WEB: 'var(--red)' } };
    x.scopes = ['FRAME_FILL', 'ALL_FILLS'];
  });
  set.collections[1]!.hiddenFromPublishing = true;
  if (!withIds)
    set.tokens = [
      {
        collection: 'Semantic',
        name: 'shadow/card',
        type: 'shadow',
        description: '',
        owner: 'repository',
        values: { Value: { color: ref('Primitives', 'color/blue'), offsetX: 0, offsetY: 1, blur: 2, spread: 0 } },
      } as never,
    ];
  return set;
}

const L0 = inStep(false);
const R0 = inStep(true);
const LOCK = lockFor(L0, R0);

/** When the proof holds, it says what the diff and the next lock say. */
function expectAgrees(local: TokenSet, remote: TokenSet, base: Lock): void {
  const quiet = quietDiff(local, remote, base);
  if (!quiet) return;
  expect(quiet).toEqual(diff3({ local, remote, base }));
  // A push of it sends nothing: apply-plan.ts takes the empty plan without compiling one.
  for (const dialect of ['dfs', 'figma'] as const)
    expect(compilePlan(remote, quiet.merged, { dialect })).toEqual(emptyPlan({ dialect }));
  for (const l of [local, quiet.merged])
    expect(lockEquals(nextLock({ local: l, remote, previous: base, fileKey: 'FILE', remoteVersion: '1' }), base)).toBe(
      true,
    );
}

const lastCol = (set: TokenSet): TokenSet => {
  const copy = structuredClone(set);
  copy.collections = [...copy.collections].reverse();
  return copy;
};

type Change = [string, (set: TokenSet) => TokenSet];
const EITHER_SIDE: Change[] = [
  ['a color value', (s) => edit(s, 'Primitives', 'color/blue', (x) => (x.values.Dark = hex('#112245')))],
  ['a float value', (s) => edit(s, 'Primitives', 'space/4', (x) => (x.values.Light = 5))],
  ['an alias target', (s) => edit(s, 'Semantic', 'brand', (x) => (x.values.Value = ref('Primitives', 'color/red')))],
  ['an alias to a literal', (s) => edit(s, 'Semantic', 'brand', (x) => (x.values.Value = hex('#3366ff')))],
  ['a mode value gone', (s) => edit(s, 'Primitives', 'space/4', (x) => delete x.values.Dark)],
  ['the description', (s) => edit(s, 'Primitives', 'space/4', (x) => (x.description = 'Gap'))],
  ['the scopes', (s) => edit(s, 'Primitives', 'color/red', (x) => (x.scopes = ['ALL_FILLS']))],
  ['the type', (s) => edit(s, 'Primitives', 'space/4', (x) => (x.type = 'STRING'))],
  ['the kept fields', (s) => edit(s, 'Primitives', 'color/red', (x) => delete x.meta)],
  ['a variable name', (s) => edit(s, 'Primitives', 'space/4', (x) => (x.name = 'space/four'))],
  ['a variable removed', (s) => without(s, 'Primitives', 'space/4')],
  [
    'a variable added',
    (s) => ({ ...s, variables: [...s.variables, v('Primitives', 'space/8', 'FLOAT', { Light: 8, Dark: 8 })] }),
  ],
  [
    'a collection renamed',
    (s) => {
      const c = structuredClone(s);
      c.collections[1]!.name = 'Semantics';
      for (const x of c.variables) if (x.collection === 'Semantic') x.collection = 'Semantics';
      return c;
    },
  ],
  [
    'a collection hidden',
    (s) => {
      const c = structuredClone(s);
      c.collections[0]!.hiddenFromPublishing = true;
      return c;
    },
  ],
  [
    'a mode renamed',
    (s) => {
      const c = structuredClone(s);
      c.collections[1]!.modes[0]!.name = 'Default';
      c.collections[1]!.defaultMode = 'Default';
      for (const x of c.variables) if (x.collection === 'Semantic') x.values = { Default: x.values.Value! };
      return c;
    },
  ],
  [
    'the modes reordered',
    (s) => {
      const c = structuredClone(s);
      c.collections[0]!.modes.reverse();
      return c;
    },
  ],
  [
    'an extended collection',
    (s) => {
      const c = structuredClone(s);
      const parent = c.collections[1]!;
      c.collections.push({ ...structuredClone(parent), name: 'Brand', parent: 'Semantic' });
      return c;
    },
  ],
  ['an override', (s) => edit(s, 'Semantic', 'brand', (x) => (x.overrides = { Brand: { Value: hex('#000000') } }))],
];

describe('quietDiff: the in-step proof (docs/architecture.md "Diff")', () => {
  it('holds when nothing changed on either side, and says exactly what the diff and the next lock say', () => {
    const quiet = quietDiff(L0, R0, LOCK);
    expect(quiet).toBeDefined();
    expectAgrees(L0, R0, LOCK);
    // The order of the service's collections is the order of the merged set, as the diff pairs them.
    const reordered = lastCol(R0);
    expect(quietDiff(L0, reordered, LOCK)?.merged.collections.map((c) => c.name)).toEqual(['Semantic', 'Primitives']);
    expectAgrees(L0, reordered, LOCK);
  });

  it('holds for the same canonical text spelled apart: float noise in a color, scopes in another order', () => {
    const noisy = edit(L0, 'Primitives', 'color/blue', (x) => {
      const c = x.values.Dark as { r: number };
      c.r += 1e-9;
    });
    const reordered = edit(L0, 'Primitives', 'color/red', (x) => x.scopes.reverse());
    for (const local of [noisy, reordered]) {
      expect(quietDiff(local, R0, LOCK)).toBeDefined();
      expectAgrees(local, R0, LOCK);
    }
    // The same channels, but composed on one side: another canonical text, the full diff.
    const composed = edit(L0, 'Primitives', 'color/blue', (x) => {
      (x.values.Dark as { composed?: unknown }).composed = { color: ref('Primitives', 'color/red'), opacity: 100 };
    });
    expect(quietDiff(composed, R0, LOCK)).toBeUndefined();
  });

  it.each(EITHER_SIDE)('any single change in the repository takes the full diff: %s', (_, change) => {
    const local = change(L0);
    expect(quietDiff(local, R0, LOCK)).toBeUndefined();
  });

  it.each(EITHER_SIDE)('any single change in the design file takes the full diff: %s', (_, change) => {
    const remote = change(R0);
    expect(quietDiff(L0, remote, LOCK)).toBeUndefined();
  });

  it.each([
    ['a variable id', (s: TokenSet) => edit(s, 'Primitives', 'space/4', (x) => (x.id = 'VariableID:7:7'))],
    ['a variable key', (s: TokenSet) => edit(s, 'Primitives', 'space/4', (x) => (x.key = 'k99'))],
    [
      'a collection key',
      (s: TokenSet) => {
        const c = structuredClone(s);
        c.collections[0]!.key = 'other';
        return c;
      },
    ],
    [
      'the default mode',
      (s: TokenSet) => {
        const c = structuredClone(s);
        c.collections[0]!.defaultMode = 'Dark';
        return c;
      },
    ],
    [
      'a kept variable',
      (s: TokenSet) => ({
        ...s,
        kept: [{ id: 'VariableID:8:8', collectionId: 'c', collection: 'Primitives', name: 'x', reason: 'r', wire: {} }],
      }),
    ],
  ] as Change[])('the service changed what only the lock records: %s', (_, change) => {
    const remote = change(R0);
    expect(quietDiff(L0, remote, LOCK)).toBeUndefined();
  });

  it('both sides changed to the same thing moves the base: the full path writes the lock', () => {
    for (const [, change] of EITHER_SIDE) {
      const local = change(L0);
      const remote = change(R0);
      expect(quietDiff(local, remote, LOCK)).toBeUndefined();
    }
  });

  it.each([
    ['a value fingerprint', (l: Lock) => void (l.variables['VariableID:1:1']!.fields.values.Dark = 'aaaaaaaaaaaa')],
    ['a variable name', (l: Lock) => void (l.variables['VariableID:1:3']!.name = 'space/old')],
    ['a variable gone', (l: Lock) => void delete l.variables['VariableID:1:3']],
    ['a mode name', (l: Lock) => void (l.collections['VariableCollectionId:1:0']!.modes['1:1'] = 'Night')],
    ['a collection gone', (l: Lock) => void delete l.collections['VariableCollectionId:2:0']],
    ['the kept fields', (l: Lock) => void delete l.variables['VariableID:1:2']!.fields.meta],
    ['hiddenFromPublishing', (l: Lock) => void delete l.collections['VariableCollectionId:2:0']!.hiddenFromPublishing],
    ['the repository-owned tokens seen', (l: Lock) => void delete l.repoOnly],
  ])('a lock that differs from both sides takes the full path: %s', (_, change) => {
    const lock = structuredClone(LOCK);
    change(lock);
    expect(quietDiff(L0, R0, lock)).toBeUndefined();
    expect(
      lockEquals(nextLock({ local: L0, remote: R0, previous: lock, fileKey: 'FILE', remoteVersion: '1' }), lock),
    ).toBe(false);
  });

  it('never holds without a lock', () => {
    expect(quietDiff(L0, R0, undefined)).toBeUndefined();
  });
});
