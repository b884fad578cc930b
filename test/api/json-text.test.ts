/**
 * The text of an answer for JSON.parse (src/api/json-text.ts): one-byte, with characters outside
 * ASCII as their escapes, and whatever the chunks, it parses to what the decoded answer parses to,
 * and fails to parse exactly where the decoded answer does.
 */
import { describe, expect, it } from 'vitest';
import { ApiSchemaError } from '../../src/api/errors.js';
import { parseBody } from '../../src/api/http.js';
import { jsonText } from '../../src/api/json-text.js';
import { Redactor } from '../../src/api/redact.js';

/** The bytes split into chunks of the sizes given, in turn. */
function chunked(bytes: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = Math.max(1, sizes[i % sizes.length]!);
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

const parsed = (text: string): unknown => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return 'invalid';
  }
};

describe('jsonText', () => {
  it('parses to what the decoded answer parses to, every character and every split', () => {
    const values = [
      'Search…',
      'é',
      'ü€',
      '😀 and 𝄞',
      '\u2028\u2029',
      '\ufeff',
      'ascii \\u00e9 "q"',
      '中文テキスト',
      '',
    ];
    const bytes = Buffer.from(JSON.stringify({ a: values, 'ké…y': { 'x😀': values.join('') }, n: [1.5, -0, 1e21] }));
    for (const sizes of [[bytes.length], [1], [2, 3], [5, 7, 11], [64]]) {
      const text = jsonText(chunked(bytes, sizes));
      expect(/^[\x00-\x7f]*$/.test(text)).toBe(true);
      expect(JSON.parse(text)).toEqual(JSON.parse(bytes.toString('utf8')));
    }
  });

  it('gives the text itself for ASCII, and nothing for no bytes', () => {
    const bytes = Buffer.from('{"a": "b", "c": [1, 2]}');
    expect(jsonText(chunked(bytes, [3]))).toBe(bytes.toString('latin1'));
    expect(jsonText([])).toBe('');
    expect(jsonText([Buffer.alloc(0)])).toBe('');
  });

  it('is invalid JSON exactly where the decoded answer is, on random texts', () => {
    const pieces = [
      'a',
      '"',
      '\\',
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      ' ',
      '1',
      'é',
      '…',
      '😀',
      '\ufeff',
      '\u2028',
      '\\u00e9',
    ];
    let seed = 11;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const shapes = ['{"k": "#"}', '["#", "#"]', '{"#": 1}', '#', '"#"'];
    for (let i = 0; i < 400; i++) {
      const fill = Array.from({ length: rnd(12) }, () => pieces[rnd(pieces.length)]!).join('');
      const text = shapes[rnd(shapes.length)]!.replace('#', fill);
      const bytes = Buffer.from(text);
      expect(parsed(jsonText(chunked(bytes, [1 + rnd(5)]))), text).toEqual(parsed(text));
    }
  });

  it('decodes as before what it cannot escape: invalid UTF-8, a backslash before a character, too many escapes', () => {
    const invalid = Buffer.from([0x22, 0x61, 0xff, 0x22]);
    expect(jsonText([invalid])).toBe(invalid.toString('utf8'));
    const backslash = Buffer.from('"x\\é"');
    expect(jsonText(chunked(backslash, [2]))).toBe('"x\\é"');
    // Each "é" (2 bytes) takes 6: 40k of them need 160 KB more than the answer, past the room kept.
    const wide = Buffer.from(JSON.stringify(['é'.repeat(40_000)]));
    expect(jsonText([wide])).toBe(wide.toString('utf8'));
    const fits = Buffer.from(JSON.stringify(['é'.repeat(1_000)]));
    expect(jsonText([fits])).toBe(JSON.stringify(['\\u00e9'.repeat(1_000)]).replaceAll('\\\\', '\\'));
  });
});

describe('parseBody on an answer that is not JSON', () => {
  it('names the cause JSON.parse gives for the decoded answer, whose message quotes it', async () => {
    const bytes = Buffer.from('{"name": "Search…", oops}');
    const failure = await parseBody(
      chunked(bytes, [4]),
      () => Promise.reject(new Error('no schema expected')),
      'GET /x',
      { method: 'GET', url: 'https://service/x' },
      new Redactor(),
    ).catch((e: unknown) => e as ApiSchemaError);
    let expected = '';
    try {
      JSON.parse(bytes.toString('utf8'));
    } catch (e) {
      expected = (e as Error).message;
    }
    expect(failure).toBeInstanceOf(ApiSchemaError);
    expect((failure as ApiSchemaError).message).toContain(`is not JSON (${bytes.length} bytes)`);
    expect(((failure as ApiSchemaError).cause as Error).message).toBe(expected);
  });
});
