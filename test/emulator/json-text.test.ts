/** The service writes its answers entry by entry (http.ts `jsonText`): the text must be `JSON.stringify`'s. */
import { describe, expect, it } from 'vitest';
import { json, jsonText } from '../../src/emulator/http.js';

describe('jsonText', () => {
  it('is JSON.stringify of the value at every depth', () => {
    const variables: Record<string, unknown> = {};
    for (let i = 0; i < 3000; i++)
      variables[`VariableID:1:${i}`] = {
        id: `VariableID:1:${i}`,
        name: `größe/${i}`,
        valuesByMode: { '1:5': i, '2': [i] },
      };
    const values = [
      { status: 200, error: false, meta: { variables, variableCollections: { c: { modes: [{ modeId: '1:5' }] } } } },
      { a: undefined, b: () => 1, c: { d: undefined, e: [undefined, 1], f: new Date(0), g: { toJSON: () => 'x' } } },
      { h: Symbol('s'), '10': 2, '1': 3, 'é"\n\u2028': { x: 1 }, n: null, i: Number.NaN, s: 'a\ud800b' },
      [{ a: 1 }, 2],
      'text',
      42,
      null,
      {},
    ];
    for (const value of values)
      for (const depth of [0, 1, 2, 3, 5]) expect(jsonText(value, depth)).toBe(JSON.stringify(value));
  });

  it('is the body of every JSON reply', () => {
    const value = { status: 200, error: false, meta: { tempIdMapping: { temp_1: 'VariableID:1:1', '7': 'x' } } };
    expect(json(200, value).body.toString('utf8')).toBe(JSON.stringify(value));
  });
});
