/**
 * formats/variables.ts renders css/variables and scss/variables itself (docs/architecture.md
 * "Build", stage 4), claiming the bytes of Style Dictionary's own formats. This checks the claim
 * two ways, so the format stays honest without Style Dictionary in the hot path:
 * - the whole css and scss outputs of the fixture (references within and across collections,
 *   composites with sub-value references, wide-gamut colors, three modes) and of a generated set
 *   with every composite type, once through ours and once through Style Dictionary's formats;
 * - single calls over hand-made tokens for what the outputs above do not hold: multi-line
 *   descriptions, a literal with braces, a reference into a path with regex characters, a
 *   reference held in an object, `themeable`, nested selectors and the file header.
 */
import StyleDictionary from 'style-dictionary';
import type { Dictionary, FormatFnArguments, TransformedToken } from 'style-dictionary/types';
import { convertTokenData } from 'style-dictionary/utils';
import { describe, expect, test } from 'vitest';
import type { BuildConfig } from '../../src/config/schema.js';
import { formatDirect } from '../../src/codegen/direct.js';
import { cssVariables, scssVariables, type VariablesOptions } from '../../src/codegen/formats/variables.js';
import { cssFormat, scssFormat } from '../../src/codegen/formats/wrapped.js';
import { formatContextOf } from '../../src/codegen/index.js';
import { withPartial } from '../../src/codegen/inputs.js';
import { planPlatforms } from '../../src/codegen/platforms.js';
import { buildTree } from '../../src/codegen/tree.js';
import type { TokenSet } from '../../src/model/types.js';
import { describedSet } from './described-set.js';
import { fixtureConfig, fixtureSet, generatedSets } from './fixture.js';
import { SD_VARIABLES as STYLE_DICTIONARY } from './style-dictionary-formats.js';

/** The css and scss outputs of a set, rendered by ours or by Style Dictionary's formats. */
async function webOutputs(synced: TokenSet, config: BuildConfig, sd: boolean): Promise<Map<string, string>> {
  const set = withPartial(synced);
  const ctx = formatContextOf(set, config);
  const plan = planPlatforms(['css', 'scss'], config, ctx, 16);
  if (sd) {
    plan.formats['tokensync/css'] = cssFormat(ctx, STYLE_DICTIONARY);
    plan.formats['tokensync/scss'] = scssFormat(ctx, STYLE_DICTIONARY);
  }
  const tree = buildTree(set, [...ctx.views, ...ctx.contextViews], { remBase: 16, namespace: 'none' });
  const out = await formatDirect(tree, plan.platforms, plan.formats);
  return new Map(out.map((o) => [o.destination, o.output]));
}

async function expectSameOutputs(set: TokenSet, config: BuildConfig): Promise<void> {
  const ours = await webOutputs(set, config, false);
  const theirs = await webOutputs(set, config, true);
  expect([...ours.keys()]).toEqual([...theirs.keys()]);
  expect(ours.size).toBeGreaterThan(1);
  for (const [file, text] of theirs) expect(ours.get(file), file).toBe(text);
}

describe("css and scss variables equal Style Dictionary's css/variables and scss/variables", () => {
  test('the fixture: references, composites, wide-gamut colors, modes', async () => {
    await expectSameOutputs(fixtureSet(), fixtureConfig());
  });

  test('descriptions of several lines, `--`, `//` lines, backticks, a trailing line break', async () => {
    // The ones that break Style Dictionary's output (`*/`, a lone `\r`) are description-comments.test.ts's.
    const set = describedSet();
    set.variables = set.variables.filter((v) => !/\*\/|\r/.test(v.description));
    expect(set.variables.filter((v) => v.description.includes('\n')).length).toBeGreaterThan(1);
    await expectSameOutputs(set, fixtureConfig({ modes: {} }));
  });

  test('a generated set of 600 variables in 2 and 3 modes, with repository composites', async () => {
    const config = fixtureConfig({ modes: {} });
    for (const set of generatedSets()) {
      expect(set.tokens?.length ?? 0).toBeGreaterThan(0);
      await expectSameOutputs(set, config);
    }
  });
});

/** A transformed token as direct.ts gives it to the formats. */
function token(path: string[], value: unknown, extra: Record<string, unknown> = {}): TransformedToken {
  const original = { $value: (extra['original'] as unknown) ?? value };
  const { original: _, ...rest } = extra;
  return {
    key: `{${path.join('.')}}`,
    name: path.join('-'),
    path,
    $value: value,
    original,
    attributes: {},
    filePath: '',
    isSource: true,
    ...rest,
  } as TransformedToken;
}

function argsOver(all: TransformedToken[]): FormatFnArguments {
  const tokenMap = new Map(all.map((t) => [t.key!, t]));
  const tokens = convertTokenData(all, { output: 'object', usesDtcg: true });
  const dictionary = {
    allTokens: all,
    tokenMap,
    tokens,
    unfilteredTokens: tokens,
    unfilteredAllTokens: all,
    unfilteredTokenMap: tokenMap,
  } as unknown as Dictionary;
  return {
    dictionary,
    allTokens: all,
    tokens,
    platform: {},
    file: { destination: 'x', format: 'x', options: {} },
    options: { usesDtcg: true },
  } as unknown as FormatFnArguments;
}

describe('single calls', () => {
  const a = token(['c', 'base'], '#ffffff', { $description: 'One line' });
  const b = token(['c', 'alias'], '#ffffff', { original: '{c.base}', $description: 'Two\nlines' });
  const chain = token(['c', 'chain'], '#ffffff', { original: '{c.alias}' });
  const braces = token(['s', 'hello'], "'Hello {name}'", { original: 'Hello {name}' });
  const odd = token(['x', 'a+b'], '4px');
  const toOdd = token(['x', 'ref'], '4px', { original: '{x.a+b}' });
  const interp = token(['x', 'sum'], '4px solid', { original: '{x.ref} solid' });
  const obj = token(['x', 'border'], '4px solid #ffffff', {
    original: { width: '{x.ref}', color: '{c.base}', style: 'solid' },
  });
  const theme = token(['t', 'themed'], '1', { themeable: true });
  const all = [chain, interp, b, braces, obj, a, odd, toOdd, theme];
  const args = argsOver(all);
  const aliasesOnly = (t: TransformedToken): boolean => typeof t.original['$value'] !== 'string' || t !== braces;
  const cases: [string, VariablesOptions][] = [
    ['every reference kept', { outputReferences: true }],
    ['references by a function', { outputReferences: aliasesOnly }],
    ['no references', { outputReferences: false }],
    [
      'nested selectors, no header',
      { outputReferences: true, selector: ['@media (prefers-color-scheme: dark)', ':root'], showFileHeader: false },
    ],
    ['one selector', { outputReferences: true, selector: '[data-theme="dark"]' }],
  ];

  for (const [name, options] of cases) {
    test(`css: ${name}`, async () => {
      expect(await cssVariables(args, all, options)).toBe(await STYLE_DICTIONARY.css(args, all, options));
    });
    test(`scss: ${name}`, async () => {
      expect(await scssVariables(args, all, options)).toBe(await STYLE_DICTIONARY.scss(args, all, options));
    });
  }

  test('Style Dictionary has both formats', () => {
    expect(StyleDictionary.hooks.formats['css/variables']).toBeTypeOf('function');
    expect(StyleDictionary.hooks.formats['scss/variables']).toBeTypeOf('function');
  });
});
