/**
 * PUT /v1/files/:file_key/variables (spec "Variables"): UPDATE existing collections, modes and
 * variables by permanent id. Checked whole before anything changes; the first problem names the item.
 *
 * Choices where the spec is silent (agreed wire choices): collections and modes may be renamed with
 * `name` (a mode item also names its `variableCollectionId`); variable items may carry `description`,
 * `scopes`, `hiddenFromPublishing` and `codeSyntax` (Figma's VariableUpdate fields); aliases point to existing variable ids of the same type.
 * The same id may appear in several items; they apply in order.
 */
import type { FileRecord, VariableRecord, VariableValue } from '../state.js';
import { findAliasCycle } from './cycles.js';
import { checkBody, describeCycle, type BatchResult } from './common.js';
import {
  checkCodeSyntax,
  checkPlainName,
  checkScopes,
  checkValue,
  checkVariableName,
  isAlias,
  isComposed,
  composedTargetProblem,
  isObject,
  type Check,
  type Where,
  whereText,
} from './values.js';

interface VariablePatch {
  name?: string;
  description?: string;
  scopes?: string[];
  hiddenFromPublishing?: boolean;
  codeSyntax?: Record<string, string>;
  values: Map<string, VariableValue>;
}

type Item = Record<string, unknown>;
const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Everything the UPDATE will change, once checked. */
interface Changes {
  collectionRenames: Map<string, string>;
  collectionHidden: Map<string, boolean>;
  modeRenames: Map<string, string>;
  patches: Map<string, VariablePatch>;
}

export function applyUpdate(file: FileRecord, body: unknown): BatchResult {
  const parsed = checkBody(body, 'UPDATE');
  if (!parsed.ok) return parsed;
  const { items } = parsed;
  const modeOwner = modeOwners(file);
  const collections = checkCollectionItems(file, items.variableCollections);
  if (!collections.ok) return collections;
  const modeRenames = checkModeItems(modeOwner, items.variableModes);
  if (!modeRenames.ok) return modeRenames;
  const patches = checkVariableItems(file, modeOwner, items.variables);
  if (!patches.ok) return patches;
  const problem =
    uniqueModeNames(file, modeOwner, modeRenames.value) ??
    uniqueVariableNames(file, patches.value) ??
    aliasCycle(file, modeOwner, patches.value);
  if (problem) return fail(problem);
  applyChanges(file, modeOwner, { ...collections.value, modeRenames: modeRenames.value, patches: patches.value });
  const changed = items.variableCollections.length + items.variableModes.length + items.variables.length > 0;
  return { ok: true, tempIdMapping: {}, changed };
}

/** mode id -> collection id */
function modeOwners(file: FileRecord): Map<string, string> {
  const owner = new Map<string, string>();
  for (const c of Object.values(file.variableCollections)) for (const m of c.modes) owner.set(m.modeId, c.id);
  return owner;
}

function unknownField(item: Item, keys: string[], where: Where): string | null {
  for (const k in item)
    if (!keys.includes(k)) return `${whereText(where)}: unknown field "${k}"; allowed: ${keys.join(', ')}.`;
  return null;
}

