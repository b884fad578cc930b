/**
 * The 3-way diff (docs/architecture.md "Sync semantics"): for every collection, mode and variable field, compare
 * the repository (`local`) and the service (`remote`) with the lock (`base`):
 *   changed on one side since the lock -> take it; changed on both to the same thing -> fine;
 *   changed on both differently -> conflict. Without a lock the base is empty, so anything the two
 *   sides hold differently is a conflict unless `prefer` settles it.
 * Values compare under model/values.ts (colors at 8-bit hex with alpha), so float noise never flaps.
 * Aliases compare by identity, not by spelling: an alias to a token that was renamed on one side is
 * rewritten to the token's merged name before comparing, so a rename does not make every alias to it
 * look edited (and `merged` never holds an alias to a name that no longer exists).
 *
 * Choices the design leaves open:
 * - A field that is the same on both sides takes the repository's value in `merged` (equal under the
 *   rules, but the files keep their exact bytes, so a no-op pull writes nothing).
 * - Deleted in the design file (in the lock, gone from the service): if the repository still holds it
 *   unchanged since the lock, a pull deletes it; if the repository changed it, that is a
 *   `deleted-in-service` conflict (prefer repo re-creates it, prefer service deletes it).
 * - Removed in the repository but still in the service: an orphan (the dfs API cannot delete; figma deletes it only on request, plan.ts), not in
 *   `merged`, and no conflict even if the service edited it meanwhile (the orphan report names it).
 * - A mode deleted in the design file is deleted from the repository without a conflict check.
 * - The default mode is the service's (the API cannot change it); a new collection takes the repository's.
 */
import { fingerprint, type Lock } from '../model/lock.js';
import { baseText, type BaseField } from '../model/lock-base.js';
import { canonicalMeta } from '../model/meta.js';
import {
  isAlias,
  variableKey,
  type Alias,
  type Collection,
  type Mode,
  type TokenSet,
  type Value,
  type Variable,
  type VariableMeta,
} from '../model/types.js';
import type { RepoToken } from '../model/dtcg.js';
import { canonicalValue } from '../model/values.js';
import type {
  Change,
  Conflict,
  FieldValue,
  Orphan,
  PerModeOverride,
  Prefer,
  RepoOnlyExtension,
  RepoOnlyModifier,
  VariableField,
} from './changes.js';
import { diffOverrides } from './diff-overrides.js';
import { NO_VALUE, UNSYNCED, pairAll, type ColPair, type ModeSlot, type VarPair } from './pairing.js';

export type { Change, Conflict, Orphan, Prefer } from './changes.js';

export interface SyncDiff {
  /** The state both sides should reach: base + local changes + remote changes (conflicts: see prefer). */
  merged: TokenSet;
  /** What a push applies to the service (local-side changes). */
  toService: Change[];
  /** What a pull applies to the files (remote-side changes). */
  toRepo: Change[];
  /** Empty when `prefer` is given (each would-be conflict is then a change with `resolvedBy`). */
  conflicts: Conflict[];
  orphans: Orphan[];
  /** Fields and names the service changed since the lock that a push keeps unless --force. */
  remoteEditsKept: Change[];
  /**
   * Repository-owned tokens (in `merged.tokens`) that the lock does not list yet: the ones `diff`
   * mentions, once. Never changes: they are not synced.
   */
  repoOnlyNew: RepoToken[];
  /** Extended collections only the repository holds, where the service has none (dfs; docs/overrides.md §5). */
  repoOnlyExtensions: RepoOnlyExtension[];
  /** The service's per-mode overrides the token files cannot hold, kept (docs/overrides.md §4). */
  perModeOverrides: PerModeOverride[];
  /** The repository's modifiers no design file can hold whole (apply-plan.ts; docs/overrides.md §5). */
  repoOnlyModifiers?: RepoOnlyModifier[];
  /** Overrides in modes the push creates, set by a second request once they exist (apply-plan.ts). */
  overridesAwaitingModes?: number;
}

