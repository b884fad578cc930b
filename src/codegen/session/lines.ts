/**
 * An output file as lines with their enclosing block (docs/architecture.md "Build", "Watch"): the
 * splice (splice.ts) finds a token's line in a whole file by the text of the line and the line that
 * opens its block, so `"500": 1` under `"blue": {` is told apart from the same line under `"red": {`.
 * A line opens a block when it ends with `{`, `[` or `(`, and closes one when it starts with `}`,
 * `]` or `)`. A trailing comma is not part of a line's key: it says where the line sits among its
 * siblings, which a value edit does not change.
 */
export interface Lines {
  lines: string[];
  /** Per line: the index of the line that opens its block, or -1 at the top level. */
  parent: Int32Array;
  /** `${parent}\u0001${key text}` -> the lines with that key, in file order. */
  index: Map<string, number[]>;
}

/** The key text of a line: without a trailing comma. */
export const keyText = (line: string): string => (line.endsWith(',') ? line.slice(0, -1) : line);

export const opens = (line: string): boolean => /[{[(]\s*$/.test(line);
const closes = (line: string): boolean => /^\s*[}\])]/.test(line);

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

export function indexLines(text: string): Lines {
  const lines = text.split('\n');
  const parent = parentsOf(lines);
  const index = new Map<string, number[]>();
  for (let i = 0; i < lines.length; i++) {
    const k = lineKey(parent[i]!, lines[i]!);
    const at = index.get(k);
    if (at) at.push(i);
    else index.set(k, [i]);
  }
  return { lines, parent, index };
}

/** Replaces line `i` (not a block's opening or closing line) and keeps the index current. */
export function replaceLine(f: Lines, i: number, line: string): void {
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
