/**
 * A Tokens Studio repository, from its parsed JSON files (docs/migration.md "Tokens Studio"): single
 * file (`tokens.json` with the set names as top-level keys beside `$themes` and `$metadata`) or
 * multi-file (`$metadata.json` with `tokenSetOrder`, `$themes.json`, one JSON file per set, the set
 * name being its path without `.json`). A folder of plain token files without either is read as
 * one set per file. Pure: the caller reads the files.
 */
import { TokensyncError } from '../errors.js';
import { flattenTokens, type RawToken } from './raw-tokens.js';
import type { ReportLine } from './report.js';

export interface StudioSet {
  name: string;
  /** The file it came from, and the JSON key it sits under in a single-file repository. */
  file: string;
  under?: string;
  tokens: RawToken[];
}

export interface StudioTheme {
  name: string;
  group?: string;
  /** Set name -> `enabled` | `source` | `disabled`. */
  sets: Record<string, string>;
  figmaCollectionId?: string;
  figmaModeId?: string;
  /** Token path -> the design file's variable key. */
  variableReferences: Record<string, string>;
  /** Where it is: `$themes.json` and its index. */
  file: string;
  index: number;
}

export interface StudioRepo {
  /** In `tokenSetOrder`, then the sets it does not name. */
  sets: StudioSet[];
  /** Sets that exist but `tokenSetOrder` leaves out (Tokens Studio lists every set it loads). */
  unordered: StudioSet[];
  themes: StudioTheme[];
  notes: ReportLine[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readStudio(files: ReadonlyMap<string, unknown>): StudioRepo {
  refuseNestedRepository(files);
  const single = [...files].find(([, doc]) => isObj(doc) && ('$themes' in doc || '$metadata' in doc));
  if (single && !files.has('$metadata.json') && !files.has('$themes.json')) return readSingle(single[0], single[1]);
  const order = orderOf(files.get('$metadata.json'));
  const sets: StudioSet[] = [];
  for (const [file, doc] of files) {
    if (file.startsWith('$')) continue;
    sets.push({ name: file.replace(/\.json$/, '').replace(/\.tokens$/, ''), file, tokens: flattenTokens(doc) });
  }
  return arrange(sets, order, themesOf(files.get('$themes.json'), '$themes.json'));
}

/**
 * A folder whose Tokens Studio repository sits one or more folders down (the repository's root given
 * instead of its `tokens/`): read as plain files, its `$themes.json` and `$metadata.json` would become
 * token sets. Refused, naming the folder to import instead.
 */
function refuseNestedRepository(files: ReadonlyMap<string, unknown>): void {
  if (files.has('$themes.json') || files.has('$metadata.json')) return;
  const nested = [...files.keys()].find((f) => /(^|\/)\$(themes|metadata)\.json$/.test(f));
  if (nested === undefined) return;
  const folder = nested.slice(0, nested.lastIndexOf('/'));
  throw new TokensyncError(
    'IMPORT_STUDIO_NESTED',
    `${nested} is a Tokens Studio repository's own file, in ${folder}/ below the folder given: read from here, it would be imported as a token set.`,
    { hint: `Import the folder that holds it: \`tokensync import tokens-studio <the folder given>/${folder}\`.` },
  );
}

function readSingle(file: string, doc: unknown): StudioRepo {
  const root = doc as Record<string, unknown>;
  const sets: StudioSet[] = [];
  for (const [name, body] of Object.entries(root)) {
    if (name.startsWith('$')) continue;
    sets.push({ name, file, under: name, tokens: flattenTokens(body) });
  }
  return arrange(sets, orderOf(root['$metadata']), themesOf(root['$themes'], `${file} $themes`));
}

function orderOf(meta: unknown): string[] | undefined {
  const order = isObj(meta) ? meta['tokenSetOrder'] : undefined;
  return Array.isArray(order) ? order.filter((s): s is string => typeof s === 'string') : undefined;
}

function arrange(sets: StudioSet[], order: string[] | undefined, themes: StudioTheme[]): StudioRepo {
  const notes: ReportLine[] = [];
  if (!order) return { sets: sets.sort((a, b) => a.name.localeCompare(b.name)), unordered: [], themes, notes };
  const byName = new Map(sets.map((s) => [s.name, s]));
  const ordered: StudioSet[] = [];
  for (const name of order) {
    const s = byName.get(name);
    if (s) ordered.push(s);
    else
      notes.push({ file: '$metadata.json', path: 'tokenSetOrder', message: `names set "${name}", which has no file` });
  }
  const unordered = sets.filter((s) => !order.includes(s.name)).sort((a, b) => a.name.localeCompare(b.name));
  return { sets: ordered, unordered, themes, notes };
}

function themesOf(doc: unknown, file: string): StudioTheme[] {
  if (!Array.isArray(doc)) return [];
  return doc.filter(isObj).map((t, index) => {
    const theme: StudioTheme = {
      name: String(t['name'] ?? `theme ${index + 1}`),
      sets: isObj(t['selectedTokenSets']) ? (t['selectedTokenSets'] as Record<string, string>) : {},
      variableReferences: isObj(t['$figmaVariableReferences'])
        ? (t['$figmaVariableReferences'] as Record<string, string>)
        : {},
      file,
      index,
    };
    if (typeof t['group'] === 'string') theme.group = t['group'];
    if (typeof t['$figmaCollectionId'] === 'string') theme.figmaCollectionId = t['$figmaCollectionId'];
    if (typeof t['$figmaModeId'] === 'string') theme.figmaModeId = t['$figmaModeId'];
    return theme;
  });
}
