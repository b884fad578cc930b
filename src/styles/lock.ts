/**
 * `tokens/styles.lock.json` (issue 13): what the last pull of styles wrote, by style key. The key
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
  file: string;
  path: string[];
  /** 12 hex digits of sha256 of the token's JSON text as written. */
  fingerprint: string;
}

export interface StylesLock {
  version: 1;
  fileKey: string;
  styles: Record<string, StyleLockEntry>;
}

export const fingerprintJson = (text: string): string => hash('sha256', text, 'hex').slice(0, 12);

function isEntry(x: unknown): x is StyleLockEntry {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return (
    typeof e['name'] === 'string' &&
    (STYLE_TYPES as readonly unknown[]).includes(e['type']) &&
    typeof e['nodeId'] === 'string' &&
    typeof e['file'] === 'string' &&
    Array.isArray(e['path']) &&
    e['path'].every((s) => typeof s === 'string') &&
    typeof e['fingerprint'] === 'string'
  );
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
    if (j['version'] !== 1 || typeof j['fileKey'] !== 'string' || typeof styles !== 'object' || styles === null) return undefined;
    const out: StylesLock = { version: 1, fileKey: j['fileKey'], styles: {} };
    for (const [k, v] of Object.entries(styles)) if (isEntry(v)) out.styles[k] = v;
    return out;
  } catch {
    return undefined;
  }
}

export function renderStylesLock(lock: StylesLock): string {
  const styles = new Ordered();
  for (const key of Object.keys(lock.styles).sort()) {
    const e = lock.styles[key]!;
    styles.set(key, new Ordered().set('name', e.name).set('type', e.type).set('nodeId', e.nodeId).set('file', e.file).set('path', e.path).set('fingerprint', e.fingerprint));
  }
  return toJsonText(new Ordered().set('version', 1).set('fileKey', lock.fileKey).set('styles', styles));
}
