/**
 * The Swift, Compose and Android resource files and the kebab, camel and snake name styles are ours
 * (formats/native.ts, name-styles.ts), so a build of our platforms never loads Style Dictionary
 * (docs/architecture.md "Build"). Style Dictionary stays the referee: the same files rendered by
 * its ios-swift/class.swift, compose/object and android/resources, and the same paths named by its
 * name/kebab, name/camel and name/snake, must give the same bytes, over
 * - the fixture (every type, aliases within and across collections, composites, descriptions),
 *   a generated set with every composite type in 2 and 3 modes, and a set with what those lack
 *   (descriptions of several lines, names that need repairs), under every name style, and the
 *   descriptions of described-set.ts that Style Dictionary's Swift does not break; a Swift
 *   description of several lines is the one deliberate difference: ours stands above the
 *   declaration, theirs between `let` and the name (description-comments.test.ts shows where
 *   Style Dictionary's comments break a file);
 * - a list of awkward paths (digits, case runs, punctuation, non-ASCII letters) for the names.
 */
import StyleDictionary from 'style-dictionary';
import type { PlatformConfig } from 'style-dictionary/types';
import { describe, expect, test } from 'vitest';
import type { BuildConfig } from '../../src/config/schema.js';
import { formatDirect } from '../../src/codegen/direct.js';
import { androidFormat, composeFormat, swiftFormat } from '../../src/codegen/formats/wrapped.js';
import { formatContextOf } from '../../src/codegen/index.js';
import { withPartial } from '../../src/codegen/inputs.js';
import { nameIn } from '../../src/codegen/name-styles.js';
import { COMPOSE_PACKAGE, planPlatforms } from '../../src/codegen/platforms.js';
import { buildTree } from '../../src/codegen/tree.js';
import type { TokenSet } from '../../src/model/types.js';
import { hexToColor } from '../../src/model/values.js';
import { describedSet } from './described-set.js';
import { fixtureConfig, fixtureSet, generatedSets } from './fixture.js';
import { SD_NATIVE } from './style-dictionary-formats.js';

/** The ios, android and compose files of a set, rendered by ours or by Style Dictionary's formats. */
async function nativeOutputs(synced: TokenSet, config: BuildConfig, sd: boolean): Promise<Map<string, string>> {
  const set = withPartial(synced);
  const ctx = formatContextOf(set, config);
  const plan = planPlatforms(['ios', 'android', 'compose'], config, ctx, 16);
  if (sd) {
    plan.formats['tokensync/swift'] = swiftFormat(ctx, SD_NATIVE);
    plan.formats['tokensync/compose'] = composeFormat(ctx, COMPOSE_PACKAGE, SD_NATIVE);
    plan.formats['tokensync/android'] = androidFormat(ctx, SD_NATIVE);
  }
  const tree = buildTree(set, [...ctx.views, ...ctx.contextViews], { remBase: 16, namespace: 'none' });
  const out = await formatDirect(tree, plan.platforms, plan.formats);
  return new Map(out.map((o) => [o.destination, o.output]));
}

/**
 * Style Dictionary's Swift with each description of several lines moved from between `let` and the
 * name to above the declaration, indented with it, where ours prints it (docs/build.md
 * "Descriptions in generated code": there it documents the declaration).
 */
function commentsAbove(swift: string): string {
  return swift.replace(
    /^ {4}public static let (\/\*\*\n[\s\S]*?\n \*\/)\n/gm,
    (_, comment: string) => `${comment.replace(/^/gm, '    ')}\n    public static let `,
  );
}

async function expectSameOutputs(set: TokenSet, config: BuildConfig, severalLines = false): Promise<void> {
  const ours = await nativeOutputs(set, config, false);
  const theirs = await nativeOutputs(set, config, true);
  expect([...ours.keys()]).toEqual([...theirs.keys()]);
  expect([...ours.keys()].filter((f) => /\.(swift|kt|xml)$/.test(f)).length).toBeGreaterThan(3);
  let movedFiles = 0;
  for (const [file, text] of theirs) {
    const moved = file.endsWith('.swift') && severalLines ? commentsAbove(text) : text;
    if (moved !== text) movedFiles++;
    expect(ours.get(file), file).toBe(moved);
  }
  expect(movedFiles > 0).toBe(severalLines);
}

/** The name styles a native family takes (config/schema.ts: a `-` is no Swift, Kotlin or Android name). */
const NATIVE_STYLES = ['camel', 'snake', 'keep'] as const;

/** One name style for the three native families at once. */
const styled = (style: (typeof NATIVE_STYLES)[number], base: BuildConfig): BuildConfig => ({
  ...base,
  names: { ...base.names, ios: style, android: style, compose: style },
});

