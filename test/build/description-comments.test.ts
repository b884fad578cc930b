/**
 * Whatever a description holds, every generated file stays valid code and says the same thing
 * (docs/build.md "Descriptions in generated code"). Checked with real parsers where the machine has
 * them (Sass for CSS and SCSS, TypeScript's own parser, JSON.parse) and with the comment rules
 * themselves for Swift, Kotlin and XML (comment-rules.ts); where Style Dictionary's formats print a
 * file that breaks, the difference is shown against them.
 */
import { compileString } from 'sass';
import ts from '@typescript/typescript6';
import { describe, expect, test } from 'vitest';
import type { BuildConfig } from '../../src/config/schema.js';
import { formatDirect } from '../../src/codegen/direct.js';
import { androidResourceFile, composeObject, swiftClass } from '../../src/codegen/formats/native.js';
import { cssFormat, scssFormat, swiftFormat } from '../../src/codegen/formats/wrapped.js';
import { buildTokens, formatContextOf } from '../../src/codegen/index.js';
import { withPartial } from '../../src/codegen/inputs.js';
import { planPlatforms } from '../../src/codegen/platforms.js';
import { buildTree } from '../../src/codegen/tree.js';
import type { TokenSet } from '../../src/model/types.js';
import { stripNestedComments, xmlCommentProblems } from './comment-rules.js';
import { describedSet } from './described-set.js';
import { fixtureConfig } from './fixture.js';
import { SD_NATIVE, SD_VARIABLES } from './style-dictionary-formats.js';

const config = (): BuildConfig => fixtureConfig({ modes: {}, names: { ios: 'camel' } });
const ALL = ['css', 'scss', 'ts', 'json', 'ios', 'android', 'compose', 'tailwind', 'docs'] as const;

/** The css, scss and Swift files of a set as Style Dictionary's own formats print them. */
async function styleDictionaryOutputs(synced: TokenSet, cfg: BuildConfig): Promise<Map<string, string>> {
  const set = withPartial(synced);
  const ctx = formatContextOf(set, cfg);
  const plan = planPlatforms(['css', 'scss', 'ios'], cfg, ctx, 16);
  plan.formats['tokensync/css'] = cssFormat(ctx, SD_VARIABLES);
  plan.formats['tokensync/scss'] = scssFormat(ctx, SD_VARIABLES);
  plan.formats['tokensync/swift'] = swiftFormat(ctx, SD_NATIVE);
  const tree = buildTree(set, [...ctx.views, ...ctx.contextViews], { remBase: 16, namespace: 'none' });
  const out = await formatDirect(tree, plan.platforms, plan.formats);
  return new Map(out.map((o) => [o.destination, o.output]));
}

/** Every variable of an SCSS file, printed by Sass as custom properties of a probe rule. */
const compileScss = (scss: string): string => {
  const names = [...scss.matchAll(/^\$([\w-]+):/gm)].map((m) => m[1]!);
  return compileString(`${scss}\n.probe {\n${names.map((n) => `  --${n}: #{$${n}};`).join('\n')}\n}\n`).css;
};

/** A Swift file's code, comments removed, is one `public static let name = value` a line. */
function swiftProblems(swift: string): string[] {
  let code: string;
  try {
    code = stripNestedComments(swift);
  } catch (e) {
    return [(e as Error).message];
  }
  const body = code.slice(code.indexOf('{') + 1, code.lastIndexOf('}'));
  return body
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^ {4}public static let \w+ = \S.*$/.test(l))
    .map((l) => `not a declaration: ${JSON.stringify(l)}`);
}

/** `count` lines of the text from the first holding `from`, and `before` lines before it. */
const linesOf = (text: string, from: string, count: number, before = 0): string[] => {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.includes(from));
  expect(at, from).toBeGreaterThanOrEqual(0);
  return lines.slice(at - before, at + count);
};

