/**
 * The lock (`tokens/sync.lock.json`, docs/architecture.md "Files in the repository"): what both sides looked
 * like after the last successful sync. It is the base of the 3-way diff and the way remote renames
 * are recognised (objects are keyed by their permanent remote id, so a new name under a known id is
 * a rename). Values are kept as short fingerprints per field, not copies, so the lock stays small
 * and still tells, field by field, which side changed since the base.
 */
import { hash } from 'node:crypto';
import { canonicalMeta } from './meta.js';
import { canonicalValue } from './values.js';
import type { Variable } from './types.js';

export const LOCK_VERSION = 1;

export interface LockCollection {
  name: string;
  key?: string;
  defaultModeId: string;
  /** Mode id -> mode name, in the collection's order. */
  modes: Record<string, string>;
  /**
   * An extended collection (docs/overrides.md §6): the id of the collection it extends, and for each of
   * its mode ids the parent's mode id it inherits. Both absent for an ordinary collection.
   */
  parentId?: string;
  parentModes?: Record<string, string>;
  /** The collection's own hiddenFromPublishing as of the last sync; absent: false. */
  hiddenFromPublishing?: true;
}

/** Fingerprints (see `fingerprint`) of each field of a variable as of the last sync. */
export interface LockVariableFields {
  type: string;
  description: string;
  scopes: string;
  /** Mode name -> fingerprint of the value in that mode. */
  values: Record<string, string>;
  /**
   * Fingerprint of the kept service fields (model/meta.ts); absent when there were none, so
   * locks of variables without them keep their bytes (and older locks read as "none").
   */
  meta?: string;
  /**
   * Fingerprints of this variable's overrides in extended collections (docs/overrides.md §6):
   * extension collection id -> mode name -> fingerprint. Absent when there are none.
   */
  overrides?: Record<string, Record<string, string>>;
}

export interface LockVariable {
  collectionId: string;
  name: string;
  key?: string;
  fields: LockVariableFields;
  /**
   * The base values themselves, as canonical texts, so a conflict can show what both sides changed
   * from (docs/sync.md "Conflicts"). Written beside the fingerprints by locks since base values were
   * kept; absent in older locks. A text counts only while its fingerprint equals the field's.
   */
  base?: LockBaseTexts;
}

/**
 * Canonical texts of a variable's base fields (`canonicalValue` per mode name; the description; the
 * sorted scope list; `canonicalMeta`). Left out when equal to the usual default (an empty
 * description, `ALL_SCOPES`, no kept fields), which `baseText` tries when a text is absent.
 */
export interface LockBaseTexts {
  values?: Record<string, string>;
  description?: string;
  scopes?: string;
  meta?: string;
}

export interface Lock {
  version: typeof LOCK_VERSION;
  fileKey: string;
  /** The file's `version` as read after the last successful sync. */
  remoteVersion: string;
  /** Collection id -> collection. */
  collections: Record<string, LockCollection>;
  /** Variable id -> variable. */
  variables: Record<string, LockVariable>;
  /**
   * Repository-owned tokens as of the last sync, collection name -> sorted token names:
   * `diff` mentions only those not listed here, so they are shown once, not on every run. Absent
   * when there are none (a lock without them is byte-identical to one written before they existed).
   */
  repoOnly?: Record<string, string[]>;
  /**
   * Service variables the client cannot represent, by id, kept whole as the service sent them
   * (docs/sync.md "Nothing is dropped"): never part of the 3-way diff, never pushed or deleted. Absent
   * when there are none.
   */
  kept?: Record<string, LockKept>;
}

export interface LockKept {
  collectionId: string;
  name: string;
  reason: string;
  variable: Record<string, unknown>;
}

/**
 * Memo of `fingerprint`: one sync asks for the same strings many times (the 3-way diff for both sides,
 * then `nextLock` again for the agreed values; descriptions, scopes and values repeat across
 * variables), and a SHA-256 per call was ~260 ms of a no-op sync at 10k variables x 2 modes
 * (docs/sync.md "Performance"). Bounded, so a long-running process (webhooks serve) cannot grow it
 * without limit: it is simply emptied when full.
 */
const memo = new Map<string, string>();
const MEMO_LIMIT = 200_000;

/**
 * 12 hex digits of sha256: collisions are irrelevant at the size of a token set. The on-disk lock
 * holds these, so the function must stay exactly this (or LOCK_VERSION goes up with a reader for 1).
 */
