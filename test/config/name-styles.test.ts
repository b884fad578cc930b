/** `build.names` (docs/build.md "Names"): a native family refuses kebab names, which would not compile there. */
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/config/load.js';
import { configError as err } from './helpers.js';

describe('build.names', () => {
  it('takes every style for the web and TypeScript, and camel, snake or keep for Swift, Kotlin and Android', () => {
    const names = { web: 'camel', ts: 'kebab', ios: 'snake', android: 'camel', compose: 'keep' };
    const text = `build:\n  names:\n${Object.entries(names)
      .map(([k, v]) => `    ${k}: ${v}\n`)
      .join('')}`;
    expect(parseConfigText(text, 'c.yaml').build.names).toEqual(names);
  });

  it('refuses kebab for ios, android and compose, naming the key and why', () => {
    for (const family of ['ios', 'android', 'compose'])
      expect(err(`build:\n  names:\n    ${family}: kebab\n`)).toContain(`config key "build.names.${family}"`);
    expect(err('build:\n  names:\n    ios: kebab\n')).toMatchInlineSnapshot(`
      "config/tokensync.yaml:3:10: config key "build.names.ios": expected one of "camel"|"snake"|"keep": a Swift, Kotlin or Android resource name cannot hold a "-", so kebab names ("color-bg") would not compile.
      Fix that key in config/tokensync.yaml; \`schema/tokensync.schema.json\` lists every key and its allowed values."
    `);
  });
});
