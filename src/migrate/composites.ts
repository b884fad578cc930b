/**
 * Tokens Studio's composite values into DTCG 2025.10 composites (docs/migration.md "Types"): a box
 * shadow (one layer or a list; `type: "innerShadow"` is `inset: true`), a typography (the five DTCG
 * properties; the rest kept in `$extensions`), a border. Sub-values that are references stay
 * references; a sub-value with math or an embedded reference goes through `sub` (resolved).
 */
import { type DtcgJson, color, dimension, fontFamily, fontWeight, isRef, ratio } from './values.js';

/** Converts one sub-value: a reference is kept, anything else converted (after math, by the caller). */
export type Sub = (v: unknown, convert: (x: unknown) => DtcgJson | undefined, what: string) => DtcgJson | undefined;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Composite {
  value: DtcgJson;
  /** Properties of the source the DTCG value has no place for, kept in `$extensions`. */
  extra?: Record<string, unknown>;
  notes: string[];
}

function shadowLayer(v: unknown, sub: Sub): DtcgJson | undefined {
  if (!isObj(v)) return undefined;
  const layer: { [k: string]: DtcgJson } = {};
  const parts: [string, unknown, (x: unknown) => DtcgJson | undefined][] = [
    ['color', v['color'], color],
    ['offsetX', v['x'] ?? v['offsetX'] ?? 0, dimension],
    ['offsetY', v['y'] ?? v['offsetY'] ?? 0, dimension],
    ['blur', v['blur'] ?? 0, dimension],
    ['spread', v['spread'] ?? 0, dimension],
  ];
  for (const [key, raw, conv] of parts) {
    const out = sub(raw, conv, `shadow ${key}`);
    if (out === undefined) return undefined;
    layer[key] = out;
  }
  if (v['type'] === 'innerShadow' || v['inset'] === true) layer['inset'] = true;
  return layer;
}

export function shadow(v: unknown, sub: Sub): Composite | undefined {
  if (isRef(v)) return { value: v, notes: [] };
  const layers = Array.isArray(v) ? v : [v];
  const out: DtcgJson[] = [];
  for (const l of layers) {
    const layer = isRef(l) ? l : shadowLayer(l, sub);
    if (layer === undefined) return undefined;
    out.push(layer);
  }
  return { value: Array.isArray(v) ? out : out[0]!, notes: [] };
}

const TYPO_EXTRA = ['paragraphSpacing', 'paragraphIndent', 'textCase', 'textDecoration'];

/** A line height: `150%` -> 1.5, `1.5` -> 1.5, `24px` -> 24 / font size when the font size is a px literal. */
function lineHeight(v: unknown, fontSize: DtcgJson | undefined): number | undefined {
  const r = ratio(v);
  if (r !== undefined && !(typeof v === 'string' && /px\s*$/.test(v))) return r;
  const px = dimension(v);
  if (isObj(px) && isObj(fontSize) && fontSize['unit'] === px['unit'] && Number(fontSize['value']) > 0)
    return Math.round((Number(px['value']) / Number(fontSize['value'])) * 1e4) / 1e4;
  return undefined;
}

export function typography(v: unknown, sub: Sub): Composite | undefined {
  if (isRef(v)) return { value: v, notes: [] };
  if (!isObj(v)) return undefined;
  const notes: string[] = [];
  const fontSize = sub(v['fontSize'], dimension, 'fontSize');
  const value: { [k: string]: DtcgJson } = {};
  const ff = sub(v['fontFamily'], fontFamily, 'fontFamily');
  const fw = sub(v['fontWeight'], fontWeight, 'fontWeight');
  let ls = v['letterSpacing'] === undefined ? undefined : sub(v['letterSpacing'], letterSpacing, 'letterSpacing');
  if (v['letterSpacing'] === undefined) {
    ls = { value: 0, unit: 'px' };
    notes.push('no letterSpacing: written as 0px (the design tool default)');
  }
  const lh = sub(v['lineHeight'], (x) => lineHeight(x, fontSize), 'lineHeight');
  if (ff === undefined || fontSize === undefined || fw === undefined || ls === undefined || lh === undefined)
    return undefined;
  Object.assign(value, { fontFamily: ff, fontSize, fontWeight: fw, letterSpacing: ls, lineHeight: lh });
  const extra: Record<string, unknown> = {};
  for (const k of Object.keys(v)) if (TYPO_EXTRA.includes(k) || !(k in value)) extra[k] = v[k];
  for (const k of Object.keys(value)) delete extra[k];
  if (Object.keys(extra).length > 0) notes.push(`kept in $extensions: ${Object.keys(extra).join(', ')}`);
  return Object.keys(extra).length > 0 ? { value, extra, notes } : { value, notes };
}

/** Letter spacing: a dimension, or `0%` (zero in any unit is 0px); other percentages have no DTCG form. */
export function letterSpacing(v: unknown): DtcgJson | undefined {
  if (typeof v === 'string' && /^\s*[+-]?0*\.?0*\s*%\s*$/.test(v)) return { value: 0, unit: 'px' };
  return dimension(v);
}

export function border(v: unknown, sub: Sub): Composite | undefined {
  if (isRef(v)) return { value: v, notes: [] };
  if (!isObj(v)) return undefined;
  const c = sub(v['color'], color, 'border color');
  const w = sub(v['width'], dimension, 'border width');
  const style = typeof v['style'] === 'string' ? v['style'] : 'solid';
  if (c === undefined || w === undefined) return undefined;
  return { value: { color: c, width: w, style }, notes: [] };
}
