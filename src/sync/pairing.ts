/**
 * Identity (docs/architecture.md "Sync semantics"): which collection, mode and variable of the repository is which
 * of the service, and which entry of the lock is their common base. Remote objects are matched by the
 * id the lock holds first, then by name; a remote rename is the same id under a new name. A local
 * rename is a token gone since the lock plus exactly one new token with identical type, values and
 * description (and no other new token looking the same), which pairs the two instead of create + orphan.
 */
import { fingerprint, type Lock, type LockCollection, type LockVariable } from '../model/lock.js';
import type { Collection, TokenSet, Variable } from '../model/types.js';
import { canonicalValue } from '../model/values.js';

export interface ModeSlot {
  id?: string;
  /** The mode's name in the lock, in the repository, in the service. */
  base?: string;
  local?: string;
  remote?: string;
  /** Filled by the diff: the mode's name after the sync. */
  merged?: string;
  /** Filled by the diff: the mode is not part of the merged state (an orphan or deleted mode). */
  excluded?: boolean;
}

export interface VarPair {
  id?: string;
  base?: LockVariable;
  local?: Variable;
  remote?: Variable;
}

export interface ColPair {
  id?: string;
  base?: LockCollection;
  local?: Collection;
  remote?: Collection;
  slots: ModeSlot[];
  vars: VarPair[];
}

/** Fingerprint of "no value in this mode"; never equal to a real fingerprint (those are 12 hex digits). */
export const NO_VALUE = 'none';
/**
 * Lock fingerprint of a field the two sides did not agree on when there was no earlier base
 * (next-lock.ts); like NO_VALUE it never equals a real fingerprint, and it does not count as a base.
 */
export const UNSYNCED = 'unsynced';

export function pairAll(local: TokenSet, remote: TokenSet, base: Lock | undefined): ColPair[] {
  const pairs = pairCollections(local, remote, base);
  const localVars = groupBy(local.variables, (v) => v.collection);
  const remoteVars = groupBy(remote.variables, (v) => v.collection);
  const baseVars = new Map<string, [string, LockVariable][]>();
  for (const entry of Object.entries(base?.variables ?? {})) {
    const list = baseVars.get(entry[1].collectionId) ?? [];
    list.push(entry);
    baseVars.set(entry[1].collectionId, list);
  }
  for (const p of pairs) {
    p.slots = pairModes(p);
    p.vars = pairVariables(
      p,
      p.local ? (localVars.get(p.local.name) ?? []) : [],
      p.remote ? (remoteVars.get(p.remote.name) ?? []) : [],
      p.id ? (baseVars.get(p.id) ?? []) : [],
    );
  }
  return pairs;
}

function pairCollections(local: TokenSet, remote: TokenSet, base: Lock | undefined): ColPair[] {
  const free = new Set(local.collections);
  const take = (pred: (c: Collection) => boolean): Collection | undefined => {
    for (const c of free) {
      if (pred(c)) {
        free.delete(c);
        return c;
      }
    }
    return undefined;
  };
  const pairs: ColPair[] = remote.collections.map((r) => {
    const p: ColPair = { remote: r, slots: [], vars: [] };
    if (r.id !== undefined) p.id = r.id;
    const b = r.id !== undefined ? base?.collections[r.id] : undefined;
    if (b) p.base = b;
    return p;
  });
  // Passes in order of trust, each over all collections, so a name pass never steals a better match.
  for (const p of pairs)
    if (p.id !== undefined)
      assign(
        p,
        take((c) => c.id === p.id),
      );
  for (const p of pairs)
    if (!p.local && p.base)
      assign(
        p,
        take((c) => c.name === p.base?.name),
      );
  for (const p of pairs)
    if (!p.local)
      assign(
        p,
        take((c) => c.name === p.remote?.name),
      );
  // In the lock but gone from the service: deleted in the design file.
  const remoteIds = new Set(remote.collections.map((c) => c.id));
  for (const [id, b] of Object.entries(base?.collections ?? {})) {
    if (remoteIds.has(id)) continue;
    const p: ColPair = { id, base: b, slots: [], vars: [] };
    assign(p, take((c) => c.id === id) ?? take((c) => c.name === b.name));
    pairs.push(p);
  }
  for (const c of free) pairs.push({ local: c, slots: [], vars: [] });
  return pairs;
}

function assign(p: ColPair, c: Collection | undefined): void {
  if (c) p.local = c;
}

