/** The pure halves of `sync.codeSyntax` (src/model/code-names.ts): what a push sees and what a pull writes. */
import { describe, expect, it } from 'vitest';
import { codeNameKey, explicitCodeSyntax, overlayCodeNames, stripCodeNames } from '../../src/model/code-names.js';
import type { TokenSet, Variable } from '../../src/model/types.js';

const v = (name: string, meta?: Variable['meta']): Variable => ({
  collection: 'c',
  name,
  type: 'FLOAT',
  description: '',
  scopes: ['ALL_SCOPES'],
  values: { Value: 1 },
  ...(meta ? { meta } : {}),
});
const set = (...variables: Variable[]): TokenSet => ({ collections: [], variables });
const names = new Map([
  [codeNameKey('c', 'a'), { WEB: 'var(--a)', iOS: 'a' }],
  [codeNameKey('c', 'b'), { WEB: 'var(--b)', iOS: 'b' }],
]);

describe('code names', () => {
  it('fill the platforms a file does not set; the file wins where it does', () => {
    const local = set(v('a'), v('b', { hiddenFromPublishing: true, codeSyntax: { WEB: 'var(--mine)' } }), v('z'));
    const out = overlayCodeNames(local, names);
    expect(out.variables.map((x) => x.meta)).toEqual([
      { codeSyntax: { WEB: 'var(--a)', iOS: 'a' } },
      { hiddenFromPublishing: true, codeSyntax: { WEB: 'var(--mine)', iOS: 'b' } },
      undefined,
    ]);
    expect(local.variables[0]!.meta).toBeUndefined();
  });

  it('stay out of what a pull writes, unless the file spelt them or they differ', () => {
    const files = set(v('a'), v('b', { codeSyntax: { WEB: 'var(--b)' } }));
    const merged = set(
      v('a', { codeSyntax: { WEB: 'var(--a)', iOS: 'designer', ANDROID: 'a_x' } }),
      v('b', { hiddenFromPublishing: true, codeSyntax: { WEB: 'var(--b)', iOS: 'b' } }),
    );
    const out = stripCodeNames(merged, names, explicitCodeSyntax(files));
    expect(out.variables.map((x) => x.meta)).toEqual([
      { codeSyntax: { iOS: 'designer', ANDROID: 'a_x' } },
      { hiddenFromPublishing: true, codeSyntax: { WEB: 'var(--b)' } },
    ]);
    const only = stripCodeNames(set(v('a', { codeSyntax: { WEB: 'var(--a)' } })), names, new Set());
    expect(only.variables[0]).not.toHaveProperty('meta');
  });
});
