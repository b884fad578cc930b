/** In-place JSON edits (src/tokens/json-edit.ts): only what differs changes, in the file's own layout. */
import { describe, expect, it } from 'vitest';
import { patchJson, styleOf } from '../../src/tokens/json-edit.js';
import { findSyntaxError, parseJsonTree } from '../../src/tokens/json-tree.js';
import { fromJsonNode, Ordered } from '../../src/tokens/json-write.js';

const tabs = [
  '{',
  '\t"color": {',
  '\t\t"$type": "color",',
  '\t\t"red": { "$value": { "colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000" } },',
  '\t\t"blue": {',
  '\t\t\t"$description": "Blue",',
  '\t\t\t"$value": { "colorSpace": "srgb", "components": [0, 0, 1], "hex": "#0000ff" }',
  '\t\t},',
  '\t\t"green": {"$value":"{color.red}"}',
  '\t}',
  '}',
].join('\r\n');

/** The tree of a text, edited by `change`, written back in place. */
function edit(text: string, change: (root: Ordered) => void): string {
  const node = parseJsonTree(text);
  const root = fromJsonNode(node) as Ordered;
  change(root);
  return patchJson(text, node, root);
}
const group = (root: Ordered, ...path: string[]): Ordered => path.reduce<Ordered>((o, k) => o.get(k) as Ordered, root);

describe('patchJson', () => {
  it('returns the very text when nothing differs, whatever its layout or key order', () => {
    expect(edit(tabs, () => undefined)).toBe(tabs);
    const reordered = edit(tabs, (root) => {
      const blue = group(root, 'color', 'blue');
      const value = blue.get('$value')!;
      blue.delete('$value');
      const o = new Ordered().set('$value', value).set('$description', 'Blue');
      group(root, 'color').set('blue', o);
    });
    expect(reordered).toBe(tabs);
  });

  it('changes only the bytes of a changed value, keeping one-line arrays and CRLF', () => {
    const out = edit(tabs, (root) => {
      const v = group(root, 'color', 'red', '$value');
      v.set('components', [0.5, 0, 0]).set('hex', '#800000');
    });
    expect(out).toBe(
      tabs.replace('"components": [1, 0, 0], "hex": "#ff0000"', '"components": [0.5, 0, 0], "hex": "#800000"'),
    );
  });

  it('removes a first, middle or last property with its comma and line', () => {
    const drop = (key: string) => edit(tabs, (root) => group(root, 'color').delete(key));
    expect(drop('green')).toBe(tabs.replace(',\r\n\t\t"green": {"$value":"{color.red}"}', ''));
    expect(drop('blue')).toBe(tabs.replace(/\t\t"blue": \{[\s\S]*?\t\t\},\r\n/, ''));
    const noType = edit(tabs, (root) => group(root, 'color').delete('$type'));
    expect(noType).toBe(tabs.replace('\t\t"$type": "color",\r\n', ''));
  });

  it('inserts a new property after its sibling, in the indentation and line ending of the file', () => {
    const out = edit(tabs, (root) => {
      const color = group(root, 'color');
      const entries = [...color.entries];
      color.entries.clear();
      for (const [k, v] of entries) {
        color.set(k, v);
        if (k === 'blue') color.set('navy', new Ordered().set('$value', '{color.blue}'));
      }
    });
    expect(out).toBe(
      tabs.replace('\t\t},\r\n', '\t\t},\r\n\t\t"navy": {\r\n\t\t\t"$value": "{color.blue}"\r\n\t\t},\r\n'),
    );
    expect(parseJsonTree(out)).toBeTruthy();
  });

  it('writes new groups in the file style (2 spaces by default, one-line arrays where the file has them)', () => {
    const text = '{\n    "a": {\n        "$value": [1, 2]\n    }\n}\n';
    expect(styleOf(text)).toEqual({ unit: '    ', eol: '\n', inlineArrays: true });
    const out = edit(text, (root) => root.set('b', new Ordered().set('c', new Ordered().set('$value', [3, 4]))));
    expect(out).toBe(
      '{\n    "a": {\n        "$value": [1, 2]\n    },\n    "b": {\n        "c": {\n            "$value": [3, 4]\n        }\n    }\n}\n',
    );
  });

  it('replaces the body of an object whose every property goes', () => {
    const text = '{\n  "a": {\n    "x": 1\n  }\n}';
    expect(edit(text, (root) => group(root, 'a').set('y', 2).delete('x'))).toBe('{\n  "a": {\n    "y": 2\n  }\n}');
  });
});

describe('strict JSON through jsonc-parser', () => {
  it('refuses comments, trailing commas, a BOM and deep nesting, with the position', () => {
    const cases = ['{"a": 1 // note\n}', '{"a": 1,\n}', '[1, 2,]', '\ufeff{}', '{"a" 1}', '{"a": 1', '{a: 1}', '{} x'];
    expect(cases.map((c) => findSyntaxError(c))).toMatchInlineSnapshot(`
      [
        {
          "message": "invalid JSON: a comment, and comments are not allowed in JSON",
          "offset": 8,
        },
        {
          "message": "invalid JSON: expected a property after "," (trailing commas are not allowed in JSON) but found "}"",
          "offset": 9,
        },
        {
          "message": "invalid JSON: expected a value after "," (trailing commas are not allowed in JSON) but found "]"",
          "offset": 6,
        },
        {
          "message": "invalid JSON: the file starts with a byte order mark (BOM)",
          "offset": 0,
        },
        {
          "message": "invalid JSON: expected ":" after a property name but found "1"",
          "offset": 5,
        },
        {
          "message": "invalid JSON: expected "," or "}" after a property value but found end of file",
          "offset": 7,
        },
        {
          "message": "invalid JSON: expected a property name in double quotes but found "a"",
          "offset": 1,
        },
        {
          "message": "invalid JSON: expected end of file after the top-level value but found "x"",
          "offset": 3,
        },
      ]
    `);
    expect(findSyntaxError('['.repeat(600))).toMatchInlineSnapshot(`
      {
        "message": "invalid JSON: nesting deeper than 512 levels",
        "offset": 512,
      }
    `);
  });
});
