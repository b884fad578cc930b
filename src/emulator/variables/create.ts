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
  type Where,
  whereText,
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
  where: Where;
}

/** The batch under check: the file, the temp ids seen, and the items checked so far. */
interface Batch {
  file: FileRecord;
  temps: Set<string>;
  newCollections: Map<string, NewCollection>;
  newModes: Map<string, NewMode>;
  newVariables: Map<string, NewVariable>;
}

/** A problem with the batch (the message names the array, index and id), or null when it is fine. */
type Problem = string | null;

export function applyCreate(file: FileRecord, body: unknown): BatchResult {
  const parsed = checkBody(body, 'CREATE');
  if (!parsed.ok) return parsed;
  const items: Items = parsed.items;
  const b: Batch = { file, temps: new Set(), newCollections: new Map(), newModes: new Map(), newVariables: new Map() };
  const problem =
    checkCollections(b, items.variableCollections) ??
    checkModes(b, items.variableModes) ??
    checkVariables(b, items.variables) ??
    checkAliases(b);
  if (problem !== null) return { ok: false, message: problem };
  return { ok: true, tempIdMapping: applyBatch(b), changed: b.temps.size > 0 };
}

function checkTempId(b: Batch, id: unknown, where: Where): string | { message: string } {
  if (typeof id !== 'string' || !id.startsWith('temp_'))
    return {
      message: `${whereText(where)}: "id" must be a temporary id starting with "temp_" (got ${JSON.stringify(id) ?? 'nothing'}).`,
    };
  if (b.temps.has(id))
    return {
      message: `${whereText(where)}: temporary id "${id}" is used twice in this request; every CREATE item needs its own.`,
    };
  b.temps.add(id);
  return id;
}

function allowKeys(item: Record<string, unknown>, keys: string[], where: Where): Problem {
  for (const k in item)
    if (!keys.includes(k)) return `${whereText(where)}: unknown field "${k}"; allowed: ${keys.join(', ')}.`;
  return null;
}

function whereOf(array: string, i: number, item: Record<string, unknown>): string {
  return `${array}[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
}

function unknownCollection(b: Batch, c: unknown, where: Where): Problem {
  if (typeof c === 'string' && (b.newCollections.has(c) || b.file.variableCollections[c])) return null;
  return `${whereText(where)}: variableCollectionId ${JSON.stringify(c) ?? '(missing)'} is neither a collection created in this request nor an existing collection of the file.`;
}

function checkCollections(b: Batch, items: Record<string, unknown>[]): Problem {
  for (const [i, item] of items.entries()) {
    const where = whereOf('variableCollections', i, item);
    // Figma's extended collections are not part of the published spec (docs/emulator.md "Dialects").
    const figmaOnly = ['parentVariableCollectionId', 'initialModeIdToParentModeIdMapping'].find((k) => k in item);
    if (figmaOnly)
      return `${where}: unknown field "${figmaOnly}": the Design File Service has no extended collections; create an ordinary collection.`;
    const extra = allowKeys(item, ['action', 'id', 'name', 'initialModeId', 'hiddenFromPublishing'], where);
    if (extra) return extra;
    const id = checkTempId(b, item['id'], where);
    if (typeof id !== 'string') return id.message;
    const name = checkPlainName(item['name'], where, 'collection');
    if (!name.ok) return name.message;
    if (typeof item['initialModeId'] !== 'string')
      return `${where}: "initialModeId" must be the temporary id of one of this collection's CREATE items in variableModes.`;
    if (item['hiddenFromPublishing'] !== undefined && typeof item['hiddenFromPublishing'] !== 'boolean')
      return `${where}: "hiddenFromPublishing" must be true or false.`;
    b.newCollections.set(id, {
      tempId: id,
      name: name.value,
      initialModeId: item['initialModeId'],
      hidden: item['hiddenFromPublishing'] === true,
      where,
    });
  }
  return null;
}

