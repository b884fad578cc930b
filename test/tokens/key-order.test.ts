/**
 * Read order follows the file as written, integer-like keys included (JSON.parse lists `"100"` before
 * `"z"` and `"500"` before nothing it should): read.ts marks such keys before its one JSON.parse (no
 * second, position-keeping parse: docs/token-files.md "Performance"). These are the cases where marking
 * could leak.
 */
import { describe, expect, it } from 'vitest';
import { checkTokens, formatDiagnostic, readTokens, renderTokens } from '../../src/tokens/index.js';
import { config } from './fixtures/model.js';
import { project } from './helpers.js';
import type { TokenSet } from '../../src/model/types.js';

const V = 'numbers/value.tokens.json';

/** One collection "Numbers", one mode, the given variable names (all FLOAT 1). */
function set(names: string[]): TokenSet {
  return {
    collections: [{ name: 'Numbers', modes: [{ name: 'Value' }], defaultMode: 'Value' }],
    variables: names.map((name) => ({
      collection: 'Numbers',
      name,
      type: 'FLOAT',
      description: '',
      scopes: ['ALL_SCOPES'],
      values: { Value: 1 },
    })),
  };
}

async function read(names: string[], edit: (text: string) => string = (t) => t) {
  const files = renderTokens(set(names), config);
  files.set(V, edit(files.get(V)!));
  const root = await project(files, 'tokens');
  return { root, ...(await readTokens(root, config)) };
}

const ORDER = ['size/500', 'size/100', 'size/z', 'size/0', 'scale/10/a', 'scale/2/a'];

describe('read order with integer-like keys', () => {
  it('follows the file, not JSON.parse', async () => {
    const { set: got } = await read(ORDER);
    expect(got.variables.map((v) => v.name)).toEqual(ORDER);
  });

  it('follows the file when it holds the control-character escape a mark would use', async () => {
    const files = renderTokens(set(ORDER), config);
    // The description is only written when non-empty: add one by hand.
    files.set(
      V,
      files
        .get(V)!
        .replace('"$type": "number",', '"$type": "number",\n          "$description": "\\u0000 and \\u0001",'),
    );
    const root = await project(files, 'tokens');
    const { set: got } = await readTokens(root, config);
    expect(got.variables.map((v) => v.name)).toEqual(ORDER);
    expect(got.variables[0]!.description).toBe('\u0000 and \u0001');
  });

  it('keeps JSON.parse of the file in the sources a later write gets', async () => {
    const { sources } = await read(ORDER);
    const file = sources.files.get(V)!;
    expect(file.json).toEqual(JSON.parse(file.text));
    expect(Object.keys((file.json as { size: object }).size)).toEqual(['0', '100', '500', 'z']);
  });

  it('reports a value object with integer-like keys as written, and keys that look like marks as they are', async () => {
    const files = renderTokens(set(['size/500']), config);
    files.set(
      V,
      files
        .get(V)!
        .replace('"$value": 1', '"$value": { "7": 2, "b": { "500": true } }')
        .replace('"size"', '"si\\"500"'),
    );
    const root = await project(files, 'tokens');
    expect((await checkTokens(root, config)).map(formatDiagnostic).join('\n')).toMatchInlineSnapshot(`
      "tokens/numbers/value.tokens.json:6:17  si"500.500  a number token needs a number, not {"7":2,"b":{"500":true}}
          fix: Set "$value" to a number, e.g. 1.5."
    `);
  });
});
