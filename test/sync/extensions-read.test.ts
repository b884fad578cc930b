/**
 * Reading extended collections (docs/overrides.md §4 and §6, figma dialect): the answer's extensions
 * become collections with `parent` and overrides on the root's variables, nothing is dropped (an
 * extension without its parent, an override of a kept variable), and the lock records each extension's
 * parent and every override's fingerprint. Pure: wire answers built here, no service.
 */
import { describe, expect, it } from 'vitest';
import type { LocalVariablesResponse } from '../../src/api/schemas/variables.js';
import { fingerprint } from '../../src/model/lock.js';
import { canonicalValue } from '../../src/model/values.js';
import { nextLock } from '../../src/sync/next-lock.js';
import { remoteToModel } from '../../src/sync/remote.js';

const RED = { r: 1, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };
const WHITE = { r: 1, g: 1, b: 1, a: 1 };

function variable(id: string, name: string, collection: string, values: Record<string, unknown>, type = 'COLOR') {
  return {
    id,
    name,
    key: id,
    variableCollectionId: collection,
    resolvedType: type,
    valuesByMode: values,
    scopes: ['ALL_SCOPES'],
    description: '',
  };
}

/** semantic (Light, Dark) with an extension `semantic / brand` and its extension `semantic / brand / promo`. */
function answer(): LocalVariablesResponse {
  return {
    meta: {
      variableCollections: {
        S: {
          id: 'S',
          name: 'semantic',
          key: 'ks',
          modes: [
            { modeId: 'L', name: 'Light' },
            { modeId: 'D', name: 'Dark' },
          ],
          defaultModeId: 'L',
          variableIds: ['v1', 'v2'],
        },
        B: {
          id: 'B',
          name: 'semantic / brand',
          key: 'kb',
          modes: [
            { modeId: 'B/L', name: 'Light', parentModeId: 'L' },
            { modeId: 'B/D', name: 'Dark', parentModeId: 'D' },
          ],
          defaultModeId: 'B/L',
          variableIds: ['v1', 'v2'],
          isExtension: true,
          parentVariableCollectionId: 'S',
          rootVariableCollectionId: 'S',
          variableOverrides: { v1: { 'B/L': RED }, v2: { 'B/L': { type: 'VARIABLE_ALIAS', id: 'v1' }, 'B/D': BLUE } },
        },
        P: {
          id: 'P',
          name: 'semantic / brand / promo',
          key: 'kp',
          modes: [
            { modeId: 'P/L', name: 'Light', parentModeId: 'B/L' },
            { modeId: 'P/D', name: 'Dark', parentModeId: 'B/D' },
          ],
          defaultModeId: 'P/L',
          variableIds: ['v1', 'v2'],
          isExtension: true,
          parentVariableCollectionId: 'B',
          rootVariableCollectionId: 'S',
          variableOverrides: { v1: { 'P/L': BLUE, 'P/D': BLUE } },
        },
      },
      variables: {
        v1: variable('v1', 'color/bg', 'S', { L: WHITE, D: WHITE }),
        v2: variable('v2', 'color/fg', 'S', { L: WHITE, D: WHITE }),
      },
    },
  };
}