export interface Diff3Input {
  local: TokenSet;
  remote: TokenSet;
  base: Lock | undefined;
  prefer?: Prefer;
  /**
   * Whether the service has extended collections (the dialect's `extensions`); default true. Without
   * them the repository's extensions are repository-only: never a change, kept in `merged` as they are.
   */
  extensions?: boolean;
}

type Pick = 'same' | 'local' | 'remote' | 'conflict';
type Side = 'local' | 'remote';
type Names = { collection: string; name: string };

/**
 * `l`/`r` compare the two sides with each other, `lb`/`rb` each side with the base fingerprint.
 * They differ only for aliases (merged names vs lock names); elsewhere they are the same keys.
 */
function decide(base: string | undefined, l: string, r: string, lb: string, rb: string): Pick {
  if (l === r) return 'same';
  if (base === undefined) return 'conflict';
  const localChanged = lb !== base;
  const remoteChanged = rb !== base;
  if (localChanged && remoteChanged) return 'conflict';
  if (localChanged) return 'local';
  return 'remote';
}

const fpText = (s: string): string => fingerprint(s);
const scopesKey = (s: string[]): string => [...s].sort().join(',');
const fpScopes = (s: string[]): string => fingerprint(scopesKey(s));
const fpValue = (v: Value | undefined): string => (v === undefined ? NO_VALUE : fingerprint(canonicalValue(v)));
const keyValue = (v: Value | undefined): string => (v === undefined ? NO_VALUE : canonicalValue(v));

export function diff3(input: Diff3Input): SyncDiff {
  return new Differ(input).run();
}

class Differ {
  private readonly toService: Change[] = [];
  private readonly toRepo: Change[] = [];
  private readonly conflicts: Conflict[] = [];
  private readonly orphans: Orphan[] = [];
  private readonly kept: Change[] = [];
  private readonly prefer: Prefer | undefined;
  private readonly hasLock: boolean;
  private readonly pairs: ColPair[];
  /** Alias target (side's collection + name) -> the variable's pair. */
  private readonly localIdx = new Map<string, VarPair>();
  private readonly remoteIdx = new Map<string, VarPair>();
  private readonly mergedNames = new Map<VarPair, Names>();
  private readonly baseNames = new Map<VarPair, Names>();
  private readonly mergedCols = new Map<ColPair, Collection>();
  private readonly mergedVars = new Map<VarPair, Variable>();
  /** The repository's extensions where the service has none (dfs): not paired, kept as they are. */
  private readonly setAside: Collection[];

  constructor(private readonly input: Diff3Input) {
    this.prefer = input.prefer;
    this.hasLock = input.base !== undefined;
    const noExtensions = input.extensions === false;
    this.setAside = noExtensions ? input.local.collections.filter((c) => c.parent !== undefined) : [];
    const local = noExtensions
      ? { ...input.local, collections: input.local.collections.filter((c) => c.parent === undefined) }
      : input.local;
    this.pairs = pairAll(local, input.remote, input.base);
    // Pass 1: everyone's merged and base names, so aliases can be compared by identity in pass 2.
    for (const p of this.pairs) {
      const colName = this.chooseName(p.base?.name, p.local?.name, p.remote?.name);
      for (const vp of p.vars) {
        if (p.local && vp.local) this.localIdx.set(variableKey({ collection: p.local.name, name: vp.local.name }), vp);
        if (p.remote && vp.remote)
          this.remoteIdx.set(variableKey({ collection: p.remote.name, name: vp.remote.name }), vp);
        const name = this.chooseName(vp.base?.name, vp.local?.name, vp.remote?.name);
        if (colName !== undefined && name !== undefined) this.mergedNames.set(vp, { collection: colName, name });
        if (p.base && vp.base) this.baseNames.set(vp, { collection: p.base.name, name: vp.base.name });
      }
    }
  }

  /** The name a 3-way of names ends with (no side effects; pass 2 reports the same decision). */
  private chooseName(
    base: string | undefined,
    local: string | undefined,
    remote: string | undefined,
  ): string | undefined {
    if (local === undefined || remote === undefined) return local ?? remote;
    const pick = decide(base, local, remote, local, remote);
    if (pick === 'local' || pick === 'same' || (pick === 'conflict' && this.prefer === 'repo')) return local;
    return remote;
  }

