/**
 * Themes in a folder without a resolver document (docs/token-files.md "A folder without a resolver
 * document"). Files that define the same tokens (light/dark, one file per brand) are the modes of one
 * collection, not layers of one set where the last file wins. Pure: file names and parsed JSON in,
 * groups out; `tokensync init` writes them as resolver modifiers.
 *
 * The rule: files with exactly the same token paths (two or more) are one collection, a mode per
 * file. A file that shares some, but not all, of its paths with another cannot be told apart from an
 * override, so it is "unclear" and the user chooses (modes, or one merged set).
 */

import { splitModeExtension } from './mode-extension.js';

/** A token file as init sees it. */
export interface FolderFile {
  file: string;
  json: unknown;
}

export interface ThemeGroup {
  /** The collection's name: what the files have in common (their folder, or their file name). */
  collection: string;
  /**
   * Mode name -> file, in mode order; the first is the default. `over`: a context file merged over
   * `file` (a mode converted from `$extensions.mode`, mode-extension.ts).
   */
  modes: { name: string; file: string; over?: string }[];
}

export interface ThemeDetection {
  groups: ThemeGroup[];
  /** Files in no group (read as the folder's one set). */
  rest: string[];
  /** Files that share some tokens with another file but not all: each pair, with how many they share. */
  unclear: { a: string; b: string; shared: number; example: string }[];
  /** Files whose tokens carry `$extensions.mode` (Terrazzo 1 / Cobalt's per-token modes), with the mode names. */
  modeExtensions: { file: string; modes: string[] }[];
  /**
   * Files of `rest` whose `$extensions.mode` became modes (each is a group too): the context files
   * to write, and per mode how many tokens it holds (mode-extension.ts).
   */
  converted?: { file: string; files: Map<string, unknown>; counts: Map<string, number> }[];
}

/** Dotted paths of every token (an object with `$value`) in a document. */
export function tokenPaths(json: unknown, prefix = '', out: string[] = []): string[] {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return out;
  for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
    if (k.startsWith('$') || typeof v !== 'object' || v === null) continue;
    if ('$value' in v) out.push(prefix + k);
    else tokenPaths(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** Mode names used by `$extensions.mode` on any token of the document. */
function extensionModes(json: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || depth > 32) return out;
  const obj = json as Record<string, unknown>;
  const ext = obj['$extensions'];
  const mode = typeof ext === 'object' && ext !== null ? (ext as Record<string, unknown>)['mode'] : undefined;
  if ('$value' in obj && typeof mode === 'object' && mode !== null && !Array.isArray(mode))
    for (const m of Object.keys(mode)) out.add(m);
  for (const [k, v] of Object.entries(obj)) if (!k.startsWith('$')) extensionModes(v, out, depth + 1);
  return out;
}

const base = (file: string): string =>
  file
    .replace(/\.tokens\.json$/, '')
    .split('/')
    .pop()!;
const dirOf = (file: string): string => file.split('/').slice(0, -1).join('/');
/** Mode names that read as the default when they are among a group's files. */
const DEFAULTS = ['default', 'base', 'light', 'day', 'regular'];

/**
 * Names the modes of files with the same tokens: the file names when the files are siblings,
 * otherwise the first folder that differs (`light/colors`, `dark/colors`: light and dark).
 */
function groupOf(files: string[]): ThemeGroup {
  const split = files.map((f) => f.replace(/\.tokens\.json$/, '').split('/'));
  const sameDir = new Set(files.map(dirOf)).size === 1;
  let at = 0;
  if (!sameDir) while (split.every((s) => s[at] === split[0]![at])) at++;
  const names = split.map((s) => (sameDir ? s[s.length - 1]! : s[at]!));
  const unique = new Set(names).size === names.length ? names : files.map((f) => f.replace(/\.tokens\.json$/, ''));
  const modes = files.map((file, i) => ({ name: unique[i]!, file }));
  const first = modes.findIndex((m) => DEFAULTS.includes(m.name.toLowerCase()));
  if (first > 0) modes.unshift(...modes.splice(first, 1));
  const folder = dirOf(files[0]!).split('/');
  const collection = sameDir ? (folder[folder.length - 1] ?? '') || 'theme' : base(files[0]!);
  return { collection, modes };
}

export function detectThemes(files: FolderFile[]): ThemeDetection {
  const paths = new Map(files.map((f) => [f.file, tokenPaths(f.json)]));
  const byKey = new Map<string, string[]>();
  for (const f of files) {
    const p = paths.get(f.file)!;
    if (p.length === 0) continue;
    const key = [...p].sort().join('\n');
    byKey.set(key, [...(byKey.get(key) ?? []), f.file]);
  }
  const grouped = [...byKey.values()].filter((g) => g.length > 1);
  const inGroup = new Set(grouped.flat());
  const rest = files.map((f) => f.file).filter((f) => !inGroup.has(f));
  const unclear: ThemeDetection['unclear'] = [];
  for (let i = 0; i < files.length; i++) {
    for (let j = i + 1; j < files.length; j++) {
      const a = files[i]!.file;
      const b = files[j]!.file;
      if (inGroup.has(a) && inGroup.has(b)) continue;
      const other = new Set(paths.get(b));
      const shared = paths.get(a)!.filter((p) => other.has(p));
      if (shared.length > 0) unclear.push({ a, b, shared: shared.length, example: shared[0]! });
    }
  }
  const modeExtensions = files
    .map((f) => ({ file: f.file, modes: [...extensionModes(f.json)] }))
    .filter((m) => m.modes.length > 0);
  // A file of its own whose tokens carry modes in $extensions.mode: a collection with those modes.
  const groups = grouped.map(groupOf);
  const converted: NonNullable<ThemeDetection['converted']> = [];
  for (const f of files) {
    if (!rest.includes(f.file) || unclear.some((u) => u.a === f.file || u.b === f.file)) continue;
    const split = splitModeExtension(f.file, f.json);
    if (!split) continue;
    groups.push({ collection: split.collection, modes: split.modes });
    converted.push({ file: f.file, files: split.files, counts: split.counts });
  }
  const left = rest.filter((f) => !converted.some((c) => c.file === f));
  return {
    groups,
    rest: left,
    unclear,
    modeExtensions: modeExtensions.filter((m) => !converted.some((c) => c.file === m.file)),
    ...(converted.length > 0 ? { converted } : {}),
  };
}

/** The unclear files read as modes anyway (`init --themes modes`): overlapping files become one group each. */
export function unclearAsModes(d: ThemeDetection): ThemeDetection {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const unite = (a: string, b: string): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const g of d.groups) for (const m of g.modes) unite(m.file, g.modes[0]!.file);
  for (const { a, b } of d.unclear) unite(a, b);
  const clusters = new Map<string, string[]>();
  const members = new Set([
    ...d.groups.flatMap((g) => g.modes.map((m) => m.file)),
    ...d.unclear.flatMap((u) => [u.a, u.b]),
  ]);
  for (const f of [...members].sort()) clusters.set(find(f), [...(clusters.get(find(f)) ?? []), f]);
  return {
    groups: [...clusters.values()].map(groupOf),
    rest: d.rest.filter((f) => !members.has(f)),
    unclear: [],
    modeExtensions: d.modeExtensions,
    ...(d.converted ? { converted: d.converted } : {}),
  };
}

