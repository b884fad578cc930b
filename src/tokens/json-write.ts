/**
 * Deterministic JSON text (docs/architecture.md "Output is deterministic: stable key order, 2-space indent,
 * trailing newline"). The layout is exactly `JSON.stringify(value, null, 2)` plus a newline, except
 * that `Ordered` objects keep their key order as given, including integer-like keys (`"100"`,
 * `"500"`) that a plain object would move to the front.
 */
import type { JsonNode } from './json-tree.js';

/** An object whose keys are written in insertion order. */
export class Ordered {
  readonly entries = new Map<string, Json>();
  set(key: string, value: Json): this {
    this.entries.set(key, value);
    return this;
  }
  get(key: string): Json | undefined {
    return this.entries.get(key);
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

export type Json = null | boolean | number | string | Json[] | Ordered | { [key: string]: Json };

export function toJsonText(value: Json): string {
  const marked = { any: false };
  let plain: unknown;
  try {
    plain = toPlain(value, marked);
  } catch (err) {
    if (err instanceof Ambiguous) return `${write(value, '')}\n`;
    throw err;
  }
  const text = JSON.stringify(plain, null, 2);
  return `${marked.any ? unmark(text) : text}\n`;
}

/**
 * The layout is V8's own `JSON.stringify(x, null, 2)` (a recursive writer in JavaScript was ~100 ms of
 * a pull at 10k variables x 2 modes, docs/sync.md "Performance"). Plain objects put integer-like keys
 * first, so such keys of an `Ordered` get a U+007F prefix here, which `unmark` removes again. U+007F
 * is one byte and needs no escape, so V8 stays on its fast path (U+0001, escaped as six characters,
 * made the stringify ~4x slower and its removal needed a regular expression over the whole text). A key
 * holding U+007F anywhere would be ambiguous: such a tree is written by the slow writer below.
 */
const MARK = '\u007f';
const INTEGER_LIKE = /^(?:0|[1-9]\d*)$/;
/** After `"` + MARK: an integer-like key and its `": ` (a string value never ends in `": `). */
const MARKED_REST = /(?:0|[1-9]\d*)": /y;

/** The text without the marks: each `"` + MARK that starts a marked key loses the MARK. */
function unmark(text: string): string {
  let out = '';
  let from = 0;
  for (let i = text.indexOf(`"${MARK}`); i >= 0; i = text.indexOf(`"${MARK}`, i + 2)) {
    MARKED_REST.lastIndex = i + 2;
    if (!MARKED_REST.test(text)) continue;
    out += text.slice(from, i + 1);
    from = i + 2;
  }
  return out + text.slice(from);
}

class Ambiguous extends Error {}

/**
 * For writers that build the plain tree themselves (render-plain.ts): `marked` records whether any key
 * got the mark. `plainKey` is the key as `toPlain` writes an `Ordered` key, `plainCopy` a value as
 * `toPlain` copies it, `setPlain` puts a key as `put` does, and `plainText` the text `toJsonText`
 * writes. Each throws what `toPlain` throws; `orUnmarkable` gives undefined where a key holds U+007F
 * (the general writer is then the one that can write it).
 */
export interface Marks {
  any: boolean;
}

export function plainKey(k: string, marked: Marks): string {
  if (k.includes(MARK)) throw new Ambiguous();
  const first = k.charCodeAt(0);
  if (first >= 48 && first <= 57 && INTEGER_LIKE.test(k)) {
    marked.any = true;
    return `${MARK}${k}`;
  }
  return k;
}

export function plainCopy(value: Json, marked: Marks): unknown {
  return toPlain(value, marked);
}

export function setPlain(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

export function plainText(plain: unknown, marked: Marks): string {
  const text = JSON.stringify(plain, null, 2);
  return `${marked.any ? unmark(text) : text}\n`;
}

export function orUnmarkable<T>(build: () => T): T | undefined {
  try {
    return build();
  } catch (err) {
    if (err instanceof Ambiguous) return undefined;
    throw err;
  }
}

function toPlain(value: Json, marked: { any: boolean }): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`cannot write ${value} as JSON`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => toPlain(v, marked));
  const out: Record<string, unknown> = {};
  // forEach: walking a Map's entries with for...of allocates a pair per key.
  if (value instanceof Ordered)
    value.entries.forEach((v, k) => {
      put(out, k, v, true, marked);
    });
  else for (const k of Object.keys(value)) put(out, k, value[k] as Json, false, marked);
  return out;
}

function put(out: Record<string, unknown>, k: string, v: Json, ordered: boolean, marked: { any: boolean }): void {
  if (k.includes(MARK)) throw new Ambiguous();
  let key = k;
  const first = k.charCodeAt(0);
  if (ordered && first >= 48 && first <= 57 && INTEGER_LIKE.test(k)) {
    key = `${MARK}${k}`;
    marked.any = true;
  }
  // A "__proto__" key must be a key like any other (as in JSON), not the prototype. (Objects
  // without a prototype would avoid this, but V8 stringifies them on its slow path.)
  if (key === '__proto__')
    Object.defineProperty(out, key, {
      value: toPlain(v, marked),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else out[key] = toPlain(v, marked);
}

/** The writer for trees the fast path cannot mark unambiguously (a key starting with U+0001). */
function write(value: Json, indent: string): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`cannot write ${value} as JSON`);
    return JSON.stringify(value);
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + write(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = value instanceof Ordered ? [...value.entries] : Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${write(v, inner)}`).join(',\n')}\n${indent}}`;
}

/** A parsed tree (json-tree.ts) as ordered JSON, so a rewrite keeps the file's key order. */
export function fromJsonNode(node: JsonNode): Json {
  switch (node.type) {
    case 'object': {
      const o = new Ordered();
      for (const p of node.children ?? []) {
        const [k, v] = p.children ?? [];
        if (k && v) o.set(k.value as string, fromJsonNode(v));
      }
      return o;
    }
    case 'array':
      return (node.children ?? []).map(fromJsonNode);
    default:
      return node.value as Json;
  }
}

/** Sorts object keys recursively (for files with no meaningful order, such as the lock). */
export function sortedKeys(value: unknown): Json {
  if (value === null || typeof value !== 'object') return value as Json;
  if (Array.isArray(value)) return value.map(sortedKeys);
  const o = new Ordered();
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) o.set(k, sortedKeys(v));
  }
  return o;
}

/** Plain JSON of a value (objects keep their key order, integer-like keys aside). */
export function plainJson(value: Json): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plainJson);
  const out: Record<string, unknown> = {};
  for (const [k, v] of value instanceof Ordered ? value.entries : Object.entries(value)) out[k] = plainJson(v);
  return out;
}

/** Equal as JSON data: objects by key whatever their order, arrays item by item. */
export function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]!));
  }
  const ea = new Map(a instanceof Ordered ? a.entries : Object.entries(a));
  const eb = new Map(b instanceof Ordered ? b.entries : Object.entries(b));
  if (ea.size !== eb.size) return false;
  for (const [k, v] of ea) if (!eb.has(k) || !jsonEqual(v, eb.get(k)!)) return false;
  return true;
}
