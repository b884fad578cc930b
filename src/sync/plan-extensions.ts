/**
 * The plan's part for extended collections (docs/overrides.md §7; figma dialect only, where the
 * dialect's `extensions` says so):
 * - a new extension is one collection CREATE with `parentVariableCollectionId` and
 *   `initialModeIdToParentModeIdMapping` (a temp id for each of its modes, mapped to the parent's
 *   mode of the same name), in the same POST as its overrides;
 * - an extension's modes are never created, renamed or deleted (the service refuses it: "New modes
 *   cannot be created on extended collections"): they follow the parent's;
 * - an override is a `variableModeValues` item naming the root's variable and the extension's mode;
 *   removing one sends `value: null`.
 */
import type { FigmaModeValue } from '../api/schemas/figma-variables.js';
import type { WireValue } from '../api/schemas/variables.js';
import type { Collection, TokenSet, Value, Variable } from '../model/types.js';

/** The target's extensions, each after its parent (a chain is created top down). */
export function extensionsInOrder(target: TokenSet): Collection[] {
  const byName = new Map(target.collections.map((c) => [c.name, c]));
  const depth = (c: Collection, n = 0): number => {
    const p = c.parent === undefined ? undefined : byName.get(c.parent);
    return p && n < 64 ? depth(p, n + 1) : n;
  };
  return target.collections.filter((c) => c.parent !== undefined).sort((a, b) => depth(a) - depth(b));
}

/** The root of an extension's chain (the collection whose variables it overrides). */
export function rootName(target: TokenSet, c: Collection): string {
  const byName = new Map(target.collections.map((x) => [x.name, x]));
  let cur = c;
  for (let n = 0; cur.parent !== undefined && n < 64; n++) {
    const p = byName.get(cur.parent);
    if (!p) break;
    cur = p;
  }
  return cur.name;
}

export interface ExtensionTarget {
  target: Collection;
  remote: Collection | undefined;
  /** Target mode name -> the extension's mode id (permanent or temp); a mode the service has not made yet is absent. */
  modeIds: Map<string, string>;
}

/**
 * The `variableModeValues` that make the service hold `tv`'s overrides in each extension: a value
 * where the target has one the service does not hold, null where the service holds one the target
 * does not. `same` compares a target value with the service's (aliases by identity), `wire` spells one.
 */
export function overrideValues(
  tv: Variable,
  rv: Variable | undefined,
  variableId: string,
  extensions: ExtensionTarget[],
  same: (value: Value, current: Value) => boolean,
  wire: (value: Value) => WireValue,
): FigmaModeValue[] {
  const out: FigmaModeValue[] = [];
  for (const e of extensions) {
    const want = tv.overrides?.[e.target.name];
    const have = e.remote ? rv?.overrides?.[e.remote.name] : undefined;
    for (const m of e.target.modes) {
      const modeId = e.modeIds.get(m.name);
      if (modeId === undefined) continue;
      const remoteMode = e.remote?.modes.find((x) => x.id === modeId)?.name;
      const t = want?.[m.name];
      const r = remoteMode === undefined ? undefined : have?.[remoteMode];
      if (t !== undefined && (r === undefined || !same(t, r))) out.push({ variableId, modeId, value: wire(t) });
      else if (t === undefined && r !== undefined) out.push({ variableId, modeId, value: null });
    }
  }
  return out;
}

/**
 * Overrides a plan against `remote` cannot send yet: in a mode an existing extension inherits from a
 * parent that gains it in the same push. The service makes the extension's mode only once the parent's
 * exists, so its id is unknown when the push plans; the run sets them after a fresh read
 * (apply-verify.ts; docs/sync.md "Extended collections and overrides").
 */
export function overridesAwaitingModes(remote: TokenSet, target: TokenSet): number {
  let n = 0;
  for (const tc of target.collections) {
    if (tc.parent === undefined) continue;
    const rc =
      (tc.id !== undefined ? remote.collections.find((c) => c.id === tc.id) : undefined) ??
      remote.collections.find((c) => c.name === tc.name && c.parent !== undefined);
    if (!rc) continue;
    const waiting = tc.modes.filter((m) => !rc.modes.some((x) => x.name === m.name)).map((m) => m.name);
    if (waiting.length === 0) continue;
    for (const v of target.variables) for (const m of waiting) if (v.overrides?.[tc.name]?.[m] !== undefined) n++;
  }
  return n;
}
