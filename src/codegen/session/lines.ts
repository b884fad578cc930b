/**
 * An output file as lines with their enclosing block (docs/architecture.md "Build", "Watch"): the
 * splice (splice.ts) finds a token's line in a whole file by the text of the line and the line that
 * opens its block, so `"500": 1` under `"blue": {` is told apart from the same line under `"red": {`.
 * A line opens a block when it ends with `{`, `[` or `(`, or is one XML or HTML start tag alone
 * (`<style name="x">`, not an empty element such as `<meta …>`), and closes one when it starts with
 * `}`, `]` or `)`, or is one end tag alone. A trailing comma is not part of a line's key: it says where the line sits among its
 * siblings, which a value edit does not change.
 */
export interface Lines {
  /**
   * The file's bytes (UTF-8), kept up to date by `replaceLines` with one copy rather than a join of
   * every line, and written as they are: encoding megabytes of text on every edit was most of a
   * rebuild's write (docs/benchmarks.md "Watch"). Once edited, a view of `store`.
   */
  bytes: Buffer;
  /**
   * Two buffers in turn (docs/benchmarks.md "Watch", fifth round): an edit copies the file from
   * `store` into `spare` and swaps them, so no buffer of the file's size is allocated per edit (at
   * 10k x 2, 11 MB per edit that only a full garbage collection frees). `spare` holds the bytes of
   * the build before the last one, which nothing keeps: the session keeps the last build only.
   */
  store?: Buffer | undefined;
  spare?: Buffer | undefined;
  lines: string[];
  /** Per line: where it starts in `bytes`. */
  start: Float64Array;
  /** Per line: the index of the line that opens its block, or -1 at the top level. */
  parent: Int32Array;
  /** `${parent}\u0001${key text}` -> the lines with that key, in file order. */
  index: Map<string, number[]>;
}

/** The key text of a line: without a trailing comma. */
export const keyText = (line: string): string => (line.endsWith(',') ? line.slice(0, -1) : line);

const VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i;
const START_TAG = /^\s*<([A-Za-z][\w:.-]*)(?:\s[^<>]*)?>\s*$/;

export function opens(line: string): boolean {
  if (/[{[(]\s*$/.test(line)) return true;
  const tag = START_TAG.exec(line);
  return tag !== null && !line.trimEnd().endsWith('/>') && !VOID.test(tag[1]!);
}

export const closes = (line: string): boolean => /^\s*(?:[}\])]|<\/[A-Za-z][\w:.-]*>\s*$)/.test(line);

export function parentsOf(lines: readonly string[]): Int32Array {
  const parent = new Int32Array(lines.length);
  const stack: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (closes(line)) stack.pop();
    parent[i] = stack.length > 0 ? stack[stack.length - 1]! : -1;
    if (opens(line)) stack.push(i);
  }
  return parent;
}

export const lineKey = (parent: number, line: string): string => `${parent}\u0001${keyText(line)}`;

export function indexLines(file: string | Uint8Array): Lines {
  const text = typeof file === 'string' ? file : Buffer.from(file).toString('utf8');
  const lines = text.split('\n');
  const parent = parentsOf(lines);
  const index = new Map<string, number[]>();
  const start = new Float64Array(lines.length);
  for (let i = 0, offset = 0; i < lines.length; i++) {
    start[i] = offset;
    offset += Buffer.byteLength(lines[i]!) + 1;
    const k = lineKey(parent[i]!, lines[i]!);
    const at = index.get(k);
    if (at) at.push(i);
    else index.set(k, [i]);
  }
  const bytes = typeof file === 'string' ? Buffer.from(file) : Buffer.from(file);
  return { bytes, store: bytes, lines, start, parent, index };
}

/**
 * Replaces lines (none a block's opening or closing line) and keeps the index current: the bytes
 * are copied once for all of them, and the offsets shifted in one pass.
 */
export function replaceLines(f: Lines, edit: readonly [number, string][]): void {
  const sorted = [...edit].sort((a, b) => a[0] - b[0]);
  const lengths = sorted.map(([, line]) => Buffer.byteLength(line));
  let size = f.bytes.length;
  for (let k = 0; k < sorted.length; k++) size += lengths[k]! - Buffer.byteLength(f.lines[sorted[k]![0]]!);
  // A spare a little larger than the file, so edits that lengthen it do not allocate again.
  let to = f.spare;
  if (to === undefined || to.length < size) to = Buffer.allocUnsafeSlow(size + (size >> 6) + 4096);
  const shift: [number, number][] = [];
  let from = 0;
  let pos = 0;
  let delta = 0;
  for (let k = 0; k < sorted.length; k++) {
    const [i, line] = sorted[k]!;
    const at = f.start[i]!;
    const old = Buffer.byteLength(f.lines[i]!);
    pos += f.bytes.copy(to, pos, from, at);
    pos += to.write(line, pos, 'utf8');
    from = at + old;
    delta += lengths[k]! - old;
    shift.push([i, delta]);
    reindex(f, i, line);
  }
  pos += f.bytes.copy(to, pos, from);
  // The file's first buffer has no slack: it is not kept as a spare, so both are allocated with it,
  // during the session's warm-up (watch-warm.ts) where it runs, not on a real edit.
  f.spare = f.store !== undefined && f.store.length > f.bytes.length ? f.store : undefined;
  f.store = to;
  f.bytes = to.subarray(0, pos);
  // Lines after the k-th edited line move by the sum of the deltas up to it.
  for (let k = 0; k < shift.length; k++) {
    const [i, d] = shift[k]!;
    const end = k + 1 < shift.length ? shift[k + 1]![0] : f.start.length - 1;
    if (d !== 0) for (let j = i + 1; j <= end; j++) f.start[j] = f.start[j]! + d;
  }
}

function reindex(f: Lines, i: number, line: string): void {
  const p = f.parent[i]!;
  const oldKey = lineKey(p, f.lines[i]!);
  const at = f.index.get(oldKey)!;
  at.splice(at.indexOf(i), 1);
  if (at.length === 0) f.index.delete(oldKey);
  f.lines[i] = line;
  const k = lineKey(p, line);
  const to = f.index.get(k);
  if (!to) f.index.set(k, [i]);
  else {
    // Kept in file order, so the n-th line with a key is found by rank (splice.ts).
    let j = to.length;
    while (j > 0 && to[j - 1]! > i) j--;
    to.splice(j, 0, i);
  }
}
