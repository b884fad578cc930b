/**
 * The lock an import writes to bind tokens to the variables a Tokens Studio repository records
 * (docs/migration.md "Variables kept"). Tokens Studio stores each variable's **key** (stable across
 * renames); the lock is keyed by **id**, so the design file's variables are read once and each key is
 * resolved to its id there. Each bound variable is recorded under its id with the repository's names
 * (the names Tokens Studio exported: theme group, theme, token path with `/`) and every field
 * fingerprint `UNSYNCED`: identity without a claimed common base, so the first push updates the
 * linked variables (a variable renamed in the design file since is the same variable, the rename a
 * change from the design file) and a value that differs on the two sides is a conflict until
 * `--prefer` settles it, as with no lock (docs/sync.md "Conflicts"). What cannot be bound is a report
 * line, never a silent create. Pure.
 */
import { LOCK_VERSION, type Lock, type LockCollection } from '../model/lock.js';
import type { TokenSet, Variable } from '../model/types.js';
import type { Bindings, CollectionBinding } from './bindings.js';
import type { ReportLine } from './report.js';

/**
 * The lock's fingerprint of a field the two sides never agreed on (docs/sync.md "Conflicts"): it
 * counts as no base. The same text as the sync's own (`src/sync/pairing.ts`, which this folder may not
 * import; test/migrate/bind-lock.test.ts holds them equal).
 */
export const UNSYNCED = 'unsynced';

/** What this needs of a variables/local answer (the service's own schema is in src/api/). */
export interface WireVariable {
  id: string;
  key: string;
  name: string;
  variableCollectionId: string;
  resolvedType: string;
  [extra: string]: unknown;
}
export interface WireCollection {
  id: string;
  key: string;
  name: string;
  modes: { modeId: string; name: string }[];
  defaultModeId: string;
  isExtension?: boolean | undefined;
}
export interface RemoteVariables {
  variables: Record<string, WireVariable>;
  variableCollections: Record<string, WireCollection>;
}

export interface BindInput {
  bindings: Bindings;
  /** The imported files, read as `push` reads them. */
  local: TokenSet;
  remote: RemoteVariables;
  fileKey: string;
  /** The design file's version when it was read: what the lock describes. */
  version: string;
  /** Where the references were read from, for report lines. */
  themesFile: string;
}

export interface BindResult {
  /** Absent when nothing could be bound. */
  lock?: Lock;
  bound: number;
  lines: ReportLine[];
}

export function bindLock(input: BindInput): BindResult {
  const lock: Lock = {
    version: LOCK_VERSION,
    fileKey: input.fileKey,
    remoteVersion: input.version,
    collections: {},
    variables: {},
  };
  const lines: ReportLine[] = [];
  const byKey = new Map<string, WireVariable>();
  for (const v of Object.values(input.remote.variables)) {
    if (v['deletedButReferenced'] === true || v['remote'] === true) continue;
    byKey.set(v.key, v);
    byKey.set(v.id, v);
  }
  let bound = 0;
  for (const b of input.bindings) {
    const at = (path: string, message: string): number => lines.push({ file: input.themesFile, path, message });
    const rc = remoteCollection(b, input.remote.variableCollections);
    if (!rc) {
      const id = b.figmaCollectionId ?? b.collection;
      at(
        b.collection,
        `collection ${id} is not in design file ${input.fileKey}: its ${Object.keys(b.variables).length} recorded variables are not bound; the first push pairs them by name and creates those the file lacks`,
      );
      continue;
    }
    const localModes = input.local.collections.find((c) => c.name === b.collection)?.modes.map((m) => m.name) ?? [];
    const collection = lockCollection(b, rc, localModes, at);
    lock.collections[rc.id] = collection;
    const modes = Object.values(collection.modes);
    const locals = new Map(
      input.local.variables.filter((v) => v.collection === b.collection).map((v) => [v.name, v] as const),
    );
    for (const [path, key] of Object.entries(b.variables)) {
      const rv = byKey.get(key);
      const lv = locals.get(path.split('.').join('/'));
      const why = unbindable(key, lv, rv, rc, lock, input.fileKey);
      if (why !== undefined) {
        at(path, why);
        continue;
      }
      const values = Object.fromEntries(modes.map((m) => [m, UNSYNCED]));
      lock.variables[rv!.id] = {
        collectionId: rc.id,
        name: lv!.name,
        key: rv!.key,
        fields: { type: lv!.type, description: UNSYNCED, scopes: UNSYNCED, values },
      };
      bound++;
    }
  }
  return bound > 0 ? { lock, bound, lines } : { bound, lines };
}

/** The recorded collection id; without one, the design file's collection of the same name. */
function remoteCollection(b: CollectionBinding, cols: Record<string, WireCollection>): WireCollection | undefined {
  if (b.figmaCollectionId !== undefined) return cols[b.figmaCollectionId];
  return Object.values(cols).find((c) => c.name === b.collection && c.isExtension !== true);
}

/**
 * The modes the repository has: by recorded id (named as the repository names them), else by name. A
 * mode only the design file has is left out, so it reads as new there, never as one the repository
 * deleted.
 */
function lockCollection(
  b: CollectionBinding,
  rc: WireCollection,
  localModes: readonly string[],
  at: (path: string, message: string) => void,
): LockCollection {
  const nameOf = new Map(Object.entries(b.modes).map(([name, id]) => [id, name]));
  for (const [name, id] of Object.entries(b.modes))
    if (!rc.modes.some((m) => m.modeId === id))
      at(b.collection, `mode "${name}": mode id ${id} is not in collection "${rc.name}"; paired by name instead`);
  const modes: Record<string, string> = {};
  const taken = new Set(nameOf.values());
  for (const m of rc.modes) {
    const mine = nameOf.get(m.modeId);
    if (mine !== undefined) modes[m.modeId] = mine;
    else if (localModes.includes(m.name) && !taken.has(m.name)) modes[m.modeId] = m.name;
  }
  return { name: b.collection, key: rc.key, defaultModeId: rc.defaultModeId, modes };
}

/** Why a recorded reference cannot bind its token, or `undefined` when it can. */
function unbindable(
  key: string,
  lv: Variable | undefined,
  rv: WireVariable | undefined,
  rc: WireCollection,
  lock: Lock,
  fileKey: string,
): string | undefined {
  if (!lv)
    return `variable ${key} is recorded for this token, which is not a variable here (a composite, or not in this collection): not bound`;
  if (!rv)
    return `variable ${key} is not in design file ${fileKey} (deleted there, or another file): not bound; the first push creates "${lv.name}" unless the file has a variable of that name. Delete the token if the variable was deleted on purpose`;
  if (rv.variableCollectionId !== rc.id)
    return `variable ${key} ("${rv.name}") is in another collection of the design file than "${rc.name}": not bound; the first push pairs "${lv.name}" by name`;
  if (rv.resolvedType !== lv.type)
    return `variable ${key} ("${rv.name}") is a ${rv.resolvedType}, the token a ${lv.type}: not bound (a variable's type cannot change); rename the token to make a new variable, or fix its type`;
  const twin = lock.variables[rv.id];
  if (twin) return `variable ${key} is recorded for "${twin.name}" too: bound to that one only`;
  return undefined;
}
