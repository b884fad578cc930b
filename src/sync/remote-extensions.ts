/**
 * Extended collections of a variables/local answer -> the model (docs/overrides.md §4 and §6; figma
 * dialect). An extension becomes a `Collection` with `parent` (its parent's name) and the parent's
 * mode names; its `variableOverrides` become `overrides[<extension name>][<mode name>]` on the root
 * collection's variables. Nothing is dropped (docs/sync.md "Nothing is dropped"):
 * - an extension whose parent is not a local collection of the answer (a library's, or missing), and
 *   so every extension below it, is kept whole with the kept variables, named by every command;
 * - an override of a variable the client keeps (an unknown type) is kept with that variable, in its
 *   `extensionOverrides` (extension id -> mode id -> value, as the service sent it).
 * An override of a variable or mode the answer does not have is stale data and is ignored, as a value
 * of an unknown mode id is.
 */
import type { WireCollection } from '../api/schemas/variables.js';
import type { Collection, KeptVariable, Value, Variable } from '../model/types.js';

export const isExtension = (c: WireCollection): boolean =>
  c.isExtension === true || c.parentVariableCollectionId !== undefined;

type Cols = Record<string, WireCollection>;

/** The extensions whose chain reaches a local collection, in answer order, and the ones kept whole. */
export function sortExtensions(
  cols: Cols,
  isRemote: (c: unknown) => boolean,
): { extensions: WireCollection[]; kept: KeptVariable[] } {
  const why = (c: WireCollection, depth: number): string | undefined => {
    const pid = c.parentVariableCollectionId;
    const parent = pid === undefined ? undefined : cols[pid];
    if (!parent)
      return `it is an extended collection of ${pid ?? '(no parent id)'}, which is not in the service's answer`;
    if (isRemote(parent))
      return `it is an extended collection of "${parent.name}", a collection of another file's library`;
    if (depth > 64) return 'its chain of parent collections does not end';
    return isExtension(parent) ? why(parent, depth + 1) : undefined;
  };
  const extensions: WireCollection[] = [];
  const kept: KeptVariable[] = [];
  for (const c of Object.values(cols)) {
    if (!isExtension(c) || isRemote(c)) continue;
    const reason = why(c, 0);
    if (reason === undefined) extensions.push(c);
    else kept.push({ id: c.id, name: c.name, collection: c.name, collectionId: c.id, reason, wire: { ...c } });
  }
  return { extensions, kept };
}

/** A mode's name: the parent's mode's name, up the chain (an extension has its parent's modes). */
function modeName(cols: Cols, c: WireCollection, m: { name: string; parentModeId?: string | undefined }): string {
  const parent = c.parentVariableCollectionId === undefined ? undefined : cols[c.parentVariableCollectionId];
  const pm = parent?.modes.find((x) => x.modeId === m.parentModeId);
  return parent && pm ? modeName(cols, parent, pm) : m.name;
}

export function extensionCollection(cols: Cols, c: WireCollection): Collection {
  const modes = c.modes.map((m) => ({ name: modeName(cols, c, m), id: m.modeId }));
  const defaultMode = modes.find((m) => m.id === c.defaultModeId)?.name ?? modes[0]?.name ?? '';
  const parent = cols[c.parentVariableCollectionId as string] as WireCollection;
  return { name: c.name, modes, defaultMode, id: c.id, key: c.key, parent: parent.name };
}

/**
 * Each extension's overrides onto the variables (`byId`), in the extension's mode order; those of a
 * kept variable onto its kept entry. `toValue` checks and converts one wire value, as for values.
 */
export function readOverrides(
  cols: Cols,
  extensions: WireCollection[],
  byId: Map<string, Variable>,
  kept: KeptVariable[],
  toValue: (v: Variable, modeName: string, w: unknown) => Value,
): void {
  const keptById = new Map(kept.map((k) => [k.id, k]));
  for (const ext of extensions) {
    for (const [vid, byMode] of Object.entries(ext.variableOverrides ?? {})) {
      const k = keptById.get(vid);
      if (k) {
        const prev = (k.wire['extensionOverrides'] ?? {}) as Record<string, unknown>;
        k.wire = { ...k.wire, extensionOverrides: { ...prev, [ext.id]: byMode } };
        continue;
      }
      const v = byId.get(vid);
      if (!v) continue;
      for (const m of ext.modes) {
        const w = byMode[m.modeId];
        if (w === undefined) continue;
        const name = modeName(cols, ext, m);
        v.overrides ??= {};
        (v.overrides[ext.name] ??= {})[name] = toValue(v, name, w);
      }
    }
  }
}
