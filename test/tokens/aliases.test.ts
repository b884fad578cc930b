/**
 * Alias cycles and units inherited down alias chains, across collections and modes: what `check` reports
 * and what the model gets (read.ts follows resolved aliases by reference, docs/token-files.md
 * "Performance").
 */
import { describe, expect, it } from 'vitest';
import { checkTokens, formatDiagnostic, readTokens, renderTokens } from '../../src/tokens/index.js';
import { config, fixtureSet } from './fixtures/model.js';
import { project } from './helpers.js';

type Doc = any; // edited as plain JSON
const P = 'primitives/value.tokens.json';
const L = 'semantic/light.tokens.json';
const D = 'semantic/dark.tokens.json';

async function root(edits: Record<string, (d: Doc) => void>): Promise<string> {
  const files = renderTokens(fixtureSet(), config);
  for (const [file, change] of Object.entries(edits)) {
    const doc = JSON.parse(files.get(file)!);
    change(doc);
    files.set(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return project(files, 'tokens');
}
const check = async (edits: Record<string, (d: Doc) => void>) =>
  (await checkTokens(await root(edits), config)).map(formatDiagnostic).join('\n');

describe('alias cycles', () => {
  it('across collections: once per mode of the collection the alias lands in', async () => {
    expect(await check({ [P]: (d) => (d.color.blue['500'].$value = '{color.bg.brand}') })).toMatchInlineSnapshot(`
      "tokens/primitives/value.tokens.json:19:19  color.blue.500  alias cycle: Primitives/color/blue/500 (Value) -> Semantic/color/bg/brand (Light) -> back to the start
          fix: Make one token in the cycle hold a literal value instead of an alias.
      tokens/primitives/value.tokens.json:19:19  color.blue.500  alias cycle: Primitives/color/blue/500 (Value) -> Semantic/color/bg/brand (Dark) -> back to the start
          fix: Make one token in the cycle hold a literal value instead of an alias."
    `);
  });

  it('three tokens long, in each mode', async () => {
    const three = (d: Doc) => {
      d.color.bg.default.$value = '{color.text.link}';
      d.color.text.link.$value = '{color.bg.brand}';
      d.color.bg.brand.$value = '{color.bg.default}';
    };
    expect(await check({ [L]: three, [D]: three })).toMatchInlineSnapshot(`
      "tokens/semantic/dark.tokens.json:7:19  color.bg.default  alias cycle: Semantic/color/bg/default (Dark) -> Semantic/color/text/link (Dark) -> Semantic/color/bg/brand (Dark) -> back to the start
          fix: Make one token in the cycle hold a literal value instead of an alias.
      tokens/semantic/light.tokens.json:7:19  color.bg.default  alias cycle: Semantic/color/bg/default (Light) -> Semantic/color/text/link (Light) -> Semantic/color/bg/brand (Light) -> back to the start
          fix: Make one token in the cycle hold a literal value instead of an alias."
    `);
  });
});

describe('units down alias chains', () => {
  it('a dimension or duration that only aliases takes the unit of the token at the end of the chain', async () => {
    const add = (d: Doc) => {
      d.radius = {
        card: { $type: 'dimension', $value: '{radius.md}' },
        button: { $type: 'dimension', $value: '{radius.card}' },
      };
      d.motion = { ui: { $type: 'duration', $value: '{motion.fast}' } };
    };
    const { set } = await readTokens(await root({ [L]: add, [D]: add }), config);
    const kinds = Object.fromEntries(
      set.variables
        .filter((v) => v.collection === 'Semantic' && /^(radius|motion)\//.test(v.name))
        .map((v) => [v.name, v.kind]),
    );
    expect(kinds).toEqual({
      'radius/card': { type: 'dimension', unit: 'rem' },
      'radius/button': { type: 'dimension', unit: 'rem' },
      'motion/ui': { type: 'duration', unit: 'ms' },
    });
  });
});
