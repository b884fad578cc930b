/**
 * `movedBetween` by name against a read with no variables (an initial push asks it for the labels of
 * what it writes) takes every variable as appeared without a map of keys: the same labels as the
 * general comparison, deduplicated, sorted, the ignored ones left out.
 */
import { describe, expect, it } from 'vitest';
import type { TokenSet, Variable } from '../../src/model/types.js';
import { movedBetween } from '../../src/sync/moved.js';

const variable = (collection: string, name: string, value = 1): Variable => ({
  collection,
  name,
  type: 'FLOAT',
  description: '',
  scopes: ['ALL_SCOPES'],
  values: { m: value },
});

const set = (variables: Variable[]): TokenSet => ({
  collections: [
    { name: 'a', modes: [{ name: 'm' }], defaultMode: 'm' },
    { name: 'a/b', modes: [{ name: 'm' }], defaultMode: 'm' },
  ],
  variables,
});

describe('movedBetween against a read with no variables', () => {
  const target = set([
    variable('a', 'z'),
    variable('a', 'b/c'),
    variable('a/b', 'c'), // the same label as a / b/c
    variable('a', 'y'),
    variable('a', 'y', 2), // the same collection and name twice
    variable('a', 'x'),
  ]);

  it('names every variable once, sorted, by name (the collections are the same on both sides)', () => {
    expect(movedBetween(set([]), target, { byName: true })).toEqual(['a/b/c', 'a/x', 'a/y', 'a/z']);
  });

  it('leaves out what it is told to ignore', () => {
    expect(movedBetween(set([]), target, { byName: true, ignore: new Set(['a/y', 'a/b/c']) })).toEqual(['a/x', 'a/z']);
  });

  it('gives the labels the general comparison gives when the first read has a variable the target lacks', () => {
    const one = set([variable('q', 'gone')]);
    const general = movedBetween(one, target, { byName: true }).filter((l) => l !== 'q/gone');
    expect(movedBetween(set([]), target, { byName: true })).toEqual(general);
  });
});
