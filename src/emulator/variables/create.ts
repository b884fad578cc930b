/**
 * POST /v1/files/:file_key/variables (spec "Variables"): CREATE collections, modes and variables with
 * temporary ids. The whole batch is checked before anything changes (all-or-nothing); the first
 * problem is reported with the array, index and id of the item, so the caller can find it.
 *
 * Choices where the spec is silent (agreed wire choices):
 * - `initialModeId` must be the temp id of a CREATE mode item of the same collection; that mode becomes
 *   the collection's default and comes first.
 * - A new variable gets `initialModeValue` in every mode of its collection; a new mode of an existing
 *   collection gets a copy of the default mode's values.
 * - `initialModeValue` may be an alias to a temp id of this batch or an existing variable id.
 * - Mode names are unique within a collection, like variable names.
 */
import { stableKey } from '../ids.js';
import type { CollectionRecord, FileRecord, ResolvedType, VariableRecord, VariableValue } from '../state.js';
import { findAliasCycle } from './cycles.js';
import { checkBody, describeCycle, type BatchResult, type Items } from './common.js';
import {
  MAX_MODES_PER_COLLECTION,
  MAX_VARIABLES_PER_COLLECTION,
  RESOLVED_TYPES,
  checkCodeSyntax,
  checkPlainName,
  checkScopes,
  checkValue,
  checkVariableName,
  isAlias,
  isComposed,
} from './values.js';

interface NewCollection {
  tempId: string;
  name: string;
  initialModeId: string;
  hidden: boolean;
  where: string;
}
interface NewMode {
  tempId: string;
  name: string;
  collection: string;
  where: string;
}
interface NewVariable {
  tempId: string;
  name: string;
  collection: string;
  type: ResolvedType;
  value: VariableValue;
  description: string;
  scopes: string[];
  hidden: boolean;
  codeSyntax: Record<string, string>;
  where: string;
}

