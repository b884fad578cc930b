/**
 * The splice's placing rule (src/codegen/session/splice.ts, docs/architecture.md "Watch"): a changed
 * line is placed only where its text and block say it is with certainty; otherwise the file is
 * rendered whole.
 */
import { expect, test } from 'vitest';
import { indexLines } from '../../src/codegen/session/lines.js';
import { applyEdit, placeEdit } from '../../src/codegen/session/splice.js';

const splice = (file: string, before: string, after: string): string | undefined => {
  const f = indexLines(file);
  const edit = placeEdit(f, before, after);
  if (edit === undefined) return undefined;
  applyEdit(f, edit);
  return f.bytes.toString('utf8');
};

test('a line is found by its block, and keeps the whole file comma', () => {
  const file = '{\n  "blue": {\n    "500": 1,\n    "600": 2\n  },\n  "red": {\n    "500": 1\n  }\n}\n';
  const before = '{\n  "red": {\n    "500": 1\n  }\n}\n';
  const after = '{\n  "red": {\n    "500": 3\n  }\n}\n';
  expect(splice(file, before, after)).toBe(file.replace('"red": {\n    "500": 1', '"red": {\n    "500": 3'));
  const blue = splice(file, before.replace('red', 'blue'), after.replace('red', 'blue'));
  expect(blue).toBe(file.replace('"500": 1,', '"500": 3,'));
});

test('the n-th of equal lines in the small render is the n-th in the file, only when both hold as many', () => {
  const file = ':root {\n  --a: 1;\n}\n[data-x="dark"] {\n  --a: 1;\n}\n';
  // Both modes rendered, the dark one changed: the second `--a: 1;`... in its own block.
  expect(splice(file, file, file.replace(/--a: 1;\n}\n$/, '--a: 2;\n}\n'))).toBe(
    ':root {\n  --a: 1;\n}\n[data-x="dark"] {\n  --a: 2;\n}\n',
  );
  // A line the file holds more often than the small render (another token prints it too): not placed.
  const flat = '<a>1</a>\n<b>x</b>\n<a>1</a>\n';
  expect(splice(flat, '<a>1</a>\n', '<a>2</a>\n')).toBeUndefined();
});

test('lines added or removed, a block opened differently, or a line not in the file: not placed', () => {
  const file = 'x {\n  a: 1;\n}\n';
  expect(splice(file, 'x {\n  a: 1;\n}\n', 'x {\n  a: 1;\n  b: 2;\n}\n')).toBeUndefined();
  expect(splice(file, 'x {\n  a: 1;\n}\n', 'y {\n  a: 1;\n}\n')).toBeUndefined();
  expect(splice(file, 'x {\n  c: 1;\n}\n', 'x {\n  c: 2;\n}\n')).toBeUndefined();
  expect(splice(file, 'x {\n  a: 1;\n}\n', 'x {\n  a: 1;\n}\n')).toBe(file);
});

test('XML elements are blocks; empty elements are not', () => {
  const file =
    '<resources>\n  <style name="a">\n    <item name="f">Inter</item>\n  </style>\n  <style name="b">\n    <item name="f">Inter</item>\n  </style>\n</resources>\n';
  const small = '<resources>\n  <style name="b">\n    <item name="f">Inter</item>\n  </style>\n</resources>\n';
  expect(splice(file, small, small.replace('Inter', 'Roboto'))).toBe(
    file.replace(/(name="b">\n {4}<item name="f">)Inter/, '$1Roboto'),
  );
});

test('edits in a row, longer and shorter, multi-byte: the bytes equal the text edited as a string', () => {
  // The file's bytes are copied between two buffers in turn (lines.ts `replaceLines`).
  let text = '';
  for (let i = 0; i < 200; i++) text += `.c${i} {\n  --a: ${i};\n  --b: "é${i}";\n}\n`;
  const f = indexLines(text);
  for (let n = 0; n < 40; n++) {
    const i = (n * 37) % 200;
    // One value longer than the spare buffer's slack, which then grows.
    const value = n === 20 ? `"${'x'.repeat(9000)}"` : n % 3 === 0 ? '9'.repeat(n + 1) : n % 3 === 1 ? '0' : `"✓${n}"`;
    const block = `.c${i} {\n  --a: `;
    const at = text.indexOf(block) + block.length;
    const end = text.indexOf(';', at);
    const before = `.c${i} {\n  --a: ${text.slice(at, end)};\n}\n`;
    const after = `.c${i} {\n  --a: ${value};\n}\n`;
    const edit = placeEdit(f, before, after);
    expect(edit).toHaveLength(before === after ? 0 : 1);
    applyEdit(f, edit!);
    text = text.slice(0, at) + value + text.slice(end);
    expect(f.bytes.toString('utf8')).toBe(text);
  }
});
