/**
 * Differential test against Terrazzo's resolver (`@terrazzo/parser`, its public `loadResolver` and
 * `Resolver.apply`): on every document of documents.ts, every token's resolved value in every input
 * (Terrazzo's `listPermutations`) is the one tokensync's model gives (src/codegen/inputs.ts).
 */
import { Logger, defineConfig, loadResolver } from '@terrazzo/parser';
import { describe, expect, it } from 'vitest';
import { resolveInput, withPartial, type Input } from '../../src/codegen/inputs.js';
import { colorToHex8 } from '../../src/model/values.js';
import type { Color, Value } from '../../src/model/types.js';
import { model } from '../conformance/harness.js';
import { DOCUMENTS } from './documents.js';

const DIR = 'file:///virtual/tokens/';

async function terrazzo(files: Record<string, unknown>) {
  const logger = new Logger({ level: 'silent' });
  const cwd = new URL(DIR);
  const req = async (u: URL): Promise<string> => {
    const rel = u.href.slice(DIR.length);
    if (!(rel in files)) throw new Error(`no file ${rel}`);
    return JSON.stringify(files[rel]);
  };
  const src = JSON.stringify(files['tokens.resolver.json']);
  const { resolver } = await loadResolver([{ filename: new URL('tokens.resolver.json', cwd), src }], {
    config: defineConfig({}, { cwd, logger }),
    logger,
    req,
  });
  if (!resolver) throw new Error('Terrazzo found no resolver');
  return resolver;
}

const hex2 = (n: number) =>
  Math.round(n * 255)
    .toString(16)
    .padStart(2, '0');
/** Terrazzo's value as tokensync's: colors as 8-digit hex, dimensions in px. */
function theirs(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const o = v as { components?: number[]; alpha?: number; value?: number; unit?: string };
  if (o.components) return `#${o.components.map(hex2).join('')}${hex2(o.alpha ?? 1)}`;
  if (o.unit !== undefined) return o.unit === 'rem' ? o.value! * 16 : o.value;
  return v;
}
const ours = (v: Value): unknown => (typeof v === 'object' && v !== null && 'r' in v ? colorToHex8(v as Color) : v);

describe('the resolved value of every token in every input is Terrazzo resolver', () => {
  for (const [title, files] of Object.entries(DOCUMENTS)) {
    it(title, async () => {
      const resolver = await terrazzo(files);
      const set = withPartial(await model(files));
      const inputs: Input[] = [{}, ...(resolver.listPermutations?.() ?? [])];
      expect(inputs.length).toBeGreaterThan(1);
      for (const input of inputs) {
        const expected = Object.fromEntries(
          Object.entries(resolver.apply(input)).map(([id, t]) => [id, theirs(t.$value)]),
        );
        const got = Object.fromEntries(
          [...resolveInput(set, input)].map(([v, value]) => [v.name.split('/').join('.'), ours(value)]),
        );
        expect({ input, values: got }).toEqual({ input, values: expected });
      }
    });
  }
});