export function applyCreate(file: FileRecord, body: unknown): BatchResult {
  const parsed = checkBody(body, 'CREATE');
  if (!parsed.ok) return parsed;
  const items: Items = parsed.items;

  const temps = new Set<string>();
  const checkTempId = (id: unknown, where: string): string | { message: string } => {
    if (typeof id !== 'string' || !id.startsWith('temp_'))
      return {
        message: `${where}: "id" must be a temporary id starting with "temp_" (got ${JSON.stringify(id) ?? 'nothing'}).`,
      };
    if (temps.has(id))
      return {
        message: `${where}: temporary id "${id}" is used twice in this request; every CREATE item needs its own.`,
      };
    temps.add(id);
    return id;
  };
  const allowKeys = (item: Record<string, unknown>, keys: string[], where: string): string | null => {
    for (const k of Object.keys(item))
      if (!keys.includes(k)) return `${where}: unknown field "${k}"; allowed: ${keys.join(', ')}.`;
    return null;
  };
  const err = (message: string): BatchResult => ({ ok: false, message });

  // Collections
  const newCollections = new Map<string, NewCollection>();
  for (const [i, item] of items.variableCollections.entries()) {
    const where = `variableCollections[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
    const extra = allowKeys(item, ['action', 'id', 'name', 'initialModeId', 'hiddenFromPublishing'], where);
    if (extra) return err(extra);
    const id = checkTempId(item['id'], where);
    if (typeof id !== 'string') return err(id.message);
    const name = checkPlainName(item['name'], where, 'collection');
    if (!name.ok) return err(name.message);
    if (typeof item['initialModeId'] !== 'string')
      return err(
        `${where}: "initialModeId" must be the temporary id of one of this collection's CREATE items in variableModes.`,
      );
    if (item['hiddenFromPublishing'] !== undefined && typeof item['hiddenFromPublishing'] !== 'boolean')
      return err(`${where}: "hiddenFromPublishing" must be true or false.`);
    newCollections.set(id, {
      tempId: id,
      name: name.value,
      initialModeId: item['initialModeId'],
      hidden: item['hiddenFromPublishing'] === true,
      where,
    });
  }

  // Modes
  const modeNames = new Map<string, Set<string>>(); // collection (temp or permanent) -> names
  const namesOf = (c: string): Set<string> => {
    let s = modeNames.get(c);
    if (!s) {
      s = new Set(file.variableCollections[c]?.modes.map((m) => m.name) ?? []);
      modeNames.set(c, s);
    }
    return s;
  };
  const newModes = new Map<string, NewMode>();
  for (const [i, item] of items.variableModes.entries()) {
    const where = `variableModes[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
    const extra = allowKeys(item, ['action', 'id', 'name', 'variableCollectionId'], where);
    if (extra) return err(extra);
    const id = checkTempId(item['id'], where);
    if (typeof id !== 'string') return err(id.message);
    const name = checkPlainName(item['name'], where, 'mode');
    if (!name.ok) return err(name.message);
    const c = item['variableCollectionId'];
    if (typeof c !== 'string' || (!newCollections.has(c) && !file.variableCollections[c])) {
      return err(
        `${where}: variableCollectionId ${JSON.stringify(c) ?? '(missing)'} is neither a collection created in this request nor an existing collection of the file.`,
      );
    }
    const names = namesOf(c);
    if (names.has(name.value))
      return err(
        `${where}: collection "${collectionName(file, newCollections, c)}" already has a mode named "${name.value}"; mode names must be unique in a collection.`,
      );
    names.add(name.value);
    if (names.size > MAX_MODES_PER_COLLECTION) {
      return err(
        `${where}: collection "${collectionName(file, newCollections, c)}" would have ${names.size} modes; the limit is ${MAX_MODES_PER_COLLECTION} per collection.`,
      );
    }
    newModes.set(id, { tempId: id, name: name.value, collection: c, where });
  }
  for (const c of newCollections.values()) {
    const m = newModes.get(c.initialModeId);
    if (!m || m.collection !== c.tempId) {
      return err(
        `${c.where}: initialModeId "${c.initialModeId}" is not the temporary id of a CREATE item in variableModes with variableCollectionId "${c.tempId}".`,
      );
    }
  }

  // Variables
  const varNames = new Map<string, Set<string>>();
  const varNamesOf = (c: string): Set<string> => {
    let s = varNames.get(c);
    if (!s) {
      s = new Set((file.variableCollections[c]?.variableIds ?? []).map((v) => file.variables[v]?.name ?? ''));
      varNames.set(c, s);
    }
    return s;
  };
  const newVariables = new Map<string, NewVariable>();
  for (const [i, item] of items.variables.entries()) {
    const where = `variables[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
    const extra = allowKeys(
      item,
      [
        'action',
        'id',
        'name',
        'variableCollectionId',
        'resolvedType',
        'initialModeValue',
        'description',
        'scopes',
        'hiddenFromPublishing',
        'codeSyntax',
      ],
      where,
    );
    if (extra) return err(extra);
    const id = checkTempId(item['id'], where);
    if (typeof id !== 'string') return err(id.message);
    const name = checkVariableName(item['name'], where);
    if (!name.ok) return err(name.message);
    const c = item['variableCollectionId'];
    if (typeof c !== 'string' || (!newCollections.has(c) && !file.variableCollections[c])) {
      return err(
        `${where}: variableCollectionId ${JSON.stringify(c) ?? '(missing)'} is neither a collection created in this request nor an existing collection of the file.`,
      );
    }
    const type = item['resolvedType'];
    if (typeof type !== 'string' || !(RESOLVED_TYPES as readonly string[]).includes(type)) {
      return err(
        `${where}: resolvedType ${JSON.stringify(type) ?? '(missing)'} must be one of ${RESOLVED_TYPES.join(', ')}.`,
      );
    }
    if (!('initialModeValue' in item))
      return err(`${where}: "initialModeValue" is required (the value for the collection's modes).`);
    const value = checkValue(type as ResolvedType, item['initialModeValue'], `${where} initialModeValue`);
    if (!value.ok) return err(value.message);
    if (isComposed(value.value))
      return err(`${where}: initialModeValue must be a literal; set a composed color with an UPDATE after the CREATE.`);
    if (item['description'] !== undefined && typeof item['description'] !== 'string')
      return err(`${where}: "description" must be a string.`);
    let scopes = ['ALL_SCOPES'];
    if (item['scopes'] !== undefined) {
      const s = checkScopes(item['scopes'], where, type as ResolvedType);
      if (!s.ok) return err(s.message);
      scopes = s.value;
    }
    // Issue 12: hiddenFromPublishing was accepted and then stored as false; it is kept now.
    if (item['hiddenFromPublishing'] !== undefined && typeof item['hiddenFromPublishing'] !== 'boolean')
      return err(`${where}: "hiddenFromPublishing" must be true or false.`);
    let codeSyntax: Record<string, string> = {};
    if (item['codeSyntax'] !== undefined) {
      const c = checkCodeSyntax(item['codeSyntax'], where);
      if (!c.ok) return err(c.message);
      codeSyntax = c.value;
    }
    const names = varNamesOf(c);
    if (names.has(name.value))
      return err(
        `${where}: collection "${collectionName(file, newCollections, c)}" already has a variable named "${name.value}"; names must be unique in a collection.`,
      );
    names.add(name.value);
    if (names.size > MAX_VARIABLES_PER_COLLECTION) {
      return err(
        `${where}: collection "${collectionName(file, newCollections, c)}" would have ${names.size} variables; the limit is ${MAX_VARIABLES_PER_COLLECTION.toLocaleString('en-US')} per collection. Split the variables over several collections.`,
      );
    }
    newVariables.set(id, {
      tempId: id,
      name: name.value,
      collection: c,
      type: type as ResolvedType,
      value: value.value,
      description: (item['description'] as string | undefined) ?? '',
      scopes,
      hidden: item['hiddenFromPublishing'] === true,
      codeSyntax,
      where,
    });
  }
  // Alias targets (after all items are known: an alias may point to a later item of the batch).
  for (const v of newVariables.values()) {
    if (!isAlias(v.value)) continue;
    const targetType = newVariables.get(v.value.id)?.type ?? file.variables[v.value.id]?.resolvedType;
    if (targetType === undefined)
      return err(
        `${v.where}: initialModeValue aliases "${v.value.id}", which is neither a variable created in this request nor an existing variable.`,
      );
    if (targetType !== v.type)
      return err(
        `${v.where}: initialModeValue aliases "${v.value.id}", a ${targetType} variable, but this variable is ${v.type}; an alias must point to a variable of the same type.`,
      );
  }
  // Cycles can only run through new variables (existing ones cannot point at ids that did not exist).
  const cycle = findAliasCycle(
    {
      valueOf: (id) => newVariables.get(id)?.value,
      collectionOf: (id) => newVariables.get(id)?.collection ?? file.variables[id]?.variableCollectionId,
      modesOf: () => ['*'],
    },
    [...newVariables.keys()]
      .filter((k) => isAlias(newVariables.get(k)?.value))
      .map((k) => [k, '*'] as [string, string]),
  );
  if (cycle)
    return err(
      `Alias cycle: ${describeCycle(
        cycle,
        (id) => newVariables.get(id)?.name ?? file.variables[id]?.name ?? id,
        () => null,
      )}. Point one of them at a literal value.`,
    );

  // ---- Everything is valid: apply. ----
  const mapping: Record<string, string> = {};
  const nextId = (): number => file.nextId++;
  for (const c of newCollections.values()) {
    const id = `VariableCollectionId:${file.fileNo}:${nextId()}`;
    const record: CollectionRecord = {
      id,
      name: c.name,
      key: stableKey(file.key, id),
      modes: [],
      defaultModeId: '',
      variableIds: [],
      hiddenFromPublishing: c.hidden,
      remote: false,
    };
    mapping[c.tempId] = record.id;
    file.variableCollections[record.id] = record;
  }
  const collectionOf = (c: string): CollectionRecord => file.variableCollections[mapping[c] ?? c]!;
  const initialModes = new Set([...newCollections.values()].map((c) => c.initialModeId));
  // Initial modes first, so a collection's default mode leads its list.
  const orderedModes = [...newModes.values()].sort(
    (a, b) => Number(initialModes.has(b.tempId)) - Number(initialModes.has(a.tempId)),
  );
  for (const m of orderedModes) {
    const modeId = `${file.fileNo}:${nextId()}`;
    mapping[m.tempId] = modeId;
    const c = collectionOf(m.collection);
    c.modes.push({ modeId, name: m.name });
    if (initialModes.has(m.tempId)) {
      c.defaultModeId = modeId;
    } else {
      for (const vid of c.variableIds) {
        const v = file.variables[vid];
        const base = v?.valuesByMode[c.defaultModeId];
        if (v && base !== undefined) v.valuesByMode[modeId] = typeof base === 'object' ? { ...base } : base;
      }
    }
  }
  for (const v of newVariables.values()) mapping[v.tempId] = `VariableID:${file.fileNo}:${nextId()}`;
  for (const v of newVariables.values()) {
    const c = collectionOf(v.collection);
    const value: VariableValue = isAlias(v.value)
      ? { type: 'VARIABLE_ALIAS', id: mapping[v.value.id] ?? v.value.id }
      : v.value;
    const record: VariableRecord = {
      id: mapping[v.tempId]!,
      name: v.name,
      key: stableKey(file.key, mapping[v.tempId]!),
      variableCollectionId: c.id,
      resolvedType: v.type,
      valuesByMode: Object.fromEntries(
        c.modes.map((m) => [m.modeId, typeof value === 'object' ? { ...value } : value]),
      ),
      scopes: v.scopes,
      description: v.description,
      hiddenFromPublishing: v.hidden,
      remote: false,
      codeSyntax: v.codeSyntax,
    };
    file.variables[record.id] = record;
    c.variableIds.push(record.id);
  }
  return { ok: true, tempIdMapping: mapping, changed: temps.size > 0 };
}

function collectionName(file: FileRecord, created: Map<string, NewCollection>, id: string): string {
  return created.get(id)?.name ?? file.variableCollections[id]?.name ?? id;
}
