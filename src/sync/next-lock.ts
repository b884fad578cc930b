/**
 * The lock after an operation (docs/architecture.md "Files in the repository", sync.lock.json; "Sync semantics").
 * Rule, so that push alone and pull alone both stay correct: for each id and each field, if the
 * repository (`local`) and the service (`remote`) now agree, the base is that value; otherwise the base
 * keeps its previous value, so a change still pending in one direction stays visible as a change of
 * that side on the next diff (e.g. after a push, a service edit not yet pulled still reads as a service
 * edit, not as a repository edit that would revert it).
 *
 * Ids come from `remote`. The repository is matched by id, then by the previous lock's name for that
 * id, then by the service's name.
 * - Something only the service has stays in the lock only if the previous lock had it (a local removal
 *   keeps showing as an orphan); never-pulled things stay out, so the next diff still offers to pull them.
 * - Something in the previous lock that the service no longer has is kept while the repository still
 *   holds it (the deletion is pending for the next pull), and dropped otherwise.
 * - Without a previous lock, a field the two sides disagree on gets the fingerprint `unsynced`, which
 *   matches neither side, so the next diff reports it as a conflict again, as it was (a missing mode
 *   value is simply left out, with the same effect).
 */
import { fingerprint, LOCK_VERSION, type Lock, type LockCollection, type LockVariable } from '../model/lock.js';
import { baseText, compactBase } from '../model/lock-base.js';
import { canonicalMeta } from '../model/meta.js';
import type { Collection, TokenSet, Variable } from '../model/types.js';
import { canonicalValue } from '../model/values.js';
import { pairAll, UNSYNCED, type ColPair } from './pairing.js';
import { effectiveLocal, extensionPairs, overridesOf, unaware } from './overrides.js';

export { UNSYNCED };

export interface NextLockInput {
  local: TokenSet;
  remote: TokenSet;
  previous: Lock | undefined;
  fileKey: string;
  remoteVersion: string;
}

const scopesKey = (s: string[]): string => [...s].sort().join(',');

export function nextLock(input: NextLockInput): Lock {
  const { local, remote, previous } = input;
  const collections: Record<string, LockCollection> = {};
  const variables: Record<string, LockVariable> = {};
  // Who is who comes from the one identity mechanism the diff uses (pairing.ts): by id, then by the
  // previous lock's name, then by the service's name; this function only decides each field's base.
  const pairs = pairAll(local, remote, previous);
  const remoteCols = new Map(remote.collections.map((c) => [c.name, c]));
  for (const p of pairs) {
    const rc = p.remote;
    if (rc?.id !== undefined) {
      const entry = nextCollection(p, rc as Collection & { id: string }, remoteCols);
      if (entry) collections[rc.id] = entry;
    } else if (p.id !== undefined && p.base && p.local) {
      // Gone from the service, still in the repository: the deletion is pending for the next pull.
      collections[p.id] = p.base;
    }
    const lockCol = p.id !== undefined ? collections[p.id] : undefined;
    for (const vp of p.vars) {
      const rv = vp.remote;
      if (rv?.id !== undefined) {
        if (!rc || !lockCol) continue;
        if (!vp.local || !p.local) {
          if (vp.base) variables[rv.id] = withKey(vp.base, rv);
          continue;
        }
        variables[rv.id] = nextVariable(vp.local, rv, rc.id as string, vp.base, p, lockCol);
      } else if (vp.id !== undefined && vp.base && vp.local && lockCol) {
        variables[vp.id] = vp.base;
      }
    }
  }
  lockOverrides(pairs, collections, variables, previous);
  const lock: Lock = {
    version: LOCK_VERSION,
    fileKey: input.fileKey,
    remoteVersion: input.remoteVersion,
    collections,
    variables,
  };
  // Repository-owned tokens are never synced; the lock only remembers which ones a sync has seen, so
  // `diff` mentions each once.
  const repoOnly = repoOnlyIndex(local.tokens);
  if (repoOnly) lock.repoOnly = repoOnly;
  // What the pull could not represent is kept whole here, so it is never lost (docs/sync.md).
  if (remote.kept && remote.kept.length > 0) {
    lock.kept = {};
    for (const k of remote.kept)
      lock.kept[k.id] = { collectionId: k.collectionId, name: k.name, reason: k.reason, variable: k.wire };
  }
  return lock;
}

