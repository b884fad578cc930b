/**
 * The in-step proof (docs/architecture.md "In step with the lock"): a cheap check, done before
 * the 3-way diff, that nothing changed on either side since the lock. It holds only when the
 * repository and the service pair one to one by name with what the lock records (same ids, keys,
 * names, modes in the same order, no extended collections, overrides or kept variables) and every
 * field of every variable has the same canonical text on both sides, whose fingerprint is the lock's.
 * Then the diff has no change, conflict or orphan, its merged set is the one `quietDiff` builds, and
 * the next lock equals the lock (apply-write.ts skips computing it). Anything else, however small,
 * fails the proof and takes the full diff: the proof only ever says "in step" where the diff and
 * `nextLock` would say so too (test/sync/quiet.test.ts holds it to both).
 */
import { fingerprint, LOCK_VERSION, type Lock, type LockCollection, type LockVariable } from '../model/lock.js';
import { canonicalMeta } from '../model/meta.js';
import { isAlias, type Collection, type TokenSet, type Value, type Variable } from '../model/types.js';
import { canonicalValue } from '../model/values.js';
import type { SyncDiff } from './diff.js';
import { repoOnlyIndex } from './next-lock.js';

interface QuietCollection {
  local: Collection;
  remote: Collection & { id: string };
  vars: { local: Variable; remote: Variable }[];
}

const EMPTY_META = fingerprint('');
/** The scopes sorted and joined; one scope (the usual case) without a copy, a sort and a join. */
const scopesKey = (s: string[]): string => (s.length === 1 ? s[0]! : [...s].sort().join(','));

/**
 * `canonicalValue(a) === text`, where `text` is `canonicalValue(b)`: without spelling `a` when it
 * is the same literal as `b` (the same number, string or boolean, a plain color with the same
 * channels, an alias to the same names), which has the same canonical text by construction.
 */
function sameCanonical(a: Value, b: Value, text: string): boolean {
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    if (isAlias(a)) {
      if (isAlias(b) && a.alias.collection === b.alias.collection && a.alias.name === b.alias.name) return true;
    } else if (!isAlias(b) && a.composed === undefined && b.composed === undefined) {
      if (a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a) return true;
    }
  }
  return canonicalValue(a) === text;
}

/**
 * The 3-way diff of `local` and `remote` against `base` when the proof holds (exactly what `diff3`
 * returns for them), else undefined.
 */
export function quietDiff(local: TokenSet, remote: TokenSet, base: Lock | undefined): SyncDiff | undefined {
  if (!base) return undefined;
  const localNames = byCollection(local.variables);
  const proof = inStepWithLock(local, remote, base, localNames);
  if (!proof) return undefined;
  const collections: Collection[] = [];
  const variables: Variable[] = [];
  for (const c of proof) {
    collections.push(mergedCollection(c.remote));
    for (const v of c.vars) variables.push(mergedVariable(v.local, v.remote, c.remote, localNames));
  }
  const merged: TokenSet = { collections, variables };
  const tokens = local.tokens ?? [];
  if (tokens.length > 0) merged.tokens = tokens;
  return {
    merged,
    toService: [],
    toRepo: [],
    conflicts: [],
    orphans: [],
    remoteEditsKept: [],
    repoOnlyNew: tokens.filter((t) => t.owner === 'repository' && !base.repoOnly?.[t.collection]?.includes(t.name)),
    repoOnlyExtensions: [],
    perModeOverrides: [],
  };
}

/** The pairs of the proof (remote order, as `pairAll` lists them), or undefined when it fails. */
function inStepWithLock(
  local: TokenSet,
  remote: TokenSet,
  base: Lock,
  localVars: Map<string, Map<string, Variable>>,
): QuietCollection[] | undefined {
  if (base.version !== LOCK_VERSION || (remote.kept?.length ?? 0) > 0 || Object.keys(base.kept ?? {}).length > 0)
    return undefined;
  const n = remote.variables.length;
  if (local.variables.length !== n || Object.keys(base.variables).length !== n) return undefined;
  if (local.collections.length !== remote.collections.length) return undefined;
  if (Object.keys(base.collections).length !== remote.collections.length) return undefined;
  const localCols = new Map(local.collections.map((c) => [c.name, c]));
  if (localCols.size !== local.collections.length || countAll(localVars) !== n) return undefined;
  const cols = new Map<string, QuietCollection>();
  for (const r of remote.collections) {
    const l = localCols.get(r.name);
    const b = r.id !== undefined ? base.collections[r.id] : undefined;
    if (!l || !b || cols.has(r.name) || !sameCollection(l, r, b)) return undefined;
    cols.set(r.name, { local: l, remote: r as Collection & { id: string }, vars: [] });
  }
  const seen = new Set<string>();
  for (const r of remote.variables) {
    const c = cols.get(r.collection);
    const l = localVars.get(r.collection)?.get(r.name);
    const b = r.id !== undefined ? base.variables[r.id] : undefined;
    if (!c || !l || !b || seen.has(r.id as string) || b.collectionId !== c.remote.id) return undefined;
    if (!sameVariable(l, r, b, c.remote)) return undefined;
    seen.add(r.id as string);
    c.vars.push({ local: l, remote: r });
  }
  const tokens = local.tokens ?? [];
  if (!tokens.every((t) => localCols.has(t.collection))) return undefined;
  if (!sameRepoOnly(repoOnlyIndex(tokens), base.repoOnly)) return undefined;
  return [...cols.values()];
}

