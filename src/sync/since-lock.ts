/**
 * The lock's `remoteVersion`, compared before each write (docs/sync.md "Several writers", "The
 * version since the lock"). When the design file's version is still the one the lock recorded,
 * nothing was edited there since the last sync. When it moved, every field this write would change is
 * checked against the lock: a field the service changed since the lock must not be overwritten by a
 * push (only `--force` or `--prefer repo` may), whatever the diff concluded. Pure.
 *
 * Where the service numbers its versions (the local service) the count of writes since the lock is
 * known; where the version is an opaque id (Figma's) it is compared for equality only, and a
 * different id means "moved": the touched variables then decide.
 */
import { fingerprintFields, type Lock, type LockVariableFields } from '../model/lock.js';
import type { TokenSet, Variable } from '../model/types.js';
import { writesBetween } from './concurrency.js';

export interface SinceLock {
  /** The version moved since the lock (or the lock records none). */
  moved: boolean;
  /** How many writes landed since the lock, where versions are numbered. */
  writes?: number | undefined;
}

export function versionSinceLock(lock: Lock, version: string): SinceLock {
  if (lock.remoteVersion === '' || lock.remoteVersion !== version) {
    const writes = lock.remoteVersion === '' ? undefined : writesBetween(lock.remoteVersion, version);
    // A numbered version that did not grow (0 writes) is the lock's own state.
    return { moved: writes === undefined || writes !== 0, writes };
  }
  return { moved: false, writes: 0 };
}

/**
 * Labels (`collection/variable: field`) of fields the service changed since the lock that `target`
 * would overwrite. Variables are matched by id (the lock's key), so a rename on either side is the
 * same variable; modes the lock does not know (new since it) are left to the diff.
 */
export function overwritesSinceLock(base: Lock, remote: TokenSet, target: TokenSet): string[] {
  const byId = new Map<string, Variable>();
  const byName = new Map<string, Variable>();
  for (const v of target.variables) {
    if (v.id) byId.set(v.id, v);
    byName.set(`${v.collection}\u0000${v.name}`, v);
  }
  const out: string[] = [];
  for (const r of remote.variables) {
    const entry = r.id ? base.variables[r.id] : undefined;
    if (!entry) continue;
    const t = byId.get(r.id!) ?? byName.get(`${r.collection}\u0000${r.name}`);
    if (!t) continue;
    const label = `${r.collection}/${r.name}`;
    if (r.name !== entry.name && t.name !== r.name) out.push(`${label}: name`);
    for (const field of changedFields(entry.fields, fingerprintFields(r), fingerprintFields(t)))
      out.push(`${label}: ${field}`);
  }
  return out.sort();
}

/** Fields whose service fingerprint left the base and whose target differs from the service. */
function changedFields(base: LockVariableFields, now: LockVariableFields, target: LockVariableFields): string[] {
  const out: string[] = [];
  for (const f of ['type', 'description', 'scopes'] as const)
    if (now[f] !== base[f] && target[f] !== now[f]) out.push(f);
  if (base.meta !== undefined && now.meta !== base.meta && target.meta !== now.meta) out.push('meta');
  for (const [mode, fp] of Object.entries(base.values)) {
    const current = now.values[mode];
    if (current !== undefined && current !== fp && target.values[mode] !== current) out.push(`value (${mode})`);
  }
  return out;
}
