/** The JSON Schema of config/tokensync.yaml, generated from the zod schema (one source of truth). */
import { z } from 'zod';
import { configSchema } from './schema.js';

export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  return { ...schema, $id: 'https://tokensync.dev/schema/tokensync.schema.json', title: 'tokensync configuration' };
}

export function renderConfigJsonSchema(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
