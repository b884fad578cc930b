/**
 * Names of collections, modes and variables as they appear in the repository (docs/architecture.md "Files in the
 * repository": folder and file names are slugs; a variable's `/` segments are DTCG groups).
 * Pure; no I/O.
 */

/**
 * A file-system and selector friendly form of a name: lower case ASCII letters, digits and `-`.
 * `Brand Colors` -> `brand-colors`, `Dark (HC)` -> `dark-hc`, `Ünïcode` -> `unicode`.
 * A name with no such characters becomes `x` so a folder name is never empty.
 */
export function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
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