/** Same name, key, modes (ids, names, order), default mode and hiddenFromPublishing; no extension. */
function sameCollection(l: Collection, r: Collection, b: LockCollection): boolean {
  if (r.id === undefined || (l.id !== undefined && l.id !== r.id)) return false;
  if (l.parent !== undefined || r.parent !== undefined || b.parentId !== undefined || b.parentModes !== undefined)
    return false;
  if (l.name !== r.name || b.name !== r.name || b.key !== r.key) return false;
  if (l.hiddenFromPublishing !== r.hiddenFromPublishing || b.hiddenFromPublishing !== r.hiddenFromPublishing)
    return false;
  const baseModes = Object.entries(b.modes);
  if (l.modes.length !== r.modes.length || baseModes.length !== r.modes.length) return false;
  for (let i = 0; i < r.modes.length; i++) {
    const rm = r.modes[i]!;
    const lm = l.modes[i]!;
    const [id, name] = baseModes[i]!;
    if (rm.id === undefined || lm.name !== rm.name || (lm.id !== undefined && lm.id !== rm.id)) return false;
    if (id !== rm.id || name !== rm.name) return false;
  }
  const defaultId = r.modes.find((m) => m.name === r.defaultMode)?.id ?? r.modes[0]?.id ?? '';
  return b.defaultModeId === defaultId;
}

/** Every field the same canonical text on both sides, fingerprinted as the lock has it. */
function sameVariable(l: Variable, r: Variable, b: LockVariable, rc: Collection): boolean {
  const f = b.fields;
  if (l.id !== undefined && l.id !== r.id) return false;
  if (l.overrides !== undefined || r.overrides !== undefined || f.overrides !== undefined) return false;
  if (b.name !== r.name || b.key !== r.key || l.type !== r.type || f.type !== r.type) return false;
  if (l.description !== r.description || f.description !== fingerprint(r.description)) return false;
  const scopes = scopesKey(r.scopes);
  if (scopesKey(l.scopes) !== scopes || f.scopes !== fingerprint(scopes)) return false;
  const meta = canonicalMeta(r.meta);
  if (canonicalMeta(l.meta) !== meta) return false;
  const metaFp = fingerprint(meta);
  if (f.meta !== (metaFp === EMPTY_META ? undefined : metaFp)) return false;
  let count = 0;
  for (const _ in f.values) count += 1;
  if (count !== rc.modes.length) return false;
  for (const m of rc.modes) {
    const lv = l.values[m.name];
    const rv = r.values[m.name];
    if (lv === undefined || rv === undefined) return false;
    const text = canonicalValue(rv);
    if (!sameCanonical(lv, rv, text) || f.values[m.name] !== fingerprint(text)) return false;
  }
  return true;
}

/** The diff's merged collection when both sides agree: the service's, modes with their ids. */
function mergedCollection(r: Collection & { id: string }): Collection {
  const modes = r.modes.map((m) => (m.id !== undefined ? { name: m.name, id: m.id } : { name: m.name }));
  const defaultMode = modes.some((m) => m.name === r.defaultMode) ? r.defaultMode : (modes[0]?.name ?? r.defaultMode);
  const out: Collection = { name: r.name, modes, defaultMode };
  if (r.hiddenFromPublishing === true) out.hiddenFromPublishing = true;
  out.id = r.id;
  if (r.key !== undefined) out.key = r.key;
  return out;
}

/** The diff's merged variable when both sides agree: the repository's fields, the service's ids. */
function mergedVariable(
  l: Variable,
  r: Variable,
  rc: Collection,
  localNames: Map<string, Map<string, Variable>>,
): Variable {
  const values: Record<string, Value> = {};
  for (const m of rc.modes) values[m.name] = renamed(l.values[m.name] as Value, localNames);
  const out: Variable = {
    collection: r.collection,
    name: l.name,
    type: l.type,
    description: l.description,
    scopes: [...l.scopes],
    values,
  };
  if (r.id !== undefined) out.id = r.id;
  if (r.key !== undefined) out.key = r.key;
  if (l.kind !== undefined) out.kind = l.kind;
  if (l.meta) out.meta = l.meta;
  return out;
}

/** An alias to a variable of the repository is a fresh alias to the same names (diff.ts `rename`). */
function renamed(v: Value, localNames: Map<string, Map<string, Variable>>): Value {
  if (!isAlias(v) || !localNames.get(v.alias.collection)?.has(v.alias.name)) return v;
  return { alias: { collection: v.alias.collection, name: v.alias.name } };
}

function byCollection(variables: Variable[]): Map<string, Map<string, Variable>> {
  const out = new Map<string, Map<string, Variable>>();
  for (const v of variables) {
    let names = out.get(v.collection);
    if (!names) out.set(v.collection, (names = new Map()));
    names.set(v.name, v);
  }
  return out;
}

function countAll(m: Map<string, Map<string, Variable>>): number {
  let n = 0;
  for (const names of m.values()) n += names.size;
  return n;
}

function sameRepoOnly(a: Lock['repoOnly'], b: Lock['repoOnly']): boolean {
  const x = a ?? {};
  const y = b ?? {};
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => {
    const p = x[k]!;
    const q = y[k];
    return q !== undefined && p.length === q.length && p.every((name, i) => q[i] === name);
  });
}
