/**
 * Figma's own OpenAPI document (npm `@figma/rest-api-spec`, which ships `openapi/openapi.yaml`, OpenAPI
 * 3.1, whose schemas are JSON Schema 2020-12) as validators (docs/api-client.md "Dialects"). The document
 * is added to Ajv whole, so every `$ref` (`#/components/schemas/...`, `#/components/responses/...`)
 * resolves inside it. Two copies:
 * - answers: as published. Extra fields are allowed (the document does not forbid them).
 * - requests: every object schema that lists `properties` (and does not say otherwise) gets
 *   `additionalProperties: false`, so a body tokensync sends may not carry a field the document does
 *   not name. (This also makes the `oneOf` of RGB and RGBA decidable for a 4-channel color.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const SPEC_FILE = require.resolve('@figma/rest-api-spec/openapi/openapi.yaml');

type Json = Record<string, unknown>;
export const spec = parse(readFileSync(SPEC_FILE, 'utf8')) as {
  info: { version: string };
  paths: Record<string, Record<string, Json>>;
  components: Json;
};

function strictCopy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictCopy);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node))
    out[k] =
      k === 'properties' || k === 'example' || k === 'examples'
        ? k === 'properties'
          ? mapValues(v as Json)
          : v
        : strictCopy(v);
  if ('properties' in out && !('additionalProperties' in out) && !('allOf' in out)) out['additionalProperties'] = false;
  return out;
}
function mapValues(obj: Json): Json {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, strictCopy(v)]));
}

// allErrors only for request bodies (small): on node trees, oneOf over ~30 node types with every error
// collected is exponential in depth. Answers stop at the first error, which names the path.
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
const ajvAll = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
const addFormats = ((addFormatsModule as unknown as { default?: (a: Ajv2020) => void }).default ??
  addFormatsModule) as unknown as (a: Ajv2020) => void;
addFormats(ajv);
addFormats(ajvAll);
ajv.addSchema(spec as object, 'figma');
ajvAll.addSchema(spec as object, 'figma');
ajvAll.addSchema(strictCopy(spec) as object, 'figma-strict');

const cache = new Map<string, ValidateFunction>();
function validator(ref: string, all = false): ValidateFunction {
  const k = `${all}${ref}`;
  let v = cache.get(k);
  if (!v) {
    v = (all ? ajvAll : ajv).compile({ $ref: ref });
    cache.set(k, v);
  }
  return v;
}

/** One node (its children left out) against its own schema, e.g. FRAME -> FrameNode, every error listed. */
export function checkNode(node: Record<string, unknown>): string[] {
  const type = String(node['type']);
  const name = `${type.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _u: string, c: string) => c.toUpperCase())}Node`;
  const schemas = spec.components['schemas'] as Record<string, unknown>;
  if (!schemas[name]) return [`node ${String(node['id'])}: no schema ${name} for type ${type}`];
  const v = validator(`figma#/components/schemas/${name}`, true);
  const shallow = 'children' in node ? { ...node, children: [] } : node;
  return v(shallow) ? [] : describe(v.errors).map((e) => `${type} ${String(node['id'])}${e}`);
}

/** `/v1/files/abc/variables` -> the document's path template `/v1/files/{file_key}/variables`. */
export function templateOf(path: string): string {
  const bare = path.split('?')[0]!;
  const segs = bare.split('/');
  for (const template of Object.keys(spec.paths)) {
    const t = template.split('/');
    if (t.length === segs.length && t.every((s, i) => s.startsWith('{') || s === segs[i])) {
      // Prefer literal segments: /v2/webhooks/{id} vs /v2/teams/{id}/webhooks differ in length anyway.
      return template;
    }
  }
  throw new Error(`No operation of Figma's OpenAPI document matches ${path}.`);
}

const pointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

function operation(method: string, path: string): { template: string; op: Json } {
  const template = templateOf(path);
  const op = spec.paths[template]?.[method.toLowerCase()] as Json | undefined;
  if (!op) throw new Error(`Figma's OpenAPI document has no ${method} ${template}.`);
  return { template, op };
}

export interface Mismatch {
  where: string;
  errors: string[];
}

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (e) =>
      `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}

/** Validates an answer of METHOD path with this status against the document's response schema. */
export function checkResponse(method: string, path: string, status: number, body: unknown): Mismatch | null {
  const { template, op } = operation(method, path);
  const responses = op['responses'] as Record<string, Json>;
  const entry = responses[String(status)];
  if (!entry)
    return {
      where: `${method} ${template} -> ${status}`,
      errors: [
        `the document lists no ${status} answer for this operation (it lists ${Object.keys(responses).join(', ')})`,
      ],
    };
  const base =
    typeof entry['$ref'] === 'string'
      ? `figma${entry['$ref']}`
      : `figma#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${status}`;
  const ref = `${base}/content/application~1json/schema`;
  const v = validator(ref);
  return v(body) ? null : { where: `${method} ${template} -> ${status}`, errors: describe(v.errors) };
}

/** Validates a request body of METHOD path against the document's request schema, no extra fields allowed. */
export function checkRequest(method: string, path: string, body: unknown): Mismatch | null {
  const { template } = operation(method, path);
  const v = validator(
    `figma-strict#/paths/${pointer(template)}/${method.toLowerCase()}/requestBody/content/application~1json/schema`,
    true,
  );
  return v(body) ? null : { where: `${method} ${template} (request body)`, errors: describe(v.errors) };
}

/**
 * One value against a schema of the document's strict copy (no field the document does not name).
 * For `VariableValue` in answers: its `oneOf` lists RGB and RGBA, which a 4-channel color matches
 * both of unless extra fields are refused, so an override's value is checked this way.
 */
export function checkSchema(schema: string, value: unknown): string[] {
  const v = validator(`figma-strict#/components/schemas/${schema}`, true);
  return v(value) ? [] : describe(v.errors);
}
