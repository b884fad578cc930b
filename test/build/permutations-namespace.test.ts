/**
 * Native outputs per resolver input with `tokens.namespace: collection` (docs/build.md "Contexts"):
 * a per-input type is named for its input (`SemanticForModeDark`), but the names inside it are the
 * per-mode outputs' names, the collection's slug then the token path (`semanticColorBg`), never the
 * input's (`semanticForModeDarkColorBg`). An Android flavor's res dir overrides main's resources only
 * when the names are the same, and an app switching types keeps its call sites. The ts and json
 * files per input nest under the collection's slug too, so two collections' `color/bg` are two tokens.
 */
import { describe, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { configSchema } from '../../src/config/schema.js';
import type { Collection, TokenSet, Value, Variable } from '../../src/model/types.js';
import { hexToColor } from '../../src/model/values.js';

const color = (hex: string): Value => hexToColor(hex)!;

/** A primitives set and a semantic set whose modifier `mode` (light, dark) overrides it, as the reader gives them. */
function themed(): TokenSet {
  const collections: Collection[] = [
    { name: 'primitives', modes: [{ name: 'Value' }], defaultMode: 'Value' },
    {
      name: 'semantic',
      modes: [{ name: 'light' }, { name: 'dark' }],
      defaultMode: 'light',
      modifier: { name: 'mode' },
    },
  ];
  const v = (collection: string, name: string, values: Record<string, Value>): Variable => ({
    collection,
    name,
    type: 'COLOR',
    description: '',
    scopes: ['ALL_SCOPES'],
    values,
  });
  const ref = (name: string): Value => ({ alias: { collection: 'primitives', name } });
  const variables = [
    v('primitives', 'color/white', { Value: color('#ffffff') }),
    v('primitives', 'color/black', { Value: color('#000000') }),
    // The same path in two collections: two tokens under the namespace.
    v('primitives', 'color/bg', { Value: color('#f5f5f5') }),
    v('semantic', 'color/bg', { light: ref('color/white'), dark: ref('color/black') }),
    v('semantic', 'color/fg', { light: ref('color/black'), dark: ref('color/white') }),
  ];
  return { collections, variables };
}

const config = configSchema.parse({
  build: { platforms: ['ios', 'android', 'compose', 'json', 'ts'], permutations: [{ mode: 'dark' }] },
}).build;

/** The declared names of a Swift, Kotlin or Android resource file, in order. */
function names(text: string): string[] {
  return [...text.matchAll(/(?:static let|val) (\w+) =|name="(\w+)"/g)].map((m) => m[1] ?? m[2]!);
}

describe('tokens.namespace: collection with build.permutations', async () => {
  const out = await buildTokens(themed(), config, { namespace: 'collection' });
  const file = (p: string): string => {
    const text = out.files.get(p);
    if (text === undefined) throw new Error(`${p} not built (built: ${[...out.files.keys()].join(', ')})`);
    return text;
  };

  test('the per-input types hold the per-mode names: collection slug, then the token path', () => {
    expect({
      ios: names(file('ios/permutations/SemanticForModeDark.swift')),
      compose: names(file('compose/permutations/SemanticForModeDark.kt')),
      android: names(file('android/permutations/mode-dark/values/tokens.xml')),
    }).toMatchInlineSnapshot(`
      {
        "android": [
          "primitives_color_bg",
          "primitives_color_black",
          "primitives_color_white",
          "semantic_color_bg",
          "semantic_color_fg",
        ],
        "compose": [
          "semanticColorBg",
          "semanticColorFg",
        ],
        "ios": [
          "semanticColorBg",
          "semanticColorFg",
        ],
      }
    `);
  });

  test('each per-input file declares exactly the names of the per-mode file it stands in for', () => {
    expect(names(file('ios/permutations/SemanticForModeDark.swift'))).toEqual(names(file('ios/SemanticDark.swift')));
    expect(names(file('ios/permutations/PrimitivesForModeDark.swift'))).toEqual(names(file('ios/Primitives.swift')));
    expect(names(file('compose/permutations/SemanticForModeDark.kt'))).toEqual(names(file('compose/SemanticDark.kt')));
    expect(names(file('android/permutations/mode-dark/values/tokens.xml'))).toEqual(
      names(file('android/values/tokens.xml')),
    );
  });

  test('json and ts per input nest under each collection, as their names do', () => {
    expect(file('json/permutations/mode-dark.json')).toMatchInlineSnapshot(`
      "{
        "primitives": {
          "color": {
            "bg": "#f5f5f5",
            "black": "#000000",
            "white": "#ffffff"
          }
        },
        "semantic": {
          "color": {
            "bg": "#000000",
            "fg": "#ffffff"
          }
        }
      }
      "
    `);
    expect(file('ts/permutations/mode-dark.ts')).toContain('"semantic": {');
  });

  test('the values are the input’s', () => {
    expect(file('ios/permutations/SemanticForModeDark.swift')).toMatchInlineSnapshot(`
      "//
      // ios/permutations/SemanticForModeDark.swift
      //

      // Do not edit directly, this file was auto-generated.


      import UIKit

      public class SemanticForModeDark {
          public static let semanticColorBg = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 1)
          public static let semanticColorFg = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 1)
      }
      "
    `);
  });
});
