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
} from './values.js';

interface VariablePatch {
  name?: string;
  description?: string;
  scopes?: string[];
  hiddenFromPublishing?: boolean;
  codeSyntax?: Record<string, string>;
  values: Map<string, VariableValue>;
}

export function applyUpdate(file: FileRecord, body: unknown): BatchResult {
  const parsed = checkBody(body, 'UPDATE');
  if (!parsed.ok) return parsed;
  const { items } = parsed;
  const err = (message: string): BatchResult => ({ ok: false, message });
  const allowKeys = (item: Record<string, unknown>, keys: string[], where: string): string | null => {
    for (const k of Object.keys(item))
      if (!keys.includes(k)) return `${where}: unknown field "${k}"; allowed: ${keys.join(', ')}.`;
    return null;
  };

  const collectionRenames = new Map<string, string>();
  const collectionHidden = new Map<string, boolean>();
  for (const [i, item] of items.variableCollections.entries()) {
    const where = `variableCollections[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
    const extra = allowKeys(item, ['action', 'id', 'name', 'hiddenFromPublishing'], where);
    if (extra) return err(extra);
    const id = item['id'];
    if (typeof id !== 'string' || !file.variableCollections[id])
      return err(`${where}: no collection with id ${JSON.stringify(id) ?? '(missing)'} in this file.`);
    if (item['name'] !== undefined) {
      const name = checkPlainName(item['name'], where, 'collection');
      if (!name.ok) return err(name.message);
      collectionRenames.set(id, name.value);
    }
    if (item['hiddenFromPublishing'] !== undefined) {
      if (typeof item['hiddenFromPublishing'] !== 'boolean')
        return err(`${where}: "hiddenFromPublishing" must be true or false.`);
      collectionHidden.set(id, item['hiddenFromPublishing']);
    }
  }

  // mode id -> collection id
  const modeOwner = new Map<string, string>();
  for (const c of Object.values(file.variableCollections)) for (const m of c.modes) modeOwner.set(m.modeId, c.id);
  const modeRenames = new Map<string, string>();
  for (const [i, item] of items.variableModes.entries()) {
    const where = `variableModes[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
    const extra = allowKeys(item, ['action', 'id', 'name', 'variableCollectionId'], where);
    if (extra) return err(extra);
    const id = item['id'];
    const owner = typeof id === 'string' ? modeOwner.get(id) : undefined;
    if (typeof id !== 'string' || owner === undefined)
      return err(`${where}: no mode with id ${JSON.stringify(id) ?? '(missing)'} in this file.`);
    if (item['variableCollectionId'] !== owner) {
      return err(
        `${where}: variableCollectionId ${JSON.stringify(item['variableCollectionId']) ?? '(missing)'} is not the collection of mode "${id}" (${owner}).`,
      );
    }
    if (item['name'] !== undefined) {
      const name = checkPlainName(item['name'], where, 'mode');
      if (!name.ok) return err(name.message);
      modeRenames.set(id, name.value);
    }
  }
  // Mode names stay unique within each collection whose modes were renamed.
  for (const cid of new Set([...modeRenames.keys()].map((m) => modeOwner.get(m)!))) {
    const seen = new Map<string, string>();
    for (const m of file.variableCollections[cid]!.modes) {
      const name = modeRenames.get(m.modeId) ?? m.name;
      if (seen.has(name))
        return err(
          `Collection "${file.variableCollections[cid]!.name}" would have two modes named "${name}"; mode names must be unique in a collection.`,
        );
      seen.set(name, m.modeId);
    }
  }

  const patches = new Map<string, VariablePatch>();
  for (const [i, item] of items.variables.entries()) {
    const where = `variables[${i}]${typeof item['id'] === 'string' ? ` (id "${item['id']}")` : ''}`;
    const extra = allowKeys(
      item,
      ['action', 'id', 'name', 'description', 'scopes', 'hiddenFromPublishing', 'codeSyntax', 'variableModeValues'],
      where,
    );
    if (extra) return err(extra);
    const id = item['id'];
    const v: VariableRecord | undefined = typeof id === 'string' ? file.variables[id] : undefined;
    if (typeof id !== 'string' || !v) {
      const temp =
        typeof id === 'string' && id.startsWith('temp_')
          ? ' Temporary ids exist only within one POST; use the permanent id from its tempIdMapping.'
          : '';
      return err(`${where}: no variable with id ${JSON.stringify(id) ?? '(missing)'} in this file.${temp}`);
    }
    let patch = patches.get(id);
    if (!patch) {
      patch = { values: new Map() };
      patches.set(id, patch);
    }
    if (item['name'] !== undefined) {
      const name = checkVariableName(item['name'], where);
      if (!name.ok) return err(name.message);
      patch.name = name.value;
    }
    if (item['description'] !== undefined) {
      if (typeof item['description'] !== 'string') return err(`${where}: "description" must be a string.`);
      patch.description = item['description'];
    }
    if (item['scopes'] !== undefined) {
      const s = checkScopes(item['scopes'], where, v.resolvedType);
      if (!s.ok) return err(s.message);
      patch.scopes = s.value;
    }
    if (item['hiddenFromPublishing'] !== undefined) {
      if (typeof item['hiddenFromPublishing'] !== 'boolean')
        return err(`${where}: "hiddenFromPublishing" must be true or false.`);
      patch.hiddenFromPublishing = item['hiddenFromPublishing'];
    }
    if (item['codeSyntax'] !== undefined) {
      const c = checkCodeSyntax(item['codeSyntax'], where);
      if (!c.ok) return err(c.message);
      patch.codeSyntax = c.value;
    }
    const mv = item['variableModeValues'];
    if (mv !== undefined) {
      if (!Array.isArray(mv)) return err(`${where}: "variableModeValues" must be an array of {modeId, value}.`);
      for (const [j, entry] of mv.entries()) {
        const at = `${where} variableModeValues[${j}]`;
        if (!isObject(entry) || typeof entry['modeId'] !== 'string' || !('value' in entry))
          return err(`${at}: each entry needs "modeId" and "value".`);
        const modeId = entry['modeId'];
        if (modeOwner.get(modeId) !== v.variableCollectionId) {
          return err(
            `${at}: mode "${modeId}" is not a mode of the variable's collection "${file.variableCollections[v.variableCollectionId]?.name ?? v.variableCollectionId}".`,
          );
        }
        const value = checkValue(v.resolvedType, entry['value'], at);
        if (!value.ok) return err(value.message);
        if (isComposed(value.value)) {
          const bad = composedTargetProblem(value.value, (id) => file.variables[id]?.resolvedType, at);
          if (bad) return err(bad);
        }
        if (isAlias(value.value)) {
          const target = file.variables[value.value.id];
          if (!target)
            return err(`${at}: the alias points to "${value.value.id}", which is not a variable of this file.`);
          if (target.resolvedType !== v.resolvedType) {
            return err(
              `${at}: the alias points to "${target.name}", a ${target.resolvedType} variable, but "${v.name}" is ${v.resolvedType}; an alias must point to a variable of the same type.`,
            );
          }
        }
        patch.values.set(modeId, value.value);
      }
    }
  }

  // Names stay unique within each collection that has a renamed variable (a swap of two names is fine).
  const renamedCollections = new Set<string>();
  for (const [id, p] of patches)
    if (p.name !== undefined) renamedCollections.add(file.variables[id]!.variableCollectionId);
  for (const cid of renamedCollections) {
    const seen = new Set<string>();
    for (const vid of file.variableCollections[cid]?.variableIds ?? []) {
      const name = patches.get(vid)?.name ?? file.variables[vid]?.name ?? '';
      if (seen.has(name))
        return err(
          `Collection "${file.variableCollections[cid]!.name}" would have two variables named "${name}"; names must be unique in a collection.`,
        );
      seen.add(name);
    }
  }

  // Alias cycles through the values as they will be.
  const starts: [string, string][] = [];
  for (const [id, p] of patches)
    for (const [m, value] of p.values) if (isAlias(value) || isComposed(value)) starts.push([id, m]);
  if (starts.length > 0) {
    const cycle = findAliasCycle(
      {
        valueOf: (id, m) => patches.get(id)?.values.get(m) ?? file.variables[id]?.valuesByMode[m],
        collectionOf: (id) => file.variables[id]?.variableCollectionId,
        modesOf: (cid) => file.variableCollections[cid]?.modes.map((x) => x.modeId) ?? [],
      },
      starts,
    );
    if (cycle) {
      const modeName = (m: string): string | null => {
        const c = file.variableCollections[modeOwner.get(m) ?? ''];
        return c?.modes.find((x) => x.modeId === m)?.name ?? null;
      };
      return err(
        `Alias cycle: ${describeCycle(cycle, (id) => patches.get(id)?.name ?? file.variables[id]?.name ?? id, modeName)}. Point one of them at a literal value.`,
      );
    }
  }

  // ---- Everything is valid: apply. ----
  for (const [id, name] of collectionRenames) file.variableCollections[id]!.name = name;
  for (const [id, hidden] of collectionHidden) file.variableCollections[id]!.hiddenFromPublishing = hidden;
  for (const [id, name] of modeRenames) {
    const mode = file.variableCollections[modeOwner.get(id)!]!.modes.find((m) => m.modeId === id)!;
    mode.name = name;
  }
  for (const [id, p] of patches) {
    const v = file.variables[id]!;
    if (p.name !== undefined) v.name = p.name;
    if (p.description !== undefined) v.description = p.description;
    if (p.scopes !== undefined) v.scopes = p.scopes;
    if (p.hiddenFromPublishing !== undefined) v.hiddenFromPublishing = p.hiddenFromPublishing;
    if (p.codeSyntax !== undefined) v.codeSyntax = p.codeSyntax;
    for (const [m, value] of p.values) v.valuesByMode[m] = value;
  }
  const changed = items.variableCollections.length + items.variableModes.length + items.variables.length > 0;
  return { ok: true, tempIdMapping: {}, changed };
}
