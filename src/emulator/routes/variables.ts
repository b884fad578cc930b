/**
 * Variables (spec "Variables"): GET local, POST CREATE, PUT UPDATE. Batches are validated whole before
 * any change (variables/create.ts, variables/update.ts) and rejected with 400 naming the item. A write
 * that changes something bumps the file's version and lastModified and sends FILE_UPDATE (issue 2).
 * Every response carries `status` and `error: false` next to `meta`, as the real service's do.
 */
import { NEEDS } from '../auth.js';
import { fail, json, parseJson } from '../http.js';
import { applyCreate } from '../variables/create.js';
import { applyUpdate } from '../variables/update.js';
import type { BatchResult } from '../variables/common.js';
import type { FileRecord } from '../state.js';
import { api, fileOf, isReply, type Ctx, type Endpoint } from './context.js';

async function write(ctx: Ctx, apply: (file: FileRecord, body: unknown) => BatchResult) {
  const file = fileOf(ctx);
  if (isReply(file)) return file;
  const parsed = parseJson(ctx.body);
  if (!parsed.ok) return parsed.reply;
  const result = apply(file, parsed.value);
  if (!result.ok) return fail(400, result.message);
  if (result.changed) await ctx.svc.fileEdited(file);
  return json(200, { status: 200, error: false, meta: { tempIdMapping: result.tempIdMapping } });
}

export const variableRoutes: Endpoint[] = [
  api('GET', '/v1/files/:file_key/variables/local', NEEDS.readVariables, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    return json(200, { status: 200, error: false, meta: { variables: file.variables, variableCollections: file.variableCollections } });
  }),
  api('POST', '/v1/files/:file_key/variables', NEEDS.writeVariables, (ctx) => write(ctx, applyCreate)),
  api('PUT', '/v1/files/:file_key/variables', NEEDS.writeVariables, (ctx) => write(ctx, applyUpdate)),
];
