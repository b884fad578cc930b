/**
 * Grid styles for the build (docs/styles.md "Grid styles"): DTCG has no grid type, so a grid style is a
 * group holding `$extensions["dev.tokensync"].layoutGrids`. Each grid's parts become design-owned
 * tokens of the types that can say them, under the group's path, so every platform builds them with
 * its own units and names: `grid/Layout/8 px grid/count` (number), `…/gutter`, `…/offset`,
 * `…/sectionSize` (dimension), `…/color` (color), `…/pattern`, `…/alignment` (string). A style with
 * several grids numbers them: `…/0/count`, `…/1/count`.
 */
import type { DtcgType, RepoToken } from '../model/dtcg.js';
import { typeModule } from '../types/index.js';

import { EXTENSION } from '../model/extension.js';

const FIELDS: [string, DtcgType][] = [
  ['pattern', 'string'],
  ['count', 'number'],
  ['alignment', 'string'],
  ['gutter', 'dimension'],
  ['offset', 'dimension'],
  ['sectionSize', 'dimension'],
  ['color', 'color'],
];

/** The tokens of every grid group under `node`; `problem` gets each part that does not parse. */
export function gridTokens(
  node: unknown,
  segs: string[],
  at: { collection: string; mode: string },
  problem: (segs: (string | number)[], message: string) => void,
  out: RepoToken[] = [],
): RepoToken[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node) || '$value' in node) return out;
  const o = node as Record<string, unknown>;
  const ours = (o['$extensions'] as Record<string, unknown> | undefined)?.[EXTENSION] as
    | Record<string, unknown>
    | undefined;
  const grids = ours?.['layoutGrids'];
  if (Array.isArray(grids)) {
    grids.forEach((g, i) => {
      if (typeof g !== 'object' || g === null) return;
      const base = grids.length === 1 ? segs : [...segs, String(i)];
      for (const [field, type] of FIELDS) {
        const raw = (g as Record<string, unknown>)[field];
        if (raw === undefined) continue;
        const jsonPath = ['$extensions', EXTENSION, 'layoutGrids', i, field];
        let bad = false;
        const value = typeModule(type)!.parse(raw, {
          ref: () => {
            bad = true;
            return undefined as never;
          },
          report: (_p, m) => {
            bad = true;
            problem([...segs, ...jsonPath], m);
          },
          warn: () => {},
        });
        if (bad || value === undefined) continue;
        out.push({
          collection: at.collection,
          name: [...base, field].join('/'),
          type,
          description: typeof o['$description'] === 'string' ? o['$description'] : '',
          values: { [at.mode]: value as never },
          owner: 'design',
        });
      }
    });
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('$')) gridTokens(v, [...segs, k], at, problem, out);
  return out;
}
