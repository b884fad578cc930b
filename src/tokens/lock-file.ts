/**
 * `tokens/sync.lock.json` (docs/architecture.md "Files in the repository"): machine-written, committed, the base
 * of the 3-way diff. Read strictly, because a silently misread base would turn into wrong merges:
 * a corrupt lock is an error that says how to recover (delete it; the next sync starts a fresh base).
 */
import path from 'node:path';
import type { TokensConfig } from '../config/schema.js';
import { readFileWithRoom, readTextFile } from '../fs/read.js';
import { oneByteJsonText } from '../model/json-bytes.js';
import { fingerprint, LOCK_VERSION, type Lock, type LockVariable } from '../model/lock.js';
import { TokenFileError } from './errors.js';
import { MAX_JSON_DEPTH, tooDeep } from './json-depth.js';
import { findSyntaxError, lineColumn, locate, parseJsonTree } from './json-tree.js';
import { Ordered, sortedKeys, toJsonText, type Json } from './json-write.js';
import { conflictMarkerLine, LOCK_MERGE_HINT, LOCK_NAME } from './lock-check.js';

export const LOCK_FILE = LOCK_NAME;

const RECOVER =
  'The lock is machine-written: restore it from version control, or delete it (the next sync then treats every difference as a conflict unless --prefer repo|service).';

export async function readLock(root: string, config: TokensConfig): Promise<Lock | undefined> {
  const file = path.join(root, config.dir, LOCK_FILE);
  const display = path.relative(root, file).split(path.sep).join('/');
  const read = lockText(file);
  if (read === undefined) return undefined;
  const { text, escaped } = read;
  // Escapes add no line: the marker's line is the file's.
  const marker = conflictMarkerLine(text);
  if (marker !== undefined) {
    throw new TokenFileError(
      {
        severity: 'error',
        file: display,
        line: marker,
        column: 1,
        message: 'the lock still holds merge-conflict markers',
        hint: LOCK_MERGE_HINT,
      },
      { code: 'LOCK_FILE_CONFLICTED' },
    );
  }
  // The usual case, a valid lock, in one JSON.parse and a check by hand: zod (its schema lives in
  // lock-schema.ts, loaded only for a lock this check refuses) took ~90 ms for a 10k-variable lock,
  // and the character scan for nesting ~50 ms more (docs/benchmarks.md "The cold read").
  const usual = parsedLock(text);
  if (usual !== undefined) return withValueFingerprints(usual);
  // Positions are the file's text's: an escaped text is read again, decoded as it is.
  const real = escaped ? ((await readTextFile(file)) ?? text) : text;
  return withValueFingerprints(await strictLock(real, display));
}

/** Room past the lock's bytes for its escapes (model/json-bytes.ts): a run of n bytes takes at most 2n more. */
const ESCAPE_ROOM = 64 * 1024;

/**
 * The lock's text for JSON.parse, one-byte where it can be: a lock with a few characters outside
 * ASCII decoded as it is was a two-byte string twice its size, each page a fresh page
 * (docs/benchmarks.md "No-op pull and push, cold: the lock, the layout test, the remote model (eighth
 * round)"). Read into a buffer of its own with room for the escapes (fs/read.ts readFileWithRoom;
 * the token reader's kept buffer, grown to the lock's size and held, measured worse). `escaped`:
 * the text is not the file's (it parses to the same value).
 */
function lockText(file: string): { text: string; escaped: boolean } | undefined {
  const read = readFileWithRoom(file, ESCAPE_ROOM);
  if (read === undefined) return undefined;
  const oneByte = oneByteJsonText(read.buf, read.size);
  if (oneByte === undefined) return { text: read.buf.toString('utf8', 0, read.size), escaped: false };
  return { text: oneByte, escaped: oneByte.length !== read.size };
}

/**
 * The lock when it is valid and within the nesting limit, else undefined (strictLock says why). A
 * lock the hand check accepts nests freely only inside a kept variable (`kept.<id>.variable`, three
 * levels down): the parsed depth there is the text's, so the text need not be scanned for it.
 */
function parsedLock(text: string): Lock | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isLock(json)) return undefined;
  for (const id in json.kept ?? {}) if (!within(json.kept![id]!.variable, MAX_JSON_DEPTH - 3)) return undefined;
  return json;
}

