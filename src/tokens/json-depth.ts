/**
 * Deep nesting is an error, not a stack overflow (a token file nested 3000 levels deep must not end in
 * "Maximum call stack size exceeded"). JSON.parse copes with any depth, but the walks over the parsed
 * tree recurse, so a file deeper than this limit is refused before them; the caller then reports it
 * as invalid JSON and json-tree.ts gives the position. One linear pass over char codes, strings
 * skipped (a few ms per MB).
 */
export const MAX_JSON_DEPTH = 512;

export function tooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  return deepAt(text, max) >= 0;
}

/** The offset of the first `{` or `[` nested deeper than `max`, or -1 when there is none. */
export function deepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, escapes included.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return i;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return -1;
}

/**
 * The first duplicate key of any object in `text` (JSON.parse silently keeps the
 * last of two equal keys, so the first value was lost without a word). One linear pass, strings
 * skipped; `offset` is the second occurrence. Undefined when there is none (or the text is not JSON:
 * the parser reports that).
 */
export function duplicateKey(text: string): { key: string; offset: number } | undefined {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let escaped = false;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        let key = text.slice(start + 1, i);
        if (escaped) {
          try {
            key = JSON.parse(text.slice(start, i + 1)) as string;
          } catch {
            return undefined;
          }
        }
        if (keys.has(key)) return { key, offset: start };
        keys.add(key);
        expectKey = false;
      }
    } else if (c === 0x7b) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 0x5b) {
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
  }
  return undefined;
}

/**
 * Both checks in one pass, for the `check` path (the budget): strings are skipped with
 * `indexOf`, and a key is only collected where an object expects one. Same answers as `tooDeep` and
 * `duplicateKey` (test/tokens/json-scan.test.ts compares them). With `integerKeys`, the offset of the
 * opening quote of every integer-like key is pushed to it, in text order (read/parse.ts marks them);
 * exact only when the scan finds the JSON neither too deep nor holding a duplicate key.
 */
export function scanJson(
  text: string,
  max = MAX_JSON_DEPTH,
  integerKeys?: number[],
): { tooDeep: boolean; duplicate: { key: string; offset: number } | undefined; reordered?: boolean } {
  // Keys seen per open object: a short array (most objects have a few keys), a Set past 16.
  const stack: (string[] | Set<string> | null)[] = [];
  let expectKey = false;
  let duplicate: { key: string; offset: number } | undefined;
  // With `integerKeys`: per open object, where its last integer-like key starts and ends (NONE, or
  // NAMED once an ordinary key came): see `keyOrder`.
  const intFrom: number[] = [];
  const intTo: number[] = [];
  let reordered = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let end = text.indexOf('"', i + 1);
      // A quote preceded by an odd number of backslashes is escaped: look further.
      for (;;) {
        if (end === -1) return { tooDeep: false, duplicate };
        let k = end - 1;
        while (text.charCodeAt(k) === 0x5c) k--;
        if ((end - 1 - k) % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
      if (expectKey && integerKeys) {
        const d = stack.length - 1;
        if (isIntegerKey(text, start + 1, end)) {
          integerKeys.push(start);
          if (!reordered) reordered = !integerInOrder(text, intFrom, intTo, d, start + 1, end);
        } else if (!reordered) {
          // An escaped key may be integer-like once unescaped (JSON.parse would move it): no verdict.
          if (hasBackslash(text, start + 1, end)) reordered = true;
          else intFrom[d] = NAMED;
        }
      }
      if (expectKey && duplicate === undefined) {
        const keys = stack[stack.length - 1];
        if (keys) {
          let key = text.slice(start + 1, end);
          if (key.includes('\\')) {
            try {
              key = JSON.parse(text.slice(start, end + 1)) as string;
            } catch {
              return { tooDeep: false, duplicate };
            }
          }
          if (Array.isArray(keys)) {
            if (keys.includes(key)) duplicate = { key, offset: start };
            else if (keys.length < 16) keys.push(key);
            else stack[stack.length - 1] = new Set([...keys, key]);
          } else if (keys.has(key)) duplicate = { key, offset: start };
          else keys.add(key);
        }
      }
      expectKey = false;
    } else if (c === 0x7b) {
      if (stack.length >= max) return { tooDeep: true, duplicate };
      stack.push(duplicate === undefined ? [] : null);
      intFrom[stack.length - 1] = NONE;
      expectKey = true;
    } else if (c === 0x5b) {
      if (stack.length >= max) return { tooDeep: true, duplicate };
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return integerKeys ? { tooDeep: false, duplicate, reordered } : { tooDeep: false, duplicate };
}

function hasBackslash(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === 0x5c) return true;
  return false;
}

const NONE = -2;
const NAMED = -1;

/**
 * `text[from, to)`, an integer-like key of the object at depth `d`, keeps JSON.parse's order: no
 * ordinary key before it and greater than the object's last integer-like key. JSON.parse lists
 * integer-like keys first, ascending; while every object is written so, its order is the written
 * order (read/parse.ts then needs no marks).
 */
function integerInOrder(
  text: string,
  intFrom: number[],
  intTo: number[],
  d: number,
  from: number,
  to: number,
): boolean {
  const last = intFrom[d]!;
  if (last === NAMED) return false;
  if (last !== NONE) {
    const lastLen = intTo[d]! - last;
    if (to - from < lastLen) return false;
    if (to - from === lastLen && text.slice(from, to) <= text.slice(last, last + lastLen)) return false;
  }
  intFrom[d] = from;
  intTo[d] = to;
  return true;
}

/** `text[from, to)` is an integer-like key (`0` or digits without a leading zero), which JSON.parse lists first. */
function isIntegerKey(text: string, from: number, to: number): boolean {
  if (to === from) return false;
  const first = text.charCodeAt(from);
  if (first === 0x30) return to === from + 1;
  if (first < 0x31 || first > 0x39) return false;
  for (let k = from + 1; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}
