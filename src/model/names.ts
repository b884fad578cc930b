/**
 * Names of collections, modes and variables as they appear in the repository (docs/architecture.md "Files in the
 * repository": folder and file names are slugs; a variable's `/` segments are DTCG groups).
 * Pure; no I/O.
 */

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * A file-system and selector friendly form of a name: lower case ASCII letters, digits and `-`.
 * `Brand Colors` -> `brand-colors`, `Dark (HC)` -> `dark-hc`, `Ünïcode` -> `unicode`.
 * A name with no such characters becomes `x` so a folder name is never empty.
 */
export function slug(name: string): string {
  // ASCII has no decompositions: NFKD and the accent strip change nothing there (most names).
  const s = (isAscii(name) ? name : name.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s === '' ? 'x' : s;
}

/**
 * Slugs for names in order, made unique by appending `-2`, `-3`, ... to later duplicates, so two
 * collections named `Brand Colors` and `brand-colors` get separate folders. Deterministic for a given
 * order (the resolver document records the true names, so read() does not depend on the suffixes).
 */
export function uniqueSlugs(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = slug(name);
    let candidate = base;
    for (let i = 2; used.has(candidate); i++) candidate = `${base}-${i}`;
    used.add(candidate);
    return candidate;
  });
}

/** `color/brand/primary` -> `['color', 'brand', 'primary']`. */
export function nameSegments(name: string): string[] {
  return name.split('/');
}

/**
 * Why a variable name cannot be written as a DTCG token path, or undefined when it can. DTCG reserves
 * `.` (path separator), `{` `}` (alias syntax) and a leading `$` (properties); an empty segment would
 * make an unnamed group.
 */
export function invalidNameReason(name: string): string | undefined {
  for (const segment of nameSegments(name)) {
    if (segment === '') return 'it has an empty segment (a leading, trailing or double "/")';
    if (/[.{}]/.test(segment))
      return `its segment "${segment}" contains ".", "{" or "}", which DTCG reserves for paths and aliases`;
    if (segment.startsWith('$')) return `its segment "${segment}" starts with "$", which DTCG reserves for properties`;
  }
  return undefined;
}

/**
 * A path's name with each segment as written (the build's `keep` name style, docs/build.md "Names"),
 * joined by `-` for CSS, whose custom properties hold any letter, digit, `-` and `_`, or by `_` for
 * the identifiers of the other platforms (ASCII letters, digits and `_`). Other characters become the
 * separator.
 */
export function keepName(parts: readonly string[], css: boolean): string {
  const sep = css ? '-' : '_';
  const bad = css ? /[^\p{L}\p{N}_-]+/gu : /[^A-Za-z0-9_]+/g;
  return parts
    .map((p) => p.replace(bad, sep))
    .filter((p) => p !== '' && p !== sep)
    .join(sep);
}
