/**
 * The sync journal ("A push is resumable"; docs/sync.md "Unknown outcomes and resumption"):
 * `tokens/sync.journal.json`, beside the lock, says what a run has in flight. It is written atomically
 * before the first write a run makes and after each one, and removed when the run has finished (the
 * lock written). A run that finds one knows that the previous run stopped part-way, and what it may
 * have done:
 *
 * - push/sync: which collections, modes and variables it was creating (by name: the service's ids are
 *   not known before the answer), the temp id mapping received so far, the requests still to send,
 *   and, when a write's outcome was unknown, when it was sent and until when it may still land.
 *   The next run settles that write first (settle.ts), then treats what it created as its own: the
 *   values a CREATE gave a new variable in its other modes are placeholders, never a remote edit, so
 *   they are neither a conflict nor pulled into the repository (`journalBase`).
 * - a first pull (no lock yet): the token files it was writing. The next pull does not read those
 *   files as the repository's own tokens: it writes them again from the service.
 *
 * The journal holds names and counts, not the values still to send: those are the repository's token
 * files, which a push does not change, and the next run re-plans from the service's real state rather
 * than replaying old bodies.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic.js';
import { fsError } from '../fs/errors.js';
import { readTextFile } from '../fs/read.js';
import { fingerprintFields, type Lock } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import { PLAN_VERSION, type Plan } from './plan.js';

export const JOURNAL_FILE = 'sync.journal.json';
export const JOURNAL_VERSION = 1;

export interface CreatedNames {
  collections: string[];
  /** [collection, mode] */
  modes: [string, string][];
  /** [collection, variable] */
  variables: [string, string][];
}

export interface UnknownWrite {
  method: string;
  /** Index of the request in the plan it belonged to (1-based), for the message. */
  request: number;
  sentAt: string;
  /** Until when the write may still land (sentAt + timeout + settle window). */
  settleUntil: string;
  /** What the write creates (by name): its appearing proves it happened. */
  creates: CreatedNames;
}

export interface PushJournal {
  version: typeof JOURNAL_VERSION;
  kind: 'push';
  /** The command that wrote it (push or sync), for the message. */
  mode: string;
  fileKey: string;
  planVersion: number;
  dialect: string;
  startedAt: string;
  /** Everything the plan creates. */
  created: CreatedNames;
  /** temp id -> permanent id, from the answers received so far. */
  tempIds: Record<string, string>;
  requests: number;
  sent: number;
  /** The requests not yet sent: method and item counts. */
  pending: { method: string; items: number }[];
  /** Variables whose values are still to be sent ([collection, name]). */
  pendingValues: [string, string][];
  unknown?: UnknownWrite | undefined;
}

export interface PullJournal {
  version: typeof JOURNAL_VERSION;
  kind: 'pull';
  fileKey: string;
  startedAt: string;
  /** Token files (relative to the tokens folder) the pull writes. */
  files: string[];
}

export type Journal = PushJournal | PullJournal;

export function journalPath(tokensDir: string): string {
  return path.join(tokensDir, JOURNAL_FILE);
}

/** The journal, or undefined. One that cannot be understood is reported, not ignored. */
export async function readJournal(tokensDir: string): Promise<Journal | undefined> {
  const file = journalPath(tokensDir);
  const text = await readTextFile(file);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const j = data as Partial<Journal> | undefined;
  if (
    !j ||
    typeof j !== 'object' ||
    j.version !== JOURNAL_VERSION ||
    (j.kind !== 'push' && j.kind !== 'pull') ||
    typeof j.fileKey !== 'string'
  ) {
    const { TokensyncError } = await import('../errors.js');
    throw new TokensyncError('JOURNAL_INVALID', `${file} is not a journal this version of tokensync can read.`, {
      hint: 'It records a sync that stopped part-way. Delete it and run `tokensync diff` to see where both sides stand; the next push or sync converges from there.',
    });
  }
  return j as Journal;
}

export async function writeJournal(tokensDir: string, journal: Journal): Promise<void> {
  await writeFileAtomic(journalPath(tokensDir), `${JSON.stringify(journal, null, 2)}\n`);
}

export async function removeJournal(tokensDir: string): Promise<void> {
  const file = journalPath(tokensDir);
  try {
    await rm(file, { force: true });
  } catch (err) {
    throw fsError(err, file, 'write');
  }
}

