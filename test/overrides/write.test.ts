/**
 * Pull write-back of overridden collections (docs/overrides.md §3, §4 "Writing back";
 * src/tokens/render-fold.ts): unchanged model = the same bytes; an edited value lands in the file that
 * holds it; a value that now differs from the base joins the context file; an extension's file holds
 * only its overrides; a per-mode override stays out and is listed.
 */
import { describe, expect, it } from 'vitest';
import { hexToColor } from '../../src/model/values.js';
import type { TokenSet, Value } from '../../src/model/types.js';
import { readTokens, renderTokens } from '../../src/tokens/index.js';
import { overridesByMode } from '../../src/tokens/render-fold.js';
import { tokensFolder } from '../conformance/harness.js';
import { config } from '../tokens/fixtures/model.js';
import { DOCUMENTS } from './documents.js';

const THREE = DOCUMENTS['three axes: mode, brand, contrast']!;
const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

async function read(files: Record<string, unknown>) {
  return readTokens(await tokensFolder(files), config);
}
const variable = (set: TokenSet, name: string) => set.variables.find((v) => v.name === name)!;
const red = hexToColor('#ff0000') as Value;

describe('pull write-back of a resolver with overrides', () => {
  it('gives back every file byte for byte when nothing changed (the third axis too)', async () => {
    const { set, sources } = await read(THREE);
    const out = renderTokens(set, config, sources);
    expect(Object.fromEntries(out)).toEqual(Object.fromEntries(Object.entries(THREE).map(([f, v]) => [f, text(v)])));
  });
  it('writes a changed mode value into the context file, and a new difference joins it', async () => {
    const { set, sources } = await read(THREE);
    variable(set, 'color/fg').values['dark'] = red; // held by mode/dark.json
    variable(set, 'size/gap').values['dark'] = 12; // not held: now differs from the base
    const out = renderTokens(set, config, sources);
    expect(out.get('tokens.tokens.json')).toBe(text(THREE['tokens.tokens.json']));
    expect(out.get('mode/dark.tokens.json')).toMatchInlineSnapshot(`
      "{
        "color": {
          "bg": {
            "$type": "color",
            "$value": "{color.black}"
          },
          "fg": {
            "$type": "color",
            "$value": {
              "colorSpace": "srgb",
              "components": [
                1,
                0,
                0
              ],
              "hex": "#ff0000"
            }
          },
          "blue": {
            "$type": "color",
            "$value": {
              "colorSpace": "srgb",
              "components": [
                0.4,
                0.4,
                1
              ],
              "hex": "#6666ff"
            }
          }
        },
        "size": {
          "gap": {
            "$type": "dimension",
            "$value": {
              "value": 12,
              "unit": "px"
            }
          }
        }
      }
      "
    `);
  });
  it('keeps the tokens a modifier defines in some contexts only as written, around an edited value', async () => {
    const files = DOCUMENTS['a modifier that defines tokens in some contexts only']!;
    const { set, sources } = await read(files);
    expect(Object.fromEntries(renderTokens(set, config, sources))).toEqual(
      Object.fromEntries(Object.entries(files).map(([f, v]) => [f, text(v)])),
    );
    variable(set, 'size/gap').values['touch'] = 16; // the design file's edit, in a context file
    const { partial: _, ...synced } = set; // a pull renders the merged set, which holds no partial tokens
    const out = renderTokens(synced, config, sources);
    const touch = JSON.parse(out.get('density/touch.tokens.json')!);
    expect(touch.size.gap.$value).toEqual({ value: 16, unit: 'px' });
    expect(touch.control).toEqual((files['density/touch.tokens.json'] as { control: unknown }).control);
    expect(out.get('density/compact.tokens.json')).toBe(text(files['density/compact.tokens.json']));
    expect(out.get('tokens.resolver.json')).toBe(text(files['tokens.resolver.json']));
  });
  it('writes a brand override, removes one the design file dropped, and keeps a per-mode one out', async () => {
    const { set, sources } = await read(THREE);
    const accent = variable(set, 'color/accent');
    accent.overrides = { 'tokens / acme': { light: red, dark: hexToColor('#00ff00') as Value } };
    delete variable(set, 'size/radius').overrides;
    variable(set, 'color/bg').overrides = { 'tokens / acme': { light: red, dark: red } };
    const out = renderTokens(set, config, sources);
    expect(out.get('brand/acme.tokens.json')).toMatchInlineSnapshot(`
      "{
        "color": {
          "bg": {
            "$type": "color",
            "$value": {
              "colorSpace": "srgb",
              "components": [
                1,
                0,
                0
              ],
              "hex": "#ff0000"
            }
          }
        }
      }
      "
    `);
    expect(overridesByMode(set).map((o) => [o.variable, o.extension, Object.keys(o.values)])).toEqual([
      ['color/accent', 'tokens / acme', ['light', 'dark']],
    ]);
    expect(out.get('contrast/high.tokens.json')).toBe(text(THREE['contrast/high.tokens.json']));
  });
  it('refuses a value of its own in an empty context, naming it and the fix', async () => {
    const { set, sources } = await read(THREE);
    variable(set, 'color/fg').overrides = { 'tokens / zen': { light: red, dark: red } };
    expect(() => renderTokens(set, config, sources)).toThrowErrorMatchingInlineSnapshot(
      `[TokensyncError: Variable "color/fg" of collection "tokens" has a value of its own in extended collection "tokens / zen", but context "zen" of modifier "brand" in tokens.resolver.json has no file to hold it.]`,
    );
  });
});