  run(): SyncDiff {
    const collections: Collection[] = [];
    const variables: Variable[] = [];
    /** Local collection name -> its merged name and mode names (for repository-owned tokens). */
    const renamed = new Map<string, { name: string; modes: Map<string, string> }>();
    for (const p of this.pairs) {
      const out = this.collection(p);
      if (out) {
        this.mergedCols.set(p, out.collection);
        collections.push(out.collection);
        variables.push(...out.variables);
        if (p.local)
          renamed.set(p.local.name, {
            name: out.collection.name,
            modes: new Map(
              p.slots.flatMap((s) =>
                s.local !== undefined && s.merged !== undefined ? [[s.local, s.merged] as const] : [],
              ),
            ),
          });
      }
    }
    collections.push(...this.setAside);
    const perModeOverrides = diffOverrides(
      {
        decide,
        settle: (pick, change, conflict) => this.settle(pick, change, conflict),
        rename: (v, side, target) => this.rename(v, side, target),
        fpValue,
        keyValue,
      },
      { pairs: this.pairs, mergedCols: this.mergedCols, mergedVars: this.mergedVars, setAside: this.setAside },
    );
    const merged: TokenSet = { collections, variables };
    // References inside them follow renames, as variable aliases do (pass 1's merged names).
    const renameRef = (a: Alias): Alias => {
      const v = this.rename(a, 'local', 'merged') as Alias;
      if (v !== a) return v;
      const col = renamed.get(a.alias.collection);
      return col && col.name !== a.alias.collection ? { alias: { collection: col.name, name: a.alias.name } } : a;
    };
    const tokens = repoTokensAfter(this.input.local.tokens, renamed, renameRef);
    if (tokens.length > 0) merged.tokens = tokens;
    return {
      merged,
      toService: this.toService,
      toRepo: this.toRepo,
      conflicts: this.conflicts,
      orphans: this.orphans,
      remoteEditsKept: this.kept,
      repoOnlyNew: tokens.filter(
        (t) => t.owner === 'repository' && !this.input.base?.repoOnly?.[t.collection]?.includes(t.name),
      ),
      repoOnlyExtensions: this.setAside.map((c) => ({
        collection: c.name,
        parent: c.parent as string,
        overrides: this.input.local.variables.reduce((n, v) => n + Object.keys(v.overrides?.[c.name] ?? {}).length, 0),
      })),
      perModeOverrides,
    };
  }

  /**
   * Records the outcome of one 3-way decision and says which side's value `merged` takes.
   * `change(side, resolvedBy)` builds the change that moves the other side to `side`'s value.
   */
  private settle(pick: Pick, change: (side: Side) => Change, conflict: () => Conflict): Side {
    const resolved = (c: Change, by: Prefer): Change => ({ ...c, resolvedBy: by });
    switch (pick) {
      case 'same':
        return 'local';
      case 'local':
        this.toService.push(change('local'));
        return 'local';
      case 'remote': {
        const c = change('remote');
        this.toRepo.push(c);
        this.kept.push(c);
        return 'remote';
      }
      case 'conflict':
        if (this.prefer === 'repo') {
          this.toService.push(resolved(change('local'), 'repo'));
          return 'local';
        }
        if (this.prefer === 'service') {
          const c = resolved(change('remote'), 'service');
          this.toRepo.push(c);
          this.kept.push(c);
          return 'remote';
        }
        this.conflicts.push(conflict());
        return 'remote';
    }
  }

  /** An alias rewritten to the target's names as of `target` (merged or lock); other values as they are. */
  private rename(v: Value | undefined, side: Side, target: 'merged' | 'base'): Value | undefined {
    if (v === undefined || !isAlias(v)) return v;
    const vp = (side === 'local' ? this.localIdx : this.remoteIdx).get(variableKey(v.alias));
    const names = vp ? (target === 'merged' ? this.mergedNames : this.baseNames).get(vp) : undefined;
    return names ? { alias: { collection: names.collection, name: names.name } } : v;
  }

