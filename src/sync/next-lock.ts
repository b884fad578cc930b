/**
 * The lock after an operation (DESIGN.md "Files in the repository", sync.lock.json; "Sync semantics").
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
import type { Collection, TokenSet, Variable } from '../model/types.js';
import { canonicalValue } from '../model/values.js';
import { UNSYNCED } from './pairing.js';

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
  const freeCols = new Set(local.collections);
  const takeCol = (pred: (c: Collection) => boolean): Collection | undefined => {
    for (const c of freeCols) {
      if (pred(c)) {
        freeCols.delete(c);
        return c;
      }
    }
    return undefined;
  };

  /** Remote collection id -> matched local collection and remote mode id -> local mode name. */
  const matches = new Map<string, { local: Collection; modes: Map<string, string> }>();
  const remoteCols = remote.collections.filter((c): c is Collection & { id: string } => c.id !== undefined);
  const localFor = new Map<string, Collection>();
  for (const rc of remoteCols) {
    const l = takeCol((c) => c.id === rc.id);
    if (l) localFor.set(rc.id, l);
  }
  for (const rc of remoteCols) {
    const prevName = previous?.collections[rc.id]?.name;
    if (!localFor.has(rc.id) && prevName !== undefined) {
      const l = takeCol((c) => c.name === prevName);
      if (l) localFor.set(rc.id, l);
    }
  }
  for (const rc of remoteCols) {
    if (localFor.has(rc.id)) continue;
    const l = takeCol((c) => c.name === rc.name);
    if (l) localFor.set(rc.id, l);
  }

  for (const rc of remoteCols) {
    const prev = previous?.collections[rc.id];
    const lc = localFor.get(rc.id);
    if (!lc) {
      if (prev) collections[rc.id] = withRemoteMeta(prev, rc);
      continue;
    }
    const modes: Record<string, string> = {};
    const modeMap = new Map<string, string>();
    const freeModes = new Set(lc.modes);
    const takeMode = (pred: (name: string, id: string | undefined) => boolean): string | undefined => {
      for (const m of freeModes) {
        if (pred(m.name, m.id)) {
          freeModes.delete(m);
          return m.name;
        }
      }
      return undefined;
    };
    for (const rm of rc.modes) {
      if (rm.id === undefined) continue;
      const prevName = prev?.modes[rm.id];
      const lm = takeMode((_, id) => id === rm.id) ?? (prevName !== undefined ? takeMode((n) => n === prevName) : undefined) ?? takeMode((n) => n === rm.name);
      if (lm === undefined) {
        if (prevName !== undefined) modes[rm.id] = prevName;
        continue;
      }
      modeMap.set(rm.id, lm);
      modes[rm.id] = agree(lm, rm.name, prevName);
    }
    matches.set(rc.id, { local: lc, modes: modeMap });
    const entry: LockCollection = { name: agree(lc.name, rc.name, prev?.name), defaultModeId: defaultModeId(rc), modes };
    if (rc.key !== undefined) entry.key = rc.key;
    collections[rc.id] = entry;
  }

  // Collections the service no longer has: kept while the repository still holds them.
  const remoteIds = new Set(remoteCols.map((c) => c.id));
  for (const [id, prev] of Object.entries(previous?.collections ?? {})) {
    if (remoteIds.has(id)) continue;
    if (local.collections.some((c) => c.id === id || c.name === prev.name)) collections[id] = prev;
  }

  // Variables.
  const localByCol = new Map<Collection, Map<string, Variable>>();
  // Local variables by remote id, per collection (ids come from the merged set): an index, not a scan
  // of the collection per remote variable (that was quadratic: 10k variables, ~2,500 per collection).
  const localById = new Map<Collection, Map<string, Variable>>();
  for (const c of local.collections) {
    localByCol.set(c, new Map());
    localById.set(c, new Map());
  }
  const localColByName = new Map(local.collections.map((c) => [c.name, c]));
  for (const v of local.variables) {
    const c = localColByName.get(v.collection);
    if (!c) continue;
    localByCol.get(c)?.set(v.name, v);
    if (v.id !== undefined && !localById.get(c)?.has(v.id)) localById.get(c)?.set(v.id, v);
  }
  const remoteColByName = new Map(remoteCols.map((c) => [c.name, c]));
  const seen = new Set<string>();
  for (const rv of remote.variables) {
    if (rv.id === undefined) continue;
    seen.add(rv.id);
    const rc = remoteColByName.get(rv.collection);
    const prev = previous?.variables[rv.id];
    const match = rc ? matches.get(rc.id) : undefined;
    const lockCol = rc ? collections[rc.id] : undefined;
    if (!rc || !lockCol) continue;
    const pool = match ? localByCol.get(match.local) : undefined;
    const byId = match ? localById.get(match.local)?.get(rv.id) : undefined;
    // Still in the pool: a variable taken by an earlier remote variable is not matched twice.
    const lv = (byId && pool?.get(byId.name) === byId ? byId : undefined) ?? (prev ? pool?.get(prev.name) : undefined) ?? pool?.get(rv.name);
    if (!lv || !match) {
      if (prev) variables[rv.id] = withKey(prev, rv);
      continue;
    }
    pool?.delete(lv.name);
    const prevCol = previous?.collections[rc.id];
    const values: Record<string, string> = {};
    for (const rm of rc.modes) {
      if (rm.id === undefined) continue;
      const lockName = lockCol.modes[rm.id];
      const localName = match.modes.get(rm.id);
      if (lockName === undefined) continue;
      const l = localName !== undefined ? lv.values[localName] : undefined;
      const r = rv.values[rm.name];
      const prevModeName = prevCol?.modes[rm.id];
      const prevValue = prevModeName !== undefined ? prev?.fields.values[prevModeName] : undefined;
      // Canonical forms compared first, so each agreed value is fingerprinted once.
      const rc = r !== undefined ? canonicalValue(r) : undefined;
      if (l !== undefined && rc !== undefined && canonicalValue(l) === rc) values[lockName] = fingerprint(rc);
      else if (prevValue !== undefined) values[lockName] = prevValue;
    }
    const sortedValues: Record<string, string> = {};
    for (const k of Object.keys(values).sort()) sortedValues[k] = values[k] as string;
    const entry: LockVariable = {
      collectionId: rc.id,
      name: agree(lv.name, rv.name, prev?.name),
      fields: {
        type: lv.type === rv.type ? rv.type : (prev?.fields.type ?? UNSYNCED),
        description: agreeFp(lv.description, rv.description, prev?.fields.description),
        scopes: agreeFp(scopesKey(lv.scopes), scopesKey(rv.scopes), prev?.fields.scopes),
        values: sortedValues,
      },
    };
    if (rv.key !== undefined) entry.key = rv.key;
    variables[rv.id] = entry;
  }

  // Variables the service no longer has: kept while the repository still holds them.
  for (const [id, prev] of Object.entries(previous?.variables ?? {})) {
    if (seen.has(id)) continue;
    const colName = collections[prev.collectionId]?.name ?? previous?.collections[prev.collectionId]?.name;
    const lc = colName !== undefined ? localColByName.get(colName) : undefined;
    if (lc && localByCol.get(lc)?.has(prev.name)) variables[id] = prev;
  }

  return { version: LOCK_VERSION, fileKey: input.fileKey, remoteVersion: input.remoteVersion, collections, variables };
}

/** Names: the agreed one, else the previous base, else the service's (only reachable when matched by id). */
function agree(local: string, remote: string, previous: string | undefined): string {
  return local === remote ? remote : (previous ?? remote);
}

/** Takes the canonical texts of a field; the agreed one is fingerprinted, else the previous base stays. */
function agreeFp(local: string, remote: string, previous: string | undefined): string {
  return local === remote ? fingerprint(remote) : (previous ?? UNSYNCED);
}

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
