/**
 * Builders for sync unit tests, and a small in-memory model of the service's variables write rules
 * (docs/emulator.md "Variables writes": a new variable gets its initialModeValue in every mode, a new
 * mode of an existing collection copies the default mode) used to check that a plan, once applied, leaves
 * nothing to do. It is test data plumbing for pure functions, not a stand-in for our HTTP client.
 */
import type {
  LocalVariablesResponse,
  VariablesPostBody,
  VariablesPutBody,
  WireValue,
} from '../../src/api/schemas/variables.js';
import type { Collection, Mode, TokenSet, Value, Variable, VariableType } from '../../src/model/types.js';
import { hexToColor } from '../../src/model/values.js';
import { nextLock } from '../../src/sync/next-lock.js';
import { applyTempIds, type Plan } from '../../src/sync/plan.js';
import type { Lock } from '../../src/model/lock.js';

export const hex = (h: string): Value => {
  const c = hexToColor(h);
  if (!c) throw new Error(`bad hex ${h}`);
  return c;
};
export const ref = (collection: string, name: string): Value => ({ alias: { collection, name } });

export function v(
  collection: string,
  name: string,
  type: VariableType,
  values: Record<string, Value>,
  extra: Partial<Variable> = {},
): Variable {
  return { collection, name, type, description: '', scopes: ['ALL_SCOPES'], values, ...extra };
}

/**
 * The service side of the usual fixture: Primitives (Light, Dark) and Semantic (one mode) with an alias
 * across collections. `withIds(false)` gives the repository's view of the same tokens (no ids).
 */
export function baseSet(withIds = true): TokenSet {
  const id = <T extends object>(o: T, ids: { id: string; key?: string }): T => (withIds ? { ...o, ...ids } : o);
  const prim: Collection = id<Collection>(
    {
      name: 'Primitives',
      modes: [id<Mode>({ name: 'Light' }, { id: '1:0' }), id<Mode>({ name: 'Dark' }, { id: '1:1' })],
      defaultMode: 'Light',
    },
    { id: 'VariableCollectionId:1:0', key: 'kprim' },
  );
  const sem: Collection = id<Collection>(
    { name: 'Semantic', modes: [id<Mode>({ name: 'Value' }, { id: '2:0' })], defaultMode: 'Value' },
    { id: 'VariableCollectionId:2:0', key: 'ksem' },
  );
  return {
    collections: [prim, sem],
    variables: [
      id(v('Primitives', 'color/blue', 'COLOR', { Light: hex('#3366ff'), Dark: hex('#112244') }), {
        id: 'VariableID:1:1',
        key: 'k11',
      }),
      id(v('Primitives', 'color/red', 'COLOR', { Light: hex('#ff0000'), Dark: hex('#880000') }), {
        id: 'VariableID:1:2',
        key: 'k12',
      }),
      id(v('Primitives', 'space/4', 'FLOAT', { Light: 4, Dark: 4 }, { description: 'Small gap' }), {
        id: 'VariableID:1:3',
        key: 'k13',
      }),
      id(v('Semantic', 'brand', 'COLOR', { Value: ref('Primitives', 'color/blue') }), {
        id: 'VariableID:2:1',
        key: 'k21',
      }),
    ],
  };
}

export function lockFor(local: TokenSet, remote: TokenSet, previous?: Lock): Lock {
  return nextLock({ local, remote, previous, fileKey: 'FILE', remoteVersion: '1' });
}

/** Deep copy, then edit a variable in place. */
export function edit(set: TokenSet, collection: string, name: string, fn: (v: Variable) => void): TokenSet {
  const copy = structuredClone(set);
  const found = copy.variables.find((x) => x.collection === collection && x.name === name);
  if (!found) throw new Error(`no ${collection}/${name}`);
  fn(found);
  return copy;
}

export function without(set: TokenSet, collection: string, name: string): TokenSet {
  const copy = structuredClone(set);
  copy.variables = copy.variables.filter((x) => !(x.collection === collection && x.name === name));
  return copy;
}

// ---- wire form and the service's write rules ----