  private renameAll(values: Record<string, Value>, side: Side, slots: ModeSlot[]): Record<string, Value> {
    const out: Record<string, Value> = {};
    for (const s of slots) {
      const from = side === 'local' ? s.local : s.remote;
      const v = from === undefined ? undefined : this.rename(values[from], side, 'merged');
      const to = mergedModeName(s, side);
      if (v !== undefined && to !== undefined) out[to] = v;
    }
    return out;
  }

  private collection(p: ColPair): { collection: Collection; variables: Variable[] } | undefined {
    const { local: l, remote: r, base: b } = p;
    if (l && r) return this.bothCollection(p, l, r);
    if (r) {
      if (b) {
        this.orphans.push({ kind: 'collection', collection: r.name, id: p.id ?? '', reason: 'removed-locally' });
        return undefined;
      }
      if (!this.hasLock)
        this.orphans.push({ kind: 'collection', collection: r.name, id: p.id ?? '', reason: 'never-pulled' });
      return this.wholeCollection(p, r, 'remote');
    }
    if (!l) return undefined;
    if (b) {
      // Deleted in the design file since the lock.
      if (this.localUnchangedCollection(p, l)) {
        this.toRepo.push({ kind: 'delete-collection', collection: l.name });
        return undefined;
      }
      if (this.prefer === 'repo') return this.wholeCollection(p, l, 'local', 'repo');
      if (this.prefer === 'service') {
        this.toRepo.push({ kind: 'delete-collection', collection: l.name, resolvedBy: 'service' });
        return undefined;
      }
      this.conflicts.push({ kind: 'deleted-in-service', collection: l.name });
      return undefined;
    }
    return this.wholeCollection(p, l, 'local');
  }

  /** A collection only one side has: the other side creates it with all its variables. */
  private wholeCollection(
    p: ColPair,
    c: Collection,
    side: Side,
    resolvedBy?: Prefer,
  ): { collection: Collection; variables: Variable[] } {
    const list = side === 'local' ? this.toService : this.toRepo;
    const extra = resolvedBy ? { resolvedBy } : {};
    list.push({
      kind: 'create-collection',
      collection: c.name,
      modes: c.modes.map((m) => m.name),
      defaultMode: c.defaultMode,
      ...extra,
    });
    const variables: Variable[] = [];
    for (const vp of p.vars) {
      const v = side === 'local' ? vp.local : vp.remote;
      if (!v) continue;
      const values = this.renameAll(v.values, side, p.slots);
      list.push({ kind: 'create-variable', collection: c.name, variable: v.name, type: v.type, values, ...extra });
      const mv = side === 'local' ? stripIds({ ...v, values }) : { ...v, values };
      this.mergedVars.set(vp, mv);
      variables.push(mv);
    }
    return { collection: side === 'local' ? stripCollectionIds(c) : c, variables };
  }

  /** The repository holds exactly what the lock says for a collection the service deleted. */
  private localUnchangedCollection(p: ColPair, l: Collection): boolean {
    const baseModes = Object.values(p.base?.modes ?? {});
    if (baseModes.length !== l.modes.length || !l.modes.every((m) => baseModes.includes(m.name))) return false;
    // A token the repository dropped agrees with the deletion; one it added or edited does not.
    return p.vars.every((vp) => !vp.local || (vp.base !== undefined && this.localUnchanged(vp, vp.local, p.slots)));
  }

  private localUnchanged(vp: VarPair, l: Variable, slots: ModeSlot[]): boolean {
    const b = vp.base;
    if (!b || b.name !== l.name || b.fields.type !== l.type) return false;
    if (b.fields.description !== fpText(l.description) || b.fields.scopes !== fpScopes(l.scopes)) return false;
    if ((b.fields.meta ?? EMPTY_META) !== fingerprint(canonicalMeta(l.meta))) return false;
    return slots.every(
      (s) =>
        s.base === undefined ||
        s.local === undefined ||
        b.fields.values[s.base] === fpValue(this.rename(l.values[s.local], 'local', 'base')),
    );
  }

