/**
 * Deep nesting is an error, not a stack overflow (issue 11, item 7: a token file nested 3000 levels
 * deep ended in "Maximum call stack size exceeded"). JSON.parse copes with any depth, but the walks
 * over the parsed tree recurse, so a file deeper than json-tree.ts's limit is refused before them; the
 * caller then reports it as invalid JSON and json-tree.ts gives the position. One linear pass over
 * char codes, strings skipped (a few ms per MB).
 */
export const MAX_JSON_DEPTH = 512;

export function tooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
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
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
