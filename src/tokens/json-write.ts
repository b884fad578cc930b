/**
 * Deterministic JSON text (DESIGN.md "Output is deterministic: stable key order, 2-space indent,
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
  return `${write(value, '')}\n`;
}

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

/** A parsed tree as ordered JSON, so a rewrite keeps the file's key order. */
export function fromJsonNode(node: JsonNode): Json {
  switch (node.type) {
    case 'object': {
      const o = new Ordered();
      for (const e of node.entries) o.set(e.key, fromJsonNode(e.value));
      return o;
    }
    case 'array':
      return node.items.map(fromJsonNode);
    default:
      return node.value;
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
