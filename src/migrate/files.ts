/**
 * The import's I/O (docs/migration.md "Where it writes"): every `*.json` file under the source folder,
 * parsed, with a parse error named by file, line and column; the output folder checked to be empty
 * or missing before anything is written (an import never overwrites); the files written atomically.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic.js';
import { findSyntaxError, lineColumn } from '../tokens/json-tree.js';

const SKIP_DIRS = new Set(['node_modules', '.git']);

/**
 * Relative path (with `/`) -> parsed JSON, for every `*.json` file under `dir`, in sorted order.
 * `shown` is how the folder is named in an error (relative to where the command runs).
 */
export async function readJsonTree(dir: string, shown: string): Promise<Map<string, unknown>> {
  if (!existsSync(dir))
    throw new TokensyncError('IMPORT_SOURCE_MISSING', `${shown}/ does not exist, so there is nothing to import.`, {
      hint: 'Give the folder that holds the token files: `tokensync import tokens-studio path/to/tokens`.',
    });
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.split('/').some((s) => SKIP_DIRS.has(s)))
    .sort();
  const out = new Map<string, unknown>();
  for (const rel of files) out.set(rel, parseJson(`${shown}/${rel}`, await readFile(path.join(dir, rel), 'utf8')));
  return out;
}

/**
 * The parsed file, or an error at the line and column of the first problem, in words of our own
 * (JSON.parse's message and its position differ between Node versions).
 */
function parseJson(file: string, text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body);
  } catch {
    const { offset, message } = findSyntaxError(body);
    const { line, column } = lineColumn(body, offset);
    const detail = message.replace(/^invalid JSON: /, '');
    throw new TokensyncError('IMPORT_JSON_INVALID', `${file}:${line}:${column}: not valid JSON: ${detail}.`, {
      hint: 'Fix the file (or remove it from the folder) and import again; nothing was written.',
    });
  }
}

/** Refuses an output folder that holds anything, before any file is written. */
export async function requireEmpty(outDir: string, shown: string): Promise<void> {
  if (!existsSync(outDir)) return;
  const entries = (await readdir(outDir)).filter((e) => e !== '.DS_Store');
  if (entries.length === 0) return;
  throw new TokensyncError(
    'IMPORT_TARGET_NOT_EMPTY',
    `${shown}/ already holds ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}); an import never overwrites, so nothing was written.`,
    {
      hint: `Import into an empty folder with --out DIR (and point config key "tokens.dir" at it), or move the old files out of ${shown}/ first (for example to legacy-tokens/) and import from there: \`tokensync import <tool> legacy-tokens\`.`,
    },
  );
}

export async function writeAll(outDir: string, files: ReadonlyMap<string, string>): Promise<void> {
  for (const [rel, text] of files) await writeFileAtomic(path.join(outDir, rel), text);
}
