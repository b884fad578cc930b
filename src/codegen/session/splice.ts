/**
 * A one-token edit applied to a whole output file without rendering it again (docs/architecture.md
 * "Build", "Watch"). The file is rendered twice from a small token set, the edited tokens and what
 * they reach (before and after the edit); the lines that differ are the edit. Each is found in the
 * whole file by its text and its block (lines.ts): the n-th line with a key in the small render is
 * the n-th line with that key in the whole file, and only when the two hold the key equally often,
 * so a line another token also prints is never taken for this one's. Anything else (a line added
 * or removed, a block's opening line changed, a key the whole file holds more or less often) is
 * not spliced: the caller renders that file whole.
 */
import { closes, keyText, lineKey, opens, parentsOf, replaceLines, type Lines } from './lines.js';

/** The whole file's lines to replace, or undefined when the edit cannot be placed with certainty. */
export function placeEdit(f: Lines, before: string, after: string): [number, string][] | undefined {
  if (before === after) return [];
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return undefined;
  const pa = parentsOf(a);
  const rank = new Int32Array(a.length);
  const count = new Map<string, number>();
  for (let j = 0; j < a.length; j++) {
    const k = lineKey(pa[j]!, a[j]!);
    const n = count.get(k) ?? 0;
    rank[j] = n;
    count.set(k, n + 1);
  }
  const memo = new Map<number, number | undefined>([[-1, -1]]);
  const place = (j: number): number | undefined => {
    if (memo.has(j)) return memo.get(j);
    const parent = place(pa[j]!);
    let at: number | undefined;
    if (parent !== undefined) {
      const inFile = f.index.get(lineKey(parent, a[j]!));
      if (inFile && inFile.length === count.get(lineKey(pa[j]!, a[j]!))) at = inFile[rank[j]!];
    }
    memo.set(j, at);
    return at;
  };
  const out: [number, string][] = [];
  for (let j = 0; j < a.length; j++) {
    if (a[j] === b[j]) continue;
    if (keyText(a[j]!) === keyText(b[j]!)) continue; // only its comma: where it sits in the small render
    if (opens(a[j]!) || opens(b[j]!) || closes(a[j]!) || closes(b[j]!)) return undefined;
    const i = place(j);
    if (i === undefined) return undefined;
    out.push([i, keyText(b[j]!) + (f.lines[i]!.endsWith(',') ? ',' : '')]);
  }
  return out;
}

/** Applies `placeEdit`'s lines to the file. */
export function applyEdit(f: Lines, edit: [number, string][]): void {
  replaceLines(f, edit);
}