/** What the plan creates, by name: the target's collections, modes and variables the service does not have. */
export function createdBy(remote: TokenSet, target: TokenSet): CreatedNames {
  const remoteCols = new Map(remote.collections.map((c) => [c.name, c]));
  const remoteVars = new Set(remote.variables.map((v) => `${v.collection}\u0000${v.name}`));
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
    if (v.id && remote.variables.some((r) => r.id === v.id)) continue;
    if (!remoteVars.has(`${v.collection}\u0000${v.name}`)) out.variables.push([v.collection, v.name]);
  }
  return out;
}

/** What one request of the plan creates, by name (collections by temp id resolved through the plan). */
export function createdByRequest(plan: Plan, index: number, remote: TokenSet): CreatedNames {
  const colName = new Map<string, string>();
  for (const c of remote.collections) if (c.id) colName.set(c.id, c.name);
  for (const r of plan.requests) {
    for (const c of (r.body as { variableCollections?: { action: string; id: string; name?: string }[] })
      .variableCollections ?? []) {
      if (c.action === 'CREATE' && c.name !== undefined) colName.set(c.id, c.name);
    }
  }
  const body = plan.requests[index]?.body as
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

/**
 * The base for a run that resumes a push: what the journal says tokensync itself created is taken as
 * the base at its current remote state, so placeholders (a new variable's CREATE value copied into its
 * other modes, a new mode's copied values) count as "unchanged in the service" and the repository's
 * values go out, instead of a conflict with no common base. Ids come from the
 * service; nothing else of the lock changes.
 */
export function journalBase(base: Lock | undefined, remote: TokenSet, journal: PushJournal, fileKey: string): Lock {
  const lock: Lock = base
    ? { ...base, collections: { ...base.collections }, variables: { ...base.variables } }
    : { version: 1, fileKey, remoteVersion: '', collections: {}, variables: {} };
  const createdCols = new Set(journal.created.collections);
  const createdModes = new Set(journal.created.modes.map(([c, m]) => `${c}\u0000${m}`));
  for (const c of remote.collections) {
    if (!c.id) continue;
    const newModes = c.modes.filter((m) => m.id && createdModes.has(`${c.name}\u0000${m.name}`));
    if (!createdCols.has(c.name) && newModes.length === 0) continue;
    const prior = lock.collections[c.id];
    const modes: Record<string, string> = { ...(prior?.modes ?? {}) };
    for (const m of createdCols.has(c.name) ? c.modes : newModes) if (m.id) modes[m.id] = m.name;
    const defaultModeId = prior?.defaultModeId ?? c.modes.find((m) => m.name === c.defaultMode)?.id ?? '';
    lock.collections[c.id] = { name: prior?.name ?? c.name, ...(c.key ? { key: c.key } : {}), defaultModeId, modes };
  }
  const createdVars = new Set(journal.created.variables.map(([c, v]) => `${c}\u0000${v}`));
  const colId = new Map(remote.collections.map((c) => [c.name, c.id]));
  for (const v of remote.variables) {
    const id = v.id;
    const cid = colId.get(v.collection);
    if (!id || !cid) continue;
    const created = createdVars.has(`${v.collection}\u0000${v.name}`);
    // Existing variables in a new mode of an existing collection hold copied values there too.
    const inNewMode = Object.keys(v.values).some((m) => createdModes.has(`${v.collection}\u0000${m}`));
    if (!created && !inNewMode) continue;
    const prior = lock.variables[id];
    const now = fingerprintFields(v);
    if (created || !prior) {
      lock.variables[id] = {
        collectionId: cid,
        name: prior?.name ?? v.name,
        ...(v.key ? { key: v.key } : {}),
        fields: now,
      };
    } else {
      const values = { ...prior.fields.values };
      for (const [m, fp] of Object.entries(now.values))
        if (createdModes.has(`${v.collection}\u0000${m}`)) values[m] = fp;
      lock.variables[id] = { ...prior, fields: { ...prior.fields, values } };
    }
  }
  return lock;
}

export function newPushJournal(init: {
  mode: string;
  fileKey: string;
  plan: Plan;
  created: CreatedNames;
  pendingValues: [string, string][];
}): PushJournal {
  return {
    version: JOURNAL_VERSION,
    kind: 'push',
    mode: init.mode,
    fileKey: init.fileKey,
    planVersion: PLAN_VERSION,
    dialect: init.plan.dialect,
    startedAt: new Date().toISOString(),
    created: init.created,
    tempIds: {},
    requests: init.plan.requests.length,
    sent: 0,
    pending: init.plan.requests.map((r) => ({ method: r.method, items: itemCount(r.body) })),
    pendingValues: init.pendingValues,
  };
}

export function itemCount(body: unknown): number {
  let n = 0;
  for (const items of Object.values(body as Record<string, unknown>)) if (Array.isArray(items)) n += items.length;
  return n;
}
