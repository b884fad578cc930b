import { describe, expect, it } from 'vitest';
import { checkTokens, formatDiagnostic, readTokens, renderTokens, TokenFileError } from '../../src/tokens/index.js';
import { config, fixtureSet } from './fixtures/model.js';
import { project } from './helpers.js';

type Edit = (files: Map<string, string>) => void;
const P = 'primitives/value.tokens.json';
const L = 'semantic/light.tokens.json';
const D = 'semantic/dark.tokens.json';

/** The fixture's files with one edit applied to the parsed JSON of a file. */
function editJson(file: string, change: (doc: any) => void): Edit {
  return (files) => {
    const doc = JSON.parse(files.get(file)!);
    change(doc);
    files.set(file, `${JSON.stringify(doc, null, 2)}\n`);
  };
}

async function check(...edits: Edit[]): Promise<string> {
  const files = renderTokens(fixtureSet(), config);
  for (const e of edits) e(files);
  const root = await project(files, 'tokens');
  return (await checkTokens(root, config)).map(formatDiagnostic).join('\n');
}

describe('checkTokens: one clear diagnostic per problem, with file:line:column, token path and fix', () => {
  it('is clean for files tokensync wrote', async () => {
    expect(await check()).toBe('');
  });

  it('broken JSON', async () => {
    const edit: Edit = (f) => f.set(P, f.get(P)!.replace('"hex": "#1066e6"', '"hex": "#1066e6",'));
    expect(await check(edit)).toMatchInlineSnapshot(`
      "tokens/primitives/value.tokens.json:15:9  -  invalid JSON: expected a property after "," (trailing commas are not allowed in JSON) but found "}"
          fix: Fix the JSON syntax at that position."
    `);
  });

  it('unknown $type', async () => {
    expect(await check(editJson(P, (d) => (d.color.blue['100'].$type = 'colour')))).toMatchInlineSnapshot(`
      "tokens/primitives/value.tokens.json:6:18  color.blue.100  unknown "$type": "colour" (did you mean "color"?)
          fix: Use one of color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle, border, transition, shadow, gradient, typography, string, boolean."
    `);
  });

  it('a value that does not fit its type', async () => {
    expect(await check(editJson(P, (d) => (d.spacing['4'].$value = 16)))).toMatchInlineSnapshot(`
      "tokens/primitives/value.tokens.json:50:17  spacing.4  a dimension token needs { "value", "unit" }, not 16
          fix: Write it as { "value": 16, "unit": "px" }: DTCG 2025.10 requires the unit with every number, 0 included."
    `);
  });

  it('unknown alias', async () => {
    expect(await check(editJson(L, (d) => (d.color.bg.brand.$value = '{color.blue.600}')))).toMatchInlineSnapshot(`
      "tokens/semantic/light.tokens.json:20:19  color.bg.brand  alias {color.blue.600} points to no token
          fix: Point it at an existing token, or add the token it names."
    `);
  });

  it('alias cycle', async () => {
    expect(await check(editJson(L, (d) => (d.color.bg.brand.$value = '{color.text.link}')))).toMatchInlineSnapshot(`
      "tokens/semantic/light.tokens.json:20:19  color.bg.brand  alias cycle: Semantic/color/bg/brand (Light) -> Semantic/color/text/link (Light) -> back to the start
          fix: Make one token in the cycle hold a literal value instead of an alias."
    `);
  });

  it('a mode file missing a token its siblings have', async () => {
    expect(await check(editJson(D, (d) => delete d.feature['new-nav']))).toMatchInlineSnapshot(`
      "tokens/semantic/dark.tokens.json:51:14  feature.new-nav  mode "Dark" has no token feature.new-nav, which semantic/light.tokens.json has
          fix: Add feature.new-nav to semantic/dark.tokens.json (every mode file of a collection holds the same tokens), or remove it from the other mode files."
    `);
  });

  it('a path held by two collections', async () => {
    const add = (file: string): Edit => editJson(file, (d) => (d.spacing = { 4: { $type: 'number', $value: 4 } }));
    expect(await check(add(L), add(D))).toMatchInlineSnapshot(`
      "tokens/semantic/light.tokens.json:64:5  spacing.4  spacing.4 is defined by collection "Primitives" (primitives/value.tokens.json) and by collection "Semantic" (semantic/light.tokens.json)
          fix: Rename one of the two variables, or set \`tokens.namespace: collection\` in config/tokensync.yaml so each collection sits under its own top-level group."
    `);
  });

  it('an alias to a token of another type, and $type differing between mode files', async () => {
    expect(
      await check(
        editJson(L, (d) => (d.color.bg.brand.$value = '{spacing.4}')),
        editJson(D, (d) => (d.label.greeting.$type = 'fontFamily')),
      ),
    ).toMatchInlineSnapshot(`
      "tokens/semantic/dark.tokens.json:60:16  label.greeting  "$type" is "fontFamily" here but "string" in semantic/light.tokens.json
          fix: Give the token the same "$type" in every mode file of its collection.
      tokens/semantic/light.tokens.json:20:19  color.bg.brand  alias {spacing.4} points to a FLOAT token, but this token is COLOR
          fix: Point the alias at a token of the same type, or change this token's "$type"."
    `);
  });

  it('a token outside its collection group with namespace: collection', async () => {
    const ns = { ...config, namespace: 'collection' as const };
    const files = renderTokens(fixtureSet(), ns);
    editJson(P, (d) => (d.stray = { $type: 'number', $value: 1 }))(files);
    const root = await project(files, 'tokens');
    expect((await checkTokens(root, ns)).map(formatDiagnostic).join('\n')).toMatchInlineSnapshot(`
      "tokens/primitives/value.tokens.json:134:3  stray  with tokens.namespace: collection, every token of this file sits under the group "primitives"
          fix: Move "stray" inside "primitives", or set tokens.namespace: none."
    `);
  });

  it('warns about a token file the resolver does not list (and still exits clean)', async () => {
    const files = renderTokens(fixtureSet(), config);
    files.set('semantic/dark-old.tokens.json', files.get(D)!);
    const root = await project(files, 'tokens');
    const diagnostics = await checkTokens(root, config);
    expect(diagnostics.map((d) => d.severity)).toEqual(['warning']);
    expect(diagnostics.map(formatDiagnostic).join('\n')).toMatchInlineSnapshot(`
      "tokens/semantic/dark-old.tokens.json:1:1  -  warning: tokens.resolver.json does not list this file, so tokensync ignores it
          fix: Add it to tokens.resolver.json as a set or a modifier context, or delete it."
    `);
    expect((await readTokens(root, config)).set.variables).toHaveLength(fixtureSet().variables.length);
  });

  it('reports every problem, not just the first, sorted by file and position', async () => {
    const out = await check(
      editJson(P, (d) => (d.spacing['4'].$value = 16)),
      editJson(P, (d) => (d.opacity.disabled.$value = 'half')),
      editJson(L, (d) => (d.color.bg.brand.$value = '{color.blue.600}')),
      editJson(D, (d) => (d.feature['new-nav'].$value = 'yes')),
    );
    expect(out.split('\n').filter((l) => !l.startsWith(' '))).toHaveLength(4);
    expect(out.indexOf(P)).toBeLessThan(out.indexOf(D));
    expect(out.indexOf(D)).toBeLessThan(out.indexOf(L));
  });
});

