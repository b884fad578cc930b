/**
 * What the figma dialect spells differently at the front of the local service: the shape of
 * error bodies. Figma's OpenAPI document (@figma/rest-api-spec) gives each operation and status one of
 * two shapes: `ErrorResponsePayloadWithErrMessage` `{status, err}` (most endpoints) or
 * `ErrorResponsePayloadWithErrorBoolean` `{status, error: true, message}` (the variables endpoints,
 * and a few statuses of others, listed below). The dfs dialect always uses the second (docs/emulator.md).
 * test/figma-spec checks every error the service gives in the figma dialect against the document.
 */
import type { Reply } from './http.js';

/** Operations and statuses that answer `{status, error: true, message}` in Figma's document. */
const ERROR_BOOLEAN: { method: string; path: RegExp; statuses: number[] | 'all' }[] = [
  { method: 'GET', path: /^\/v1\/files\/[^/]+\/variables\/local$/, statuses: 'all' },
  { method: 'POST', path: /^\/v1\/files\/[^/]+\/variables$/, statuses: 'all' },
  { method: 'POST', path: /^\/v1\/files\/[^/]+\/comments$/, statuses: [400] },
  { method: 'GET', path: /^\/v1\/files\/[^/]+\/(?:styles|components|component_sets)$/, statuses: [404] },
  { method: 'GET', path: /^\/v1\/styles\/[^/]+$/, statuses: [404] },
  { method: 'GET', path: /^\/v2\/webhooks$/, statuses: [400] },
  { method: 'POST', path: /^\/v2\/webhooks$/, statuses: [400] },
  { method: 'GET', path: /^\/v2\/webhooks\/[^/]+$/, statuses: [400, 404] },
  { method: 'DELETE', path: /^\/v2\/webhooks\/[^/]+$/, statuses: [400, 404, 500] },
];

function usesErrorBoolean(method: string, path: string, status: number): boolean {
  return ERROR_BOOLEAN.some(
    (e) => e.method === method && e.path.test(path) && (e.statuses === 'all' || e.statuses.includes(status)),
  );
}

/** An error reply as the figma dialect spells it for this operation; other replies unchanged. */
export function figmaSpelling(method: string, path: string, reply: Reply): Reply {
  if (reply.status < 400 || usesErrorBoolean(method, path, reply.status)) return reply;
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body.toString('utf8'));
  } catch {
    return reply;
  }
  const body = parsed as { status?: unknown; error?: unknown; message?: unknown };
  if (body.error !== true || typeof body.message !== 'string') return reply;
  return { ...reply, body: Buffer.from(JSON.stringify({ status: reply.status, err: body.message })) };
}
