/**
 * The benchmark's token-set generator keeps the promises the figures in bench/RESULTS.md rest on
 * (docs/benchmarks.md "The token sets"): exact counts, ~30% aliases within and across collections, all
 * four types, the asked mode counts, no alias cycles or dangling aliases, names usable with
 * `namespace: none`, and the same set for the same seed.
 */
import { describe, expect, it } from 'vitest';
import { describeTokenSet, generateTokenSet } from '../../bench/generate.mjs';
import { isAlias, variableKey, type TokenSet, type Variable } from '../../src/model/types.js';

function byKey(set: TokenSet): Map<string, Variable> {
  return new Map(set.variables.map((v) => [variableKey(v), v]));
}

describe('generateTokenSet', () => {
  it('makes exactly the asked number of variables, ~30% of them aliases, of all four types', () => {
    for (const n of [1000, 10_000]) {
      const f = describeTokenSet(generateTokenSet({ variables: n, seed: 7 }));
      expect(f.variables).toBe(n);
      expect(f.aliasVariables).toBe(Math.round(n * 0.3));
      for (const type of ['COLOR', 'FLOAT', 'STRING', 'BOOLEAN'] as const)
        expect(f.byType[type]).toBeGreaterThan(n * 0.04);
      expect(f.byType.COLOR / n).toBeGreaterThan(0.4);
      expect(f.byType.COLOR / n).toBeLessThan(0.6);
    }
  });

  it('spreads aliases within and across collections, in roughly equal parts', () => {
    const set = generateTokenSet({ variables: 2000, seed: 3 });
    let within = 0;
    let across = 0;
    for (const v of set.variables) {
      for (const value of Object.values(v.values)) {
        if (!isAlias(value)) continue;
        if (value.alias.collection === v.collection) within++;
        else across++;
      }
    }
    expect(within).toBeGreaterThan(0.3 * (within + across));
    expect(across).toBeGreaterThan(0.3 * (within + across));
    expect(describeTokenSet(set).crossCollectionAliases).toBe(across);
  });

  it('aliases only existing variables of the same type and kind, and never forms a cycle', () => {
    const set = generateTokenSet({ variables: 3000, seed: 11 });
    const vars = byKey(set);
    for (const v of set.variables) {
      for (const value of Object.values(v.values)) {
        if (!isAlias(value)) continue;
        const target = vars.get(variableKey(value.alias));
        expect(target, `${v.name} -> ${value.alias.name}`).toBeDefined();
        expect(target?.type).toBe(v.type);
        expect(target?.kind).toEqual(v.kind);
      }
    }
    // Follow every chain from every variable's default mode: it must end at a literal.
    const colls = new Map(set.collections.map((c) => [c.name, c]));
    for (const v of set.variables) {
      let cur: Variable | undefined = v;
      const seen = new Set<string>();
      for (;;) {
        if (cur === undefined) throw new Error('dangling alias');
        const key = variableKey(cur);
        expect(seen.has(key), `cycle through ${cur.name}`).toBe(false);
        seen.add(key);
        const value = cur.values[colls.get(cur.collection)?.defaultMode ?? ''];
        if (value === undefined || !isAlias(value)) break;
        cur = vars.get(variableKey(value.alias));
      }
    }
  });

  it('gives every collection the asked modes: 1-4 when mixed, or exactly M', () => {
    const mixed = generateTokenSet({ variables: 1000 });
    expect(mixed.collections.map((c) => c.modes.length)).toEqual([1, 2, 3, 4]);
    expect(mixed.collections.map((c) => [c.name, c.defaultMode])).toMatchInlineSnapshot(`
      [
        [
          "Primitives",
          "Value",
        ],
        [
          "Theme",
          "Light",
        ],
        [
          "Density",
          "Compact",
        ],
        [
          "Brand",
          "Brand A",
        ],
      ]
    `);
    const four = generateTokenSet({ variables: 10_000, modes: 4 });
    expect(four.collections.every((c) => c.modes.length === 4)).toBe(true);
    expect(describeTokenSet(four).values).toBe(40_000);
    // Every variable has a value for exactly its collection's modes.
    const modes = new Map(four.collections.map((c) => [c.name, c.modes.map((m) => m.name)]));
    for (const v of four.variables) expect(Object.keys(v.values)).toEqual(modes.get(v.collection));
  });

  it('keeps collections within the service limit of 5,000 variables and names unique across collections', () => {
    const set = generateTokenSet({ variables: 40_000, modes: 2 });
    const counts = new Map<string, number>();
    for (const v of set.variables) counts.set(v.collection, (counts.get(v.collection) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(5000);
    expect(new Set(set.collections.map((c) => c.name)).size).toBe(set.collections.length);
    const names = set.variables.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    // Same depth everywhere, so no token path is also a group path; no characters the service refuses.
    expect(names.every((n) => n.split('/').length === 4 && !/[.{}]/.test(n))).toBe(true);
  });

  it('makes 10% of all tokens composites whose sub-values reference existing variables of their type', () => {
    const set = generateTokenSet({ variables: 9000, seed: 5 });
    const f = describeTokenSet(set);
    expect(f.composites).toBe(1000);
    expect(f.compositeRatio).toBeCloseTo(0.1, 5);
    expect(new Set(set.tokens!.map((t) => t.type))).toEqual(
      new Set(['typography', 'shadow', 'border', 'gradient', 'transition']),
    );
    const vars = byKey(set);
    const kindOf: Record<string, string> = {
      color: 'color',
      fontFamily: 'fontFamily',
      fontSize: 'dimension',
      fontWeight: 'fontWeight',
      blur: 'dimension',
      duration: 'duration',
    };
    let refs = 0;
    const walk = (x: unknown, key: string): void => {
      if (Array.isArray(x)) for (const y of x) walk(y, key);
      else if (typeof x === 'object' && x !== null && 'alias' in x) {
        refs++;
        const target = vars.get(variableKey((x as { alias: { collection: string; name: string } }).alias));
        expect(target?.kind?.type, key).toBe(kindOf[key]);
      } else if (typeof x === 'object' && x !== null) for (const [k, y] of Object.entries(x)) walk(y, k);
    };
    for (const t of set.tokens!) {
      expect(Object.keys(t.values)).toEqual(
        set.collections.find((c) => c.name === t.collection)!.modes.map((m) => m.name),
      );
      walk(t.values, '');
    }
    expect(refs).toBeGreaterThan(2000);
    // The variables of a seed do not depend on the composites.
    expect(generateTokenSet({ variables: 9000, seed: 5, compositeRatio: 0 }).variables).toEqual(set.variables);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateTokenSet({ variables: 1000, seed: 42 });
    expect(generateTokenSet({ variables: 1000, seed: 42 })).toEqual(a);
    expect(generateTokenSet({ variables: 1000, seed: 43 })).not.toEqual(a);
  });

  it('refuses sizes and mode counts it cannot honour, naming the option', () => {
    expect(() => generateTokenSet({ variables: 3 })).toThrowErrorMatchingInlineSnapshot(
      `[Error: variables must be an integer >= 8, got 3]`,
    );
    expect(() => generateTokenSet({ variables: 100, modes: 5 })).toThrowErrorMatchingInlineSnapshot(
      `[Error: modes must be 1..4 or "mixed", got 5]`,
    );
  });
});
