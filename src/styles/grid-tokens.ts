/**
 * Grid styles for the build (docs/styles.md "Grid styles"): DTCG has no grid type, so a grid style is a
 * group holding `$extensions["dev.tokensync"].layoutGrids`. Each grid's parts become design-owned
 * tokens of the types that can say them, under the group's path, so every platform builds them with
 * its own units and names: `grid/Layout/8 px grid/count` (number), `…/gutter`, `…/offset`,
 * `…/sectionSize` (dimension), `…/color` (color), `…/pattern`, `…/alignment` (string). A style with
 * several grids numbers them: `…/0/count`, `…/1/count`.
 */
import type { DtcgType, RepoToken } from '../model/dtcg.js';
import type { Alias } from '../model/types.js';
import { typeModule } from '../types/index.js';

import { EXTENSION } from '../model/extension.js';

/** Each part, its DTCG type, and the `LayoutGrid.boundVariables` field that can bind it. */
const FIELDS: [string, DtcgType, string?][] = [
  ['pattern', 'string'],
  ['count', 'number', 'numSections'],
  ['alignment', 'string'],
  ['gutter', 'dimension', 'gutterSize'],
  ['offset', 'dimension', 'offset'],
  ['sectionSize', 'dimension', 'sectionSize'],
  ['color', 'color'],
];

/**
 * A variable named `collection/name` (as `boundVariables` in the grid group names it) with its DTCG
 * type, or undefined when the set has no such variable.
 */
export type BoundLookup = (named: string) => { alias: Alias; type: DtcgType } | undefined;

/**
 * The tokens of every grid group under `node`; `problem` gets each part that does not parse. A part
 * bound to a variable (`boundVariables["0.gutterSize"]`) is a reference to that variable's token when
 * the set holds it with the part's type, so the build writes `var(--…)` and the like rather than the
 * literal (docs/styles.md "Grid styles").
 */
export function gridTokens(
  node: unknown,
  segs: string[],
  at: { collection: string; mode: string },
  problem: (segs: (string | number)[], message: string) => void,
  out: RepoToken[] = [],
  bound: BoundLookup = () => undefined,
): RepoToken[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node) || '$value' in node) return out;
  const o = node as Record<string, unknown>;
  const ours = (o['$extensions'] as Record<string, unknown> | undefined)?.[EXTENSION] as
    | Record<string, unknown>
    | undefined;
  const grids = ours?.['layoutGrids'];
  const bindings = (ours?.['boundVariables'] ?? {}) as Record<string, unknown>;
  if (Array.isArray(grids)) {
    grids.forEach((g, i) => {
      if (typeof g !== 'object' || g === null) return;
      const base = grids.length === 1 ? segs : [...segs, String(i)];
      for (const [field, type, wire] of FIELDS) {
        const raw = (g as Record<string, unknown>)[field];
        if (raw === undefined) continue;
        const named = wire !== undefined ? bindings[`${i}.${wire}`] : undefined;
        const target = typeof named === 'string' ? bound(named) : undefined;
        if (target && target.type === type) {
          out.push(gridToken(o, at, [...base, field], type, target.alias));
          continue;
        }
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
        out.push(gridToken(o, at, [...base, field], type, value));
      }
    });
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('$')) gridTokens(v, [...segs, k], at, problem, out, bound);
  return out;
}

function gridToken(
  group: Record<string, unknown>,
  at: { collection: string; mode: string },
  segs: string[],
  type: DtcgType,
  value: unknown,
): RepoToken {
  return {
    collection: at.collection,
    name: segs.join('/'),
    type,
    description: typeof group['$description'] === 'string' ? group['$description'] : '',
    values: { [at.mode]: value as never },
    owner: 'design',
  };
}
