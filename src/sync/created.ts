/**
 * What a plan creates, by name (docs/sync.md "Unknown outcomes and resumption"): the service's ids are
 * not known before its answer, so a write whose outcome is unknown is settled by the names it creates
 * appearing (a variables batch is atomic).
 */
import type { TokenSet, Variable } from '../model/types.js';
import { ByName } from './by-name.js';

export interface CreatedNames {
  collections: string[];
  /** [collection, mode] */
  modes: [string, string][];
  /** [collection, variable] */
  variables: [string, string][];
}

/** What the plan creates, by name: the target's collections, modes and variables the service does not have. */
export function createdBy(remote: TokenSet, target: TokenSet): CreatedNames {
  const remoteCols = new Map(remote.collections.map((c) => [c.name, c]));
  // By collection, then name (by-name.ts), and the service's ids in a set: a target of 10k variables
  // that carry ids looked each id up in a scan of every remote variable (10k x 10k comparisons).
  const remoteVars = new ByName<Variable>();
  const remoteIds = new Set<string>();
  for (const v of remote.variables) {
    remoteVars.set(v);
    if (v.id !== undefined) remoteIds.add(v.id);
  }
  const out: CreatedNames = { collections: [], modes: [], variables: [] };
  for (const c of target.collections) {
    const had = remoteCols.get(c.name) ?? (c.id ? remote.collections.find((r) => r.id === c.id) : undefined);
    if (!had) out.collections.push(c.name);
    for (const m of c.modes) {
      if (!had?.modes.some((r) => r.name === m.name || (m.id !== undefined && r.id === m.id)))
        out.modes.push([c.name, m.name]);
    }
  }
  for (const v of target.variables) {
    if (v.id && remoteIds.has(v.id)) continue;
    if (!remoteVars.has(v)) out.variables.push([v.collection, v.name]);
  }
  return out;
}

/**
 * What one request of a plan creates, by name (collections by temp id resolved through the plan).
 * Computed once by the plan compiler (`Plan.effects`), never by the journal.
 */
export function createdByRequest(
  requests: readonly { body: unknown }[],
  index: number,
  remote: TokenSet,
): CreatedNames {
  const colName = new Map<string, string>();
  for (const c of remote.collections) if (c.id) colName.set(c.id, c.name);
  for (const r of requests) {
    for (const c of (r.body as { variableCollections?: { action: string; id: string; name?: string }[] })
      .variableCollections ?? []) {
      if (c.action === 'CREATE' && c.name !== undefined) colName.set(c.id, c.name);
    }
  }
  const body = requests[index]?.body as
    | {
        variableCollections?: { action: string; name?: string }[];
        variableModes?: { action: string; name?: string; variableCollectionId?: string }[];
        variables?: { action: string; name?: string; variableCollectionId?: string }[];
      }
    | undefined;
  const out: CreatedNames = { collections: [], modes: [], variables: [] };
  if (!body) return out;
  for (const c of body.variableCollections ?? [])
    if (c.action === 'CREATE' && c.name !== undefined) out.collections.push(c.name);
  for (const m of body.variableModes ?? []) {
    const col = m.variableCollectionId === undefined ? undefined : colName.get(m.variableCollectionId);
    if (m.action === 'CREATE' && m.name !== undefined && col !== undefined) out.modes.push([col, m.name]);
  }
  for (const v of body.variables ?? []) {
    const col = v.variableCollectionId === undefined ? undefined : colName.get(v.variableCollectionId);
    if (v.action === 'CREATE' && v.name !== undefined && col !== undefined) out.variables.push([col, v.name]);
  }
  return out;
}

export function countCreated(c: CreatedNames): number {
  return c.collections.length + c.modes.length + c.variables.length;
}

/** How many of `names` the service holds: all of them proves the write happened (a batch is atomic). */
export function presentIn(remote: TokenSet, names: CreatedNames): number {
  const cols = new Map(remote.collections.map((c) => [c.name, c]));
  const vars = new Set(remote.variables.map((v) => `${v.collection}\u0000${v.name}`));
  let n = 0;
  for (const c of names.collections) if (cols.has(c)) n++;
  for (const [c, m] of names.modes) if (cols.get(c)?.modes.some((x) => x.name === m)) n++;
  for (const [c, v] of names.variables) if (vars.has(`${c}\u0000${v}`)) n++;
  return n;
}

/** Items in a request body (every array of it), for the journal's pending list. */
export function itemCount(body: unknown): number {
  let n = 0;
  for (const items of Object.values(body as Record<string, unknown>)) if (Array.isArray(items)) n += items.length;
  return n;
}
