/** `sync.codeSyntax` (docs/sync.md "Code names in the design file"): off by default, and a wrong key or value is named with its position. */
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/config/load.js';
import { configError as err } from './helpers.js';

describe('sync.codeSyntax', () => {
  it('is off for every platform by default and may turn on each one', () => {
    expect(parseConfigText('', 'c.yaml').sync.codeSyntax).toEqual({ WEB: false, iOS: false, ANDROID: false });
    expect(parseConfigText('sync:\n  codeSyntax:\n    iOS: true\n', 'c.yaml').sync.codeSyntax).toEqual({
      WEB: false,
      iOS: true,
      ANDROID: false,
    });
  });

  it('names a platform spelt another way and a value that is not true or false', () => {
    expect(err('sync:\n  codeSyntax:\n    web: true\n')).toMatchInlineSnapshot(`
      "config/tokensync.yaml:3:5: config key "sync.codeSyntax": unknown key "web".
      Fix that key in config/tokensync.yaml; \`schema/tokensync.schema.json\` lists every key and its allowed values."
    `);
    expect(err('sync:\n  codeSyntax:\n    ANDROID: compose\n')).toMatchInlineSnapshot(`
      "config/tokensync.yaml:3:14: config key "sync.codeSyntax.ANDROID": Invalid input: expected boolean, received string.
      Fix that key in config/tokensync.yaml; \`schema/tokensync.schema.json\` lists every key and its allowed values."
    `);
  });
});
