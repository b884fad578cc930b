/**
 * The 3-way diff of overrides in extended collections (docs/overrides.md §6): per variable of a root
 * collection, per extension of it and per mode, the repository's override, the service's and the
 * lock's fingerprint (`overrides[<extension id>][<mode name>]`), with the rules of every other field
 * (docs/sync.md): changed on one side, take it; on both differently, a conflict; `null` is "no
 * override", so removing one is a change to null. An extension or variable only one side holds takes
 * that side's overrides (its creation is the change). Per-mode overrides the files hold as their
 * projection are the service's (overrides.ts) and are listed, once, for the report.
 * Where the service has no extended collections (dfs), the repository's extensions were set aside by
 * the diff and their overrides ride along unchanged: repository-only (docs/overrides.md §5).
 */
import type { Change, Conflict, FieldValue, PerModeOverride } from './changes.js';
import type { Collection, Value, Variable } from '../model/types.js';
import type { ColPair, ModeSlot, VarPair } from './pairing.js';
import { NO_VALUE } from './pairing.js';
import { effectiveLocal, expressible, extensionPairs, overridesOf, unaware, type ByMode } from './overrides.js';

type Side = 'local' | 'remote';
type Pick = 'same' | 'local' | 'remote' | 'conflict';

/** What the diff lends this pass: its decisions and alias renames. */
export interface OverrideContext {
  decide(base: string | undefined, l: string, r: string, lb: string, rb: string): Pick;
  settle(pick: Pick, change: (side: Side) => Change, conflict: () => Conflict): Side;
  rename(v: Value | undefined, side: Side, target: 'merged' | 'base'): Value | undefined;
  fpValue(v: Value | undefined): string;
  keyValue(v: Value | undefined): string;
}

export interface OverrideInput {
  pairs: ColPair[];
  /** Pairs in the merged state, with their merged collection. */
  mergedCols: Map<ColPair, Collection>;
  /** Variable pairs in the merged state, with their merged variable (overrides are set on it here). */
  mergedVars: Map<VarPair, Variable>;
  /** dfs: the repository's extensions, kept as they are. */
  setAside: Collection[];
}

export function diffOverrides(ctx: OverrideContext, input: OverrideInput): PerModeOverride[] {
  const out = new Map<Variable, Record<string, ByMode>>();
  const put = (v: Variable, ext: string, mode: string, value: Value): void => {
    let byExt = out.get(v);
    if (!byExt) out.set(v, (byExt = {}));
    (byExt[ext] ??= {})[mode] = value;
  };
  const perMode: PerModeOverride[] = [];
  for (const { ext, root } of extensionPairs(input.pairs)) {
    const merged = input.mergedCols.get(ext);
    if (!merged) continue;
    for (const vp of root.vars) {
      const mv = input.mergedVars.get(vp);
      if (!mv) continue;
      const r = overridesOf(vp.remote, ext.remote?.name);
      if (ext.remote && r && !expressible(r, ext.remote))
        perMode.push({
          collection: merged.name,
          variable: mv.name,
          values: r,
          modes: ext.remote.modes.map((m) => m.name),
        });
      for (const [mode, value] of slotValues(ctx, ext, vp, merged.name, mv, r)) put(mv, merged.name, mode, value);
    }
  }
  // dfs: the repository's own extensions ride along (aliases follow renames like every value).
  const aside = new Set(input.setAside.map((c) => c.name));
  for (const [vp, mv] of input.mergedVars) {
    for (const [name, byMode] of Object.entries(vp.local?.overrides ?? {})) {
      if (!aside.has(name)) continue;
      for (const [mode, value] of Object.entries(byMode)) {
        const renamed = ctx.rename(value, 'local', 'merged');
        if (renamed !== undefined) put(mv, name, mode, renamed);
      }
    }
  }
  for (const mv of input.mergedVars.values()) {
    const o = out.get(mv);
    if (o) mv.overrides = o;
    else delete mv.overrides;
  }
  return perMode;
}

