/**
 * One mode of an imported collection: the tokens of its enabled sets, merged in order, converted to
 * DTCG and laid into a document (docs/migration.md "Themes", "Types"). References resolve against
 * the mode's enabled and source sets, as Tokens Studio resolves them. A reference token takes its
 * target's `$type` (Tokens Studio lets a `text` token point at a `fontFamilies` one; DTCG does not).
 */
import { Ordered, type Json } from '../tokens/json-write.js';
import { type ConvertContext, type Converted, convertValue, needsEvaluation } from './convert.js';
import { type Evaluator, makeEvaluator, modifierOf } from './evaluate.js';
import type { ModePlan } from './layout.js';
import type { RawToken } from './raw-tokens.js';
import { type ImportReport, type ReportLine, countType } from './report.js';
import type { StudioSet } from './studio-repo.js';
import { IMPORT_EXTENSION, ModeTree, ordered } from './tree.js';
import { dtcgTypeOf, type Target, TYPE_MAP } from './types-map.js';
import { LOOSE } from './usage.js';
import { isColorObject, isRef } from './values.js';

export interface Placed {
  raw: RawToken;
  set: StudioSet;
}

/** Collects report lines once each, however many modes convert the same source token. */
export class Lines {
  private readonly seen = new Set<string>();
  constructor(private readonly report: ImportReport) {}
  add(kind: 'resolved' | 'needsPerson' | 'notes', line: ReportLine): void {
    const key = `${kind}\u0000${line.file}\u0000${line.path}\u0000${line.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.report[kind].push(line);
  }
  /** Whether this source token was counted already (counts are per source token, not per mode). */
  first(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

export function merge(sets: readonly StudioSet[], names: readonly string[]): Map<string, Placed> {
  const out = new Map<string, Placed>();
  for (const name of names) {
    const set = sets.find((s) => s.name === name);
    for (const raw of set?.tokens ?? []) out.set(raw.path.join('.'), { raw, set: set! });
  }
  return out;
}

export const jsonPathOf = (p: Placed): string => [...(p.set.under ? [p.set.under] : []), ...p.raw.path].join('.');

/** What the whole import knows beyond one mode: use types (./usage.ts), the default mode's descriptions. */
export interface ModeInputs {
  usages: Map<string, Target>;
  /** Token path -> the description its collection's default mode gives it. */
  descriptions?: Map<string, string | undefined>;
  /** Tokens other modes of the collection have and this one lacks: mode name -> its tokens (./fill.ts). */
  fill?: Map<string, Placed>;
}

export function convertMode(
  sets: readonly StudioSet[],
  mode: ModePlan,
  lines: Lines,
  report: ImportReport,
  inputs: ModeInputs,
): ModeTree {
  const scope = merge(sets, mode.scope);
  const evaluator = makeEvaluator((p) => scope.get(p)?.raw);
  const memo = new Map<string, Converted | undefined>();
  const convert = (p: string): Converted | undefined => {
    if (!memo.has(p)) memo.set(p, convertPlaced(scope, p, evaluator, inputs.usages.get(p)));
    return memo.get(p);
  };
  const tree = new ModeTree();
  const own = merge(sets, mode.sets);
  for (const [p, placed] of inputs.fill ?? []) {
    if (own.has(p)) continue;
    own.set(p, placed);
    if (!scope.has(p)) scope.set(p, placed);
    const where = { file: placed.set.file, path: jsonPathOf(placed) };
    lines.add('needsPerson', {
      ...where,
      message: `theme "${mode.name}" has no such token; its value from set "${placed.set.name}" is written in mode "${mode.name}" too (a variable has a value in every mode)`,
    });
  }
  for (const [p, placed] of own) {
    const where = { file: placed.set.file, path: jsonPathOf(placed) };
    const conv = convert(p);
    if (!conv) {
      tree.keep(placed.raw.path, ordered(originalOf(placed.raw)));
      const why = whyKept(placed.raw, scope);
      lines.add('needsPerson', {
        ...where,
        message: `${placed.raw.type ?? 'untyped'} ${JSON.stringify(placed.raw.value)} ${why}: kept in $extensions["${IMPORT_EXTENSION}"].kept of its group`,
      });
      if (lines.first(`count\u0000${where.file}\u0000${where.path}`))
        countType(report, placed.raw.type ?? 'untyped', 'kept');
      continue;
    }
    const type = isRef(placed.raw.value) ? (targetType(scope, p, convert) ?? conv.type) : conv.type;
    const raw = oneDescription(placed.raw, inputs.descriptions, (m) => lines.add('notes', { ...where, message: m }));
    if (!tree.add(placed.raw.path, tokenJson(raw, conv, type)))
      lines.add('needsPerson', { ...where, message: 'its path is also a group of other tokens: not written' });
    if (lines.first(`count\u0000${where.file}\u0000${where.path}`))
      countType(report, placed.raw.type ?? 'untyped', type);
    for (const [from, to] of conv.computed) lines.add('resolved', { ...where, message: `${from} = ${to}` });
    for (const n of conv.notes) lines.add('notes', { ...where, message: n });
    const dropped = extraColorKeys(placed.raw.value);
    if (dropped.length > 0)
      lines.add('notes', {
        ...where,
        message: `color value keys ${dropped.join(', ')} kept in $extensions["${IMPORT_EXTENSION}"].value`,
      });
  }
  return tree;
}

function convertPlaced(
  scope: Map<string, Placed>,
  p: string,
  evaluator: Evaluator,
  usedAs: Target | undefined,
): Converted | undefined {
  const raw = scope.get(p)?.raw;
  if (!raw) return undefined;
  const target = TYPE_MAP[raw.type ?? ''];
  if (!target || target === 'kept') return undefined;
  const ctx: ConvertContext = { evaluate: (text) => evaluator.evaluate(text) };
  if (usedAs && LOOSE.has(dtcgTypeOf(target)) && !LOOSE.has(dtcgTypeOf(usedAs)) && !isRef(raw.value)) {
    const conv = convertValue(raw.value, usedAs, ctx);
    if (conv) return { ...conv, notes: [...conv.notes, `written as ${conv.type}, the type a composite uses it as`] };
  }
  const mod = modifierOf(raw);
  if (mod && target === 'color') {
    const value = evaluator.literal(p);
    const conv = typeof value === 'string' ? convertValue(value, 'color', ctx) : undefined;
    if (conv) conv.computed.push([`${String(raw.value)} modified by ${JSON.stringify(mod)}`, value as string]);
    return conv;
  }
  return convertValue(raw.value, target, ctx);
}

/** The type of what a reference token finally points at, when that is known. */
function targetType(
  scope: Map<string, Placed>,
  p: string,
  convert: (p: string) => Converted | undefined,
): string | undefined {
  let at = p;
  for (let i = 0; i < 50; i++) {
    const v = scope.get(at)?.raw.value;
    if (!isRef(v)) return at === p ? undefined : convert(at)?.type;
    at = v.trim().slice(1, -1);
  }
  return undefined;
}

function originalOf(raw: RawToken): Record<string, unknown> {
  const o: Record<string, unknown> = { value: raw.value };
  if (raw.type !== undefined) o['type'] = raw.type;
  if (raw.description !== undefined) o['description'] = raw.description;
  if (raw.extensions) o['$extensions'] = raw.extensions;
  return { ...o, ...raw.extra };
}

function tokenJson(raw: RawToken, conv: Converted, type: string): Ordered {
  const tok = new Ordered().set('$type', type).set('$value', ordered(conv.value));
  if (raw.description) tok.set('$description', raw.description);
  const ext = new Ordered();
  for (const [k, v] of Object.entries(raw.extensions ?? {})) ext.set(k, ordered(v));
  const studio = raw.extensions?.['studio.tokens'];
  const mine = new Ordered();
  if (conv.computed.length > 0 || needsEvaluation(raw.value) || extraColorKeys(raw.value).length > 0)
    mine.set('value', ordered(raw.value));
  if (studio && typeof studio === 'object' && 'modify' in studio) {
    const { modify, ...rest } = studio as Record<string, unknown>;
    mine.set('modify', ordered(modify));
    if (Object.keys(rest).length > 0) ext.set('studio.tokens', ordered(rest));
    else ext.delete('studio.tokens');
  }
  for (const [k, v] of Object.entries({ ...conv.extra, ...raw.extra })) mine.set(k, ordered(v));
  if (mine.entries.size > 0) ext.set(IMPORT_EXTENSION, mine.set('type', raw.type ?? null) as Json);
  if (ext.entries.size > 0) tok.set('$extensions', ext);
  return tok;
}

const COLOR_KEYS = ['colorSpace', 'components', 'alpha', 'hex'];
/** Keys of a color object value that DTCG has no place for (Tokens Studio writes `description` there). */
function extraColorKeys(v: unknown): string[] {
  return isColorObject(v) ? Object.keys(v).filter((k) => !COLOR_KEYS.includes(k)) : [];
}

/** Why a token could not be converted: no DTCG type, a reference that does not resolve, or no DTCG form. */
function whyKept(raw: RawToken, scope: Map<string, Placed>): string {
  if (TYPE_MAP[raw.type ?? ''] === 'kept') return 'has no DTCG type';
  const text = JSON.stringify([raw.value, raw.extensions ?? null]);
  const missing = [...text.matchAll(/\{([^{}"]+)\}/g)].map((m) => m[1]!.trim()).filter((p) => !scope.has(p));
  if (missing.length > 0)
    return `references ${[...new Set(missing)].map((p) => `{${p}}`).join(', ')}, which no set of this theme defines`;
  return 'has no DTCG form';
}

/**
 * A variable has one description (docs/architecture.md "The model"): the default mode's. A mode whose
 * token says otherwise keeps its text in `$extensions`, with a note.
 */
function oneDescription(
  raw: RawToken,
  defaults: Map<string, string | undefined> | undefined,
  note: (m: string) => void,
): RawToken {
  const p = raw.path.join('.');
  if (!defaults?.has(p) || defaults.get(p) === raw.description) return raw;
  const out: RawToken = { ...raw, extra: { ...raw.extra, description: raw.description ?? '' } };
  const d = defaults.get(p);
  if (d === undefined) delete out.description;
  else out.description = d;
  note(
    `description ${JSON.stringify(raw.description ?? '')} differs from the default mode's ${JSON.stringify(d ?? '')}: the default mode's is written, this one kept in $extensions["${IMPORT_EXTENSION}"].description`,
  );
  return out;
}
