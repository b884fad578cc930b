/**
 * A hand-written check for the answer of `GET /v1/files/:key`, which a push and a pull read for the
 * file's version (docs/sync.md "Several writers"): validating it through zod loaded zod and built its
 * schemas on every full push and pull, ~0.1 s of CPU (docs/benchmarks.md "Push and pull", the initial
 * push and pull, seventh round). It accepts only answers `fileResponseSchema` (files.ts) accepts; its
 * objects are all loose (unknown keys kept), so zod's output holds the same fields as the input.
 * Anything else, valid or not, goes on to zod, which then gives the parsed value or the error naming
 * the field (http.ts `parseBody`). Tested case by case against zod in test/api.
 */
import type { FileResponse } from './files.js';

type Obj = Record<string, unknown>;

/** What zod's object schemas accept as an object: not null, not an array. */
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** `documentNodeSchema`: id, name and type strings, `children` absent or an array of such nodes. */
function isNode(n: unknown, depth: number): boolean {
  if (!isObj(n) || depth > 64) return false;
  if (typeof n['id'] !== 'string' || typeof n['name'] !== 'string' || typeof n['type'] !== 'string') return false;
  const children = n['children'];
  if (children === undefined) return true;
  if (!Array.isArray(children)) return false;
  for (let i = 0; i < children.length; i++) if (!isNode(children[i], depth + 1)) return false;
  return true;
}

/** True only when `fileResponseSchema` accepts `x` (zod's output then holds the same fields). */
export function isFileResponse(x: unknown): x is FileResponse {
  if (!isObj(x)) return false;
  if (typeof x['name'] !== 'string' || typeof x['lastModified'] !== 'string' || typeof x['version'] !== 'string')
    return false;
  if (typeof x['thumbnailUrl'] !== 'string') return false;
  const v = x['schemaVersion'];
  if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  return isNode(x['document'], 0);
}
