/**
 * What the client cannot represent costs that one variable, not the file (docs/sync.md "Nothing is
 * dropped"), and composed colors are read (docs/sync.md "Composed colors"). Pure mapping of an answer.
 */
import { describe, expect, it } from 'vitest';
import type { LocalVariablesResponse } from '../../src/api/schemas/variables.js';
import { TokensyncError } from '../../src/errors.js';
import { canonicalValue } from '../../src/model/values.js';
import { remoteToModel } from '../../src/sync/remote.js';
import { baseSet, toWire } from './fixtures.js';

type W = { valuesByMode: Record<string, unknown>; resolvedType: string; name: string };
const vars = (w: LocalVariablesResponse) => w.meta.variables as unknown as Record<string, W>;
const alias = (id: string) => ({ type: 'VARIABLE_ALIAS', id });
const wire = (mutate: (w: LocalVariablesResponse) => void): LocalVariablesResponse => {
  const w = toWire(baseSet(true));
  mutate(w);
  return w;
};
const refused = (w: LocalVariablesResponse): string => {
  try {
    remoteToModel(w);
  } catch (err) {
    expect(err).toBeInstanceOf(TokensyncError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('variables the client cannot represent', () => {
  it('keeps one of an unknown type whole, with what aliases it, and reads everything else', () => {
    const w = wire((x) => {
      const v = vars(x)['VariableID:1:1']!;
      v.resolvedType = 'EASING';
      v.valuesByMode = { '1:0': { x1: 0.4, y1: 0, x2: 0.2, y2: 1 }, '1:1': 'ease-in' };
    });
    const set = remoteToModel(w);
    expect(set.variables.map((v) => v.name)).toEqual(['color/red', 'space/4']);
    expect(set.kept?.map((k) => `${k.collection}/${k.name}: ${k.reason}`)).toEqual([
      'Primitives/color/blue: its type EASING is not one tokensync knows',
      'Semantic/brand: it aliases "color/blue", which is kept for the same reason',
    ]);
    expect(set.kept?.[0]?.wire).toEqual(w.meta.variables['VariableID:1:1']);
  });

  it('keeps one with a tagged value shape it does not know, in any mode', () => {
    const set = remoteToModel(
      wire((x) => (vars(x)['VariableID:1:3']!.valuesByMode['1:1'] = { type: 'EXPRESSION', op: 'ADD', args: [1, 2] })),
    );
    expect(set.kept?.map((k) => k.reason)).toEqual([
      'its value in mode "Dark" has the shape EXPRESSION, which tokensync does not know',
    ]);
    expect(set.variables).toHaveLength(3);
  });

  it('still refuses a malformed value of a known type, before anything is planned', () => {
    expect(refused(wire((x) => (vars(x)['VariableID:1:3']!.valuesByMode['1:1'] = { x1: 1 })))).toContain(
      'which is not a finite number',
    );
  });
});

describe('composed colors (VariableComposedColor)', () => {
  it('reads an aliased color with a literal opacity in percent, and an aliased opacity', () => {
    const set = remoteToModel(
      wire((x) => {
        vars(x)['VariableID:1:2']!.valuesByMode['1:0'] = { color: alias('VariableID:1:1'), opacity: 50 };
        vars(x)['VariableID:1:2']!.valuesByMode['1:1'] = {
          color: { r: 1, g: 0, b: 0 },
          opacity: alias('VariableID:1:3'),
        };
      }),
    );
    const red = set.variables.find((v) => v.name === 'color/red')!;
    expect(canonicalValue(red.values['Light']!)).toBe('compose({Primitives/color/blue},50)');
    expect(canonicalValue(red.values['Dark']!)).toBe('compose(#ff0000ff,{Primitives/space/4})');
    // Resolved: the blue of Light at half its alpha; red at opacity 4%.
    expect(red.values['Light']).toMatchObject({ r: 0.2, g: 0.4, b: 1, a: 0.5 });
    expect(red.values['Dark']).toMatchObject({ r: 1, g: 0, b: 0, a: 0.04 });
  });

  it('refuses one with no alias, on a variable that is not a COLOR, or with a wrong opacity', () => {
    expect(
      refused(
        wire((x) => (vars(x)['VariableID:1:2']!.valuesByMode['1:0'] = { color: { r: 1, g: 0, b: 0 }, opacity: 5 })),
      ),
    ).toContain('has a composed color with no alias');
    expect(
      refused(
        wire((x) => (vars(x)['VariableID:1:3']!.valuesByMode['1:0'] = { color: alias('VariableID:1:1'), opacity: 5 })),
      ),
    ).toContain('has a composed color value, but is FLOAT');
    expect(
      refused(
        wire(
          (x) => (vars(x)['VariableID:1:2']!.valuesByMode['1:0'] = { color: alias('VariableID:1:1'), opacity: 500 }),
        ),
      ),
    ).toContain('whose opacity is 500, not 0 to 100');
    expect(
      refused(
        wire((x) => (vars(x)['VariableID:1:2']!.valuesByMode['1:0'] = { color: alias('VariableID:1:3'), opacity: 5 })),
      ),
    ).toContain('its composed color must be COLOR');
  });
});