/** Whether the objects and arrays of a parsed value nest at most `max` deep (a flat object is 1). */
function within(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (max <= 0) return false;
  for (const k in value) if (!within((value as Record<string, unknown>)[k], max - 1)) return false;
  return true;
}

/** The full check of a lock the quick path refused: the error names the position and the way out. */
async function strictLock(text: string, display: string): Promise<Lock> {
  let json: unknown;
  try {
    if (tooDeep(text)) throw new SyntaxError('too deep');
    json = JSON.parse(text);
  } catch (cause) {
    const { offset, message } = findSyntaxError(text);
    throw new TokenFileError(
      {
        severity: 'error',
        file: display,
        ...lineColumn(text, offset),
        message: `the lock file is corrupt (${message})`,
        hint: RECOVER,
      },
      { code: 'LOCK_FILE_INVALID', cause },
    );
  }
  if (isLock(json)) return json;
  const { lockSchema } = await import('./lock-schema.js');
  const result = lockSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const at = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const offset = locate(parseJsonTree(text), at, issue.code === 'unrecognized_keys' ? 'value' : 'key');
    const keyName = at.join('.') || '(root)';
    throw new TokenFileError(
      {
        severity: 'error',
        file: display,
        ...lineColumn(text, offset),
        message: `the lock file is corrupt at "${keyName}": ${issue.message}`,
        hint: RECOVER,
      },
      { code: 'LOCK_FILE_INVALID' },
    );
  }
  return result.data as Lock;
}

/**
 * On disk, a mode value whose base text is in `base.values` carries no fingerprint beside it (the
 * text gives it): that keeps a lock with base values about the size of one without (docs/sync.md
 * "Conflicts"). In memory every value has its fingerprint again, as the diff expects.
 */
function withValueFingerprints(lock: Lock): Lock {
  // for-in, not Object.values/entries: no array per variable (the lock's keys are its own, from JSON).
  const variables = lock.variables;
  for (const id in variables) {
    const v = variables[id]!;
    const texts = v.base?.values;
    if (!texts) continue;
    const values = v.fields.values;
    for (const mode in texts) values[mode] ??= fingerprint(texts[mode]!);
  }
  return lock;
}

/** The lock as written: value fingerprints that `base.values` gives are left out (see above). */
function withoutGivenFingerprints(lock: Lock): Lock {
  const variables: Lock['variables'] = {};
  for (const [id, v] of Object.entries(lock.variables)) {
    const texts = v.base?.values;
    if (!texts) {
      variables[id] = v;
      continue;
    }
    // A text stays only beside its own fingerprint, so reading the file back gives this lock again.
    const values: Record<string, string> = {};
    const kept: Record<string, string> = {};
    for (const [mode, fp] of Object.entries(v.fields.values)) {
      const text = texts[mode];
      if (text !== undefined && fingerprint(text) === fp) kept[mode] = text;
      else values[mode] = fp;
    }
    const { values: _, ...rest } = v.base ?? {};
    const base = Object.keys(kept).length > 0 ? { ...rest, values: kept } : rest;
    const entry = { ...v, fields: { ...v.fields, values } };
    if (Object.keys(base).length > 0) entry.base = base;
    else delete entry.base;
    variables[id] = entry;
  }
  return { ...lock, variables };
}

