/**
 * `tokens/styles.lock.json`: what the last pull of styles wrote, by style key. The key
 * is the style's identity, so a style renamed in the design file is recognised as a rename (its
 * token moves) rather than a deletion and an addition; each entry keeps the token's JSON
 * fingerprint, so a repository edit to a design-owned token is told apart from a design change.
 *
 * A file of its own beside sync.lock.json (the variables' base): styles are pulled, never pushed,
 * and have no 3-way merge, so they share none of that lock's fields or rules. Read leniently: a
 * missing or unreadable styles lock only loses rename and edit detection for one pull, which then
 * writes a fresh one.
 */
import { hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ordered, toJsonText } from '../tokens/json-write.js';
import { STYLE_TYPES, type StyleType } from './figma-nodes.js';

export const STYLES_LOCK_FILE = 'styles.lock.json';

export interface StyleLockEntry {
  name: string;
  type: StyleType;
  nodeId: string;
  /** The list's `updated_at` when pulled. */
  updatedAt: string;
  /** Where the token went (file relative to the tokens folder, path); empty when it was skipped. */
  file: string;
  path: string[];
  /** 12 hex digits of sha256 of the token's JSON text as written ('' when skipped). */
  fingerprint: string;
  /** Bound variable id -> the reference and type it was written as (`{font.body} fontFamily`). */
  variables: Record<string, string>;
  /** Why the style has no token, when it has none. */
  skipped?: string;
}

export interface StylesLock {
  version: 1;
  fileKey: string;
  /** Style file -> fingerprint of its whole text as written. */
  files: Record<string, string>;
  styles: Record<string, StyleLockEntry>;
}

export const fingerprintJson = (text: string): string => hash('sha256', text, 'hex').slice(0, 12);

function toEntry(x: unknown): StyleLockEntry | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const e = x as Record<string, unknown>;
  const str = (k: string): string | undefined => (typeof e[k] === 'string' ? (e[k] as string) : undefined);
  const vars = e['variables'];
  const name = str('name');
  const nodeId = str('nodeId');
  const updatedAt = str('updatedAt');
  const type = e['type'];
  if (
    name === undefined ||
    nodeId === undefined ||
    updatedAt === undefined ||
    !(STYLE_TYPES as readonly unknown[]).includes(type)
  )
    return undefined;
  if (typeof vars !== 'object' || vars === null || !Object.values(vars).every((v) => typeof v === 'string'))
    return undefined;
  const base = { name, type: type as StyleType, nodeId, updatedAt, variables: vars as Record<string, string> };
  const skipped = str('skipped');
  if (skipped !== undefined) return { ...base, file: '', path: [], fingerprint: '', skipped };
  const p = e['path'];
  const file = str('file');
  const fingerprint = str('fingerprint');
  if (file === undefined || fingerprint === undefined || !Array.isArray(p) || !p.every((s) => typeof s === 'string'))
    return undefined;
  return { ...base, file, path: p as string[], fingerprint };
}

export async function readStylesLock(tokensDir: string): Promise<StylesLock | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(tokensDir, STYLES_LOCK_FILE), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const styles = j['styles'];
    const files = j['files'];
    if (
      j['version'] !== 1 ||
      typeof j['fileKey'] !== 'string' ||
      typeof styles !== 'object' ||
      styles === null ||
      typeof files !== 'object' ||
      files === null
    )
      return undefined;
    const out: StylesLock = { version: 1, fileKey: j['fileKey'], files: {}, styles: {} };
    for (const [k, v] of Object.entries(files)) if (typeof v === 'string') out.files[k] = v;
    for (const [k, v] of Object.entries(styles)) {
      const entry = toEntry(v);
      if (entry) out.styles[k] = entry;
    }
    return out;
  } catch {
    return undefined;
  }
}

export function renderStylesLock(lock: StylesLock): string {
  const styles = new Ordered();
  for (const key of Object.keys(lock.styles).sort()) {
    const e = lock.styles[key]!;
    const vars = new Ordered();
    for (const id of Object.keys(e.variables).sort()) vars.set(id, e.variables[id]!);
    const entry = new Ordered()
      .set('name', e.name)
      .set('type', e.type)
      .set('nodeId', e.nodeId)
      .set('updatedAt', e.updatedAt);
    if (e.skipped !== undefined) entry.set('skipped', e.skipped);
    else entry.set('file', e.file).set('path', e.path).set('fingerprint', e.fingerprint);
    styles.set(key, entry.set('variables', vars));
  }
  const files = new Ordered();
  for (const f of Object.keys(lock.files).sort()) files.set(f, lock.files[f]!);
  return toJsonText(
    new Ordered().set('version', 1).set('fileKey', lock.fileKey).set('files', files).set('styles', styles),
  );
}
