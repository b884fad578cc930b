import { describe, expect, it } from 'vitest';
import { remoteToModel } from '../../src/sync/remote.js';
import { TokensyncError } from '../../src/errors.js';
import { baseSet, toWire } from './fixtures.js';

describe('remoteToModel', () => {
  it('maps the response to the model: ids kept, values by mode name, aliases by name', () => {
    expect(remoteToModel(toWire(baseSet(true)))).toEqual(baseSet(true));
  });

  it("keeps the service's order: collections by the map, variables by the collection's variableIds", () => {
    const wire = toWire(baseSet(true));
    const prim = wire.meta.variableCollections['VariableCollectionId:1:0'];
    if (prim) prim.variableIds = ['VariableID:1:3', 'VariableID:1:1', 'VariableID:1:2'];
    expect(remoteToModel(wire).variables.map((v) => v.name)).toEqual(['space/4', 'color/blue', 'color/red', 'brand']);
  });

  it('leaves out variables the service keeps only because they were deleted but are referenced', () => {
    const wire = toWire(baseSet(true));
    const red = wire.meta.variables['VariableID:1:2'];
    if (red) Object.assign(red, { deletedButReferenced: true });
    expect(remoteToModel(wire).variables.map((v) => v.name)).toEqual(['color/blue', 'space/4', 'brand']);
  });

  it('names the variable whose alias points at a missing id', () => {
    const wire = toWire(baseSet(true));
    const brand = wire.meta.variables['VariableID:2:1'];
    if (brand) brand.valuesByMode['2:0'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:404:1' };
    let caught: unknown;
    try {
      remoteToModel(wire);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(TokensyncError);
    const e = caught as TokensyncError;
    expect({ code: e.code, message: e.message, hint: e.hint }).toMatchInlineSnapshot(`
      {
        "code": "REMOTE_ALIAS_MISSING",
        "hint": "Open the design file and point "brand" at an existing variable (aliases to other files' libraries are not synced), then retry.",
        "message": "Variable "brand" is an alias of VariableID:404:1, which is not a local variable of the file.",
      }
    `);
  });
});
