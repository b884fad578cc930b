/**
 * Whether the lock agrees with itself and with the token files (docs/sync.md "Locks after a merge").
 * A lock that git merged hunk by hunk can be valid JSON and still wrong: a variable under a collection
 * id the lock does not hold, two ids for one name, a value recorded for a mode its collection does
 * not have, or an id whose recorded type is not the type the files give the token of that name (ids
 * crossed between variables). Any of these would pair the wrong variables in the 3-way diff, so
 * `check` reports them at the lock's position and the sync commands refuse before any request.
 * Pure: the parsed lock (not trusted to match the schema) and the token set read from the files.
 */
import type { TokenSet } from '../model/types.js';

export interface LockDisagreement {
  /** Where in the lock: the key path of the entry concerned. */
  path: string[];
  message: string;
}

interface LooseCollection {
  name?: unknown;
  modes?: unknown;
}
interface LooseVariable {
  collectionId?: unknown;
  name?: unknown;
  fields?: { type?: unknown; values?: unknown };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export const LOCK_REBUILD_HINT =
  "The lock is machine-written and was merged by hand or hunk by hunk. Put back one branch's lock (during the merge: `git checkout --ours tokens/sync.lock.json` or `--theirs`; after it: `git checkout <branch> -- tokens/sync.lock.json`), then run `tokensync pull`: it re-reads the design file and writes a lock that matches it and your token files; a token edited on your branch shows as a change to push, never lost. If you changed a token's $type on purpose: the design file cannot change a variable's type, so give the token a new name (a new variable) instead.";

/** Every way the lock disagrees with itself or with the files, in the lock's key order. */
export function lockDisagreements(lock: unknown, files: TokenSet): LockDisagreement[] {
  if (!isRecord(lock) || !isRecord(lock['collections']) || !isRecord(lock['variables'])) return [];
  const collections = lock['collections'] as Record<string, LooseCollection>;
  const variables = lock['variables'] as Record<string, LooseVariable>;
  const out: LockDisagreement[] = [];
  const colByName = new Map<string, string>();
  for (const id in collections) {
    const c = collections[id];
    if (typeof c?.name !== 'string') continue;
    const other = colByName.get(c.name);
    if (other !== undefined)
      out.push({
        path: ['collections', id],
        message: `collection "${c.name}" is recorded under two ids (${other} and ${id})`,
      });
    else colByName.set(c.name, id);
  }
  // By collection, then name: no key string built per variable (this runs for every lock entry).
  const fileTypes = byCollection(files);
  const seen = new Map<string, Map<string, string>>();
  const modesOf = new Map<LooseCollection, Set<unknown> | undefined>();
  for (const id in variables) {
    const v = variables[id];
    if (!isRecord(v) || typeof v.name !== 'string' || typeof v.collectionId !== 'string') continue;
    const col = collections[v.collectionId];
    if (!isRecord(col) || typeof col.name !== 'string') {
      out.push({
        path: ['variables', id, 'collectionId'],
        message: `variable "${v.name}" (${id}) belongs to collection id ${v.collectionId}, which the lock does not hold`,
      });
      continue;
    }
    let names = seen.get(col.name);
    if (names === undefined) seen.set(col.name, (names = new Map()));
    const twin = names.get(v.name);
    if (twin !== undefined) {
      out.push({
        path: ['variables', id, 'name'],
        message: `variable "${col.name}/${v.name}" is recorded under two ids (${twin} and ${id})`,
      });
    } else names.set(v.name, id);
    if (!modesOf.has(col)) modesOf.set(col, isRecord(col.modes) ? new Set(Object.values(col.modes)) : undefined);
    const unknownModes = modeProblem(id, v as LooseVariable, col, modesOf.get(col));
    if (unknownModes) out.push(unknownModes);
    const recorded = (v as LooseVariable).fields?.type;
    const inFiles = fileTypes.get(col.name)?.get(v.name);
    if (typeof recorded === 'string' && inFiles !== undefined && inFiles !== recorded) {
      out.push({
        path: ['variables', id, 'fields', 'type'],
        message: `the lock records "${col.name}/${v.name}" (${id}) as ${recorded}, but the token files define it as ${inFiles}: the ids no longer match the tokens`,
      });
    }
  }
  return out;
}

/** The files' variable types by collection and name. */
function byCollection(files: TokenSet): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const v of files.variables) {
    let names = out.get(v.collection);
    if (names === undefined) out.set(v.collection, (names = new Map()));
    names.set(v.name, v.type);
  }
  return out;
}

/** Values recorded for modes the variable's collection does not have in the lock (`modes`: its mode ids). */
function modeProblem(
  id: string,
  v: LooseVariable,
  col: LooseCollection,
  modes: Set<unknown> | undefined,
): LockDisagreement | undefined {
  const values = v.fields?.values;
  if (!isRecord(values) || modes === undefined) return undefined;
  let unknown: string[] | undefined;
  for (const m in values) if (!modes.has(m)) (unknown ??= []).push(m);
  if (unknown === undefined) return undefined;
  return {
    path: ['variables', id, 'fields', 'values'],
    message: `variable "${String(col.name)}/${String(v.name)}" (${id}) holds values for mode(s) ${unknown.map((m) => `"${m}"`).join(', ')}, which its collection "${String(col.name)}" does not have in the lock`,
  };
}
