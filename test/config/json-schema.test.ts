import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configJsonSchema, renderConfigJsonSchema } from '../../src/config/json-schema.js';

describe('config JSON Schema', () => {
  it('is committed up to date with the zod schema (run `npm run schema` after changing it)', () => {
    const committed = readFileSync(new URL('../../schema/tokensync.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(renderConfigJsonSchema());
  });

  it('offers editors the core keys with their allowed values', () => {
    const schema = configJsonSchema() as { properties: Record<string, { properties: Record<string, unknown> }> };
    expect(Object.keys(schema.properties['service']!.properties)).toEqual(
      expect.arrayContaining(['url', 'fileKey', 'token', 'caFile']),
    );
    expect(JSON.stringify(schema.properties['build']!.properties['platforms'])).toContain('tailwind');
  });
});
