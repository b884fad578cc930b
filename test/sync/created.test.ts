/**
 * What a push's journal records as created (src/sync/created.ts `createdBy`): by name the target's
 * collections, modes and variables the service lacks; a variable whose service id the service still
 * holds is not created, whatever its name now (a rename is an UPDATE).
 */
import { expect, it } from 'vitest';
import { createdBy } from '../../src/sync/created.js';
import { baseSet, edit, hex, v } from './fixtures.js';

it('names only what the service lacks: by id first, then by collection and name', () => {
  const remote = baseSet();
  // A rename keeps its id: not created. A new variable, and one whose id the service no longer holds.
  let target = edit(remote, 'Primitives', 'color/red', (x) => {
    x.name = 'color/crimson';
  });
  target = edit(target, 'Primitives', 'space/4', (x) => {
    x.id = 'VariableID:9:9';
    x.name = 'space/8';
  });
  target.variables.push(v('Semantic', 'accent', 'COLOR', { Value: hex('#00ff00') }));
  target.collections.push({ name: 'Extra', modes: [{ name: 'Only' }], defaultMode: 'Only' });
  expect(createdBy(remote, target)).toEqual({
    collections: ['Extra'],
    modes: [['Extra', 'Only']],
    variables: [
      ['Primitives', 'space/8'],
      ['Semantic', 'accent'],
    ],
  });
  // The repository's view of the same set (no ids) pairs by name: nothing is created.
  expect(createdBy(remote, baseSet(false))).toEqual({ collections: [], modes: [], variables: [] });
});
