/**
 * POST /v1/files/:file_key/variables in the figma dialect (Figma's OpenAPI document,
 * operation `postVariables`): `variableCollections`, `variableModes` and `variables` hold CREATE, UPDATE
 * and DELETE items, `variableModeValues` sets values. Applied "in the below order, and within each
 * array, by array order", and "treated as one atomic operation": the batch runs on a copy of the file's
 * variables and only a batch without any problem replaces them; the first problem is a 400 that names
 * the item. The answer maps temporary ids to real ones (`meta.tempIdToRealId`).
 *
 * What the document says, kept here: temporary ids are any strings, unique within the body, usable in
 * `id` of CREATE items and in a collection's `initialModeId`, and anywhere later in the same body; a new
 * collection "always comes with one mode", whose temporary id is `initialModeId`; a collection has at
 * most 40 modes and 5000 variables; mode names have at most 40 characters; variable names are unique in
 * a collection and do not contain `.`, `{`, `}`; an alias points to a variable of the same type and
 * never forms a cycle; remote variables and collections cannot be changed.
 *
 * Choices where the document says "default values, consistent with what happens in the UI" or nothing
 * (docs/emulator.md "Dialects"): a new collection's first mode is named "Mode 1"; a new variable starts
 * with its type's default in every mode (COLOR opaque white, FLOAT 0, STRING "", BOOLEAN false); a new
 * mode starts as a copy of the default mode's values; the default mode and a collection's last mode
 * cannot be deleted; deleting a variable that a surviving variable (or an override) still aliases is
 * refused (400). Extended collections (`parentVariableCollectionId`, `initialModeIdToParentModeIdMapping`,
 * overrides set in `variableModeValues` with an extension's mode id, `value: null` to remove one) follow
 * variables/extensions.ts.
 */
import { stableKey } from '../ids.js';
import type { CollectionRecord, FileRecord, ResolvedType, VariableRecord, VariableValue } from '../state.js';
import type { BatchResult } from './common.js';
import { findAliasCycle } from './cycles.js';
import { describeCycle } from './common.js';
import {
  EXTENSION_REFUSALS,
  descendantsOf,
  extensionOfMode,
  modeAdded,
  modeDeleted,
  modeRenamed,
  newExtension,
  pruneOverrides,
  rootOf,
  variableDeleted,
} from './extensions.js';
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
  composedTargetProblem,
  isObject,
} from './values.js';

const ARRAYS = ['variableCollections', 'variableModes', 'variables', 'variableModeValues'] as const;
const ACTIONS = ['CREATE', 'UPDATE', 'DELETE'] as const;
/** The name of the mode a new collection comes with. */
export const FIRST_MODE_NAME = 'Mode 1';

const DEFAULT_VALUE: Record<ResolvedType, VariableValue> = {
  COLOR: { r: 1, g: 1, b: 1, a: 1 },
  FLOAT: 0,
  STRING: '',
  BOOLEAN: false,
};

/** Fields each item may carry (OpenAPI schemas VariableCollectionCreate/Update/Delete, ...). */
const FIELDS: Record<
  'variableCollections' | 'variableModes' | 'variables',
  Record<(typeof ACTIONS)[number], string[]>
> = {
  variableCollections: {
    CREATE: [
      'action',
      'id',
      'name',
      'initialModeId',
      'hiddenFromPublishing',
      'parentVariableCollectionId',
      'initialModeIdToParentModeIdMapping',
    ],
    UPDATE: ['action', 'id', 'name', 'hiddenFromPublishing'],
    DELETE: ['action', 'id'],
  },
  variableModes: {
    CREATE: ['action', 'id', 'name', 'variableCollectionId'],
    UPDATE: ['action', 'id', 'name', 'variableCollectionId'],
    DELETE: ['action', 'id'],
  },
  variables: {
    CREATE: [
      'action',
      'id',
      'name',
      'variableCollectionId',
      'resolvedType',
      'description',
      'hiddenFromPublishing',
      'scopes',
      'codeSyntax',
    ],
    UPDATE: ['action', 'id', 'name', 'description', 'hiddenFromPublishing', 'scopes', 'codeSyntax'],
    DELETE: ['action', 'id'],
  },
};

class BatchError extends Error {}

export function applyFigmaBatch(file: FileRecord, body: unknown): BatchResult {
  try {
    return new Batch(file).run(body);
  } catch (err) {
    if (err instanceof BatchError) return { ok: false, message: err.message };
    throw err;
  }
}

