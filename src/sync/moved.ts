/**
 * What moved in the design file between two reads of it (docs/sync.md "Several writers"). A write is
 * planned against one read; the read taken immediately before the write is compared with it, and the
 * run re-plans when anything moved. Pure: two TokenSets in, the names of what differs out.
 *
 * Compared: every collection (by id, else name: its name and modes) and every variable (by id, else
 * collection and name: its name, collection and fields as the lock fingerprints them, overrides
 * included), plus what
 * appeared or disappeared. `ignore` names what this run itself created or wrote since the first read
 * (`collection` or `collection/variable`), so a run's own writes are never taken for someone else's.
 */
import { fingerprintFields } from '../model/lock.js';
import type { Collection, TokenSet, Variable } from '../model/types.js';

export interface MovedOptions {
  /** Collections (`name`) and variables (`collection/name`) this run created or wrote itself. */
  ignore?: ReadonlySet<string> | undefined;
  /** Match by name only (a plan's target against the service: new objects have no id yet). */
  byName?: boolean | undefined;
}

/** Names of what differs between `before` and `after`, sorted; empty when nothing moved. */
export function movedBetween(before: TokenSet, after: TokenSet, opts: MovedOptions = {}): string[] {
  const ignore = opts.ignore ?? new Set<string>();
  const out = new Set<string>();
  const ck = opts.byName ? (c: Collection) => `name:${c.name}` : colKey;
  const vk = opts.byName ? (v: Variable) => `name:${v.collection}\u0000${v.name}` : varKey;
  compare(before.collections, after.collections, ck, colShape, (c) => c.name, ignore, out);
  const label = (v: Variable): string => `${v.collection}/${v.name}`;
  if (opts.byName && before.variables.length === 0) appeared(after.variables, label, ignore, out);
  else compare(before.variables, after.variables, vk, varShape, label, ignore, out);
  return [...out].sort();
}

/**
 * `compare` against nothing, by name: every item appeared. Without the map of keys: the same labels,
 * since two items of one key (collection and name) have one label. An initial push asks this of its
 * 10k target variables for the labels of what it writes.
 */
function appeared<T>(after: T[], label: (x: T) => string, ignore: ReadonlySet<string>, out: Set<string>): void {
  for (const y of after) {
    const l = label(y);
    if (!ignore.has(l)) out.add(l);
  }
}

function compare<T>(
  before: T[],
  after: T[],
  key: (x: T) => string,
  shape: (x: T) => string,
  label: (x: T) => string,
  ignore: ReadonlySet<string>,
  out: Set<string>,
): void {
  const then = new Map(before.map((x) => [key(x), x]));
  const now = new Map(after.map((x) => [key(x), x]));
  for (const [k, x] of then) {
    const y = now.get(k);
    if (ignore.has(label(x)) || (y && ignore.has(label(y)))) continue;
    if (!y || shape(x) !== shape(y)) out.add(label(x));
  }
  for (const [k, y] of now) if (!then.has(k) && !ignore.has(label(y))) out.add(label(y));
}

const colKey = (c: Collection): string => c.id ?? `name:${c.name}`;
const colShape = (c: Collection): string =>
  JSON.stringify([c.name, c.defaultMode, c.modes.map((m) => m.name), c.parent ?? null]);
const varKey = (v: Variable): string => v.id ?? `name:${v.collection}\u0000${v.name}`;
/** Overrides count as fields, keyed by extension name (docs/overrides.md §6): an override write is a write of the variable. */
const varShape = (v: Variable): string =>
  JSON.stringify([
    v.collection,
    v.name,
    fingerprintFields(v, v.overrides ? new Map(Object.keys(v.overrides).map((k) => [k, k])) : undefined),
  ]);