  private bothCollection(p: ColPair, l: Collection, r: Collection): { collection: Collection; variables: Variable[] } {
    const b = p.base;
    const nameSide = this.settle(
      decide(b?.name, l.name, r.name, l.name, r.name),
      (side) =>
        side === 'local'
          ? { kind: 'rename-collection', collection: l.name, from: r.name }
          : { kind: 'rename-collection', collection: r.name, from: l.name },
      () => ({
        kind: 'collection-name',
        collection: r.name,
        local: l.name,
        remote: r.name,
        inBase: b !== undefined,
        ...(b ? { base: b.name } : {}),
      }),
    );
    const colName = nameSide === 'local' ? l.name : r.name;

    // Modes. An extension's follow its parent's (the service makes, renames and deletes them): the
    // parent's changes are the ones reported and sent (docs/overrides.md §7).
    const follows = r.parent !== undefined;
    const modes: Mode[] = [];
    for (const s of p.slots) {
      if (follows) {
        const name = s.remote ?? s.local;
        if (s.remote === undefined && s.base !== undefined) s.excluded = true;
        else if (name !== undefined) s.merged = name;
      } else if (s.local !== undefined && s.remote !== undefined) {
        const ln = s.local;
        const rn = s.remote;
        const side = this.settle(
          decide(s.base, ln, rn, ln, rn),
          (sd) =>
            sd === 'local'
              ? { kind: 'rename-mode', collection: colName, mode: ln, from: rn }
              : { kind: 'rename-mode', collection: colName, mode: rn, from: ln },
          () => ({
            kind: 'mode-name',
            collection: colName,
            mode: rn,
            local: ln,
            remote: rn,
            inBase: s.base !== undefined,
            ...(s.base !== undefined ? { base: s.base } : {}),
          }),
        );
        s.merged = side === 'local' ? ln : rn;
      } else if (s.remote !== undefined) {
        if (s.base !== undefined) {
          this.orphans.push({
            kind: 'mode',
            collection: colName,
            mode: s.remote,
            id: s.id ?? '',
            reason: 'removed-locally',
          });
          s.excluded = true;
          continue;
        }
        if (!this.hasLock)
          this.orphans.push({
            kind: 'mode',
            collection: colName,
            mode: s.remote,
            id: s.id ?? '',
            reason: 'never-pulled',
          });
        this.toRepo.push({ kind: 'create-mode', collection: colName, mode: s.remote });
        s.merged = s.remote;
      } else if (s.local !== undefined) {
        if (s.base !== undefined) {
          this.toRepo.push({ kind: 'delete-mode', collection: colName, mode: s.local });
          s.excluded = true;
          continue;
        }
        this.toService.push({ kind: 'create-mode', collection: colName, mode: s.local });
        s.merged = s.local;
      }
      if (s.merged !== undefined)
        modes.push(s.id !== undefined && s.remote !== undefined ? { name: s.merged, id: s.id } : { name: s.merged });
    }
    const defaultSlot = p.slots.find((s) => s.remote === r.defaultMode && s.merged !== undefined);
    const defaultMode = defaultSlot?.merged ?? modes[0]?.name ?? r.defaultMode;
    const collection: Collection = { name: colName, modes, defaultMode };
    if (this.collectionHidden(colName, l, r, b?.hiddenFromPublishing === true, b !== undefined))
      collection.hiddenFromPublishing = true;
    if (r.parent !== undefined) collection.parent = r.parent;
    if (r.id !== undefined) collection.id = r.id;
    if (r.key !== undefined) collection.key = r.key;

    // Variables.
    const variables: Variable[] = [];
    for (const vp of p.vars) {
      const v = this.variable(p, vp, colName);
      if (!v) continue;
      const mv = fillGaps(v, collection);
      this.mergedVars.set(vp, mv === v ? { ...v } : mv);
      variables.push(this.mergedVars.get(vp) as Variable);
    }
    return { collection, variables };
  }

