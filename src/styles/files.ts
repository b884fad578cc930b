/**
 * Style tokens to their files (docs/styles.md "The files"): one DTCG file per style type,
 * the style's `/` segments as groups under the type's top-level group. Deterministic (same styles,
 * same bytes) and in the list's order, so a no-op pull changes no byte.
 *
 * Each token carries `$type`, `$value`, `$description` when non-empty, and
 * `$extensions["dev.tokensync"]` with `owner: "design"` (what tells a reader the token is pulled,
 * never pushed) plus what DTCG cannot say (a gradient's kind and angle, italic, names of bound
 * variables that could not be references). A grid style is a group with `$description` and
 * `$extensions["dev.tokensync"].layoutGrids`: DTCG has no grid type, and a group's `$extensions` is
 * the format's place for data tools agree on (format §6.2 "Groups", §5.2.3 "$extensions").
 */
import type { StylesConfig } from '../config/schema.js';
import type { Alias } from '../model/types.js';
import { invalidNameReason } from '../model/names.js';
import { Ordered, toJsonText, type Json } from '../tokens/json-write.js';
import { TYPE_MODULES } from '../types/index.js';
import type { StyleType } from './figma-nodes.js';
import type { Mapped, PublishedStyle } from './map.js';

export const FORMAT_SCHEMA = 'https://www.designtokens.org/schemas/2025.10/format.json';
import { EXTENSION } from '../model/extension.js';

export { EXTENSION };

const CONFIG_KEY: Record<StyleType, 'text' | 'effect' | 'fill' | 'grid'> = {
  TEXT: 'text',
  EFFECT: 'effect',
  FILL: 'fill',
  GRID: 'grid',
};

/** Set name and collection name of each style type in the resolver document. */
export const STYLE_SETS: Record<StyleType, { set: string; collection: string }> = {
  TEXT: { set: 'text-styles', collection: 'text styles' },
  EFFECT: { set: 'effect-styles', collection: 'effect styles' },
  FILL: { set: 'paint-styles', collection: 'paint styles' },
  GRID: { set: 'grid-styles', collection: 'grid styles' },
};

/** Every configured style file (relative to the tokens folder), whether or not it exists. */
export function styleFilesOf(config: StylesConfig): Set<string> {
  return new Set([config.text.file, config.effect.file, config.fill.file, config.grid.file]);
}

export function targetOf(config: StylesConfig, type: StyleType): { file: string; group: string } {
  return config[CONFIG_KEY[type]];
}

/** The token path of a style: the type's group, then the name's `/` segments (trimmed). */
export function stylePath(config: StylesConfig, style: Pick<PublishedStyle, 'name' | 'styleType'>): string[] {
  const group = targetOf(config, style.styleType).group;
  const segs = style.name.split('/').map((s) => s.trim());
  return group === '' ? segs : [group, ...segs];
}

export interface RenderedStyles {
  /** File (relative to the tokens folder) -> text, for every style type that has a style. */
  files: Map<string, string>;
  /** Per style key: the token path and the fingerprint of its JSON (what the lock keeps). */
  placed: Map<string, { path: string[]; file: string; json: string }>;
  /** Styles that could not be written, with why. */
  skipped: { style: PublishedStyle; reason: string }[];
}

/**
 * `ref` writes a reference as the token files spell it (`{font.body}`); the caller knows the
 * namespace and the collections' slugs.
 */
export function renderStyleFiles(
  mapped: readonly Mapped[],
  config: StylesConfig,
  ref: (a: Alias) => string,
): RenderedStyles {
  const trees = new Map<string, Ordered>();
  const placed: RenderedStyles['placed'] = new Map();
  const skipped: RenderedStyles['skipped'] = [];
  const occupied = new Map<string, string>(); // file + path -> style name, to refuse clashes
  for (const m of mapped) {
    if (m.kind === 'skipped') {
      skipped.push({ style: m.style, reason: m.reason });
      continue;
    }
    const { file } = targetOf(config, m.style.styleType);
    const segs = stylePath(config, m.style);
    const bad = segs
      .map((s) => (s === '' ? 'it has an empty name segment' : invalidNameReason(s)))
      .find((r) => r !== undefined);
    if (bad) {
      skipped.push({
        style: m.style,
        reason: `its name cannot be a DTCG token path: ${bad}; rename it in the design file`,
      });
      continue;
    }
    // A token cannot also be a group, and two styles cannot share a path.
    const clash = [...Array(segs.length).keys()]
      .map((i) => `${file}\u0000${segs.slice(0, i + 1).join('\u0000')}`)
      .find((k) => occupied.has(k));
    const own = `${file}\u0000${segs.join('\u0000')}`;
    const under = [...occupied.keys()].find((k) => k.startsWith(`${own}\u0000`));
    if (clash !== undefined || under !== undefined) {
      skipped.push({
        style: m.style,
        reason: `its path ${segs.join('.')} clashes with style "${occupied.get(clash ?? under!)}"; rename one of them in the design file`,
      });
      continue;
    }
    occupied.set(own, m.style.name);

    let tree = trees.get(file);
    if (!tree) {
      tree = new Ordered().set('$schema', FORMAT_SCHEMA);
      trees.set(file, tree);
    }
    let group = tree;
    for (const s of segs.slice(0, -1)) {
      let next = group.get(s);
      if (!(next instanceof Ordered)) {
        next = new Ordered();
        group.set(s, next);
      }
      group = next;
    }
    const node = new Ordered();
    const ext = new Ordered().set('owner', 'design');
    for (const [k, v] of Object.entries(m.extension)) ext.set(k, v as Json);
    if (m.kind === 'token') {
      const encoded = TYPE_MODULES[m.type].encode(m.value as never, { ref }) as Json;
      node.set('$type', m.type).set('$value', encoded);
      if (m.style.description !== '') node.set('$description', m.style.description);
    } else if (m.style.description !== '') {
      node.set('$description', m.style.description);
    }
    node.set('$extensions', new Ordered().set(EXTENSION, ext));
    group.set(segs[segs.length - 1]!, node);
    placed.set(m.style.key, { path: segs, file, json: toJsonText(node) });
  }
  const files = new Map<string, string>();
  for (const [file, tree] of [...trees].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    files.set(file, toJsonText(tree));
  return { files, placed, skipped };
}