/** Collection name -> sorted names of its repository-owned tokens; undefined when there are none. */
export function repoOnlyIndex(tokens: TokenSet['tokens']): Record<string, string[]> | undefined {
  let out: Record<string, string[]> | undefined;
  for (const t of tokens ?? []) {
    if (t.owner !== 'repository') continue;
    ((out ??= {})[t.collection] ??= []).push(t.name);
  }
  if (out) for (const names of Object.values(out)) names.sort();
  return out;
}

function nextCollection(
  p: ColPair,
  rc: Collection & { id: string },
  remoteCols: Map<string, Collection>,
): LockCollection | undefined {
  const prev = p.base;
  const lc = p.local;
  if (!lc) return prev ? withRemoteMeta(prev, rc) : undefined;
  const entry = nextPlainCollection(p, rc, prev, lc);
  // An extended collection: its parent's id and, per mode, the parent's mode it inherits (same name).
  const parent = rc.parent === undefined ? undefined : remoteCols.get(rc.parent);
  if (parent?.id !== undefined) {
    entry.parentId = parent.id;
    entry.parentModes = {};
    for (const m of rc.modes) {
      const pm = parent.modes.find((x) => x.name === m.name)?.id;
      if (m.id !== undefined && pm !== undefined) entry.parentModes[m.id] = pm;
    }
  }
  return entry;
}

function nextPlainCollection(
  p: ColPair,
  rc: Collection & { id: string },
  prev: LockCollection | undefined,
  lc: Collection,
): LockCollection {
  const modes: Record<string, string> = {};
  for (const slot of p.slots) {
    if (slot.id === undefined || slot.remote === undefined) continue;
    if (slot.local === undefined) {
      if (slot.base !== undefined) modes[slot.id] = slot.base;
    } else modes[slot.id] = agree(slot.local, slot.remote, slot.base);
  }
  const entry: LockCollection = { name: agree(lc.name, rc.name, prev?.name), defaultModeId: defaultModeId(rc), modes };
  if (rc.key !== undefined) entry.key = rc.key;
  // The collection's own hiddenFromPublishing: the agreed value, else the previous base.
  const hidden =
    lc.hiddenFromPublishing === rc.hiddenFromPublishing ? rc.hiddenFromPublishing : prev?.hiddenFromPublishing;
  if (hidden) entry.hiddenFromPublishing = true;
  return entry;
}

function nextVariable(
  lv: Variable,
  rv: Variable,
  collectionId: string,
  prev: LockVariable | undefined,
  p: ColPair,
  lockCol: LockCollection,
): LockVariable {
  const values: Record<string, string> = {};
  const texts: Record<string, string> = {};
  for (const slot of p.slots) {
    if (slot.id === undefined || slot.remote === undefined) continue;
    const lockName = lockCol.modes[slot.id];
    if (lockName === undefined) continue;
    const l = slot.local !== undefined ? lv.values[slot.local] : undefined;
    const r = rv.values[slot.remote];
    const prevValue = slot.base !== undefined ? prev?.fields.values[slot.base] : undefined;
    // Canonical forms compared first, so each agreed value is fingerprinted once.
    const rcanon = r !== undefined ? canonicalValue(r) : undefined;
    if (l !== undefined && rcanon !== undefined && canonicalValue(l) === rcanon) {
      values[lockName] = fingerprint(rcanon);
      texts[lockName] = rcanon;
    } else if (prevValue !== undefined) {
      values[lockName] = prevValue;
      const prevText = slot.base !== undefined ? baseText(prev, 'value', slot.base) : undefined;
      if (prevText !== undefined) texts[lockName] = prevText;
    }
  }
  const sortedValues: Record<string, string> = {};
  for (const k of Object.keys(values).sort()) sortedValues[k] = values[k] as string;
  // Each side's scopes and kept fields in canonical form once, for the fingerprint and the base text.
  const [lScopes, rScopes] = [scopesKey(lv.scopes), scopesKey(rv.scopes)];
  const [lMeta, rMeta] = [canonicalMeta(lv.meta), canonicalMeta(rv.meta)];
  const entry: LockVariable = {
    collectionId,
    name: agree(lv.name, rv.name, prev?.name),
    fields: {
      type: lv.type === rv.type ? rv.type : (prev?.fields.type ?? UNSYNCED),
      description: agreeFp(lv.description, rv.description, prev?.fields.description),
      scopes: agreeFp(lScopes, rScopes, prev?.fields.scopes),
      values: sortedValues,
    },
  };
  // Kept service fields: written only when not empty, so other locks keep their bytes.
  const meta = agreeFp(lMeta, rMeta, prev ? (prev.fields.meta ?? EMPTY_META) : undefined);
  if (meta !== EMPTY_META) entry.fields.meta = meta;
  if (rv.key !== undefined) entry.key = rv.key;
  // The base values themselves, for conflicts (docs/sync.md "Conflicts"): the agreed text, else the
  // previous base's text while it still matches its fingerprint.
  const sortedTexts: Record<string, string> = {};
  for (const k of Object.keys(texts).sort()) sortedTexts[k] = texts[k] as string;
  const base = compactBase({
    values: sortedTexts,
    ...agreeText('description', lv.description, rv.description, prev),
    ...agreeText('scopes', lScopes, rScopes, prev),
    ...agreeText('meta', lMeta, rMeta, prev),
  });
  if (base) entry.base = base;
  return entry;
}