/** What the fixture and the generated sets lack: descriptions of several lines, names needing repairs. */
function oddSet(): TokenSet {
  const v = (name: string, type: 'COLOR' | 'FLOAT' | 'STRING' | 'BOOLEAN', value: unknown, description = '') => ({
    collection: 'odd',
    name,
    type,
    description,
    scopes: ['ALL_SCOPES'],
    values: { one: value, two: value },
  });
  return {
    collections: [{ name: 'odd', modes: [{ name: 'one' }, { name: 'two' }], defaultMode: 'one' }],
    variables: [
      v('color/ink', 'COLOR', hexToColor('#102030'), 'First line\nsecond line'),
      v('size/2xl', 'FLOAT', 24, 'One line'),
      v('class', 'STRING', 'keyword'),
      v('copy/ÄrgerMIXEDCase', 'STRING', 'Grüße, "quoted" & <tagged>', 'a\nb\nc'),
      v('flag/is_on', 'BOOLEAN', true),
      v('z/last', 'FLOAT', 1.5),
    ],
  } as TokenSet;
}

describe("Swift, Compose and Android files equal Style Dictionary's formats", () => {
  test('the fixture, under every name style a native family takes', async () => {
    for (const style of NATIVE_STYLES) await expectSameOutputs(fixtureSet(), styled(style, fixtureConfig()));
  });

  test('a generated set of 600 variables in 2 and 3 modes, with repository composites', async () => {
    const config = fixtureConfig({ modes: {} });
    for (const set of generatedSets()) {
      expect(set.tokens?.length ?? 0).toBeGreaterThan(0);
      await expectSameOutputs(set, config);
    }
  });

  test('descriptions of several lines (Swift: above the declaration), keywords and odd names, under every name style a native family takes', async () => {
    for (const style of NATIVE_STYLES)
      await expectSameOutputs(oddSet(), styled(style, fixtureConfig({ modes: {} })), true);
  });

  test('descriptions with `--`, `//` lines, backticks, a trailing line break', async () => {
    // Those that break Style Dictionary's Swift (`*/`, `/*`, `\r`) are description-comments.test.ts's.
    const set = describedSet();
    set.variables = set.variables.filter((v) => !/\*\/|\/\*|\r/.test(v.description));
    await expectSameOutputs(set, fixtureConfig({ modes: {} }), true);
  });
});

describe("the kebab, camel and snake name styles equal Style Dictionary's name transforms", () => {
  const paths: string[][] = [
    ['color', 'brand', 'primary'],
    ['color', 'blue', '500'],
    ['space', '2xl'],
    ['size', '1_5x'],
    ['font', 'weightBold'],
    ['HTTPServer', 'URLValue'],
    ['focus', 'outlineColor', 'XMLHttp2Request'],
    ['a-b', 'c_d', 'e.f', 'g h'],
    ['ÄrgerMIXEDCase', 'grüße', 'ÉCOLE'],
    ['v1', 'x10y', '10px', 'a1B2c3'],
    ['', ' lead', 'trail ', '--'],
    ['ALLCAPS', 'snake_case_name', 'kebab-case-name', 'camelCaseName', 'PascalCaseName'],
    // Lower-case ASCII with separators only (name-styles.ts cuts these words itself).
    ['border', 'set-1', 'x__y', '-lead', 'trail-', '2-3', 'a1b2'],
    ['_', '-', '9'],
  ];
  // And 400 paths: half of lower-case letters, digits and separators only, half with upper case,
  // dots and a non-ASCII letter too.
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const segment = (alphabet: string) => (): string =>
    Array.from({ length: 1 + next(6) }, () => alphabet[next(alphabet.length)]).join('');
  for (let i = 0; i < 400; i++)
    paths.push(Array.from({ length: 1 + next(4) }, segment(i % 2 === 0 ? 'abz09 _-' : 'abz09AZ _-.é')));
  const builtins = { kebab: 'name/kebab', camel: 'name/camel', snake: 'name/snake' } as const;
  for (const [style, name] of Object.entries(builtins)) {
    test(`${style} = ${name}`, () => {
      const sd = StyleDictionary.hooks.transforms[name]!;
      for (const path of paths) {
        for (const prefix of ['', 'ds']) {
          const parts = prefix === '' ? path : [prefix, ...path];
          const theirs = sd.transform({ path: parts } as never, {} as PlatformConfig, {});
          expect(nameIn(style as keyof typeof builtins, 'ios', path, prefix), parts.join('/')).toBe(theirs);
        }
      }
    });
  }
});
