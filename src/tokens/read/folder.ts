/**
 * What the tokens folder holds besides the files tokensync reads (docs/token-files.md "Files tokensync
 * does not read"). A folder with no token file must never pass as "0 tokens: no problems": a misspelt
 * `tokens.dir`, an empty folder, `*.json` token files (the Style Dictionary habit, or DTCG files
 * without the `.tokens.json` suffix) and a Tokens Studio repository (`$themes.json`, `$metadata.json`)
 * are each named, with the fix. With no token file at all these are errors; beside token files that
 * are read they are warnings (the files are ignored, and said to be).
 *
 * Only the work tree is looked at, and only `*.json` files that are not tokensync's own; a file is
 * parsed only when it is not a token file, so the `check` path pays nothing for a clean folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../errors.js';

/** Files of the tokens folder that tokensync writes or reads itself. */
const OWN = /(^|\/)(tokens\.resolver\.json|sync\.lock\.json|styles\.lock\.json|sync\.journal\.json)$|\.tokens\.json$/;
const STUDIO = /(^|\/)\$(themes|metadata)\.json$/;
/** Larger files are not opened to guess what they hold. */
const MAX_BYTES = 8 * 1024 * 1024;

export type JsonKind = 'dtcg' | 'legacy' | 'studio' | 'other';

/** Where the folder is: the project root, `tokens.dir` as configured, and the config file for positions. */
export interface FolderPlace {
  root: string;
  dir: string;
  configFile?: string;
}

/** What a JSON document holding tokens looks like: DTCG (`$value`) or the legacy `value`/`type` form. */
export function tokenKind(json: unknown, depth = 0): JsonKind {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || depth > 12) return 'other';
  const obj = json as Record<string, unknown>;
  if ('$value' in obj) return 'dtcg';
  if ('value' in obj && (typeof obj['type'] === 'string' || typeof obj['value'] !== 'object')) return 'legacy';
  let found: JsonKind = 'other';
  for (const v of Object.values(obj)) {
    const k = tokenKind(v, depth + 1);
    if (k === 'dtcg') return k;
    if (k === 'legacy') found = k;
  }
  return found;
}

/**
 * Every entry under the folder, `/`-separated. One synchronous listing: nothing runs beside it, and the
 * promise API's recursive walk is a thread-pool round trip per folder (docs/benchmarks.md "The cold
 * read, seventh round").
 */
function folderEntries(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.map((e) => String(e).split(path.sep).join('/'));
}

/** `*.json` files under the folder that tokensync does not read, with what each looks like. */
async function strayJson(dir: string, entries: string[]): Promise<{ file: string; kind: JsonKind }[]> {
  const out: { file: string; kind: JsonKind }[] = [];
  for (const file of entries
    .filter((e) => e.endsWith('.json') && !OWN.test(e) && !e.includes('node_modules/'))
    .sort()) {
    if (STUDIO.test(file)) {
      out.push({ file, kind: 'studio' });
      continue;
    }
    const full = path.join(dir, file);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_BYTES) continue;
    let json: unknown;
    try {
      json = JSON.parse(await readFile(full, 'utf8'));
    } catch {
      continue; // not JSON: not a token file either
    }
    const kind = tokenKind(json);
    if (kind !== 'other') out.push({ file, kind });
  }
  return out;
}

const TOKEN_DOCS = 'docs/token-files.md "Files tokensync does not read"';

function finding(severity: Diagnostic['severity'], file: string, message: string, hint: string): Diagnostic {
  return { severity, file, line: 1, column: 1, message, hint };
}

/**
 * Problems of the folder itself. `empty`: nothing was read from it (no token file, no resolver
 * document), so each finding is an error; otherwise a warning about files that are ignored.
 */
