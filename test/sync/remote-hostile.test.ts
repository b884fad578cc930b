/**
 * A hostile or broken variables answer is refused before anything is planned or written (docs/sync.md
 * "Unknown outcomes and resumption", "A hostile or broken answer"): values that do not fit their type, an
 * alias to another type, a variable in a collection the answer does not have, alias cycles. Each error
 * names the variable, its id and the mode.
 */
import { describe, expect, it } from 'vitest';
import type { LocalVariablesResponse } from '../../src/api/schemas/variables.js';
import { TokensyncError } from '../../src/errors.js';
import { remoteToModel } from '../../src/sync/remote.js';
import { baseSet, toWire } from './fixtures.js';

function refused(mutate: (wire: LocalVariablesResponse) => void): string {
  const wire = toWire(baseSet(true));
  mutate(wire);
  try {
    remoteToModel(wire);
  } catch (err) {
    expect(err).toBeInstanceOf(TokensyncError);
    return `${(err as TokensyncError).code}: ${(err as Error).message}`;
  }
  throw new Error('the answer was accepted');
}

const vars = (w: LocalVariablesResponse) =>
  w.meta.variables as Record<
    string,
    { valuesByMode: Record<string, unknown>; resolvedType: string; variableCollectionId: string }
  >;

describe('hostile variables answers', () => {
  it('refuses a COLOR value that is not a color', () => {
    expect(refused((w) => (vars(w)['VariableID:1:1']!.valuesByMode['1:0'] = 'banana'))).toMatchInlineSnapshot(
      `"REMOTE_INVALID: The service's answer is invalid: variable "color/blue" (VariableID:1:1), mode "Light", has the value "banana", which is not a color ({r,g,b,a} from 0 to 1)."`,
    );
  });

  it('refuses a color channel out of range and a FLOAT that is a string', () => {
    expect(refused((w) => (vars(w)['VariableID:1:2']!.valuesByMode['1:1'] = { r: 2, g: 0, b: 0, a: 1 }))).toContain(
      '"r" is 2, not a number from 0 to 1',
    );
    expect(refused((w) => (vars(w)['VariableID:1:3']!.valuesByMode['1:0'] = '4px'))).toContain(
      'variable "space/4" (VariableID:1:3), mode "Light", has the value "4px", which is not a finite number',
    );
    expect(refused((w) => (vars(w)['VariableID:1:3']!.valuesByMode['1:0'] = true))).toContain(
      'which is not a finite number',
    );
  });

  it('refuses an alias to a variable of another type', () => {
    expect(
      refused(
        (w) => (vars(w)['VariableID:2:1']!.valuesByMode['2:0'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:1:3' }),
      ),
    ).toContain(
      'variable "brand" (VariableID:2:1), mode "Value", is an alias of "space/4" (VariableID:1:3), a FLOAT variable, but is itself COLOR',
    );
  });

  it('keeps, never drops, a variable in a collection the answer does not have (remote-kept.test.ts)', () => {
    const wire = toWire(baseSet(true));
    vars(wire)['VariableID:2:1']!.variableCollectionId = 'VariableCollectionId:404:0';
    for (const c of Object.values(wire.meta.variableCollections))
      c.variableIds = c.variableIds.filter((id) => id !== 'VariableID:2:1');
    const set = remoteToModel(wire);
    expect(set.kept?.map((k) => `${k.id}: ${k.reason}`)).toEqual([
      "VariableID:2:1: its collection VariableCollectionId:404:0 is not in the service's answer",
    ]);
  });

  it('refuses alias cycles, naming the variables in order', () => {
    expect(
      refused((w) => {
        vars(w)['VariableID:1:1']!.valuesByMode['1:0'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:1:2' };
        vars(w)['VariableID:1:2']!.valuesByMode['1:0'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:1:1' };
      }),
    ).toMatchInlineSnapshot(
      `"REMOTE_ALIAS_CYCLE: The service's answer is invalid: an alias cycle in mode "Light": "color/blue" -> "color/red" -> "color/blue"."`,
    );
    expect(
      refused(
        (w) => (vars(w)['VariableID:1:1']!.valuesByMode['1:1'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:1:1' }),
      ),
    ).toContain('"color/blue" -> "color/blue"');
  });

  it('accepts the same alias in different modes (no cycle) and a long chain without overflowing', () => {
    const wire = toWire(baseSet(true));
    vars(wire)['VariableID:1:1']!.valuesByMode['1:0'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:1:2' };
    vars(wire)['VariableID:1:2']!.valuesByMode['1:1'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:1:1' };
    expect(remoteToModel(wire).variables).toHaveLength(4);
  });
});
