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
 *   they are neither a conflict nor pulled into the repository (`journalBase`). Its base is what the
 *   CREATE made of it as read back (`createdFields`), else as sent (`sentFields`, sent-fields.ts),
 *   so a designer's edit made after the CREATE is an edit, never a placeholder.
 * - a first pull (no lock yet): the token files it was writing. The next pull does not read those
 *   files as the repository's own tokens: it writes them again from the service.
 *
 * The journal holds names, counts and fingerprints of created variables' fields, not the values still
 * to send: those are the repository's token files, which a push does not change, and the next run
 * re-plans from the service's real state rather than replaying old bodies.
 */
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic.js';
import { fsError } from '../fs/errors.js';
import { readTextFile } from '../fs/read.js';
import { fingerprintFields, type Lock, type LockVariableFields } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import type { CreatedNames } from './created.js';
import { expectedFields, type SentFields } from './sent-fields.js';
import { PLAN_VERSION, type Plan } from './plan.js';

export type { CreatedNames } from './created.js';

export const JOURNAL_FILE = 'sync.journal.json';
export const JOURNAL_VERSION = 1;

/**
 * Where a journal was written: the machine, the project folder and the design file. A journal is a
 * clone's own note of its run in flight; one from elsewhere (committed by `git add -A`, copied with
 * the folder) describes another run, and is refused rather than trusted.
 */
export interface JournalOwner {
  host: string;
  root: string;
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
  owner?: JournalOwner | undefined;
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
  /**
   * The fields of each variable this run created (`collection\u0000name`), as first read after its
   * CREATE: the base a later edit in the design file is told from, so a designer's edit of a
   * just-created variable is an edit, not a placeholder.
   */
  createdFields?: Record<string, LockVariableFields> | undefined;
  /**
   * What the CREATE sent for each variable it creates (`collection\u0000name`, sent-fields.ts),
   * recorded before the request goes out: the base of a created variable whose fields were not read
   * back (`createdFields`) before the run stopped.
   */
  sentFields?: Record<string, SentFields> | undefined;
}

export interface PullJournal {
  version: typeof JOURNAL_VERSION;
  kind: 'pull';
  owner?: JournalOwner | undefined;
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
    throw new TokensyncError('JOURNAL_INVALID', `${file} is not a journal this version of tokensync can read.`, {
      hint: 'It records a sync that stopped part-way. Delete it and run `tokensync diff` to see where both sides stand; the next push or sync converges from there.',
    });
  }
  return j as Journal;
}

/** This machine and project folder, as recorded in a journal it writes. */
export function journalOwner(root: string): JournalOwner {
  return { host: hostname(), root: path.resolve(root) };
}

/** Refuses a journal written for another design file, on another machine or in another clone. */
export async function checkJournalOwner(
  journal: Journal,
  here: { fileKey: string; root: string; journalName: string },
): Promise<void> {
  if (journal.fileKey !== here.fileKey) {
    throw new TokensyncError(
      'JOURNAL_FILE_MISMATCH',
      `${here.journalName} records a sync of file "${journal.fileKey}", but the config syncs "${here.fileKey}".`,
      {
        hint: `Point service.fileKey back at "${journal.fileKey}" and run the same command to finish that sync, or delete the journal if you have given it up.`,
      },
    );
  }
  const mine = journalOwner(here.root);
  const owner = journal.owner;
  if (owner && (owner.host !== mine.host || owner.root !== mine.root)) {
    throw new TokensyncError(
      'JOURNAL_NOT_OURS',
      `${here.journalName} was written by a run on ${owner.host} in ${owner.root}, not by this clone (${mine.host}, ${mine.root}): it was committed or copied, and says nothing about this clone's runs.`,
      {
        hint: `Delete it (\`git rm --cached ${here.journalName}\` if it was committed; \`tokensync init\` git-ignores it), then run \`tokensync diff\`: the lock and the design file are the truth.`,
      },
    );
  }
}