describe('extended collections read from the service', () => {
  it('are collections with parent, the parent mode names, and overrides on the root variables', () => {
    const set = remoteToModel(answer());
    expect(
      set.collections.map((c) => [c.name, c.parent, c.modes.map((m) => `${m.name}=${m.id}`).join(' '), c.defaultMode]),
    ).toEqual([
      ['semantic', undefined, 'Light=L Dark=D', 'Light'],
      ['semantic / brand', 'semantic', 'Light=B/L Dark=B/D', 'Light'],
      ['semantic / brand / promo', 'semantic / brand', 'Light=P/L Dark=P/D', 'Light'],
    ]);
    const [bg, fg] = set.variables;
    expect(bg?.overrides).toEqual({
      'semantic / brand': { Light: RED },
      'semantic / brand / promo': { Light: BLUE, Dark: BLUE },
    });
    expect(fg?.overrides).toEqual({
      'semantic / brand': { Light: { alias: { collection: 'semantic', name: 'color/bg' } }, Dark: BLUE },
    });
    expect(set.kept).toBeUndefined();
  });

  it('keeps an extension whose parent is missing (and its sub-extension) whole, named, and an override of a kept variable with it', () => {
    const a = answer();
    const cols = a.meta.variableCollections;
    cols['B']!.parentVariableCollectionId = 'GONE';
    a.meta.variables['v3'] = variable('v3', 'motion/ease', 'S', { L: { x1: 0 }, D: { x1: 0 } }, 'EASING');
    cols['S']!.variableIds.push('v3');
    // A third extension of semantic holds an override of the kept easing.
    cols['X'] = {
      ...structuredClone(cols['B']!),
      id: 'X',
      name: 'semantic / x',
      parentVariableCollectionId: 'S',
      variableOverrides: { v3: { 'B/L': { x1: 1 } } },
    };
    cols['X'].modes = [{ modeId: 'B/L', name: 'Light', parentModeId: 'L' }];
    const set = remoteToModel(a);
    expect(set.collections.map((c) => c.name)).toEqual(['semantic', 'semantic / x']);
    expect(set.kept?.map((k) => [k.name, k.reason])).toEqual([
      ['motion/ease', 'its type EASING is not one tokensync knows'],
      ['semantic / brand', "it is an extended collection of GONE, which is not in the service's answer"],
      ['semantic / brand / promo', "it is an extended collection of GONE, which is not in the service's answer"],
    ]);
    expect(set.kept?.[0]?.wire['extensionOverrides']).toEqual({ X: { 'B/L': { x1: 1 } } });
  });

  it('refuses an override that does not fit its variable, as for values', () => {
    const a = answer();
    a.meta.variableCollections['B']!.variableOverrides = { v1: { 'B/L': 'banana' } };
    expect(() => remoteToModel(a)).toThrowErrorMatchingInlineSnapshot(
      `[RemoteModelError: The service's answer is invalid: variable "color/bg" (v1), mode "Light", has the value "banana", which is not a color ({r,g,b,a} from 0 to 1).]`,
    );
  });
});

describe('the lock of extended collections', () => {
  it('records parentId, parentModes and each override fingerprint per extension id and mode name', () => {
    const remote = remoteToModel(answer());
    const local = structuredClone(remote);
    const lock = nextLock({ local, remote, previous: undefined, fileKey: 'k', remoteVersion: '1' });
    expect(lock.collections['B']).toEqual({
      name: 'semantic / brand',
      key: 'kb',
      defaultModeId: 'B/L',
      modes: { 'B/L': 'Light', 'B/D': 'Dark' },
      parentId: 'S',
      parentModes: { 'B/L': 'L', 'B/D': 'D' },
    });
    expect(lock.collections['P']?.parentModes).toEqual({ 'P/L': 'B/L', 'P/D': 'B/D' });
    const fp = (x: object) => fingerprint(canonicalValue(x as never));
    expect(lock.variables['v1']?.fields.overrides).toEqual({
      B: { Light: fp(RED) },
      P: { Dark: fp(BLUE), Light: fp(BLUE) },
    });
    expect(lock.variables['v2']?.fields.overrides).toEqual({
      B: { Dark: fp(BLUE), Light: fp({ alias: { collection: 'semantic', name: 'color/bg' } }) },
    });
  });

  it('a first sync whose sides disagree on an override locks it unsynced; an override absent on both is no entry', () => {
    const remote = remoteToModel(answer());
    const local = structuredClone(remote);
    local.variables[0]!.overrides = { 'semantic / brand': { Light: BLUE } };
    const lock = nextLock({ local, remote, previous: undefined, fileKey: 'k', remoteVersion: '1' });
    expect(lock.variables['v1']?.fields.overrides).toEqual({
      B: { Light: 'unsynced' },
      P: { Dark: 'unsynced', Light: 'unsynced' },
    });
  });
});