const isString = (x: unknown): x is string => typeof x === 'string';
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** Exactly these keys may be present (the schema's `.strict()`), the required ones are. */
function onlyKeys(o: Record<string, unknown>, required: readonly string[], optional: readonly string[] = []): boolean {
  for (const k of required) if (!Object.hasOwn(o, k)) return false;
  for (const k in o) if (!required.includes(k) && !optional.includes(k)) return false;
  return true;
}
function allStrings(o: unknown): boolean {
  if (!isRecord(o)) return false;
  for (const k in o) if (!isString(o[k])) return false;
  return true;
}

/** Every key one of `values`, `description`, `scopes`, `meta`: values a record of strings, the others strings. */
function isBaseTexts(b: unknown): boolean {
  if (!isRecord(b)) return false;
  for (const k in b) {
    if (k === 'values' ? !allStrings(b[k]) : !BASE_TEXTS.has(k) || !isString(b[k])) return false;
  }
  return true;
}
const BASE_TEXTS: ReadonlySet<string> = new Set(['description', 'scopes', 'meta']);

/**
 * A lock variable, one pass over its keys (`onlyKeys` with its lists was ~40% of the check of a
 * 10k-variable lock): `collectionId`, `name` and `fields` required, `key` and `base` optional.
 */
function isLockVariable(v: unknown): boolean {
  if (!isRecord(v)) return false;
  let required = 0;
  for (const k in v) {
    const x = v[k];
    switch (k) {
      case 'collectionId':
      case 'name':
        if (!isString(x)) return false;
        required++;
        break;
      case 'fields':
        if (!isLockFields(x)) return false;
        required++;
        break;
      case 'key':
        if (!isString(x)) return false;
        break;
      case 'base':
        if (!isBaseTexts(x)) return false;
        break;
      default:
        return false;
    }
  }
  return required === 3;
}

/** `type`, `description`, `scopes` (strings) and `values` required; `meta` (a string) and `overrides` optional. */
function isLockFields(f: unknown): boolean {
  if (!isRecord(f)) return false;
  let required = 0;
  for (const k in f) {
    const x = f[k];
    switch (k) {
      case 'type':
      case 'description':
      case 'scopes':
        if (!isString(x)) return false;
        required++;
        break;
      case 'values':
        if (!allStrings(x)) return false;
        required++;
        break;
      case 'meta':
        if (!isString(x)) return false;
        break;
      case 'overrides':
        if (!isRecord(x)) return false;
        for (const id in x) if (!allStrings(x[id])) return false;
        break;
      default:
        return false;
    }
  }
  return required === 4;
}

/** Accepts exactly what `lockSchema` accepts (never more; tested against it in test/sync). */
export function isLock(x: unknown): x is Lock {
  if (
    !isRecord(x) ||
    !onlyKeys(x, ['version', 'fileKey', 'remoteVersion', 'collections', 'variables'], ['repoOnly', 'kept'])
  )
    return false;
  if (Object.hasOwn(x, 'kept')) {
    const k = x['kept'];
    if (!isRecord(k)) return false;
    for (const id in k) {
      const e = k[id];
      if (!isRecord(e) || !onlyKeys(e, ['collectionId', 'name', 'reason', 'variable'])) return false;
      if (!isString(e['collectionId']) || !isString(e['name']) || !isString(e['reason']) || !isRecord(e['variable']))
        return false;
    }
  }
  if (Object.hasOwn(x, 'repoOnly')) {
    const r = x['repoOnly'];
    if (!isRecord(r)) return false;
    for (const c in r) {
      const names = r[c];
      if (!Array.isArray(names) || !names.every(isString)) return false;
    }
  }
  if (x['version'] !== LOCK_VERSION || !isString(x['fileKey']) || !isString(x['remoteVersion'])) return false;
  const { collections, variables } = x;
  if (!isRecord(collections) || !isRecord(variables)) return false;
  for (const id in collections) {
    const c = collections[id];
    if (
      !isRecord(c) ||
      !onlyKeys(c, ['name', 'defaultModeId', 'modes'], ['key', 'parentId', 'parentModes', 'hiddenFromPublishing'])
    )
      return false;
    if (Object.hasOwn(c, 'parentId') && !isString(c['parentId'])) return false;
    if (Object.hasOwn(c, 'parentModes') && !allStrings(c['parentModes'])) return false;
    if (Object.hasOwn(c, 'hiddenFromPublishing') && c['hiddenFromPublishing'] !== true) return false;
    if (
      !isString(c['name']) ||
      !isString(c['defaultModeId']) ||
      (Object.hasOwn(c, 'key') && !isString(c['key'])) ||
      !allStrings(c['modes'])
    )
      return false;
  }
  for (const id in variables) if (!isLockVariable(variables[id])) return false;
  return true;
}

/**
 * Sorted keys, 2-space indent, trailing newline: the same lock gives the same bytes. One exception:
 * each collection's `modes` keeps its order, which is the collection's mode order (model/lock.ts).
 */
export function renderLock(lock: Lock): string {
  const plain = sortedPlain(lock);
  return plain === undefined ? renderLockOrdered(lock) : `${JSON.stringify(plain, null, 2)}\n`;
}

/** The same text through the ordered tree: what `renderLock` writes when plain objects cannot keep the order. */
export function renderLockOrdered(lock: Lock): string {
  const doc = sortedKeys(withoutGivenFingerprints(lock)) as Ordered;
  const collections = doc.get('collections');
  if (collections instanceof Ordered) {
    for (const [id, c] of collections.entries) {
      const original = lock.collections[id]?.modes;
      if (c instanceof Ordered && original) {
        const modes = new Ordered();
        for (const [modeId, name] of Object.entries(original)) modes.set(modeId, name);
        c.set('modes', modes as Json);
      }
    }
  }
  return toJsonText(doc);
}

/**
 * The lock as written (`withoutGivenFingerprints`), as plain objects whose keys are inserted sorted,
 * so `JSON.stringify(…, null, 2)` writes the same text as the ordered tree above; undefined when a
 * plain object would not keep that order (an integer-like key, which every plain object lists first,
 * or a `__proto__` key: a mode or collection named so) or a number JSON cannot hold: the ordered tree
 * then writes it, or refuses it, as before. One pass, with no `Ordered` tree and no second copy into
 * plain objects (docs/benchmarks.md "No-op pull and push, and the initial push: the service and the
 * lock (fifth round)").
 */
function sortedPlain(lock: Lock): Record<string, unknown> | undefined {
  const doc: Record<string, unknown> = {};
  const record = lock as unknown as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    const copy =
      key === 'collections'
        ? writtenCollections(lock.collections)
        : key === 'variables'
          ? writtenVariables(lock.variables)
          : sortedCopy(record[key]);
    if (copy === undefined) return undefined;
    doc[key] = copy;
  }
  return doc;
}

