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
  if ((value === undefined) !== errors.length > 0)
    throw new Error(`${type}: parse returned ${String(value)} with ${errors.length} errors`);
  return { value, refs, errors, warnings };
}

import { checkTokens, formatDiagnostic, readTokens } from '../../src/tokens/index.js';
import { config } from '../tokens/fixtures/model.js';
import { project } from '../tokens/helpers.js';

/** A tokens folder with these files (JSON values are stringified with 2-space indent). */
export async function tokensFolder(files: Record<string, unknown>): Promise<string> {
  const texts: Record<string, string> = {};
  for (const [f, v] of Object.entries(files)) texts[f] = typeof v === 'string' ? v : `${JSON.stringify(v, null, 2)}\n`;
  return project(texts, 'tokens');
}

/** Every diagnostic of a folder, formatted as `check` prints it ('' when clean). */
export async function diagnose(files: Record<string, unknown>): Promise<string> {
  return (await checkTokens(await tokensFolder(files), config)).map(formatDiagnostic).join('\n');
}

/** The model of a folder that must be clean. */
export async function model(files: Record<string, unknown>) {
  const root = await tokensFolder(files);
  const problems = (await checkTokens(root, config)).filter((d) => d.severity === 'error');
  if (problems.length > 0) throw new Error(problems.map(formatDiagnostic).join('\n'));
  return (await readTokens(root, config)).set;
}