const whereOf = (list: string, i: number, item: Item): string =>
  `${list}[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;

function checkCollectionItems(
  file: FileRecord,
  items: Item[],
): Check<Pick<Changes, 'collectionRenames' | 'collectionHidden'>> {
  const collectionRenames = new Map<string, string>();
  const collectionHidden = new Map<string, boolean>();
  for (const [i, item] of items.entries()) {
    const where = whereOf('variableCollections', i, item);
    const extra = unknownField(item, ['action', 'id', 'name', 'hiddenFromPublishing'], where);
    if (extra) return fail(extra);
    const id = item['id'];
    if (typeof id !== 'string' || !file.variableCollections[id])
      return fail(`${where}: no collection with id ${JSON.stringify(id) ?? '(missing)'} in this file.`);
    if (item['name'] !== undefined) {
      const name = checkPlainName(item['name'], where, 'collection');
      if (!name.ok) return name;
      collectionRenames.set(id, name.value);
    }
    if (item['hiddenFromPublishing'] !== undefined) {
      if (typeof item['hiddenFromPublishing'] !== 'boolean')
        return fail(`${where}: "hiddenFromPublishing" must be true or false.`);
      collectionHidden.set(id, item['hiddenFromPublishing']);
    }
  }
  return { ok: true, value: { collectionRenames, collectionHidden } };
}

function checkModeItems(modeOwner: Map<string, string>, items: Item[]): Check<Map<string, string>> {
  const renames = new Map<string, string>();
  for (const [i, item] of items.entries()) {
    const where = whereOf('variableModes', i, item);
    const extra = unknownField(item, ['action', 'id', 'name', 'variableCollectionId'], where);
    if (extra) return fail(extra);
    const id = item['id'];
    const owner = typeof id === 'string' ? modeOwner.get(id) : undefined;
    if (typeof id !== 'string' || owner === undefined)
      return fail(`${where}: no mode with id ${JSON.stringify(id) ?? '(missing)'} in this file.`);
    if (item['variableCollectionId'] !== owner) {
      return fail(
        `${where}: variableCollectionId ${JSON.stringify(item['variableCollectionId']) ?? '(missing)'} is not the collection of mode "${id}" (${owner}).`,
      );
    }
    if (item['name'] !== undefined) {
      const name = checkPlainName(item['name'], where, 'mode');
      if (!name.ok) return name;
      renames.set(id, name.value);
    }
  }
  return { ok: true, value: renames };
}

const VARIABLE_FIELDS = [
  'action',
  'id',
  'name',
  'description',
  'scopes',
  'hiddenFromPublishing',
  'codeSyntax',
  'variableModeValues',
];

function checkVariableItems(
  file: FileRecord,
  modeOwner: Map<string, string>,
  items: Item[],
): Check<Map<string, VariablePatch>> {
  const patches = new Map<string, VariablePatch>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    // The item's place is written only for a message (10k valid items need none).
    const where = (): string => whereOf('variables', i, item);
    const extra = unknownField(item, VARIABLE_FIELDS, where);
    if (extra) return fail(extra);
    const id = item['id'];
    const v: VariableRecord | undefined = typeof id === 'string' ? file.variables[id] : undefined;
    if (typeof id !== 'string' || !v) {
      const temp =
        typeof id === 'string' && id.startsWith('temp_')
          ? ' Temporary ids exist only within one POST; use the permanent id from its tempIdMapping.'
          : '';
      return fail(`${where()}: no variable with id ${JSON.stringify(id) ?? '(missing)'} in this file.${temp}`);
    }
    let patch = patches.get(id);
    if (!patch) {
      patch = { values: new Map() };
      patches.set(id, patch);
    }
    const problem = patchFields(item, v, where, patch) ?? patchValues(file, modeOwner, item, v, where, patch);
    if (problem) return fail(problem);
  }
  return { ok: true, value: patches };
}

/** The variable's own fields of one item, into `patch`; the first problem, or null. */
function patchFields(item: Item, v: VariableRecord, where: () => string, patch: VariablePatch): string | null {
  if (item['name'] !== undefined) {
    const name = checkVariableName(item['name'], where);
    if (!name.ok) return name.message;
    patch.name = name.value;
  }
  if (item['description'] !== undefined) {
    if (typeof item['description'] !== 'string') return `${where()}: "description" must be a string.`;
    patch.description = item['description'];
  }
  if (item['scopes'] !== undefined) {
    const s = checkScopes(item['scopes'], where, v.resolvedType);
    if (!s.ok) return s.message;
    patch.scopes = s.value;
  }
  if (item['hiddenFromPublishing'] !== undefined) {
    if (typeof item['hiddenFromPublishing'] !== 'boolean')
      return `${where()}: "hiddenFromPublishing" must be true or false.`;
    patch.hiddenFromPublishing = item['hiddenFromPublishing'];
  }
  if (item['codeSyntax'] !== undefined) {
    const c = checkCodeSyntax(item['codeSyntax'], where);
    if (!c.ok) return c.message;
    patch.codeSyntax = c.value;
  }
  return null;
}

/** One item's `variableModeValues`, into `patch.values`; the first problem, or null. */
function patchValues(
  file: FileRecord,
  modeOwner: Map<string, string>,
  item: Item,
  v: VariableRecord,
  where: () => string,
  patch: VariablePatch,
): string | null {
  const mv = item['variableModeValues'];
  if (mv === undefined) return null;
  if (!Array.isArray(mv)) return `${where()}: "variableModeValues" must be an array of {modeId, value}.`;
  for (let j = 0; j < mv.length; j++) {
    const entry: unknown = mv[j];
    const at = (): string => `${where()} variableModeValues[${j}]`;
    if (!isObject(entry) || typeof entry['modeId'] !== 'string' || !('value' in entry))
      return `${at()}: each entry needs "modeId" and "value".`;
    const modeId = entry['modeId'];
    if (modeOwner.get(modeId) !== v.variableCollectionId)
      return `${at()}: mode "${modeId}" is not a mode of the variable's collection "${file.variableCollections[v.variableCollectionId]?.name ?? v.variableCollectionId}".`;
    const value = checkValue(v.resolvedType, entry['value'], at);
    if (!value.ok) return value.message;
    const bad = valueTargetProblem(file, v, value.value, at);
    if (bad) return bad;
    patch.values.set(modeId, value.value);
  }
  return null;
}