describe('a pull of extended collections into tokensync’s own layout', () => {
  it('writes each brand as a context of a <parent>-extensions modifier, reads it back, and is byte-stable', async () => {
    const { set } = await read({
      'tokens.resolver.json': {
        version: '2025.10',
        modifiers: {
          semantic: {
            contexts: {
              light: [{ $ref: 'semantic/light.tokens.json' }],
              dark: [{ $ref: 'semantic/dark.tokens.json' }],
            },
            default: 'light',
            $extensions: { 'dev.tokensync': { collection: 'Semantic' } },
          },
        },
        resolutionOrder: [{ $ref: '#/modifiers/semantic' }],
      },
      'semantic/light.tokens.json': {
        bg: { $type: 'color', $value: '#ffffff' },
        fg: { $type: 'color', $value: '#000000' },
      },
      'semantic/dark.tokens.json': {
        bg: { $type: 'color', $value: '#000000' },
        fg: { $type: 'color', $value: '#ffffff' },
      },
    });
    set.collections.push({
      name: 'Acme Brand',
      modes: set.collections[0]!.modes,
      defaultMode: 'light',
      parent: 'Semantic',
    });
    variable(set, 'bg').overrides = { 'Acme Brand': { light: red, dark: red } };
    const files = renderTokens(set, config);
    expect(files.get('semantic/extensions/acme-brand.tokens.json')).toContain('"hex": "#ff0000"');
    expect(JSON.parse(files.get('tokens.resolver.json')!).modifiers['semantic-extensions']).toMatchInlineSnapshot(`
      {
        "$extensions": {
          "dev.tokensync": {
            "extends": "Semantic",
            "modes": [
              {
                "context": "base",
                "name": "base",
              },
              {
                "context": "acme-brand",
                "name": "Acme Brand",
              },
            ],
          },
        },
        "contexts": {
          "acme-brand": [
            {
              "$ref": "semantic/extensions/acme-brand.tokens.json",
            },
          ],
          "base": [],
        },
        "default": "base",
      }
    `);
    const back = await read(Object.fromEntries([...files].map(([f, t]) => [f, t])));
    expect(back.set.collections.map((c) => [c.name, c.parent])).toEqual([
      ['Semantic', undefined],
      ['Acme Brand', 'Semantic'],
    ]);
    expect(variable(back.set, 'bg').overrides).toEqual({ 'Acme Brand': { light: red, dark: red } });
    expect(renderTokens(back.set, config, back.sources)).toEqual(files);
  });
});