export interface OverridePair {
  earlier: string;
  later: string;
  paths: string[];
}

/**
 * A folder read without a resolver merges its files into one set. Where a later file redefines a
 * token of an earlier one, the earlier value is lost: never in silence. Collects `own` (one file's
 * tokens) into `out`, counting what each file overrides of which other file.
 */
export function mergeNoticing<T extends { file: string; dotted: string }>(
  out: Map<string, T>,
  own: Map<string, T>,
  overridden: Map<string, OverridePair>,
): void {
  for (const [name, t] of own) {
    const before = out.get(name);
    if (before && before.file !== t.file) {
      const key = `${before.file}\u0000${t.file}`;
      const entry = overridden.get(key) ?? { earlier: before.file, later: t.file, paths: [] };
      entry.paths.push(t.dotted);
      overridden.set(key, entry);
    }
    out.set(name, t);
  }
}

/**
 * A file read without a resolver whose tokens carry `$extensions.mode`: only `$value` is read, so
 * the other modes would not be built; `init --resolver` converts them (mode-extension.ts).
 */
export function modeExtensionWarning(
  file: string,
  json: unknown,
): { severity: 'warning'; file: string; offset: number; message: string; hint: string } | undefined {
  const modes = [...extensionModes(json)];
  if (modes.length === 0) return undefined;
  return {
    severity: 'warning',
    file,
    offset: 0,
    message: `its tokens give per-mode values in $extensions.mode (${modes.join(', ')}), as Terrazzo 1 and Cobalt write them; without a resolver document only "$value" is read, so the other modes are not built`,
    hint: 'Run `tokensync init --resolver`: it converts them into a collection with one mode each (a context file per mode beside this file) and reports what it converted.',
  };
}

/** One warning per pair of files, at the later one. */
export function overrideWarnings(
  overridden: Map<string, OverridePair>,
): { severity: 'warning'; file: string; offset: number; message: string; hint: string }[] {
  return [...overridden.values()].map(({ earlier, later, paths }) => ({
    severity: 'warning',
    file: later,
    offset: 0,
    message: `redefines ${paths.length} token(s) of ${earlier} (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}); without a resolver document the folder is one set, so ${later} wins and the values in ${earlier} are lost`,
    hint: `If the two are themes or brands, run \`tokensync init --resolver\` (it writes tokens.resolver.json with one mode per file); if ${later} overrides on purpose, write a resolver document that says so; otherwise remove the duplicates.`,
  }));
}
