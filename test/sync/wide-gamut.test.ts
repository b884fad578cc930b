/**
 * A wide-gamut color is synced as its sRGB value; the repository's original space survives a pull while
 * that sRGB value (by 8-bit hex) did not change, and repository-owned tokens ride along in the merged set
 * without ever reaching a plan.
 */
import { describe, expect, it } from 'vitest';
import type { RepoToken } from '../../src/model/dtcg.js';
import type { Color, TokenSet } from '../../src/model/types.js';
import { diff3 } from '../../src/sync/diff.js';
import { compilePlan } from '../../src/sync/plan.js';
import { baseSet, edit, lockFor } from './fixtures.js';

const P3: Color = { r: 1, g: 0, b: 0, a: 1, source: { colorSpace: 'display-p3', components: [1, 0, 0] } };
const shadow: RepoToken = {
  collection: 'Primitives',
  name: 'shadow/card',
  type: 'shadow',
  description: '',
  owner: 'repository',
  values: {
    Light: {
      color: { alias: { collection: 'Primitives', name: 'color/blue' } },
      offsetX: { value: 0, unit: 'px' },
      offsetY: { value: 2, unit: 'px' },
      blur: { value: 4, unit: 'px' },
      spread: { value: 0, unit: 'px' },
    },
    Dark: { alias: { collection: 'Primitives', name: 'shadow/card' } },
  },
};

function sides(): { local: TokenSet; remote: TokenSet } {
  const local = edit(baseSet(false), 'Primitives', 'color/blue', (x) => (x.values.Light = P3));
  local.tokens = [shadow];
  const remote = edit(
    baseSet(true),
    'Primitives',
    'color/blue',
    (x) => (x.values.Light = { r: 1, g: 0.0000004, b: 0, a: 1 }),
  );
  return { local, remote };
}

describe('wide-gamut colors and repository-owned tokens in the 3-way diff', () => {
  it('keeps the P3 source while the service holds the same 8-bit sRGB, and plans nothing', () => {
    const { local, remote } = sides();
    const d = diff3({ local, remote, base: lockFor(local, remote) });
    expect([d.toService, d.toRepo, d.conflicts]).toEqual([[], [], []]);
    expect(d.merged.variables.find((v) => v.name === 'color/blue')!.values.Light).toEqual(P3);
    expect(d.merged.tokens).toEqual([shadow]);
    expect(compilePlan(remote, d.merged).requests).toEqual([]);
  });

  it('takes the service value, in sRGB, when the design file changed the color', () => {
    const { local, remote } = sides();
    const base = lockFor(local, remote);
    const changed = edit(remote, 'Primitives', 'color/blue', (x) => (x.values.Light = { r: 0, g: 0.5, b: 0, a: 1 }));
    const d = diff3({ local, remote: changed, base });
    expect(d.toRepo).toHaveLength(1);
    expect(d.merged.variables.find((v) => v.name === 'color/blue')!.values.Light).toEqual({ r: 0, g: 0.5, b: 0, a: 1 });
  });

  it('pushes a P3 color as its sRGB value only', () => {
    const { local } = sides();
    const empty: TokenSet = { collections: [], variables: [] };
    const plan = compilePlan(empty, diff3({ local, remote: empty, base: undefined }).merged);
    const body = JSON.stringify(plan.requests);
    expect(body).not.toContain('display-p3');
    expect(body).not.toContain('shadow/card');
  });
});

describe('references inside repository-owned tokens follow renames in the design file', () => {
  it('points the shadow at the variable under its new name', () => {
    const { local, remote } = sides();
    const base = lockFor(local, remote);
    const renamed = edit(remote, 'Primitives', 'color/blue', (x) => (x.name = 'color/azure'));
    const d = diff3({ local, remote: renamed, base });
    const card = d.merged.tokens!.find((t) => t.name === 'shadow/card')!;
    expect(card.values.Light).toMatchObject({ color: { alias: { collection: 'Primitives', name: 'color/azure' } } });
    // A reference to a repository-owned token is left as it is.
    expect(card.values.Dark).toEqual({ alias: { collection: 'Primitives', name: 'shadow/card' } });
  });
});