  /**
   * A collection's own hiddenFromPublishing: changed on one side since the lock, take it (a boolean
   * cannot change to two different things). Without a base the design file's setting wins: it is a
   * publishing choice made there (docs/sync.md "Collections").
   */
  private collectionHidden(col: string, l: Collection, r: Collection, base: boolean, hasBase: boolean): boolean {
    const lh = l.hiddenFromPublishing === true;
    const rh = r.hiddenFromPublishing === true;
    if (lh === rh) return rh;
    const side = hasBase && rh === base ? 'local' : 'remote';
    const [before, after] = side === 'local' ? [rh, lh] : [lh, rh];
    const change: Change = { kind: 'update-collection', collection: col, field: 'hiddenFromPublishing', before, after };
    (side === 'local' ? this.toService : this.toRepo).push(change);
    return after;
  }

  private variable(p: ColPair, vp: VarPair, col: string): Variable | undefined {
    const { local: l, remote: r } = vp;
    if (l && r) return this.bothVariable(p, vp, l, r, col);
    if (r) {
      if (vp.base) {
        this.orphans.push({
          kind: 'variable',
          collection: col,
          variable: r.name,
          id: vp.id ?? '',
          reason: 'removed-locally',
        });
        return undefined;
      }
      if (!this.hasLock)
        this.orphans.push({
          kind: 'variable',
          collection: col,
          variable: r.name,
          id: vp.id ?? '',
          reason: 'never-pulled',
        });
      const values = this.renameAll(r.values, 'remote', p.slots);
      this.toRepo.push({ kind: 'create-variable', collection: col, variable: r.name, type: r.type, values });
      return { ...r, collection: col, values };
    }
    if (!l) return undefined;
    const values = this.renameAll(l.values, 'local', p.slots);
    const created = stripIds({ ...l, collection: col, values });
    if (vp.base) {
      // Deleted in the design file since the lock.
      if (this.localUnchanged(vp, l, p.slots)) {
        this.toRepo.push({ kind: 'delete-variable', collection: col, variable: l.name });
        return undefined;
      }
      if (this.prefer === 'repo') {
        this.toService.push({
          kind: 'create-variable',
          collection: col,
          variable: l.name,
          type: l.type,
          values,
          resolvedBy: 'repo',
        });
        return created;
      }
      if (this.prefer === 'service') {
        this.toRepo.push({ kind: 'delete-variable', collection: col, variable: l.name, resolvedBy: 'service' });
        return undefined;
      }
      this.conflicts.push({ kind: 'deleted-in-service', collection: col, variable: l.name });
      return undefined;
    }
    this.toService.push({ kind: 'create-variable', collection: col, variable: l.name, type: l.type, values });
    return created;
  }

  private bothVariable(p: ColPair, vp: VarPair, l: Variable, r: Variable, col: string): Variable {
    const sides: VarSides = { vp, l, r, col };
    const nameSide = this.settle(
      decide(vp.base?.name, l.name, r.name, l.name, r.name),
      (side) =>
        side === 'local'
          ? { kind: 'rename-variable', collection: col, variable: l.name, from: r.name }
          : { kind: 'rename-variable', collection: col, variable: r.name, from: l.name },
      () => ({ ...conflictBase(sides, vp.base?.name, vp.base?.name), field: 'name', local: l.name, remote: r.name }),
    );
    const c: VarMerge = { ...sides, p, name: nameSide === 'local' ? l.name : r.name };
    const { type, description, scopes, meta } = this.mergeFields(c);
    const values = this.mergeValues(c);
    const out: Variable = { collection: col, name: c.name, type, description, scopes: [...scopes], values };
    if (r.id !== undefined) out.id = r.id;
    if (r.key !== undefined) out.key = r.key;
    if (l.kind !== undefined) out.kind = l.kind;
    if (meta) out.meta = meta;
    return out;
  }