class Batch {
  /** The working copy; replaces the file's variables only when the whole batch is valid. */
  private readonly cols: Record<string, CollectionRecord>;
  private readonly vars: Record<string, VariableRecord>;
  private nextId: number;
  /** Temporary id -> real id, for this body. */
  private readonly temps = new Map<string, string>();
  private readonly mapping: Record<string, string> = {};
  private readonly deleted = new Set<string>();
  /** Variable names per collection, built when first needed and kept current (a CREATE checks it). */
  private readonly names = new Map<string, Set<string>>();

  private namesOf(c: CollectionRecord): Set<string> {
    let set = this.names.get(c.id);
    if (!set) {
      set = new Set(c.variableIds.map((vid) => this.vars[vid]?.name ?? ''));
      this.names.set(c.id, set);
    }
    return set;
  }

  constructor(private readonly file: FileRecord) {
    this.cols = structuredClone(file.variableCollections);
    this.vars = structuredClone(file.variables);
    this.nextId = file.nextId;
  }

  run(body: unknown): BatchResult {
    if (!isObject(body))
      throw new BatchError(`The body must be a JSON object with optional arrays ${ARRAYS.join(', ')}.`);
    for (const k of Object.keys(body)) {
      if (!(ARRAYS as readonly string[]).includes(k))
        throw new BatchError(`Unknown top-level field "${k}"; the body has optional arrays ${ARRAYS.join(', ')}.`);
    }
    if (Object.keys(body).length === 0)
      throw new BatchError(`The body is empty; send at least one of ${ARRAYS.join(', ')}.`);
    let changes = 0;
    for (const k of ARRAYS) {
      const list = body[k];
      if (list === undefined) continue;
      if (!Array.isArray(list)) throw new BatchError(`"${k}" must be an array.`);
      for (const [i, item] of list.entries()) {
        const where = `${k}[${i}]${isObject(item) && typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
        if (!isObject(item)) throw new BatchError(`${where} must be an object.`);
        if (k === 'variableModeValues') this.modeValue(item, where);
        else this.item(k, item, where);
        changes += 1;
      }
    }
    this.finalChecks();
    this.file.variableCollections = this.cols;
    this.file.variables = this.vars;
    this.file.nextId = this.nextId;
    return { ok: true, tempIdMapping: this.mapping, changed: changes > 0 };
  }

  private newId(prefix: string): string {
    return `${prefix}${this.file.fileNo}:${this.nextId++}`;
  }

  /** A temporary id of this body (any string, unique), mapped to `real`. */
  private claimTemp(id: unknown, real: string, where: string, field = 'id'): void {
    if (id === undefined) return;
    if (typeof id !== 'string' || id === '')
      throw new BatchError(`${where}: "${field}" must be a non-empty string (a temporary id of your choice).`);
    if (this.temps.has(id) || this.cols[id] || this.vars[id])
      throw new BatchError(
        `${where}: temporary id "${id}" is used twice in this request (or names an existing object); temporary ids must be unique.`,
      );
    this.temps.set(id, real);
    this.mapping[id] = real;
  }

  private resolve(id: unknown): string | undefined {
    if (typeof id !== 'string') return undefined;
    return this.temps.get(id) ?? id;
  }

  private collection(id: unknown, where: string, field = 'variableCollectionId'): CollectionRecord {
    const c = this.cols[this.resolve(id) ?? ''];
    if (!c)
      throw new BatchError(
        `${where}: ${field} ${JSON.stringify(id) ?? '(missing)'} is neither a collection created earlier in this request nor an existing collection of the file.`,
      );
    if (c.remote)
      throw new BatchError(
        `${where}: collection "${c.name}" is remote; only collections created in this file can be changed.`,
      );
    return c;
  }

  private variable(id: unknown, where: string, field = 'id'): VariableRecord {
    const v = this.vars[this.resolve(id) ?? ''];
    if (!v)
      throw new BatchError(
        `${where}: ${field} ${JSON.stringify(id) ?? '(missing)'} is neither a variable created earlier in this request nor an existing variable of the file.`,
      );
    if (v.remote)
      throw new BatchError(
        `${where}: variable "${v.name}" is remote; only variables created in this file can be changed.`,
      );
    return v;
  }

  private item(
    k: 'variableCollections' | 'variableModes' | 'variables',
    item: Record<string, unknown>,
    where: string,
  ): void {
    const action = item['action'];
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
      throw new BatchError(
        `${where}: "action" must be CREATE, UPDATE or DELETE (got ${JSON.stringify(action) ?? 'nothing'}).`,
      );
    }
    const a = action as (typeof ACTIONS)[number];
    const allowed = FIELDS[k][a];
    for (const key of Object.keys(item))
      if (!allowed.includes(key))
        throw new BatchError(`${where}: unknown field "${key}" for ${a}; allowed: ${allowed.join(', ')}.`);
    if (k === 'variableCollections') this.collectionItem(a, item, where);
    else if (k === 'variableModes') this.modeItem(a, item, where);
    else this.variableItem(a, item, where);
  }

  private hidden(item: Record<string, unknown>, where: string): boolean | undefined {
    const h = item['hiddenFromPublishing'];
    if (h !== undefined && typeof h !== 'boolean')
      throw new BatchError(`${where}: "hiddenFromPublishing" must be true or false.`);
    return h;
  }

  private collectionItem(action: (typeof ACTIONS)[number], item: Record<string, unknown>, where: string): void {
    if (action === 'CREATE') {
      if (item['parentVariableCollectionId'] !== undefined) {
        this.createExtension(item, where);
        return;
      }
      if (item['initialModeIdToParentModeIdMapping'] !== undefined)
        throw new BatchError(
          `${where}: "initialModeIdToParentModeIdMapping" needs "parentVariableCollectionId" (it maps an extended collection's modes to its parent's).`,
        );
      const name = checkPlainName(item['name'], where, 'collection');
      if (!name.ok) throw new BatchError(name.message);
      const id = this.newId('VariableCollectionId:');
      const modeId = this.newId('');
      this.claimTemp(item['id'], id, where);
      this.claimTemp(item['initialModeId'], modeId, where, 'initialModeId');
      this.cols[id] = {
        id,
        name: name.value,
        key: stableKey(this.file.key, id),
        modes: [{ modeId, name: FIRST_MODE_NAME }],
        defaultModeId: modeId,
        variableIds: [],
        hiddenFromPublishing: this.hidden(item, where) ?? false,
        remote: false,
      };
      return;
    }
    const c = this.collection(item['id'], where, 'id');
    if (action === 'UPDATE') {
      if (item['name'] !== undefined) {
        const name = checkPlainName(item['name'], where, 'collection');
        if (!name.ok) throw new BatchError(name.message);
        c.name = name.value;
      }
      const h = this.hidden(item, where);
      if (h !== undefined) c.hiddenFromPublishing = h;
      return;
    }
    for (const vid of c.variableIds) {
      delete this.vars[vid];
      this.deleted.add(vid);
      variableDeleted(this.cols, vid);
    }
    // The extensions below it go with it (docs/emulator.md "Extended collections").
    for (const ext of descendantsOf(this.cols, c.id)) delete this.cols[ext.id];
    delete this.cols[c.id];
  }

  /** An extended collection (OpenAPI `VariableCollectionCreate` with `parentVariableCollectionId`). */
  private createExtension(item: Record<string, unknown>, where: string): void {
    const parent = this.collection(item['parentVariableCollectionId'], where, 'parentVariableCollectionId');
    const name = checkPlainName(item['name'], where, 'collection');
    if (!name.ok) throw new BatchError(name.message);
    if (item['initialModeId'] !== undefined)
      throw new BatchError(
        `${where}: an extended collection inherits its parent's modes; name their temporary ids in "initialModeIdToParentModeIdMapping", not "initialModeId".`,
      );
    const id = this.newId('VariableCollectionId:');
    const ext = newExtension(parent, {
      id,
      name: name.value,
      key: stableKey(this.file.key, id),
      hiddenFromPublishing: this.hidden(item, where) ?? false,
    });
    this.claimTemp(item['id'], id, where);
    const mapping = item['initialModeIdToParentModeIdMapping'] ?? {};
    if (!isObject(mapping))
      throw new BatchError(
        `${where}: "initialModeIdToParentModeIdMapping" must map temporary mode ids to parent mode ids.`,
      );
    const mapped = new Set<string>();
    for (const [temp, parentMode] of Object.entries(mapping)) {
      const pid = this.resolve(parentMode) ?? '';
      const m = ext.modes.find((x) => x.parentModeId === pid);
      if (!m || mapped.has(pid))
        throw new BatchError(
          `${where}: initialModeIdToParentModeIdMapping["${temp}"] is ${JSON.stringify(parentMode)}, which is not a mode of "${parent.name}" (or is mapped twice).`,
        );
      mapped.add(pid);
      this.claimTemp(temp, m.modeId, where, 'initialModeIdToParentModeIdMapping');
    }
    this.cols[id] = ext;
  }

  private modeOwner(modeId: string): CollectionRecord | undefined {
    return Object.values(this.cols).find((c) => c.modes.some((m) => m.modeId === modeId));
  }

  private modeItem(action: (typeof ACTIONS)[number], item: Record<string, unknown>, where: string): void {
    if (action === 'CREATE') {
      const c = this.collection(item['variableCollectionId'], where);
      if (c.isExtension) throw new BatchError(`${where}: ${EXTENSION_REFUSALS.createMode} "${c.name}" is one.`);
      const name = checkPlainName(item['name'], where, 'mode');
      if (!name.ok) throw new BatchError(name.message);
      if (c.modes.some((m) => m.name === name.value))
        throw new BatchError(
          `${where}: collection "${c.name}" already has a mode named "${name.value}"; mode names must be unique in a collection.`,
        );
      if (c.modes.length + 1 > MAX_MODES_PER_COLLECTION)
        throw new BatchError(
          `${where}: collection "${c.name}" would have ${c.modes.length + 1} modes; the limit is ${MAX_MODES_PER_COLLECTION} per collection.`,
        );
      const modeId = this.newId('');
      this.claimTemp(item['id'], modeId, where);
      c.modes.push({ modeId, name: name.value });
      for (const vid of c.variableIds) {
        const v = this.vars[vid];
        const base = v?.valuesByMode[c.defaultModeId];
        if (v && base !== undefined) v.valuesByMode[modeId] = typeof base === 'object' ? { ...base } : base;
      }
      modeAdded(this.cols, c, { modeId, name: name.value });
      return;
    }
    const modeId = this.resolve(item['id']) ?? '';
    const owner = this.modeOwner(modeId);
    if (!owner)
      throw new BatchError(`${where}: no mode with id ${JSON.stringify(item['id']) ?? '(missing)'} in this file.`);
    if (owner.remote)
      throw new BatchError(
        `${where}: collection "${owner.name}" is remote; only collections created in this file can be changed.`,
      );
    if (owner.isExtension)
      throw new BatchError(
        `${where}: ${action === 'UPDATE' ? EXTENSION_REFUSALS.updateMode : EXTENSION_REFUSALS.deleteMode} "${owner.name}" is one.`,
      );
    if (action === 'UPDATE') {
      if (this.resolve(item['variableCollectionId']) !== owner.id) {
        throw new BatchError(
          `${where}: variableCollectionId ${JSON.stringify(item['variableCollectionId']) ?? '(missing)'} is not the collection of mode ${JSON.stringify(item['id'])} (${owner.id}).`,
        );
      }
      if (item['name'] !== undefined) {
        const name = checkPlainName(item['name'], where, 'mode');
        if (!name.ok) throw new BatchError(name.message);
        if (owner.modes.some((m) => m.name === name.value && m.modeId !== modeId)) {
          throw new BatchError(
            `${where}: collection "${owner.name}" already has a mode named "${name.value}"; mode names must be unique in a collection.`,
          );
        }
        owner.modes.find((m) => m.modeId === modeId)!.name = name.value;
        modeRenamed(this.cols, owner, modeId, name.value);
      }
      return;
    }
    if (owner.defaultModeId === modeId)
      throw new BatchError(
        `${where}: mode ${JSON.stringify(item['id'])} is the default mode of "${owner.name}"; the default mode cannot be deleted.`,
      );
    owner.modes = owner.modes.filter((m) => m.modeId !== modeId);
    for (const vid of owner.variableIds) delete this.vars[vid]?.valuesByMode[modeId];
    modeDeleted(this.cols, owner, modeId);
  }

  private variableItem(action: (typeof ACTIONS)[number], item: Record<string, unknown>, where: string): void {
    if (action === 'CREATE') {
      const c = this.collection(item['variableCollectionId'], where);
      if (c.isExtension)
        throw new BatchError(
          `${where}: "${c.name}" is an extended collection: it inherits the variables of "${this.cols[rootOf(c)]?.name ?? rootOf(c)}" and has none of its own. Create the variable there.`,
        );
      const name = checkVariableName(item['name'], where);
      if (!name.ok) throw new BatchError(name.message);
      const type = item['resolvedType'];
      if (typeof type !== 'string' || !(RESOLVED_TYPES as readonly string[]).includes(type)) {
        throw new BatchError(
          `${where}: resolvedType ${JSON.stringify(type) ?? '(missing)'} must be one of ${RESOLVED_TYPES.join(', ')}.`,
        );
      }
      const t = type as ResolvedType;
      if (this.namesOf(c).has(name.value)) {
        throw new BatchError(
          `${where}: collection "${c.name}" already has a variable named "${name.value}"; names must be unique in a collection.`,
        );
      }
      if (c.variableIds.length + 1 > MAX_VARIABLES_PER_COLLECTION) {
        throw new BatchError(
          `${where}: collection "${c.name}" would have ${c.variableIds.length + 1} variables; the limit is ${MAX_VARIABLES_PER_COLLECTION.toLocaleString('en-US')} per collection.`,
        );
      }
      const id = this.newId('VariableID:');
      this.claimTemp(item['id'], id, where);
      const record: VariableRecord = {
        id,
        name: name.value,
        key: stableKey(this.file.key, id),
        variableCollectionId: c.id,
        resolvedType: t,
        valuesByMode: Object.fromEntries(c.modes.map((m) => [m.modeId, structuredClone(DEFAULT_VALUE[t])])),
        scopes: ['ALL_SCOPES'],
        description: '',
        hiddenFromPublishing: false,
        remote: false,
        codeSyntax: {},
      };
      this.vars[id] = record;
      c.variableIds.push(id);
      this.namesOf(c).add(name.value);
      this.fields(record, item, where);
      return;
    }
    const v = this.variable(item['id'], where);
    if (action === 'UPDATE') {
      if (item['name'] !== undefined) {
        const name = checkVariableName(item['name'], where);
        if (!name.ok) throw new BatchError(name.message);
        const names = this.names.get(v.variableCollectionId);
        names?.delete(v.name);
        v.name = name.value;
        names?.add(v.name);
      }
      this.fields(v, item, where);
      return;
    }
    const c = this.cols[v.variableCollectionId];
    if (c) c.variableIds = c.variableIds.filter((x) => x !== v.id);
    this.names.get(v.variableCollectionId)?.delete(v.name);
    delete this.vars[v.id];
    this.deleted.add(v.id);
    variableDeleted(this.cols, v.id);
  }

  private fields(v: VariableRecord, item: Record<string, unknown>, where: string): void {
    if (item['description'] !== undefined) {
      if (typeof item['description'] !== 'string') throw new BatchError(`${where}: "description" must be a string.`);
      v.description = item['description'];
    }
    const h = this.hidden(item, where);
    if (h !== undefined) v.hiddenFromPublishing = h;
    if (item['scopes'] !== undefined) {
      const s = checkScopes(item['scopes'], where, v.resolvedType);
      if (!s.ok) throw new BatchError(s.message);
      v.scopes = s.value;
    }
    if (item['codeSyntax'] !== undefined) {
      const c = checkCodeSyntax(item['codeSyntax'], where);
      if (!c.ok) throw new BatchError(c.message);
      v.codeSyntax = c.value;
    }
  }

  private modeValue(item: Record<string, unknown>, where: string): void {
    for (const key of Object.keys(item)) {
      if (!['variableId', 'modeId', 'value'].includes(key))
        throw new BatchError(`${where}: unknown field "${key}"; a mode value has variableId, modeId and value.`);
    }
    if (!('value' in item) || item['variableId'] === undefined || item['modeId'] === undefined)
      throw new BatchError(`${where}: variableId, modeId and value are all required.`);
    const v = this.variable(item['variableId'], where, 'variableId');
    const modeId = this.resolve(item['modeId']) ?? '';
    const c = this.cols[v.variableCollectionId]!;
    const ext = c.modes.some((m) => m.modeId === modeId) ? undefined : extensionOfMode(this.cols, modeId);
    if (!c.modes.some((m) => m.modeId === modeId) && (!ext || rootOf(ext) !== c.id)) {
      throw new BatchError(
        `${where}: mode ${JSON.stringify(item['modeId'])} is neither a mode of the variable's collection "${c.name}" nor a mode of an extended collection of it.`,
      );
    }
    const raw = item['value'];
    if (raw === null) {
      if (!ext)
        throw new BatchError(
          `${where}: a null value removes an override, but mode ${JSON.stringify(item['modeId'])} is a mode of "${c.name}" itself, which holds values, not overrides; send a value of the variable's type.`,
        );
      delete ext.variableOverrides?.[v.id]?.[modeId];
      pruneOverrides(ext);
      return;
    }
    const resolved = (x: unknown): unknown => (isAlias(x) ? { ...x, id: this.resolve(x['id']) } : x);
    const given = isComposed(raw)
      ? { ...raw, color: resolved(raw.color), opacity: resolved(raw.opacity) }
      : resolved(raw);
    const value = checkValue(v.resolvedType, given, where);
    if (!value.ok) throw new BatchError(value.message);
    if (isComposed(value.value)) {
      const bad = composedTargetProblem(value.value, (id) => this.vars[id]?.resolvedType, where);
      if (bad) throw new BatchError(bad);
    }
    if (isAlias(value.value)) {
      const target = this.vars[value.value.id];
      if (!target)
        throw new BatchError(
          `${where}: the alias points to ${JSON.stringify(raw && (raw as Record<string, unknown>)['id'])}, which is not a variable of this file (or of this request).`,
        );
      if (target.resolvedType !== v.resolvedType) {
        throw new BatchError(
          `${where}: the alias points to "${target.name}", a ${target.resolvedType} variable, but "${v.name}" is ${v.resolvedType}; an alias must point to a variable of the same type.`,
        );
      }
    }
    if (ext) {
      ext.variableOverrides ??= {};
      (ext.variableOverrides[v.id] ??= {})[modeId] = value.value;
    } else v.valuesByMode[modeId] = value.value;
  }

  private finalChecks(): void {
    // Names unique per collection (an UPDATE may have renamed onto another name).
    for (const c of Object.values(this.cols)) {
      const seen = new Set<string>();
      for (const vid of c.variableIds) {
        const name = this.vars[vid]?.name ?? '';
        if (seen.has(name))
          throw new BatchError(
            `Collection "${c.name}" would have two variables named "${name}"; names must be unique in a collection.`,
          );
        seen.add(name);
      }
    }
    // No override aliases a deleted variable.
    for (const ext of Object.values(this.cols)) {
      for (const [vid, byMode] of Object.entries(ext.variableOverrides ?? {})) {
        const alias = Object.values(byMode).find((x) => isAlias(x) && this.deleted.has(x.id));
        if (!alias || !isAlias(alias)) continue;
        const gone = this.file.variables[alias.id]?.name ?? alias.id;
        throw new BatchError(
          `Variable "${gone}" cannot be deleted: the override of "${this.vars[vid]?.name ?? vid}" in "${ext.name}" still aliases it. Point that override at another variable first.`,
        );
      }
    }
    // No alias to a deleted variable, and no cycle.
    const starts: [string, string][] = [];
    for (const v of Object.values(this.vars)) {
      for (const [m, value] of Object.entries(v.valuesByMode)) {
        if (isComposed(value)) starts.push([v.id, m]);
        if (!isAlias(value)) continue;
        if (this.deleted.has(value.id)) {
          const gone = this.file.variables[value.id]?.name ?? value.id;
          throw new BatchError(
            `Variable "${gone}" cannot be deleted: "${v.name}" still aliases it. Point "${v.name}" at another variable first.`,
          );
        }
        starts.push([v.id, m]);
      }
    }
    const cycle = findAliasCycle(
      {
        valueOf: (id, m) => this.vars[id]?.valuesByMode[m],
        collectionOf: (id) => this.vars[id]?.variableCollectionId,
        modesOf: (cid) => this.cols[cid]?.modes.map((x) => x.modeId) ?? [],
      },
      starts,
    );
    if (cycle) {
      const modeName = (m: string): string | null => this.modeOwner(m)?.modes.find((x) => x.modeId === m)?.name ?? null;
      throw new BatchError(
        `Alias cycle: ${describeCycle(cycle, (id) => this.vars[id]?.name ?? id, modeName)}. Point one of them at a literal value.`,
      );
    }
  }
}
