// Regenerates schema/tokensync.schema.json from the zod config schema (run after `npm run build:ts`).
import { writeFileSync } from 'node:fs';
import { renderConfigJsonSchema } from '../dist/config/json-schema.js';

writeFileSync(new URL('../schema/tokensync.schema.json', import.meta.url), renderConfigJsonSchema());
console.log('wrote schema/tokensync.schema.json');