  /** Type, description, scopes and the kept service fields, each merged on its own. */
  private mergeFields(c: VarMerge): MergedFields {
    const { l, r } = c;
    const b = c.vp.base?.fields;
    const type = this.scalar(c, 'type', b?.type, l.type, r.type, l.type, r.type, (k) => k);
    const description = this.scalar(
      c,
      'description',
      b?.description,
      l.description,
      r.description,
      l.description,
      r.description,
      fingerprint,
    );
    const scopes = this.scalar(
      c,
      'scopes',
      b?.scopes,
      scopesKey(l.scopes),
      scopesKey(r.scopes),
      l.scopes,
      r.scopes,
      fingerprint,
    );
    // Kept service fields; a lock without them (or older than them) held none.
    const meta = this.scalar(
      c,
      'meta',
      b ? (b.meta ?? EMPTY_META) : undefined,
      canonicalMeta(l.meta),
      canonicalMeta(r.meta),
      l.meta ?? null,
      r.meta ?? null,
      fingerprint,
    );
    return { type, description, scopes, meta };
  }

  /**
   * One field: `lk`/`rk` are canonical texts; `fp` turns one into what the lock holds, and runs only when
   * the two sides differ (a SHA-256 per field and side was most of a no-op diff, docs/sync.md "Performance").
   */
  private scalar<T extends FieldValue>(
    c: VarMerge,
    field: VariableField,
    base: string | undefined,
    lk: string,
    rk: string,
    lv: T,
    rv: T,
    fp: (k: string) => string,
  ): T {
    const pick = lk === rk ? 'same' : decide(base, lk, rk, fp(lk), fp(rk));
    const side = this.settle(pick, updateChange(c, field, lv, rv), () => ({
      ...conflictBase(c, base, field === 'type' ? base : baseText(c.vp.base, field as BaseField)),
      field,
      local: lv,
      remote: rv,
    }));
    return side === 'local' ? lv : rv;
  }

  /** The values of the merged modes. */
  private mergeValues(c: VarMerge): Record<string, Value> {
    const values: Record<string, Value> = {};
    for (const s of c.p.slots) {
      if (s.merged === undefined) continue;
      let v: Value | undefined;
      if (s.local !== undefined && s.remote !== undefined) v = this.mergeValue(c, s, s.local, s.remote, s.merged);
      else if (s.remote !== undefined) v = this.rename(c.r.values[s.remote], 'remote', 'merged');
      else if (s.local !== undefined) v = this.rename(c.l.values[s.local], 'local', 'merged');
      if (v !== undefined) values[s.merged] = v;
    }
    return values;
  }

  /** One mode both sides hold: compared by canonical text, decided against the base's fingerprint. */
  private mergeValue(c: VarMerge, s: ModeSlot, local: string, remote: string, mode: string): Value | undefined {
    const lv = c.l.values[local];
    const rv = c.r.values[remote];
    const lm = this.rename(lv, 'local', 'merged');
    const rm = this.rename(rv, 'remote', 'merged');
    const baseFp = s.base !== undefined ? c.vp.base?.fields.values[s.base] : undefined;
    const lk = keyValue(lm);
    const rk = keyValue(rm);
    const pick =
      lk === rk
        ? 'same'
        : decide(baseFp, lk, rk, fpValue(this.rename(lv, 'local', 'base')), fpValue(this.rename(rv, 'remote', 'base')));
    const side = this.settle(pick, updateChange(c, 'value', lm ?? null, rm ?? null, mode), () => ({
      ...conflictBase(c, baseFp, s.base !== undefined ? baseText(c.vp.base, 'value', s.base) : undefined),
      field: 'value',
      mode,
      local: lm ?? null,
      remote: rm ?? null,
    }));
    return side === 'local' ? lm : rm;
  }
}

interface MergedFields {
  type: Variable['type'];
  description: string;
  scopes: Variable['scopes'];
  meta: VariableMeta | null;
}

/** A variable both sides hold, with its lock entry. */
interface VarSides {
  vp: VarPair;
  l: Variable;
  r: Variable;
  col: string;
}

/** …and its collection's pair and the merged name, once the name is settled. */
interface VarMerge extends VarSides {
  p: ColPair;
  name: string;
}

