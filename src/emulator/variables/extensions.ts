/**
 * Extended collections in the figma dialect (Figma's OpenAPI document, `LocalVariableCollection` and
 * `VariableCollectionCreate`; docs/emulator.md "Extended collections"). An extension inherits every
 * variable and every mode of its parent; each of its modes names the parent's mode in `parentModeId`,
 * and its values are `variableOverrides[variableId][modeId]`, the variables being those of the root
 * collection (the top of the chain, `rootVariableCollectionId`). Its modes follow the parent's: a mode
 * the parent gains, loses or renames is gained, lost or renamed by every extension below it.
 *
 * Choices where the document is silent (docs/emulator.md):
 * - An extension's mode id is `<extension id>/<root mode id>`, the encoded form Figma's variables
 *   guide describes ("VariableCollectionId:1:2/3:4"), so an override's mode id says which extension
 *   it belongs to.
 * - Its mode names are its parent's (an extension cannot rename a mode).
 * - `variableIds` is stored empty and served as the root's list ("including variables that are
 *   inherited from its parent collection", as the plugin API documents it).
 * - Deleting a collection deletes the extensions below it.
 */
import type { CollectionRecord, FileRecord } from '../state.js';

type Cols = Record<string, CollectionRecord>;

/** Figma's words (OpenAPI `VariableModeCreate`, `VariableModeUpdate`, `VariableModeDelete`). */
export const EXTENSION_REFUSALS = {
  createMode: 'New modes cannot be created on extended collections.',
  updateMode: 'Modes cannot be updated on extended collections.',
  deleteMode: 'Modes cannot be deleted on extended collections unless its parent mode has been deleted.',
} as const;

export function rootOf(c: CollectionRecord): string {
  return c.rootVariableCollectionId ?? c.id;
}

/** The root collection's mode id inside a (possibly encoded) mode id: the part after the last `/`. */
function rootModeId(modeId: string): string {
  const i = modeId.lastIndexOf('/');
  return i < 0 ? modeId : modeId.slice(i + 1);
}

function inheritedMode(extId: string, parentMode: { modeId: string; name: string }) {
  return {
    modeId: `${extId}/${rootModeId(parentMode.modeId)}`,
    name: parentMode.name,
    parentModeId: parentMode.modeId,
  };
}

/** A new extension of `parent`, with one inherited mode per parent mode, in the parent's order. */
export function newExtension(
  parent: CollectionRecord,
  fields: { id: string; name: string; key: string; hiddenFromPublishing: boolean },
): CollectionRecord {
  const modes = parent.modes.map((m) => inheritedMode(fields.id, m));
  const defaultMode = modes.find((m) => m.parentModeId === parent.defaultModeId) ?? modes[0]!;
  return {
    ...fields,
    modes,
    defaultModeId: defaultMode.modeId,
    variableIds: [],
    remote: false,
    isExtension: true,
    parentVariableCollectionId: parent.id,
    rootVariableCollectionId: rootOf(parent),
    variableOverrides: {},
  };
}

/** The extensions directly below `id`. */
export function childrenOf(cols: Cols, id: string): CollectionRecord[] {
  return Object.values(cols).filter((c) => c.isExtension === true && c.parentVariableCollectionId === id);
}

/** Every extension below `id`, at any depth. */
export function descendantsOf(cols: Cols, id: string): CollectionRecord[] {
  const out: CollectionRecord[] = [];
  for (const c of childrenOf(cols, id)) out.push(c, ...descendantsOf(cols, c.id));
  return out;
}

/** The parent gained a mode: so does every extension below it. */
export function modeAdded(cols: Cols, parent: CollectionRecord, mode: { modeId: string; name: string }): void {
  for (const ext of childrenOf(cols, parent.id)) {
    const m = inheritedMode(ext.id, mode);
    ext.modes.push(m);
    modeAdded(cols, ext, m);
  }
}

/** The parent renamed a mode: the inherited modes take its name. */
export function modeRenamed(cols: Cols, parent: CollectionRecord, modeId: string, name: string): void {
  for (const ext of childrenOf(cols, parent.id)) {
    for (const m of ext.modes) {
      if (m.parentModeId !== modeId) continue;
      m.name = name;
      modeRenamed(cols, ext, m.modeId, name);
    }
  }
}

/** The parent lost a mode: the inherited modes go, with their overrides. */
export function modeDeleted(cols: Cols, parent: CollectionRecord, modeId: string): void {
  for (const ext of childrenOf(cols, parent.id)) {
    const gone = ext.modes.filter((m) => m.parentModeId === modeId);
    ext.modes = ext.modes.filter((m) => m.parentModeId !== modeId);
    for (const m of gone) {
      for (const byMode of Object.values(ext.variableOverrides ?? {})) delete byMode[m.modeId];
      modeDeleted(cols, ext, m.modeId);
    }
    pruneOverrides(ext);
  }
}

/** A variable was deleted: its overrides go from every extension. */
export function variableDeleted(cols: Cols, variableId: string): void {
  for (const c of Object.values(cols)) if (c.variableOverrides) delete c.variableOverrides[variableId];
}

/** The extension that owns this mode id, if any. */
export function extensionOfMode(cols: Cols, modeId: string): CollectionRecord | undefined {
  const slash = modeId.lastIndexOf('/');
  if (slash < 0) return undefined;
  const c = cols[modeId.slice(0, slash)];
  return c?.isExtension && c.modes.some((m) => m.modeId === modeId) ? c : undefined;
}

/** Drops variables left with no override, so the served map lists only what is overridden. */
export function pruneOverrides(ext: CollectionRecord): void {
  for (const [vid, byMode] of Object.entries(ext.variableOverrides ?? {}))
    if (Object.keys(byMode).length === 0) delete ext.variableOverrides![vid];
}

/** The collections as GET variables/local serves them: an extension lists its root's variables. */
export function servedCollections(file: FileRecord): Cols {
  const cols = file.variableCollections;
  if (!Object.values(cols).some((c) => c.isExtension)) return cols;
  const out: Cols = {};
  for (const [id, c] of Object.entries(cols))
    out[id] = c.isExtension ? { ...c, variableIds: [...(cols[rootOf(c)]?.variableIds ?? [])] } : c;
  return out;
}