function writtenCollections(collections: Lock['collections']): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const id of Object.keys(collections).sort()) {
    const c = collections[id]!;
    const copy = plainKey(id) ? (sortedCopy(c) as Record<string, unknown> | undefined) : undefined;
    if (copy === undefined) return undefined;
    if (c.modes !== undefined) {
      // `modes` keeps the collection's mode order (model/lock.ts), not sorted; its place is sorted.
      const modes: Record<string, string> = {};
      for (const modeId in c.modes) {
        if (!plainKey(modeId)) return undefined;
        modes[modeId] = c.modes[modeId]!;
      }
      copy['modes'] = modes;
    }
    out[id] = copy;
  }
  return out;
}

/** Each variable as written: a value fingerprint that `base.values` gives is left out (see above). */
function writtenVariables(variables: Lock['variables']): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const id of Object.keys(variables).sort()) {
    const v = variables[id]!;
    if (!plainKey(id)) return undefined;
    const direct = directVariable(v);
    if (direct !== undefined) {
      out[id] = direct;
      continue;
    }
    const texts = v.base?.values;
    let entry: unknown = v;
    if (texts) {
      const values: Record<string, string> = {};
      const kept: Record<string, string> = {};
      let anyKept = false;
      for (const mode in v.fields.values) {
        const fp = v.fields.values[mode]!;
        const text = texts[mode];
        if (text !== undefined && fingerprint(text) === fp) {
          kept[mode] = text;
          anyKept = true;
        } else values[mode] = fp;
      }
      const { values: _, ...rest } = v.base!;
      const base = anyKept ? { ...rest, values: kept } : rest;
      entry = { ...v, base: Object.keys(base).length > 0 ? base : undefined, fields: { ...v.fields, values } };
    }
    const copy = plainKey(id) ? sortedCopy(entry) : undefined;
    if (copy === undefined) return undefined;
    out[id] = copy;
  }
  return out;
}

/**
 * A variable as `writtenVariables` writes it, built in its written key order with no spread copies and
 * no generic sorted copy (docs/benchmarks.md "The pull's writers (ninth round)"): for the entries
 * `nextLock` makes, whose keys are the known ones, each defined and a string where a string belongs.
 * Undefined for any other entry, which the general copy writes. Records already in key order (the
 * values and their texts, as `nextLock` sorts them) are written as they are, not copied.
 */
