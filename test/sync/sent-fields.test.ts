import { describe, expect, it } from 'vitest';
import { fingerprintFields } from '../../src/model/lock.js';
import type { TokenSet, Variable } from '../../src/model/types.js';
import { compilePlan } from '../../src/sync/plan.js';
import { remoteToModel } from '../../src/sync/remote.js';
import { expectedFields, sentByRequest, UNKNOWN_FIELD } from '../../src/sync/sent-fields.js';
import { applyPlan, baseSet, hex, ref, toWire, v } from './fixtures.js';

const R0 = baseSet(true);

/** A new 2-mode collection: an alias, a color with a description, a float with scopes. */
function target(): TokenSet {
  const t = structuredClone(R0);
  t.collections.push({ name: 'Theme', modes: [{ name: 'Light' }, { name: 'Dark' }], defaultMode: 'Light' });
  t.variables.push(
    v('Theme', 'surface', 'COLOR', { Light: ref('Primitives', 'color/blue'), Dark: hex('#101010') }),
    v('Theme', 'accent', 'COLOR', { Light: hex('#3366ff'), Dark: hex('#ffffff') }, { description: 'Links' }),
    v('Theme', 'gap', 'FLOAT', { Light: 8.25, Dark: 12 }, { scopes: ['GAP'] }),
  );
  return t;
}

const named = (set: TokenSet, name: string): Variable => set.variables.find((x) => x.name === name)!;

describe('sentByRequest (dfs)', () => {
  const plan = compilePlan(R0, target());
  const sent = sentByRequest(plan.requests, 0, R0, target());
  // The service once the POST alone has landed: what a run killed before its PUT leaves.
  const afterPost = remoteToModel(applyPlan(toWire(R0), { ...plan, requests: plan.requests.slice(0, 1) }));

  it('predicts what the service holds after the CREATE, field for field', () => {
    expect(Object.keys(sent).sort()).toEqual(['Theme\u0000accent', 'Theme\u0000gap', 'Theme\u0000surface']);
    for (const name of ['surface', 'accent', 'gap']) {
      const now = named(afterPost, name);
      expect(expectedFields(sent[`Theme\u0000${name}`]!, now), name).toEqual(fingerprintFields(now));
    }
  });

  it('tells a designer edit after the CREATE from the placeholder', () => {
    const now = structuredClone(named(afterPost, 'gap'));
    now.values.Dark = 7;
    const base = expectedFields(sent['Theme\u0000gap']!, now);
    expect(base.values.Light).toBe(fingerprintFields(now).values.Light);
    expect(base.values.Dark).not.toBe(fingerprintFields(now).values.Dark);
  });

  it('records nothing for a request that creates no variable', () => {
    expect(sentByRequest(plan.requests, 1, R0, target())).toEqual({});
  });
});

describe('sentByRequest (figma)', () => {
  const plan = compilePlan(R0, target(), { dialect: 'figma' });
  const sent = sentByRequest(plan.requests, 0, R0, target());

  it('takes the CREATE item and the values its request sends; a mode it sends nothing for is unknown', () => {
    const accent = named(target(), 'accent');
    expect(expectedFields(sent['Theme\u0000accent']!, accent)).toEqual(fingerprintFields(accent));
    const withExtraMode = { ...accent, values: { ...accent.values, Extra: hex('#000000') } };
    expect(expectedFields(sent['Theme\u0000accent']!, withExtraMode).values.Extra).toBe(UNKNOWN_FIELD);
  });
});
