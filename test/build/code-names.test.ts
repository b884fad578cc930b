/**
 * The names `sync.codeSyntax` writes back (src/codegen/code-names.ts) against the build's own output:
 * every variable's WEB name is a custom property the CSS declares, its iOS name a Swift property and
 * its ANDROID name a resource of the Android output, under the default names and under a prefix,
 * other name styles and collection namespaces, so the write-back and the build cannot disagree.
 */
import { describe, expect, it } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
// Through the library's export list: build scripts compute the names this way (docs/sync.md).
import { codeNameKey, codeNames } from '../../src/index.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

const ALL = ['WEB', 'iOS', 'ANDROID'] as const;

async function declared(overrides: Record<string, unknown>, namespace: 'none' | 'collection') {
  const set = fixtureSet();
  const config = fixtureConfig(overrides);
  const out = await buildTokens(set, config, { platforms: ['css', 'ios', 'android'], namespace });
  const text = (prefix: string) =>
    [...out.files]
      .filter(([f]) => f.startsWith(prefix))
      .map(([, t]) => t)
      .join('\n');
  const all = (re: RegExp, s: string) => new Set([...s.matchAll(re)].map((m) => m[1]!));
  return {
    set,
    names: codeNames(set, config, { platforms: ALL, remBase: 16, namespace }),
    css: all(/^\s*--([A-Za-z0-9_-]+):/gm, text('css/')),
    swift: all(/static let ([A-Za-z0-9_]+) =/g, text('ios/')),
    android: all(/ name="([A-Za-z0-9_]+)"/g, text('android/')),
  };
}

describe('the codeSyntax names are the build output names', () => {
  for (const [label, overrides, namespace] of [
    ['default names', {}, 'none'],
    [
      'a prefix and the case-keeping style',
      { prefix: 'ds', names: { web: 'keep', ios: 'keep', android: 'keep' } },
      'none',
    ],
    ['collection namespaces', {}, 'collection'],
  ] as const) {
    it(label, async () => {
      const d = await declared(overrides, namespace);
      expect(d.names.size).toBe(d.set.variables.length);
      for (const v of d.set.variables) {
        const n = d.names.get(codeNameKey(v.collection, v.name))!;
        expect(n.WEB).toMatch(/^var\(--.+\)$/);
        expect(d.css, `${v.collection}/${v.name}`).toContain(n.WEB!.slice(6, -1));
        expect(d.swift, `${v.collection}/${v.name}`).toContain(n.iOS);
        expect(d.android, `${v.collection}/${v.name}`).toContain(n.ANDROID);
      }
    });
  }

  it('names only the enabled platforms', async () => {
    const set = fixtureSet();
    const names = codeNames(set, fixtureConfig(), { platforms: ['iOS'], remBase: 16, namespace: 'none' });
    const first = set.variables[0]!;
    expect(Object.keys(names.get(codeNameKey(first.collection, first.name))!)).toEqual(['iOS']);
    expect(codeNames(set, fixtureConfig(), { platforms: [], remBase: 16, namespace: 'none' }).size).toBe(0);
  });
});