/** Whether the lock holds a base for the field: without one, a difference is a first-sync conflict. */
const hasBase = (fp: string | undefined): boolean => fp !== undefined && fp !== UNSYNCED;

function conflictBase(c: VarSides, fp: string | undefined, text?: string) {
  return {
    kind: 'variable-field' as const,
    collection: c.col,
    variable: c.r.name,
    ...(c.l.name !== c.r.name ? { localName: c.l.name } : {}),
    inBase: hasBase(fp),
    ...(hasBase(fp) && text !== undefined ? { base: text } : {}),
  };
}

function updateChange(c: VarMerge, field: VariableField, lv: FieldValue, rv: FieldValue, mode?: string) {
  return (side: Side): Change => ({
    kind: 'update-variable',
    collection: c.col,
    variable: c.name,
    field,
    ...(mode !== undefined ? { mode } : {}),
    before: side === 'local' ? rv : lv,
    after: side === 'local' ? lv : rv,
  });
}

const EMPTY_META = fingerprint('');

function mergedModeName(s: ModeSlot, side: Side): string | undefined {
  if (s.excluded) return undefined;
  return s.merged ?? (side === 'local' ? s.local : s.remote);
}

/**
 * Every mode has a value (model/types.ts). Where a side never had one (a mode new on the other side),
 * the service will hold the default mode's value (a new mode copies the default mode), so that is what
 * both sides should reach.
 */
function fillGaps(v: Variable, c: Collection): Variable {
  const fallback = v.values[c.defaultMode];
  if (fallback === undefined) return v;
  let values: Record<string, Value> | undefined;
  for (const m of c.modes) {
    if (v.values[m.name] === undefined) {
      values ??= { ...v.values };
      values[m.name] = fallback;
    }
  }
  if (!values) return v;
  const ordered: Record<string, Value> = {};
  for (const m of c.modes) {
    const x = values[m.name];
    if (x !== undefined) ordered[m.name] = x;
  }
  return { ...v, values: ordered };
}

/** A token the service does not have yet carries no ids (stale ids from the files must not leak into a plan). */
function stripIds(v: Variable): Variable {
  const { id: _id, key: _key, ...rest } = v;
  return rest;
}

function stripCollectionIds(c: Collection): Collection {
  const { id: _id, key: _key, ...rest } = c;
  return { ...rest, modes: c.modes.map((m) => ({ name: m.name })) };
}

/**
 * Repository-owned tokens are not synced: they stay as the repository has them, under
 * their collection's and modes' merged names (a collection renamed in the design file takes them
 * along).
 */
function repoTokensAfter(
  tokens: RepoToken[] | undefined,
  renamed: Map<string, { name: string; modes: Map<string, string> }>,
  renameRef: (a: Alias) => Alias,
): RepoToken[] {
  const out: RepoToken[] = [];
  for (const t of tokens ?? []) {
    const r = renamed.get(t.collection);
    if (!r) continue;
    let changed = r.name !== t.collection;
    const values: RepoToken['values'] = {};
    for (const [mode, v] of Object.entries(t.values)) {
      const to = r.modes.get(mode) ?? mode;
      const nv = mapRefs(v, renameRef) as RepoToken['values'][string];
      if (to !== mode || nv !== v) changed = true;
      values[to] = nv;
    }
    out.push(changed ? { ...t, collection: r.name, values } : t);
  }
  return out;
}

/** A value with every reference in it passed through `f`; the same object when none changes. */
function mapRefs(v: unknown, f: (a: Alias) => Alias): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (isAlias(v as Value)) return f(v as Alias);
  if (Array.isArray(v)) {
    let copy: unknown[] | undefined;
    v.forEach((x, i) => {
      const y = mapRefs(x, f);
      if (y !== x) (copy ??= [...v])[i] = y;
    });
    return copy ?? v;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [k, x] of Object.entries(v)) {
    const y = mapRefs(x, f);
    if (y !== x) (copy ??= { ...(v as Record<string, unknown>) })[k] = y;
  }
  return copy ?? v;
}