describe('readTokens on bad files', () => {
  it('throws a TokenFileError for the first error, with its position and how many more there are', async () => {
    const files = renderTokens(fixtureSet(), config);
    editJson(P, (d) => (d.spacing['4'].$value = 16))(files);
    editJson(L, (d) => (d.color.bg.brand.$value = '{nope}'))(files);
    const root = await project(files, 'tokens');
    const err = await readTokens(root, config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenFileError);
    expect({
      file: (err as TokenFileError).file,
      line: (err as TokenFileError).line,
      tokenPath: (err as TokenFileError).tokenPath,
    }).toEqual({
      file: 'tokens/primitives/value.tokens.json',
      line: 50,
      tokenPath: 'spacing.4',
    });
    expect([(err as TokenFileError).message, (err as TokenFileError).hint]).toMatchInlineSnapshot(`
      [
        "tokens/primitives/value.tokens.json:50:17  spacing.4: a dimension token needs { "value", "unit" }, not 16",
        "Write it as { "value": 16, "unit": "px" }: DTCG 2025.10 requires the unit with every number, 0 included. (1 more problem: run \`tokensync check\` to list them all.)",
      ]
    `);
  });

  it('reads a folder without a resolver as one set: every file, one collection, one mode', async () => {
    const root = await project(
      {
        'color.tokens.json': JSON.stringify({ color: { $type: 'color', brand: { $value: '#3366ff' } } }),
        'nested/size.tokens.json': JSON.stringify({
          size: { $type: 'dimension', md: { $value: { value: 16, unit: 'px' } }, card: { $value: '{size.md}' } },
        }),
        'alias.tokens.json': JSON.stringify({ link: { $type: 'color', $value: '{color.brand}' } }),
      },
      'tokens',
    );
    expect(await checkTokens(root, config)).toEqual([]);
    const { set, sources } = await readTokens(root, config);
    expect(set.collections).toEqual([{ name: 'Tokens', modes: [{ name: 'Value' }], defaultMode: 'Value' }]);
    expect(set.variables.map((v) => v.name)).toEqual(['link', 'color/brand', 'size/md', 'size/card']);
    expect(sources.merged).toEqual(['Tokens']);
  });
});
