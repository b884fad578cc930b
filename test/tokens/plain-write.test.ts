/**
 * The direct writers (src/tokens/render-plain.ts, and the lock's in lock-file.ts) against the general
 * path they stand in for: the same set written both ways gives the same bytes, on the bench's generated
 * sets, the fixture, and the trees whose keys plain objects would reorder or cannot hold (integer-like
 * keys, `__proto__`, U+007F). A path taken twice is left to the general path.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { generateTokenSet } from '../../bench/generate.mjs';
import type { TokensConfig } from '../../src/config/schema.js';
import type { TokenSet, Variable } from '../../src/model/types.js';
import { renderTokens } from '../../src/tokens/index.js';
import { directWriters } from '../../src/tokens/render-plain.js';
import { config, fixtureSet, withKinds } from './fixtures/model.js';

afterEach(() => {
  directWriters.on = true;
});

/** Both texts, and how many files the direct path wrote. */
function bothWays(set: TokenSet, cfg: TokensConfig): [Map<string, string>, Map<string, string>, number] {
  directWriters.on = true;
  const before = directWriters.files;
  const direct = renderTokens(set, cfg);
  const directFiles = directWriters.files - before;
  directWriters.on = false;
  const general = renderTokens(set, cfg);
  directWriters.on = true;
  return [direct, general, directFiles];
}

const float = (collection: string, name: string, value: number, extra: Partial<Variable> = {}): Variable => ({
  collection,
  name,
  type: 'FLOAT',
  description: '',
  scopes: ['ALL_SCOPES'],
  values: { Value: value },
  ...extra,
});

const oneMode = (variables: Variable[]): TokenSet => ({
  collections: [{ name: 'Odd keys', modes: [{ name: 'Value' }], defaultMode: 'Value' }],
  variables,
});

describe('the token files written directly', () => {
  it.each([
    ['the bench set (2k x 2)', () => generateTokenSet({ variables: 2000, modes: 2 }) as TokenSet, {}],
    ['the bench set with 4 modes', () => generateTokenSet({ variables: 300, modes: 4, seed: 7 }) as TokenSet, {}],
    [
      'the bench set, namespace: collection',
      () => generateTokenSet({ variables: 500, seed: 3 }) as TokenSet,
      { namespace: 'collection' as const },
    ],
    ['the fixture set', () => fixtureSet(), {}],
    ['the fixture set with kinds', () => withKinds(fixtureSet()), {}],
    [
      'integer-like keys, __proto__, a $root token and kept fields',
      () =>
        oneMode([
          float('Odd keys', 'size/100', 1),
          float('Odd keys', 'size/2', 2, { description: 'two', scopes: ['GAP', 'WIDTH_HEIGHT'] }),
          float('Odd keys', 'size/__proto__/0', 3),
          float('Odd keys', '__proto__', 4, {
            meta: { hiddenFromPublishing: true, codeSyntax: { WEB: 'w', iOS: 'i' } },
          }),
          float('Odd keys', '10/07', 5),
          float('Odd keys', 'size', 6),
        ]),
      {},
    ],
    ['a key with U+007F', () => oneMode([float('Odd keys', 'a\u007fb/1', 1), float('Odd keys', 'a/2', 2)]), {}],
  ])("gives the general path's bytes: %s", (name, make, extra) => {
    const [direct, general, directFiles] = bothWays(make(), { ...config, dir: 'tokens', ...extra });
    expect([...direct.keys()]).toEqual([...general.keys()]);
    // Every mode file but the resolver document, except where a key holds U+007F.
    expect(directFiles).toBe(name.includes('U+007F') ? 0 : general.size - 1);
    for (const [rel, text] of general) expect(direct.get(rel), rel).toBe(text);
  });

  it('leaves a path taken twice to the general path', () => {
    const set = oneMode([float('Odd keys', 'a/b', 1), float('Odd keys', 'a/c', 2), float('Odd keys', 'a/b', 3)]);
    const [direct, general, directFiles] = bothWays(set, { ...config, dir: 'tokens' });
    expect(direct).toEqual(general);
    expect(directFiles).toBe(0);
  });
});