function checkModes(b: Batch, items: Record<string, unknown>[]): Problem {
  const { file, newCollections } = b;
  const modeNames = new Map<string, Set<string>>(); // collection (temp or permanent) -> names
  for (const [i, item] of items.entries()) {
    const where = whereOf('variableModes', i, item);
    const extra = allowKeys(item, ['action', 'id', 'name', 'variableCollectionId'], where);
    if (extra) return extra;
    const id = checkTempId(b, item['id'], where);
    if (typeof id !== 'string') return id.message;
    const name = checkPlainName(item['name'], where, 'mode');
    if (!name.ok) return name.message;
    const c = item['variableCollectionId'];
    const unknown = unknownCollection(b, c, where);
    if (unknown || typeof c !== 'string') return unknown;
    let names = modeNames.get(c);
    if (!names) {
      names = new Set(file.variableCollections[c]?.modes.map((m) => m.name) ?? []);
      modeNames.set(c, names);
    }
    if (names.has(name.value))
      return `${where}: collection "${collectionName(file, newCollections, c)}" already has a mode named "${name.value}"; mode names must be unique in a collection.`;
    names.add(name.value);
    if (names.size > MAX_MODES_PER_COLLECTION)
      return `${where}: collection "${collectionName(file, newCollections, c)}" would have ${names.size} modes; the limit is ${MAX_MODES_PER_COLLECTION} per collection.`;
    b.newModes.set(id, { tempId: id, name: name.value, collection: c, where });
  }
  for (const c of newCollections.values()) {
    const m = b.newModes.get(c.initialModeId);
    if (!m || m.collection !== c.tempId)
      return `${c.where}: initialModeId "${c.initialModeId}" is not the temporary id of a CREATE item in variableModes with variableCollectionId "${c.tempId}".`;
  }
  return null;
}

const VARIABLE_KEYS = [
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
];

function checkVariables(b: Batch, items: Record<string, unknown>[]): Problem {
  const { file } = b;
  const varNames = new Map<string, Set<string>>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    // The item's place is written only for a message (10k valid items need none).
    const checked = checkVariable(b, item, () => whereOf('variables', i, item));
    if (typeof checked === 'string') return checked;
    const { collection: c, name, where } = checked;
    let names = varNames.get(c);
    if (!names) {
      names = new Set((file.variableCollections[c]?.variableIds ?? []).map((v) => file.variables[v]?.name ?? ''));
      varNames.set(c, names);
    }
    if (names.has(name))
      return `${whereText(where)}: collection "${collectionName(file, b.newCollections, c)}" already has a variable named "${name}"; names must be unique in a collection.`;
    names.add(name);
    if (names.size > MAX_VARIABLES_PER_COLLECTION)
      return `${whereText(where)}: collection "${collectionName(file, b.newCollections, c)}" would have ${names.size} variables; the limit is ${MAX_VARIABLES_PER_COLLECTION.toLocaleString('en-US')} per collection. Split the variables over several collections.`;
    b.newVariables.set(checked.tempId, checked);
  }
  return null;
}

/** One CREATE variable item on its own (names across the batch are checked by the caller). */
function checkVariable(b: Batch, item: Record<string, unknown>, where: () => string): NewVariable | string {
  const extra = allowKeys(item, VARIABLE_KEYS, where);
  if (extra) return extra;
  const id = checkTempId(b, item['id'], where);
  if (typeof id !== 'string') return id.message;
  const name = checkVariableName(item['name'], where);
  if (!name.ok) return name.message;
  const c = item['variableCollectionId'];
  const unknown = unknownCollection(b, c, where);
  if (unknown || typeof c !== 'string') return unknown ?? '';
  const type = item['resolvedType'];
  if (typeof type !== 'string' || !(RESOLVED_TYPES as readonly string[]).includes(type))
    return `${where()}: resolvedType ${JSON.stringify(type) ?? '(missing)'} must be one of ${RESOLVED_TYPES.join(', ')}.`;
  if (!('initialModeValue' in item))
    return `${where()}: "initialModeValue" is required (the value for the collection's modes).`;
  const value = checkValue(type as ResolvedType, item['initialModeValue'], () => `${where()} initialModeValue`);
  if (!value.ok) return value.message;
  if (isComposed(value.value))
    return `${where()}: initialModeValue must be a literal; set a composed color with an UPDATE after the CREATE.`;
  if (item['description'] !== undefined && typeof item['description'] !== 'string')
    return `${where()}: "description" must be a string.`;
  let scopes = ['ALL_SCOPES'];
  if (item['scopes'] !== undefined) {
    const s = checkScopes(item['scopes'], where, type as ResolvedType);
    if (!s.ok) return s.message;
    scopes = s.value;
  }
  // hiddenFromPublishing is kept as sent (not stored as false).
  if (item['hiddenFromPublishing'] !== undefined && typeof item['hiddenFromPublishing'] !== 'boolean')
    return `${where()}: "hiddenFromPublishing" must be true or false.`;
  let codeSyntax: Record<string, string> = {};
  if (item['codeSyntax'] !== undefined) {
    const cs = checkCodeSyntax(item['codeSyntax'], where);
    if (!cs.ok) return cs.message;
    codeSyntax = cs.value;
  }
  return {
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
  };
}