export function toWire(set: TokenSet): LocalVariablesResponse {
  const variables: LocalVariablesResponse['meta']['variables'] = {};
  const variableCollections: LocalVariablesResponse['meta']['variableCollections'] = {};
  const colByName = new Map(set.collections.map((c) => [c.name, c]));
  const varByKey = new Map(set.variables.map((x) => [`${x.collection}/${x.name}`, x]));
  for (const c of set.collections) {
    const modes = c.modes.map((m) => ({ modeId: m.id ?? '', name: m.name }));
    variableCollections[c.id ?? ''] = {
      id: c.id ?? '',
      name: c.name,
      key: c.key ?? '',
      modes,
      defaultModeId: c.modes.find((m) => m.name === c.defaultMode)?.id ?? '',
      variableIds: set.variables.filter((x) => x.collection === c.name).map((x) => x.id ?? ''),
    };
  }
  for (const x of set.variables) {
    const c = colByName.get(x.collection);
    const valuesByMode: Record<string, WireValue> = {};
    for (const m of c?.modes ?? []) {
      const value = x.values[m.name];
      if (value === undefined) continue;
      valuesByMode[m.id ?? ''] =
        typeof value === 'object' && 'alias' in value
          ? {
              type: 'VARIABLE_ALIAS',
              id: varByKey.get(`${value.alias.collection}/${value.alias.name}`)?.id ?? 'missing',
            }
          : value;
    }
    variables[x.id ?? ''] = {
      id: x.id ?? '',
      name: x.name,
      key: x.key ?? '',
      variableCollectionId: c?.id ?? '',
      resolvedType: x.type,
      valuesByMode,
      scopes: x.scopes,
      description: x.description,
    };
  }
  return { meta: { variables, variableCollections } };
}

/** Applies a plan the way the service does (temp ids mapped between requests, as apply.ts does). */
export function applyPlan(res: LocalVariablesResponse, plan: Plan): LocalVariablesResponse {
  const out = structuredClone(res);
  const cols = out.meta.variableCollections;
  const vars = out.meta.variables;
  const mapping: Record<string, string> = {};
  let n = 100;
  for (const request of plan.requests) {
    if (request.method === 'POST') {
      const body = applyTempIds(request.body as VariablesPostBody, mapping);
      const initial = new Map<string, string>();
      for (const c of body.variableCollections ?? []) {
        const id = `VariableCollectionId:9:${n++}`;
        mapping[c.id] = id;
        initial.set(id, c.initialModeId);
        cols[id] = { id, name: c.name, key: `key-${id}`, modes: [], defaultModeId: '', variableIds: [] };
      }
      for (const m of body.variableModes ?? []) {
        const colId = mapping[m.variableCollectionId] ?? m.variableCollectionId;
        const col = cols[colId];
        if (!col) throw new Error(`unknown collection ${m.variableCollectionId}`);
        const modeId = `9:${n++}`;
        mapping[m.id] = modeId;
        if (initial.get(colId) === m.id) col.defaultModeId = modeId;
        else
          for (const vid of col.variableIds) {
            const x = vars[vid];
            const copy = x?.valuesByMode[col.defaultModeId];
            if (x && copy !== undefined) x.valuesByMode[modeId] = copy;
          }
        col.modes.push({ modeId, name: m.name });
      }
      for (const x of body.variables ?? []) {
        const colId = mapping[x.variableCollectionId] ?? x.variableCollectionId;
        const col = cols[colId];
        if (!col) throw new Error(`unknown collection ${x.variableCollectionId}`);
        if (typeof x.initialModeValue === 'object' && 'type' in x.initialModeValue)
          throw new Error('initialModeValue must be a literal');
        const id = `VariableID:9:${n++}`;
        mapping[x.id] = id;
        const valuesByMode: Record<string, WireValue> = {};
        for (const m of col.modes) valuesByMode[m.modeId] = x.initialModeValue;
        vars[id] = {
          id,
          name: x.name,
          key: `key-${id}`,
          variableCollectionId: colId,
          resolvedType: x.resolvedType,
          valuesByMode,
          scopes: ['ALL_SCOPES'],
          description: '',
        };
        col.variableIds.push(id);
      }
    } else {
      const body: VariablesPutBody = applyTempIds(request.body, mapping);
      for (const c of body.variableCollections ?? []) {
        const col = cols[c.id];
        if (!col) throw new Error(`unknown collection ${c.id}`);
        if (c.name !== undefined) col.name = c.name;
      }
      for (const m of body.variableModes ?? []) {
        const mode = cols[m.variableCollectionId]?.modes.find((x) => x.modeId === m.id);
        if (!mode) throw new Error(`unknown mode ${m.id}`);
        if (m.name !== undefined) mode.name = m.name;
      }
      for (const x of body.variables ?? []) {
        const target = vars[x.id];
        if (!target) throw new Error(`unknown variable ${x.id}`);
        if (x.name !== undefined) target.name = x.name;
        if (x.description !== undefined) target.description = x.description;
        if (x.scopes !== undefined) target.scopes = x.scopes;
        for (const mv of x.variableModeValues ?? []) {
          if (typeof mv.value === 'object' && 'type' in mv.value && mv.value.id.startsWith('temp_'))
            throw new Error(`unmapped ${mv.value.id}`);
          target.valuesByMode[mv.modeId] = mv.value;
        }
      }
    }
  }
  return out;
}