function directVariable(v: LockVariable): Record<string, unknown> | undefined {
  if (!knownKeys(v, VARIABLE_KEYS) || !knownKeys(v.fields, FIELD_KEYS)) return undefined;
  const { base, fields } = v;
  if (base !== undefined && !knownKeys(base, BASE_KEYS)) return undefined;
  let values: Record<string, string> = fields.values;
  let kept: Record<string, string> | undefined;
  const texts = base?.values;
  if (texts !== undefined) {
    values = {};
    for (const mode in fields.values) {
      if (!plainKey(mode)) return undefined;
      const fp = fields.values[mode]!;
      const text = texts[mode];
      if (text !== undefined && fingerprint(text) === fp) (kept ??= {})[mode] = text;
      else values[mode] = fp;
    }
  }
  const written = inOrder(values);
  if (written === undefined) return undefined;
  const out: Record<string, unknown> = {};
  // A base with texts goes when nothing of it is left; one without (even empty) is written as it is.
  const keptBase =
    base !== undefined &&
    (texts === undefined ||
      kept !== undefined ||
      base.description !== undefined ||
      base.meta !== undefined ||
      base.scopes !== undefined);
  if (keptBase) {
    const b: Record<string, unknown> = {};
    if (base.description !== undefined) b['description'] = base.description;
    if (base.meta !== undefined) b['meta'] = base.meta;
    if (base.scopes !== undefined) b['scopes'] = base.scopes;
    if (kept !== undefined) {
      kept = inOrder(kept);
      if (kept === undefined) return undefined;
      b['values'] = kept;
    }
    out['base'] = b;
  }
  out['collectionId'] = v.collectionId;
  const f: Record<string, unknown> = { description: fields.description };
  if (fields.meta !== undefined) f['meta'] = fields.meta;
  if (fields.overrides !== undefined) {
    const overrides = sortedCopy(fields.overrides);
    if (overrides === undefined) return undefined;
    f['overrides'] = overrides;
  }
  f['scopes'] = fields.scopes;
  f['type'] = fields.type;
  f['values'] = written;
  out['fields'] = f;
  if (v.key !== undefined) out['key'] = v.key;
  out['name'] = v.name;
  return out;
}

/** The keys of each part of a variable `directVariable` writes, and whether the key holds a string. */
const VARIABLE_KEYS: Record<string, boolean> = {
  base: false,
  collectionId: true,
  fields: false,
  key: true,
  name: true,
};
const FIELD_KEYS: Record<string, boolean> = {
  description: true,
  meta: true,
  overrides: false,
  scopes: true,
  type: true,
  values: false,
};
const BASE_KEYS: Record<string, boolean> = { description: true, meta: true, scopes: true, values: false };

/** Every own key is one of `known`, defined, and a string where `known` says so; objects are records. */
function knownKeys(value: object, known: Record<string, boolean>): boolean {
  if (Array.isArray(value)) return false;
  for (const k in value) {
    if (!Object.hasOwn(known, k) || !Object.hasOwn(value, k)) return false;
    const v = (value as Record<string, unknown>)[k];
    if (known[k] ? typeof v !== 'string' : typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  }
  return true;
}

/**
 * A record of strings as `sortedCopy` writes it: itself when its keys are already in order, else a
 * sorted copy; undefined when a key cannot keep its place or a value is not a string.
 */
function inOrder(record: Record<string, string>): Record<string, string> | undefined {
  let last: string | undefined;
  let sorted = true;
  for (const k in record) {
    if (!Object.hasOwn(record, k) || typeof record[k] !== 'string' || !plainKey(k)) return undefined;
    if (last !== undefined && !(last < k)) sorted = false;
    last = k;
  }
  if (sorted) return record;
  const out: Record<string, string> = {};
  for (const k of Object.keys(record).sort()) out[k] = record[k]!;
  return out;
}

/**
 * `sortedKeys` into plain objects: every object's keys inserted sorted, undefined entries left out;
 * undefined when a key would not keep its place (`plainKey`) or a number is not finite.
 */
function sortedCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' && !Number.isFinite(value) ? undefined : value;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const copy = sortedCopy(item);
      if (copy === undefined && item !== undefined) return undefined;
      out.push(copy);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    const copy = plainKey(key) ? sortedCopy(v) : undefined;
    if (copy === undefined) return undefined;
    out[key] = copy;
  }
  return out;
}

/** A key a plain object keeps in insertion order, with no special meaning: not integer-like, not `__proto__`. */
function plainKey(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first >= 48 && first <= 57 && /^(?:0|[1-9]\d*)$/.test(key)) return false;
  return key !== '__proto__';
}
