/** Pure parts of the emulator: fault matching, the rate-limit window, alias cycle detection. */
import { describe, expect, it } from 'vitest';
import { FaultTable, checkRule } from '../../src/emulator/faults.js';
import { RateLimiter } from '../../src/emulator/rate-limit.js';
import { findAliasCycle } from '../../src/emulator/variables/cycles.js';
import type { VariableValue } from '../../src/emulator/state.js';

describe('fault table', () => {
  it('matches * within a segment and ** across segments, by method, from the nth call, times times', () => {
    const t = new FaultTable();
    t.add({ method: 'post', path: '/v1/files/*/variables', fault: 'error-500', nth: 2, times: 2 });
    t.add({ path: '/v2/**', fault: 'delay' });
    expect(t.take('POST', '/v1/files/K/variables/local')).toBeNull(); // * does not cross "/"
    expect(t.take('GET', '/v1/files/K/variables')).toBeNull(); // method
    expect(t.take('POST', '/v1/files/K/variables')).toBeNull(); // 1st matching call
    expect(t.take('POST', '/v1/files/K/variables')?.fault).toBe('error-500');
    expect(t.take('POST', '/v1/files/K/variables')?.fault).toBe('error-500');
    expect(t.take('POST', '/v1/files/K/variables')).toBeNull(); // times used up
    expect(t.take('DELETE', '/v2/webhooks/7')?.fault).toBe('delay');
    expect(t.list().map((r) => [r.seen, r.fired])).toEqual([
      [4, 2],
      [1, 1],
    ]);
  });

  it('rejects rules with unknown keys or bad values, naming the key', () => {
    expect(checkRule({ path: '/x', fault: 'reset', when: 1 })).toEqual({
      ok: false,
      message: 'Unknown key "when" in the fault rule; allowed: method, path, nth, times, fault, retryAfter, delayMs.',
    });
    expect(checkRule({ path: 'x', fault: 'reset' })).toEqual({
      ok: false,
      message: 'Key "path" must be a path pattern starting with "/", e.g. "/v1/files/*/variables".',
    });
    expect(checkRule({ path: '/x', fault: 'reset', nth: 0 })).toEqual({
      ok: false,
      message: 'Key "nth" must be a whole number of at least 1.',
    });
  });
});

describe('rate limiter', () => {
  it('allows `limit` calls per window and tells how long until the window ends', () => {
    const r = new RateLimiter(2, 60_000);
    expect(r.take('a', 0)).toEqual({ ok: true });
    expect(r.take('a', 1000)).toEqual({ ok: true });
    expect(r.take('a', 1500)).toEqual({ ok: false, retryAfterSeconds: 59 });
    expect(r.take('b', 1500)).toEqual({ ok: true });
    expect(r.take('a', 59_999)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(r.take('a', 60_000)).toEqual({ ok: true });
  });
});

describe('alias cycles', () => {
  const alias = (id: string): VariableValue => ({ type: 'VARIABLE_ALIAS', id });
  const graph = (
    values: Record<string, Record<string, VariableValue>>,
    collections: Record<string, string>,
    modes: Record<string, string[]>,
  ) => ({
    valueOf: (v: string, m: string) => values[v]?.[m],
    collectionOf: (v: string) => collections[v],
    modesOf: (c: string) => modes[c] ?? [],
  });

  it('follows the same mode inside a collection, so mode-crossing aliases are no cycle', () => {
    const g = graph({ a: { L: alias('b'), D: 1 }, b: { L: 2, D: alias('a') } }, { a: 'c', b: 'c' }, { c: ['L', 'D'] });
    expect(
      findAliasCycle(g, [
        ['a', 'L'],
        ['b', 'D'],
      ]),
    ).toBeNull();
  });

  it('finds a cycle through another collection, where every mode of the target counts', () => {
    const g = graph(
      { p: { V: alias('s') }, s: { L: 1, D: alias('p') } },
      { p: 'prim', s: 'sem' },
      { prim: ['V'], sem: ['L', 'D'] },
    );
    expect(findAliasCycle(g, [['p', 'V']])).toEqual([
      ['p', 'V'],
      ['s', 'D'],
      ['p', 'V'],
    ]);
  });

  it('walks a 20,000-long chain without recursion', () => {
    const values: Record<string, Record<string, VariableValue>> = {};
    const collections: Record<string, string> = {};
    for (let i = 0; i < 20_000; i++) {
      values[`v${i}`] = { M: i === 0 ? 0 : alias(`v${i - 1}`) };
      collections[`v${i}`] = 'c';
    }
    expect(findAliasCycle(graph(values, collections, { c: ['M'] }), [['v19999', 'M']])).toBeNull();
  });
});

describe('jpeg', () => {
  it('encodes a flat image as a baseline JPEG (these bytes decode to 1x1 #000000 with libjpeg-turbo djpeg)', async () => {
    const { jpeg } = await import('../../src/emulator/jpeg.js');
    expect(jpeg({ r: 0, g: 0, b: 0, a: 1 }, 1, 1).toString('hex')).toBe(
      'ffd8ffe000104a46494600010100000100010000ffdb00430001010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101ffc00011080001000103011100021100031100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc40014100100000000000000000000000000000000ffda000c03010002000300003f00ff003ff01fffd9',
    );
  });
});