describe('descriptions in every output', async () => {
  const out = await buildTokens(describedSet(), config(), { platforms: [...ALL] });
  const files = (ext: string): [string, string][] => [...out.files].filter(([f]) => f.endsWith(ext));

  test('no file mixes line endings, and every platform wrote its files', () => {
    for (const ext of ['.css', '.scss', '.ts', '.json', '.swift', '.xml', '.kt', '.html'])
      expect(files(ext).length, ext).toBeGreaterThan(0);
    for (const [file, text] of out.files) expect(/\r|\f|\u2028|\u2029/.test(text), file).toBe(false);
  });

  test('CSS parses (Sass, CSS syntax), a long description above its variable with `*/` broken up', () => {
    for (const [file, css] of files('.css')) expect(() => compileString(css, { syntax: 'css' }), file).not.toThrow();
    const css = out.files.get('css/tokens.css')!;
    expect(linesOf(css, 'Body text', 5, 1)).toMatchInlineSnapshot(`
      [
        "  /**",
        "   * Body text on light surfaces.",
        "   * Contrast 12.6:1 on white; see /design/ink *\\/ before changing.",
        "   * Deprecated /* since 3.0: use color/text",
        "   */",
        "  --color-ink: #111827;",
      ]
    `);
    expect(linesOf(css, 'Links', 1)).toMatchInlineSnapshot(`
      [
        "  --color-link: #2563eb; /** Links *\\/ and /* visited links *\\/ share it */",
      ]
    `);
    expect(linesOf(css, 'Windows', 3)).toMatchInlineSnapshot(`
      [
        "   * Written on Windows",
        "   * second line",
        "   */",
      ]
    `);
    expect(linesOf(css, '--size-plain', 1)).toMatchInlineSnapshot(`
      [
        "  --size-plain: 1;",
      ]
    `);
  });

  test('SCSS compiles with Sass, each line of a description a `//` comment', () => {
    for (const [file, scss] of files('.scss')) expect(() => compileScss(scss), file).not.toThrow();
    const scss = out.files.get('scss/_tokens.scss')!;
    expect(linesOf(scss, 'classic Mac', 3)).toMatchInlineSnapshot(`
      [
        "// Written on a classic Mac",
        "// second line",
        "$space-inset: 8;",
      ]
    `);
    expect(linesOf(scss, 'not code', 3)).toMatchInlineSnapshot(`
      [
        "// // not code",
        "// // nor this",
        "$size-radius: 4;",
      ]
    `);
  });

  test('TypeScript, JSON and the docs page: descriptions are not code there', () => {
    for (const [file, src] of files('.ts')) {
      const diagnostics = ts.transpileModule(src, { reportDiagnostics: true }).diagnostics ?? [];
      expect(
        diagnostics.map((d) => d.messageText),
        file,
      ).toEqual([]);
      expect(src).not.toContain('Template');
    }
    for (const [file, json] of files('.json')) expect(() => JSON.parse(json), file).not.toThrow();
    const html = files('.html')[0]![1];
    expect(html).toContain('<p class="desc">Do not translate -- see &lt;!-- legal --&gt; and the end -</p>');
    // A description of several lines keeps its lines on the page: \n in the text, shown by pre-line.
    expect(html).toContain('<p class="desc">Body text on light surfaces.\nContrast 12.6:1');
    expect(html).toMatch(/\.desc\{[^}]*white-space:pre-line/);
  });

  test('Swift: comments closed where they open (they nest), one declaration a line', () => {
    for (const [file, swift] of files('.swift')) expect(swiftProblems(swift), file).toEqual([]);
    const swift = files('.swift').find(([f]) => f.endsWith('BrandLight.swift'))![1];
    expect(linesOf(swift, 'Body text', 5, 1)).toMatchInlineSnapshot(`
      [
        "    /**",
        "     * Body text on light surfaces.",
        "     * Contrast 12.6:1 on white; see /design/ink *\\/ before changing.",
        "     * Deprecated /\\* since 3.0: use color/text",
        "     */",
        "    public static let colorInk = UIColor(red: 0.067, green: 0.094, blue: 0.153, alpha: 1)",
      ]
    `);
    expect(linesOf(swift, 'colorLink', 1)).toMatchInlineSnapshot(`
      [
        "    public static let colorLink = UIColor(red: 0.145, green: 0.388, blue: 0.922, alpha: 1) /** Links *\\/ and /\\* visited links *\\/ share it */",
      ]
    `);
  });

  test('Kotlin and Android XML print no description (Style Dictionary reads `comment` only)', () => {
    for (const [file, kt] of files('.kt')) expect(() => stripNestedComments(kt), file).not.toThrow();
    for (const [file, xml] of files('.xml')) expect(xmlCommentProblems(xml), file).toEqual([]);
    for (const [, text] of [...files('.kt'), ...files('.xml')]) expect(text).not.toContain('Body text');
  });
});

describe('a `comment` in Compose and Android resources (a token of a custom source)', () => {
  const token = (comment: string) =>
    [{ name: 'ink', $value: 'Color(0xff111827)', $type: 'color', comment, path: ['ink'] }] as never;

  test('Kotlin: `*/` and `/*` broken up, the comment closed', () => {
    const kt = composeObject(token('a */ b /* c\r\nd'), { className: 'T', packageName: 'p', imports: [] });
    expect(() => stripNestedComments(kt)).not.toThrow();
    expect(linesOf(kt, '/**', 3)).toMatchInlineSnapshot(`
      [
        "  /** a *\\/ b /\\* c",
        "d */",
        "  val ink = Color(0xff111827)",
      ]
    `);
  });

  test('XML: no `--` inside, no comment ending in `-`', () => {
    const xml = androidResourceFile(token('a -- b --> c -'), { color: 'color' });
    expect(xmlCommentProblems(xml)).toEqual([]);
    expect(linesOf(xml, '<color', 1)).toMatchInlineSnapshot(`
      [
        "  <color name="ink">Color(0xff111827)</color><!-- a - - b - -> c - -->",
      ]
    `);
  });
});