/** An alias (or a composed color's alias) must point to an existing variable of the right type. */
function valueTargetProblem(file: FileRecord, v: VariableRecord, value: VariableValue, at: Where): string | null {
  if (isComposed(value)) return composedTargetProblem(value, (id) => file.variables[id]?.resolvedType, at) ?? null;
  if (!isAlias(value)) return null;
  const target = file.variables[value.id];
  if (!target) return `${whereText(at)}: the alias points to "${value.id}", which is not a variable of this file.`;
  if (target.resolvedType !== v.resolvedType)
    return `${whereText(at)}: the alias points to "${target.name}", a ${target.resolvedType} variable, but "${v.name}" is ${v.resolvedType}; an alias must point to a variable of the same type.`;
  return null;
}

/** Mode names stay unique within each collection whose modes were renamed. */
function uniqueModeNames(
  file: FileRecord,
  modeOwner: Map<string, string>,
  renames: Map<string, string>,
): string | null {
  for (const cid of new Set([...renames.keys()].map((m) => modeOwner.get(m)!))) {
    const seen = new Set<string>();
    for (const m of file.variableCollections[cid]!.modes) {
      const name = renames.get(m.modeId) ?? m.name;
      if (seen.has(name))
        return `Collection "${file.variableCollections[cid]!.name}" would have two modes named "${name}"; mode names must be unique in a collection.`;
      seen.add(name);
    }
  }
  return null;
}

/** Names stay unique within each collection that has a renamed variable (a swap of two names is fine). */
function uniqueVariableNames(file: FileRecord, patches: Map<string, VariablePatch>): string | null {
  const renamedCollections = new Set<string>();
  for (const [id, p] of patches)
    if (p.name !== undefined) renamedCollections.add(file.variables[id]!.variableCollectionId);
  for (const cid of renamedCollections) {
    const seen = new Set<string>();
    for (const vid of file.variableCollections[cid]?.variableIds ?? []) {
      const name = patches.get(vid)?.name ?? file.variables[vid]?.name ?? '';
      if (seen.has(name))
        return `Collection "${file.variableCollections[cid]!.name}" would have two variables named "${name}"; names must be unique in a collection.`;
      seen.add(name);
    }
  }
  return null;
}

/** Alias cycles through the values as they will be. */
function aliasCycle(
  file: FileRecord,
  modeOwner: Map<string, string>,
  patches: Map<string, VariablePatch>,
): string | null {
  const starts: [string, string][] = [];
  for (const [id, p] of patches)
    for (const [m, value] of p.values) if (isAlias(value) || isComposed(value)) starts.push([id, m]);
  if (starts.length === 0) return null;
  const cycle = findAliasCycle(
    {
      valueOf: (id, m) => patches.get(id)?.values.get(m) ?? file.variables[id]?.valuesByMode[m],
      collectionOf: (id) => file.variables[id]?.variableCollectionId,
      modesOf: (cid) => file.variableCollections[cid]?.modes.map((x) => x.modeId) ?? [],
    },
    starts,
  );
  if (!cycle) return null;
  const modeName = (m: string): string | null => {
    const c = file.variableCollections[modeOwner.get(m) ?? ''];
    return c?.modes.find((x) => x.modeId === m)?.name ?? null;
  };
  const name = (id: string): string => patches.get(id)?.name ?? file.variables[id]?.name ?? id;
  return `Alias cycle: ${describeCycle(cycle, name, modeName)}. Point one of them at a literal value.`;
}

/** Everything is valid: apply. */
function applyChanges(file: FileRecord, modeOwner: Map<string, string>, changes: Changes): void {
  for (const [id, name] of changes.collectionRenames) file.variableCollections[id]!.name = name;
  for (const [id, hidden] of changes.collectionHidden) file.variableCollections[id]!.hiddenFromPublishing = hidden;
  for (const [id, name] of changes.modeRenames) {
    const mode = file.variableCollections[modeOwner.get(id)!]!.modes.find((m) => m.modeId === id)!;
    mode.name = name;
  }
  for (const [id, p] of changes.patches) {
    const v = file.variables[id]!;
    if (p.name !== undefined) v.name = p.name;
    if (p.description !== undefined) v.description = p.description;
    if (p.scopes !== undefined) v.scopes = p.scopes;
    if (p.hiddenFromPublishing !== undefined) v.hiddenFromPublishing = p.hiddenFromPublishing;
    if (p.codeSyntax !== undefined) v.codeSyntax = p.codeSyntax;
    for (const [m, value] of p.values) v.valuesByMode[m] = value;
  }
}
