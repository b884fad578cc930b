/**
 * Edits a JSON text in place so that it holds a target value, changing only the bytes of what differs
 * (docs/token-files.md "How a pull edits your files"). Objects compare by key whatever their order,
 * arrays item by item, scalars by value, so a file another tool formatted (other indentation, key
 * order, one-line arrays, `1.0` for `1`) stays as it is where its content is the target's.
 *
 * Positions come from jsonc-parser's tree (json-tree.ts) and the edits are applied by its
 * `applyEdits`. The ranges of removals and insertions are computed here from that one tree rather
 * than by its `modify`, which re-parses the whole document for every edit (one parse of a 10k-token
 * file per changed token) and, asked to format, re-lays-out the neighbouring lines (`keepLines` off).
 * A removal takes its preceding comma and line with it; an insertion follows the indentation and line
 * endings of its neighbours; new content is laid out in the file's own indent unit and line ending,
 * with one-line arrays where the file writes arrays on one line.
 */
import { applyEdits, type Edit } from 'jsonc-parser';
import type { JsonNode } from './json-tree.js';
import { Ordered, type Json } from './json-write.js';

export interface TextStyle {
  /** One level of indentation: a tab or some spaces. */
  unit: string;
  eol: string;
  /** The file writes arrays of scalars on one line (`[1, 0, 0]`), as prettier and Biome do. */
  inlineArrays: boolean;
}