describe("where Style Dictionary's formats break, and ours do not", async () => {
  const sd = await styleDictionaryOutputs(describedSet(), config());
  const ours = await buildTokens(describedSet(), config(), { platforms: ['css', 'scss', 'ios'] });

  test('css/variables: a description holding `*/` ends its comment early', () => {
    const css = sd.get('css/tokens.css')!;
    expect(() => compileString(css, { syntax: 'css' })).toThrow();
    expect(() => compileString(ours.files.get('css/tokens.css')!, { syntax: 'css' })).not.toThrow();
  });

  test('scss/variables: a lone `\\r` ends a `//` comment and makes code of the rest', () => {
    // Sass ends a line at `\r` too: the rest of the description becomes the probe rule's selector.
    expect(compileScss(sd.get('scss/_tokens.scss')!)).toContain('second line .probe {');
    expect(compileScss(ours.files.get('scss/_tokens.scss')!)).not.toContain('second line');
  });

  /** Style Dictionary's Swift file for the set cut to one variable. */
  const sdSwift = async (name: string): Promise<string> => {
    const one = describedSet();
    one.variables = one.variables.filter((v) => v.name === name);
    return [...(await styleDictionaryOutputs(one, config()))].find(([f]) => f.endsWith('BrandLight.swift'))![1];
  };

  test('ios-swift/class.swift: `*/` or an unmatched `/*` breaks the file; several lines sit after `let`', async () => {
    // `*/` ends the comment early, and the text after it is code.
    expect(swiftProblems(await sdSwift('color/link'))).toMatchInlineSnapshot(`
      [
        "line 11: "*/" outside a comment",
      ]
    `);
    // An opener alone: Swift's block comments nest, so the rest of the file is a comment.
    expect(swiftProblems(await sdSwift('color/legacy'))).toMatchInlineSnapshot(`
      [
        "line 11: block comment never closed",
      ]
    `);
    // Two plain lines: the file lexes, but the comment stands between `let` and the name, where it
    // documents nothing (ours stands above the declaration).
    expect(swiftProblems(await sdSwift('size/radius'))).toMatchInlineSnapshot(`
      [
        "not a declaration: "    public static let  "",
        "not a declaration: "sizeRadius = CGFloat(4)"",
      ]
    `);
    for (const [file, swift] of ours.files) if (file.endsWith('.swift')) expect(swiftProblems(swift), file).toEqual([]);
  });
});

describe('any text over the characters that matter', () => {
  // 400 descriptions over `/`, `*`, `-`, `\\`, a space, a letter and every line break, seeded.
  let seed = 5;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const alphabet = ['/', '*', '-', '\\', ' ', 'a', '\n', '\r', '\r\n', '\f', '\u2028'];
  const texts = Array.from({ length: 400 }, () =>
    Array.from({ length: 1 + next(12) }, () => alphabet[next(alphabet.length)]).join(''),
  );
  const token = (comment: string) =>
    [{ name: 'ink', $value: '1', $type: 'number', $description: comment, comment, path: ['ink'] }] as never;

  test('Swift, Kotlin and XML keep their comment rules', () => {
    for (const text of texts) {
      const swift = swiftClass(token(text), { className: 'T', destination: 'T.swift' });
      expect(swiftProblems(swift), JSON.stringify(text)).toEqual([]);
      const kt = composeObject(token(text), { className: 'T', packageName: 'p', imports: [] });
      expect(() => stripNestedComments(kt), JSON.stringify(text)).not.toThrow();
      expect(xmlCommentProblems(androidResourceFile(token(text), {})), JSON.stringify(text)).toEqual([]);
    }
  });

  test('CSS and SCSS parse with Sass', async () => {
    const set = describedSet();
    set.variables = texts.map((description, i) => ({ ...set.variables[2]!, name: `n/t${i}`, description }));
    const out = await buildTokens(set, config(), { platforms: ['css', 'scss'] });
    for (const [file, text] of out.files)
      if (file.endsWith('.css')) expect(() => compileString(text, { syntax: 'css' }), file).not.toThrow();
      else expect(compileScss(text), file).toContain('--n-t399: ');
  });
});