/** The merged override in each mode of one extension for one variable (mode name -> value). */
function slotValues(
  ctx: OverrideContext,
  ext: ColPair,
  vp: VarPair,
  extName: string,
  mv: Variable,
  r: ByMode | undefined,
): [string, Value][] {
  const both = ext.local !== undefined && ext.remote !== undefined && vp.local !== undefined && vp.remote !== undefined;
  const read = overridesOf(vp.local, ext.local?.name);
  // Per-mode overrides the files hold as their projection: the service's, unchanged (overrides.ts).
  const l = both && ext.remote ? effectiveLocal(read, r, ext.remote) : read;
  const localOf = (s: ModeSlot): Value | undefined =>
    l === r && r !== undefined
      ? s.remote !== undefined
        ? r[s.remote]
        : undefined
      : s.local !== undefined
        ? l?.[s.local]
        : undefined;
  const baseKnown = ext.base !== undefined && vp.base !== undefined && ext.id !== undefined;
  const baseOf = (s: ModeSlot): string | undefined =>
    baseKnown && s.base !== undefined
      ? (vp.base?.fields.overrides?.[ext.id as string]?.[s.base] ?? NO_VALUE)
      : undefined;
  const values: [string, Value][] = [];
  for (const s of ext.slots) {
    // A collection only one side has keeps that side's mode names (the diff sets `merged` for pairs).
    const mode = s.merged ?? (ext.remote ? s.remote : s.local);
    if (mode === undefined || s.excluded) continue;
    const lm = ctx.rename(localOf(s), 'local', 'merged');
    const rm = ctx.rename(s.remote !== undefined ? r?.[s.remote] : undefined, 'remote', 'merged');
    const update = (before: FieldValue, after: FieldValue): Change => ({
      kind: 'update-variable',
      collection: mv.collection,
      variable: mv.name,
      field: 'override',
      extension: extName,
      mode,
      before,
      after,
    });
    let v: Value | undefined;
    if (both && unaware(ext)) {
      // The repository does not hold them (overrides.ts `unaware`): the service's, a change when edited since the lock.
      v = rm;
      const base = baseOf(s);
      const rb = ctx.fpValue(ctx.rename(s.remote !== undefined ? r?.[s.remote] : undefined, 'remote', 'base'));
      if (base !== undefined && base !== rb)
        ctx.settle(
          'remote',
          () => update(null, rm ?? null),
          () => ({}) as Conflict,
        );
    } else if (!both) {
      // Only one side has the extension or the variable: its creation carries the overrides.
      const side: Side = ext.remote && vp.remote ? 'remote' : 'local';
      v = side === 'remote' ? rm : lm;
      if (v !== undefined)
        ctx.settle(
          side,
          () => update(null, v as Value),
          () => ({}) as Conflict,
        );
    } else {
      const lk = ctx.keyValue(lm);
      const rk = ctx.keyValue(rm);
      // A mode only the repository has (its parent gains it in this push): the service holds no
      // override there to have edited, so the repository's is a change, never a conflict.
      const newMode = s.remote === undefined && s.base === undefined;
      const pick =
        lk === rk
          ? 'same'
          : newMode
            ? 'local'
            : ctx.decide(
                baseOf(s),
                lk,
                rk,
                ctx.fpValue(ctx.rename(localOf(s), 'local', 'base')),
                ctx.fpValue(ctx.rename(s.remote !== undefined ? r?.[s.remote] : undefined, 'remote', 'base')),
              );
      const side = ctx.settle(
        pick,
        (sd) => (sd === 'local' ? update(rm ?? null, lm ?? null) : update(lm ?? null, rm ?? null)),
        () => ({
          kind: 'variable-field',
          collection: mv.collection,
          variable: mv.name,
          field: 'override',
          extension: extName,
          mode,
          local: lm ?? null,
          remote: rm ?? null,
          inBase: baseOf(s) !== undefined,
        }),
      );
      v = side === 'local' ? lm : rm;
    }
    if (v !== undefined) values.push([mode, v]);
  }
  return values;
}