export function fingerprint(canonical: string): string {
  let fp = memo.get(canonical);
  if (fp === undefined) {
    // One-shot `crypto.hash` (Node >= 20.12): the same digest as createHash, a third of the cost per call.
    fp = hash('sha256', canonical, 'hex').slice(0, 12);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(canonical, fp);
  }
  return fp;
}

/**
 * `extensionIds` (extension name -> id) adds the overrides (docs/overrides.md §6); without it a
 * variable's fields are fingerprinted without them.
 */
export function fingerprintFields(v: Variable, extensionIds?: ReadonlyMap<string, string>): LockVariableFields {
  const values: Record<string, string> = {};
  for (const mode of Object.keys(v.values).sort()) {
    const value = v.values[mode];
    if (value !== undefined) values[mode] = fingerprint(canonicalValue(value));
  }
  const fields: LockVariableFields = {
    type: v.type,
    description: fingerprint(v.description),
    scopes: fingerprint([...v.scopes].sort().join(',')),
    values,
  };
  const meta = canonicalMeta(v.meta);
  if (meta !== '') fields.meta = fingerprint(meta);
  for (const [name, byMode] of Object.entries(v.overrides ?? {})) {
    const id = extensionIds?.get(name);
    if (id === undefined) continue;
    const out: Record<string, string> = {};
    for (const mode of Object.keys(byMode).sort()) out[mode] = fingerprint(canonicalValue(byMode[mode]!));
    (fields.overrides ??= {})[id] = out;
  }
  return fields;
}

/**
 * Whether two locks hold the same (and so render to the same bytes; the base texts aside, on purpose:
 * they follow from the fingerprints, and a sync that changes nothing must not rewrite a lock written
 * before base values were kept, docs/sync.md "Conflicts"): tokens/lock-file.ts sorts every
 * key but the modes of a collection, whose order counts). Lets a sync that changed nothing skip
 * rendering the lock twice to compare texts (~200 ms at 10k variables, docs/sync.md "Performance").
 */
export function lockEquals(a: Lock, b: Lock): boolean {
  if (a.version !== b.version || a.fileKey !== b.fileKey || a.remoteVersion !== b.remoteVersion) return false;
  if (!sameKeys(a.collections, b.collections) || !sameKeys(a.variables, b.variables)) return false;
  if (!sameRepoOnly(a.repoOnly, b.repoOnly)) return false;
  if (stable(a.kept ?? {}) !== stable(b.kept ?? {})) return false;
  for (const [id, x] of Object.entries(a.collections)) {
    const y = b.collections[id];
    if (!y || x.name !== y.name || x.key !== y.key || x.defaultModeId !== y.defaultModeId) return false;
    if (x.hiddenFromPublishing !== y.hiddenFromPublishing) return false;
    if (x.parentId !== y.parentId || stable(x.parentModes ?? {}) !== stable(y.parentModes ?? {})) return false;
    const xm = Object.entries(x.modes);
    const ym = Object.entries(y.modes);
    if (xm.length !== ym.length || xm.some(([k, v], i) => ym[i]?.[0] !== k || ym[i]?.[1] !== v)) return false;
  }
  for (const [id, x] of Object.entries(a.variables)) {
    const y = b.variables[id];
    if (!y || x.collectionId !== y.collectionId || x.name !== y.name || x.key !== y.key) return false;
    const f = x.fields;
    const g = y.fields;
    if (
      f.type !== g.type ||
      f.description !== g.description ||
      f.scopes !== g.scopes ||
      f.meta !== g.meta ||
      !sameKeys(f.values, g.values)
    )
      return false;
    for (const [mode, fp] of Object.entries(f.values)) if (g.values[mode] !== fp) return false;
    if ((f.overrides || g.overrides) && stable(f.overrides ?? {}) !== stable(g.overrides ?? {})) return false;
  }
  return true;
}

function sameRepoOnly(a: Lock['repoOnly'], b: Lock['repoOnly']): boolean {
  const x = a ?? {};
  const y = b ?? {};
  if (!sameKeys(x, y)) return false;
  for (const [c, names] of Object.entries(x)) {
    const other = y[c]!;
    if (names.length !== other.length || names.some((n, i) => other[i] !== n)) return false;
  }
  return true;
}

function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let n = 0;
  for (const k in a) {
    if (!Object.hasOwn(b, k)) return false;
    n += 1;
  }
  return n === Object.keys(b).length;
}

/** JSON with every object's keys sorted: equal data, equal text, whatever the key order. */
function stable(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(stable).join(',')}]`;
  if (typeof x !== 'object' || x === null) return JSON.stringify(x) ?? 'null';
  const o = x as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
    .join(',')}}`;
}