/** The indentation unit, line ending and array layout a text uses (tokensync's own by default). */
export function styleOf(text: string): TextStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)["}\]]/m.exec(text);
  const unit = indented ? (indented[1]!.startsWith('\t') ? '\t' : indented[1]!) : '  ';
  const inlineArrays = /\[[ \t]*[-\d"tfn][^\n\]]*\]/.test(text);
  return { unit, eol, inlineArrays };
}

/** The text edited to hold `target`; the very same string when it already does. */
export function patchJson(text: string, root: JsonNode, target: Json): string {
  const edits: Edit[] = [];
  patchNode({ text, style: styleOf(text), edits }, root, target);
  return edits.length === 0 ? text : applyEdits(text, edits);
}

interface Ctx {
  text: string;
  style: TextStyle;
  edits: Edit[];
}

function patchNode(ctx: Ctx, node: JsonNode, target: Json): void {
  if (isObject(target) && node.type === 'object') {
    patchObject(ctx, node, entriesOf(target));
    return;
  }
  if (Array.isArray(target) && node.type === 'array' && node.children?.length === target.length) {
    target.forEach((t, i) => {
      patchNode(ctx, node.children![i]!, t);
    });
    return;
  }
  if (target === null ? node.type === 'null' : typeof target !== 'object' && node.value === target) return;
  const oneLine = !ctx.text.slice(node.offset, node.offset + node.length).includes('\n');
  ctx.edits.push({
    offset: node.offset,
    length: node.length,
    content: render(ctx.style, target, indentAt(ctx.text, node.offset), oneLine && node.type !== 'object'),
  });
}

function patchObject(ctx: Ctx, node: JsonNode, target: [string, Json][]): void {
  const props = node.children ?? [];
  const wanted = new Map(target);
  // The last of duplicate keys is the one JSON.parse keeps; earlier ones go.
  const lastIndex = new Map<string, number>();
  props.forEach((p, i) => {
    lastIndex.set(p.children![0]!.value as string, i);
  });
  const kept = props.map((p, i) => {
    const k = p.children![0]!.value as string;
    return wanted.has(k) && lastIndex.get(k) === i;
  });
  if (!kept.some(Boolean)) {
    if (props.length > 0 || target.length > 0) replaceBody(ctx, node, target);
    return;
  }
  props.forEach((p, i) => {
    if (kept[i]) patchNode(ctx, p.children![1]!, wanted.get(p.children![0]!.value as string)!);
  });
  removeUnkept(ctx, props, kept);
  insertNew(ctx, node, props, kept, target);
}

/** Runs of removed properties, each with the comma and whitespace that joined it to its neighbour. */
function removeUnkept(ctx: Ctx, props: JsonNode[], kept: boolean[]): void {
  const end = (p: JsonNode) => p.offset + p.length;
  for (let i = 0; i < props.length; i++) {
    if (kept[i]) continue;
    let j = i;
    while (j + 1 < props.length && !kept[j + 1]) j++;
    // After a kept property: from its end (the comma) to the end of the run. A leading run: from the
    // first property to the next kept one, so that one takes the first one's place and indentation.
    if (i > 0) ctx.edits.push({ offset: end(props[i - 1]!), length: end(props[j]!) - end(props[i - 1]!), content: '' });
    else ctx.edits.push({ offset: props[0]!.offset, length: props[j + 1]!.offset - props[0]!.offset, content: '' });
    i = j;
  }
}

/** New keys go after the nearest key that precedes them in the target and stays, else first. */
function insertNew(ctx: Ctx, node: JsonNode, props: JsonNode[], kept: boolean[], target: [string, Json][]): void {
  const keptAt = new Map<string, JsonNode>();
  props.forEach((p, i) => {
    if (kept[i]) keptAt.set(p.children![0]!.value as string, p);
  });
  const firstKept = props[kept.indexOf(true)]!;
  const oneLine = !ctx.text.slice(node.offset, node.offset + node.length).includes('\n');
  const indent = oneLine ? '' : indentAt(ctx.text, firstKept.offset);
  const sep = oneLine ? ', ' : `,${ctx.style.eol}${indent}`;
  // A new property is laid out like the one it follows: on one line after a one-line object or array.
  const inlineAfter = (p: JsonNode) => {
    const v = p.children![1]!;
    return v.type !== 'object' && v.type !== 'array'
      ? oneLine
      : !ctx.text.slice(v.offset, v.offset + v.length).includes('\n');
  };
  let anchor: JsonNode | undefined;
  let pending: string[] = [];
  const prop = (k: string, v: Json) =>
    `${JSON.stringify(k)}: ${render(ctx.style, v, indent, inlineAfter(anchor ?? firstKept))}`;
  const flush = () => {
    if (pending.length === 0) return;
    if (anchor) ctx.edits.push({ offset: anchor.offset + anchor.length, length: 0, content: sep + pending.join(sep) });
    else ctx.edits.push({ offset: firstKept.offset, length: 0, content: pending.join(sep) + sep });
    pending = [];
  };
  for (const [k, v] of target) {
    const existing = keptAt.get(k);
    if (existing) {
      flush();
      anchor = existing;
    } else pending.push(prop(k, v));
  }
  flush();
}

/** An object whose properties all go (or that had none): its whole body written anew. */
function replaceBody(ctx: Ctx, node: JsonNode, target: [string, Json][]): void {
  const indent = indentAt(ctx.text, node.offset);
  const content = render(ctx.style, new Ordered(), indent, false);
  const body = target.length === 0 ? content : render(ctx.style, orderedOf(target), indent, false);
  ctx.edits.push({ offset: node.offset, length: node.length, content: body });
}

/** JSON text of a value at an indentation, in the file's style; `inline` keeps it on one line. */
export function render(style: TextStyle, value: Json, indent: string, inline = false): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const scalars = Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (inline || (scalars && style.inlineArrays))
      return `[${value.map((v) => render(style, v, '', true)).join(', ')}]`;
    const inner = indent + style.unit;
    const items = value.map((v) => inner + render(style, v, inner));
    return `[${style.eol}${items.join(`,${style.eol}`)}${style.eol}${indent}]`;
  }
  const entries = entriesOf(value);
  if (entries.length === 0) return '{}';
  if (inline) return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${render(style, v, '', true)}`).join(', ')} }`;
  const inner = indent + style.unit;
  const lines = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${render(style, v, inner)}`);
  return `{${style.eol}${lines.join(`,${style.eol}`)}${style.eol}${indent}}`;
}

/** The whitespace that starts the line holding an offset. */
function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

function isObject(v: Json): v is Ordered | { [key: string]: Json } {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function entriesOf(v: Ordered | { [key: string]: Json }): [string, Json][] {
  return v instanceof Ordered ? [...v.entries] : Object.entries(v);
}

function orderedOf(entries: [string, Json][]): Ordered {
  const o = new Ordered();
  for (const [k, v] of entries) o.set(k, v);
  return o;
}