/** Alias targets (after all items are known: an alias may point to a later item of the batch), and cycles. */
function checkAliases(b: Batch): Problem {
  const { file, newVariables } = b;
  for (const v of newVariables.values()) {
    if (!isAlias(v.value)) continue;
    const targetType = newVariables.get(v.value.id)?.type ?? file.variables[v.value.id]?.resolvedType;
    if (targetType === undefined)
      return `${whereText(v.where)}: initialModeValue aliases "${v.value.id}", which is neither a variable created in this request nor an existing variable.`;
    if (targetType !== v.type)
      return `${whereText(v.where)}: initialModeValue aliases "${v.value.id}", a ${targetType} variable, but this variable is ${v.type}; an alias must point to a variable of the same type.`;
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
  if (!cycle) return null;
  return `Alias cycle: ${describeCycle(
    cycle,
    (id) => newVariables.get(id)?.name ?? file.variables[id]?.name ?? id,
    () => null,
  )}. Point one of them at a literal value.`;
}

/** Everything is valid: create it all, and answer the temp id -> permanent id mapping. */
function applyBatch(b: Batch): Record<string, string> {
  const { file } = b;
  const mapping: Record<string, string> = {};
  const nextId = (): number => file.nextId++;
  for (const c of b.newCollections.values()) {
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
  applyModes(b, mapping, collectionOf);
  for (const v of b.newVariables.values()) mapping[v.tempId] = `VariableID:${file.fileNo}:${nextId()}`;
  for (const v of b.newVariables.values()) {
    const c = collectionOf(v.collection);
    const value: VariableValue = isAlias(v.value)
      ? { type: 'VARIABLE_ALIAS', id: mapping[v.value.id] ?? v.value.id }
      : v.value;
    // A loop, not Object.fromEntries of a mapped array: two arrays less per variable.
    const valuesByMode: Record<string, VariableValue> = {};
    for (const m of c.modes) valuesByMode[m.modeId] = typeof value === 'object' ? { ...value } : value;
    const record: VariableRecord = {
      id: mapping[v.tempId]!,
      name: v.name,
      key: stableKey(file.key, mapping[v.tempId]!),
      variableCollectionId: c.id,
      resolvedType: v.type,
      valuesByMode,
      scopes: v.scopes,
      description: v.description,
      hiddenFromPublishing: v.hidden,
      remote: false,
      codeSyntax: v.codeSyntax,
    };
    file.variables[record.id] = record;
    c.variableIds.push(record.id);
  }
  return mapping;
}

/**
 * New modes, initial modes first so a collection's default mode leads its list; a new mode of an
 * existing collection gets a copy of the default mode's values.
 */
function applyModes(b: Batch, mapping: Record<string, string>, collectionOf: (c: string) => CollectionRecord): void {
  const { file } = b;
  const initialModes = new Set([...b.newCollections.values()].map((c) => c.initialModeId));
  const orderedModes = [...b.newModes.values()].sort(
    (x, y) => Number(initialModes.has(y.tempId)) - Number(initialModes.has(x.tempId)),
  );
  for (const m of orderedModes) {
    const modeId = `${file.fileNo}:${file.nextId++}`;
    mapping[m.tempId] = modeId;
    const c = collectionOf(m.collection);
    c.modes.push({ modeId, name: m.name });
    if (initialModes.has(m.tempId)) {
      c.defaultModeId = modeId;
      continue;
    }
    for (const vid of c.variableIds) {
      const v = file.variables[vid];
      const base = v?.valuesByMode[c.defaultModeId];
      if (v && base !== undefined) v.valuesByMode[modeId] = typeof base === 'object' ? { ...base } : base;
    }
  }
}

function collectionName(file: FileRecord, created: Map<string, NewCollection>, id: string): string {
  return created.get(id)?.name ?? file.variableCollections[id]?.name ?? id;
}