/**
 * `{ ...a, ...b }`, without the copy when one side is empty: the other one itself. At 10k variables an
 * initial push merged 10k-key maps (temp ids, sent and created fields) into empty ones several times.
 * Sound for the same reason `fieldBytes` is: a journal's fields and the maps merged into them are
 * replaced, never changed in place. The same keys in the same order either way.
 */
export function merged<T>(a: Record<string, T> | undefined, b: Record<string, T>): Record<string, T> {
  if (a === undefined || isEmpty(a)) return b;
  if (isEmpty(b)) return a;
  return { ...a, ...b };
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

export async function writeJournal(tokensDir: string, journal: Journal): Promise<void> {
  await writeFileAtomic(journalPath(tokensDir), journalBytes(journal));
}

/**
 * Each journal field's JSON as UTF-8, by object. A push writes its journal before and after each
 * request, each time a copy with a few fields replaced (`{ ...pj, unknown }`); at 10k variables the
 * fields it keeps (`created`, `pendingValues`, `sentFields`, `createdFields`, `tempIds`) are ~2.8 MB
 * of JSON, so each is serialized and encoded once, not at every write (encoding is the larger part
 * when names come from token files with a non-ASCII character: V8 then holds them as two-byte
 * strings). Sound because a journal's fields are replaced, never changed in place (docs/sync.md
 * "Unknown outcomes and resumption").
 */
const fieldBytes = new WeakMap<object, Buffer>();

/**
 * The journal's bytes: exactly `JSON.stringify(journal)` and a newline, in UTF-8 (compact: a machine's
 * note, read back with JSON.parse; a third smaller than indented JSON), built from its fields' bytes.
 */
export function journalBytes(journal: Journal): Buffer {
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(journal)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`${parts.length === 0 ? '{' : ','}${JSON.stringify(key)}:`), bytesOf(value));
  }
  parts.push(Buffer.from(parts.length === 0 ? '{}\n' : '}\n'));
  return Buffer.concat(parts);
}

function bytesOf(value: unknown): Buffer {
  if (typeof value !== 'object' || value === null) return Buffer.from(JSON.stringify(value));
  let bytes = fieldBytes.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(value));
    fieldBytes.set(value, bytes);
  }
  return bytes;
}

export async function removeJournal(tokensDir: string): Promise<void> {
  const file = journalPath(tokensDir);
  try {
    await rm(file, { force: true });
  } catch (err) {
    throw fsError(err, file, 'write');
  }
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
    const now = (created && createdBase(journal, v)) || fingerprintFields(v);
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

/**
 * The base of a variable the journal says tokensync created: its fields as read back after the
 * CREATE, else what the CREATE made of it (never the service's current fields, which may hold a
 * designer's edit made since); undefined for a journal that recorded neither.
 */
function createdBase(journal: PushJournal, v: TokenSet['variables'][number]): LockVariableFields | undefined {
  const key = `${v.collection}\u0000${v.name}`;
  const read = journal.createdFields?.[key];
  if (read) return read;
  const sent = journal.sentFields?.[key];
  return sent ? expectedFields(sent, v) : undefined;
}

export function newPushJournal(init: {
  root: string;
  mode: string;
  fileKey: string;
  plan: Plan;
  created: CreatedNames;
  pendingValues: [string, string][];
}): PushJournal {
  return {
    version: JOURNAL_VERSION,
    kind: 'push',
    owner: journalOwner(init.root),
    mode: init.mode,
    fileKey: init.fileKey,
    planVersion: PLAN_VERSION,
    dialect: init.plan.dialect,
    startedAt: new Date().toISOString(),
    created: init.created,
    tempIds: {},
    requests: init.plan.requests.length,
    sent: 0,
    pending: init.plan.requests.map((r, i) => ({ method: r.method, items: init.plan.effects[i]?.items ?? 0 })),
    pendingValues: init.pendingValues,
  };
}
