/**
 * The lock an import writes from the keys a Tokens Studio repository records (src/migrate/bind-lock.ts,
 * docs/migration.md "Variables kept"): keys resolved to ids, the repository's names, no claimed base,
 * and a report line for every reference that cannot bind.
 */
import { describe, expect, it } from 'vitest';
import { bindLock, UNSYNCED } from '../../src/migrate/bind-lock.js';
import type { Variable } from '../../src/model/types.js';
import { UNSYNCED as SYNC_UNSYNCED } from '../../src/sync/pairing.js';

const color = (name: string): Variable => ({
  collection: 'Brand',
  name,
  type: 'COLOR',
  description: '',
  scopes: ['ALL_SCOPES'],
  values: { Light: { r: 0, g: 0, b: 0, a: 1 }, Dark: { r: 1, g: 1, b: 1, a: 1 } },
});
const wire = (id: string, key: string, name: string, resolvedType = 'COLOR', col = 'C:1') => ({
  id,
  key,
  name,
  variableCollectionId: col,
  resolvedType,
});

const result = bindLock({
  bindings: [
    {
      collection: 'Brand',
      figmaCollectionId: 'C:1',
      modes: { Light: '1:0', Dark: '1:1' },
      variables: { 'a.one': 'k1', 'a.two': 'k2', 'a.gone': 'k9', 'a.num': 'k3', 'a.elsewhere': 'k4' },
      styles: {},
    },
  ],
  local: {
    collections: [{ name: 'Brand', modes: [{ name: 'Light' }, { name: 'Dark' }], defaultMode: 'Light' }],
    variables: [color('a/one'), color('a/two'), color('a/gone'), color('a/num'), color('a/elsewhere')],
  } as never,
  remote: {
    variables: {
      'V:1': wire('V:1', 'k1', 'a/one'),
      'V:2': wire('V:2', 'k2', 'renamed/two'),
      'V:3': wire('V:3', 'k3', 'a/num', 'FLOAT'),
      'V:4': wire('V:4', 'k4', 'a/elsewhere', 'COLOR', 'C:2'),
    },
    variableCollections: {
      'C:1': {
        id: 'C:1',
        key: 'ck',
        name: 'Brand colours',
        modes: [
          { modeId: '1:0', name: 'Light' },
          { modeId: '1:1', name: 'Night' },
          { modeId: '1:2', name: 'Sepia' },
        ],
        defaultModeId: '1:0',
      },
    },
  },
  fileKey: 'F',
  version: '7',
  themesFile: '$themes.json',
});

describe('bindLock', () => {
  it('uses the sync’s own "no base" fingerprint', () => {
    expect(UNSYNCED).toBe(SYNC_UNSYNCED);
  });

  // Sepia, a mode only the design file has, is left out: it reads as new there, not as deleted here.
  it('records each bound variable under its id with the repository’s names and no base', () => {
    expect(result.bound).toBe(2);
    expect(result.lock).toMatchInlineSnapshot(`
      {
        "collections": {
          "C:1": {
            "defaultModeId": "1:0",
            "key": "ck",
            "modes": {
              "1:0": "Light",
              "1:1": "Dark",
            },
            "name": "Brand",
          },
        },
        "fileKey": "F",
        "remoteVersion": "7",
        "variables": {
          "V:1": {
            "collectionId": "C:1",
            "fields": {
              "description": "unsynced",
              "scopes": "unsynced",
              "type": "COLOR",
              "values": {
                "Dark": "unsynced",
                "Light": "unsynced",
              },
            },
            "key": "k1",
            "name": "a/one",
          },
          "V:2": {
            "collectionId": "C:1",
            "fields": {
              "description": "unsynced",
              "scopes": "unsynced",
              "type": "COLOR",
              "values": {
                "Dark": "unsynced",
                "Light": "unsynced",
              },
            },
            "key": "k2",
            "name": "a/two",
          },
        },
        "version": 1,
      }
    `);
  });

  it('names every reference it cannot bind', () => {
    expect(result.lines.map((l) => `${l.path}: ${l.message}`)).toMatchInlineSnapshot(`
      [
        "a.gone: variable k9 is not in design file F (deleted there, or another file): not bound; the first push creates "a/gone" unless the file has a variable of that name. Delete the token if the variable was deleted on purpose",
        "a.num: variable k3 ("a/num") is a FLOAT, the token a COLOR: not bound (a variable's type cannot change); rename the token to make a new variable, or fix its type",
        "a.elsewhere: variable k4 ("a/elsewhere") is in another collection of the design file than "Brand colours": not bound; the first push pairs "a/elsewhere" by name",
      ]
    `);
  });
});
