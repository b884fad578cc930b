/** Runs a type module's parse with a context that records references and problems. */
import type { DtcgType } from '../../src/model/dtcg.js';
import { typeModule, type ParseContext, type SubPath } from '../../src/types/index.js';

export interface Parsed {
  value: unknown;
  refs: { dotted: string; type: DtcgType; path: SubPath }[];
  errors: string[];
  warnings: string[];
}

export function parseAs(type: string, raw: unknown): Parsed {
  const refs: Parsed['refs'] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  const ctx: ParseContext = {
    ref: (dotted, t, path) => {
      refs.push({ dotted, type: t, path });
      return { alias: { collection: 'C', name: dotted.split('.').join('/') } };
    },
    report: (path, message) => errors.push(`${path.join('/')}: ${message}`),
    warn: (path, message) => warnings.push(`${path.join('/')}: ${message}`),
  };
  const mod = typeModule(type);
  if (!mod) throw new Error(`no module for ${type}`);
  const value = mod.parse(raw, ctx);
  if ((value === undefined) !== errors.length > 0) throw new Error(`${type}: parse returned ${String(value)} with ${errors.length} errors`);
  return { value, refs, errors, warnings };
}