/** A field's base text: the agreed one, else the previous base's (when it still holds). */
function agreeText(
  field: 'description' | 'scopes' | 'meta',
  local: string,
  remote: string,
  prev: LockVariable | undefined,
): Record<string, string> {
  const text = local === remote ? remote : baseText(prev, field);
  return text !== undefined ? { [field]: text } : {};
}

/** Names: the agreed one, else the previous base, else the service's (only reachable when matched by id). */
function agree(local: string, remote: string, previous: string | undefined): string {
  return local === remote ? remote : (previous ?? remote);
}

/** Takes the canonical texts of a field; the agreed one is fingerprinted, else the previous base stays. */
function agreeFp(local: string, remote: string, previous: string | undefined): string {
  return local === remote ? fingerprint(remote) : (previous ?? UNSYNCED);
}

const EMPTY_META = fingerprint('');

function defaultModeId(c: Collection): string {
  return c.modes.find((m) => m.name === c.defaultMode)?.id ?? c.modes[0]?.id ?? '';
}

function withRemoteMeta(prev: LockCollection, rc: Collection): LockCollection {
  const out: LockCollection = { ...prev, defaultModeId: defaultModeId(rc) };
  if (rc.key !== undefined) out.key = rc.key;
  return out;
}

function withKey(prev: LockVariable, rv: Variable): LockVariable {
  return rv.key !== undefined ? { ...prev, key: rv.key } : prev;
}

/**
 * Each variable's override fingerprints (docs/overrides.md §6), by extension id and the lock's mode
 * name, with the rule of every other field: agreed -> that value; else the previous base; an override
 * absent on both sides is no entry, and a disagreement with no previous base is `unsynced`. Per-mode
 * overrides the repository holds as their projection count as agreed (overrides.ts).
 */
function lockOverrides(
  pairs: ColPair[],
  collections: Record<string, LockCollection>,
  variables: Record<string, LockVariable>,
  previous: Lock | undefined,
): void {
  for (const { ext, root } of extensionPairs(pairs)) {
    const re = ext.remote;
    const extId = re?.id;
    const lockExt = extId !== undefined ? collections[extId] : undefined;
    if (!re || extId === undefined || !lockExt) continue;
    const known = previous?.collections[extId] !== undefined;
    for (const vp of root.vars) {
      const id = vp.remote?.id;
      const entry = id !== undefined ? variables[id] : undefined;
      if (!entry || !vp.local || !vp.remote) continue;
      const r = overridesOf(vp.remote, re.name);
      const l = unaware(ext) ? r : effectiveLocal(overridesOf(vp.local, ext.local?.name), r, re);
      const prev = vp.base?.fields.overrides?.[extId];
      const out: Record<string, string> = {};
      for (const slot of ext.slots) {
        if (slot.id === undefined || slot.remote === undefined) continue;
        const lockName = lockExt.modes[slot.id];
        if (lockName === undefined) continue;
        const lv = l === r ? r?.[slot.remote] : slot.local !== undefined ? l?.[slot.local] : undefined;
        const rv = r?.[slot.remote];
        const agreed =
          lv === undefined ? rv === undefined : rv !== undefined && canonicalValue(lv) === canonicalValue(rv);
        const before = slot.base !== undefined ? prev?.[slot.base] : undefined;
        if (agreed && rv !== undefined) out[lockName] = fingerprint(canonicalValue(rv));
        else if (!agreed && before !== undefined) out[lockName] = before;
        else if (!agreed && !(known && vp.base)) out[lockName] = UNSYNCED;
      }
      if (Object.keys(out).length === 0) continue;
      const sorted = Object.fromEntries(
        Object.keys(out)
          .sort()
          .map((k) => [k, out[k] as string]),
      );
      variables[id as string] = {
        ...entry,
        fields: { ...entry.fields, overrides: { ...entry.fields.overrides, [extId]: sorted } },
      };
    }
  }
}