function pairModes(p: ColPair): ModeSlot[] {
  const free = new Set(p.local?.modes ?? []);
  const take = (pred: (name: string, id: string | undefined) => boolean): string | undefined => {
    for (const m of free) {
      if (pred(m.name, m.id)) {
        free.delete(m);
        return m.name;
      }
    }
    return undefined;
  };
  const slots: ModeSlot[] = (p.remote?.modes ?? []).map((m) => {
    const s: ModeSlot = { remote: m.name };
    if (m.id !== undefined) s.id = m.id;
    const b = m.id !== undefined ? p.base?.modes[m.id] : undefined;
    if (b !== undefined) s.base = b;
    return s;
  });
  const put = (s: ModeSlot, name: string | undefined): void => {
    if (name !== undefined) s.local = name;
  };
  for (const s of slots)
    if (s.id !== undefined)
      put(
        s,
        take((_, id) => id === s.id),
      );
  for (const s of slots)
    if (s.local === undefined && s.base !== undefined)
      put(
        s,
        take((n) => n === s.base),
      );
  for (const s of slots)
    if (s.local === undefined)
      put(
        s,
        take((n) => n === s.remote),
      );
  if (p.remote && p.base) {
    const remoteIds = new Set(p.remote.modes.map((m) => m.id));
    for (const [id, name] of Object.entries(p.base.modes)) {
      if (remoteIds.has(id)) continue;
      const s: ModeSlot = { id, base: name };
      put(
        s,
        take((n, mid) => mid === id || n === name),
      );
      slots.push(s);
    }
  } else if (!p.remote && p.base) {
    // The whole collection is gone from the service: slots are the lock's modes.
    for (const [id, name] of Object.entries(p.base.modes)) {
      const s: ModeSlot = { id, base: name };
      put(
        s,
        take((n, mid) => mid === id || n === name),
      );
      slots.push(s);
    }
  }
  for (const m of free) slots.push({ local: m.name });
  return slots;
}

function pairVariables(p: ColPair, lvars: Variable[], rvars: Variable[], bvars: [string, LockVariable][]): VarPair[] {
  const free = new Set(lvars);
  const byName = new Map(lvars.map((v) => [v.name, v]));
  const byId = new Map(lvars.filter((v) => v.id !== undefined).map((v) => [v.id, v]));
  const take = (v: Variable | undefined): Variable | undefined => {
    if (v && free.has(v)) {
      free.delete(v);
      return v;
    }
    return undefined;
  };
  const set = (vp: VarPair, v: Variable | undefined): void => {
    if (v) vp.local = v;
  };
  const baseById = new Map(bvars);
  const pairs: VarPair[] = rvars.map((r) => {
    const vp: VarPair = { remote: r };
    if (r.id !== undefined) {
      vp.id = r.id;
      const b = baseById.get(r.id);
      if (b) vp.base = b;
    }
    return vp;
  });
  for (const vp of pairs) if (vp.id !== undefined) set(vp, take(byId.get(vp.id)));
  for (const vp of pairs) if (!vp.local && vp.base) set(vp, take(byName.get(vp.base.name)));
  for (const vp of pairs) if (!vp.local && vp.remote) set(vp, take(byName.get(vp.remote.name)));

  // In the lock but no longer in the service: deleted in the design file.
  const remoteIds = new Set(rvars.map((v) => v.id));
  for (const [id, b] of bvars) {
    if (remoteIds.has(id)) continue;
    const vp: VarPair = { id, base: b };
    set(vp, take(byId.get(id)) ?? take(byName.get(b.name)));
    pairs.push(vp);
  }

  // Local renames: a base token gone from the repository + exactly one new local token that looks
  // the same, and that base token the only one it looks like.
  const gone = pairs.filter((vp) => vp.remote && vp.base && !vp.local);
  if (gone.length > 0) {
    const candidates = new Map<Variable, VarPair[]>();
    for (const l of free)
      candidates.set(
        l,
        gone.filter((vp) => vp.base && sameContent(vp.base, l, p.slots)),
      );
    for (const [l, cands] of candidates) {
      const only = cands[0];
      if (cands.length !== 1 || !only) continue;
      const rivals = [...candidates.values()].filter((c) => c.includes(only)).length;
      if (rivals === 1) set(only, take(l));
    }
  }
  for (const l of lvars) if (free.has(l)) pairs.push({ local: l });
  return pairs;
}

/** Same type, description and value in every mode the lock and the repository share. */
function sameContent(b: LockVariable, l: Variable, slots: ModeSlot[]): boolean {
  if (b.fields.type !== l.type || b.fields.description !== fingerprint(l.description)) return false;
  let compared = 0;
  for (const s of slots) {
    if (s.base === undefined || s.local === undefined) continue;
    const lv = l.values[s.local];
    const fp = lv === undefined ? NO_VALUE : fingerprint(canonicalValue(lv));
    if (b.fields.values[s.base] !== fp) return false;
    compared += 1;
  }
  return compared > 0;
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