export async function folderFindings(place: FolderPlace, empty: boolean): Promise<Diagnostic[]> {
  const full = path.resolve(place.root, place.dir);
  const shown = path.relative(place.root, full).split(path.sep).join('/') || '.';
  if (!existsSync(full)) return empty ? [missingDir(place, shown)] : [];
  const severity = empty ? 'error' : 'warning';
  const entries = folderEntries(full);
  const stray = await strayJson(full, entries);
  const out: Diagnostic[] = [];
  const studio = stray.filter((s) => s.kind === 'studio');
  if (studio.length > 0) {
    const sets = stray.filter((s) => s.kind !== 'studio').length;
    out.push(
      finding(
        severity,
        `${shown}/${studio[0]!.file}`,
        `this is a Tokens Studio repository (${studio.map((s) => s.file).join(', ')}${sets > 0 ? `, ${sets} token set file${sets === 1 ? '' : 's'}` : ''}); tokensync reads DTCG 2025.10 *.tokens.json files and a resolver document, so ${empty ? 'it read nothing' : 'these files are ignored'}`,
        `Move the folder aside (\`mv ${shown} ${shown}-legacy\`), then run \`tokensync import tokens-studio ${shown}-legacy\`: it writes the sets and themes into ${shown}/ as DTCG files and a resolver document (docs/migration.md).`,
      ),
    );
  }
  for (const s of stray) {
    if (s.kind === 'studio' || studio.length > 0) continue;
    const file = `${shown}/${s.file}`;
    const renamed = s.file.replace(/\.json$/, '.tokens.json');
    out.push(
      s.kind === 'dtcg'
        ? finding(
            severity,
            file,
            'this file holds DTCG tokens but is not named *.tokens.json, so tokensync does not read it',
            `Rename it to ${shown}/${renamed}.`,
          )
        : finding(
            severity,
            file,
            'this file holds tokens in the legacy Style Dictionary form ("value"/"type", no "$"), which tokensync does not read',
            `Move the folder aside (\`mv ${shown} ${shown}-legacy\`), then run \`tokensync import style-dictionary ${shown}-legacy\`: it writes DTCG 2025.10 files into ${shown}/ (docs/migration.md). Or rewrite them by hand as ${shown}/${renamed} (${TOKEN_DOCS}).`,
          ),
    );
  }
  if (empty && out.length === 0) out.push(nothingRead(shown, entries));
  return out;
}

/**
 * The folder gave no token: says what it does hold, so the message never claims that files present
 * are absent (a resolver document whose sets are empty, token files that hold only groups).
 */
function nothingRead(shown: string, entries: string[]): Diagnostic {
  const tokenFiles = entries.filter((e) => e.endsWith('.tokens.json') && !e.includes('node_modules/')).length;
  const resolver = entries.includes('tokens.resolver.json');
  if (tokenFiles === 0 && !resolver)
    return finding(
      'error',
      `${shown}/`,
      `no token files in ${shown}/: no *.tokens.json file and no tokens.resolver.json`,
      `Run \`tokensync pull\` to write the design file's variables here, add *.tokens.json files, or point config key "tokens.dir" at the folder that holds them.`,
    );
  const held = [
    ...(resolver ? ['tokens.resolver.json'] : []),
    ...(tokenFiles > 0 ? [`${tokenFiles} *.tokens.json file${tokenFiles === 1 ? '' : 's'}`] : []),
  ].join(' and ');
  return finding(
    'error',
    `${shown}/`,
    `no tokens in ${shown}/: ${held} ${(resolver ? 1 : 0) + tokenFiles > 1 ? 'hold' : 'holds'} no token that tokensync reads`,
    `Run \`tokensync pull\` to write the design file's variables here, or add tokens (a "$value" and a "$type") to *.tokens.json files${resolver ? ` that the sets of ${shown}/tokens.resolver.json name` : ''} (docs/token-files.md).`,
  );
}

/** `tokens.dir` names a folder that does not exist: placed at the key in the config when it is there. */
function missingDir(place: FolderPlace, shown: string): Diagnostic {
  let line = 1;
  let column = 1;
  let file = shown;
  if (place.configFile && existsSync(place.configFile)) {
    const text = readFileSync(place.configFile, 'utf8');
    const lines = text.split(/\r?\n/);
    const at = lines.findIndex((l) => /^\s+dir\s*:/.test(l));
    file = path.relative(place.root, place.configFile).split(path.sep).join('/');
    if (at >= 0) {
      line = at + 1;
      column = lines[at]!.indexOf('dir') + 1;
    }
  }
  return {
    severity: 'error',
    file,
    line,
    column,
    message: `config key "tokens.dir" is "${place.dir}", and ${shown}/ does not exist, so there are no tokens to check`,
    hint: 'Fix tokens.dir (relative to the project root), or run `tokensync pull` to create the folder from the design file.',
  };
}
