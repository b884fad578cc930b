/**
 * Variables (spec "Variables"): GET local, POST CREATE, PUT UPDATE (figma dialect: one POST with every
 * action, variables/figma.ts). Batches are validated whole before
 * any change (variables/create.ts, variables/update.ts) and rejected with 400 naming the item. A write
 * that changes something bumps the file's version and lastModified and sends FILE_UPDATE.
 * Every response carries `status` and `error: false` next to `meta`, as the real service's do.
 */
import { NEEDS } from '../auth.js';
import { fail, json, parseJson, type Reply } from '../http.js';
import { applyCreate } from '../variables/create.js';
import { applyUpdate } from '../variables/update.js';
import { applyFigmaBatch } from '../variables/figma.js';
import { servedCollections } from '../variables/extensions.js';
import type { BatchResult } from '../variables/common.js';
import type { FileRecord } from '../state.js';
import { api, fileOf, isReply, type Ctx, type Endpoint } from './context.js';

/**
 * The last variables/local answer per file, reused while the file's version is unchanged (docs/benchmarks.md:
 * 4 MB and ~35 ms of JSON.stringify at 10k x 2; a push's verification read and the pull after it read
 * the same version). Sound because every change to a file's variables goes through `write` below,
 * which bumps the version when anything changed, and a reset or load makes new file objects.
 * Replies are never mutated after they are built (faults only send a part of the body).
 */
const answers = new WeakMap<FileRecord, { version: number; reply: Reply }>();

async function write(ctx: Ctx, apply: (file: FileRecord, body: unknown) => BatchResult) {
  const file = fileOf(ctx);
  if (isReply(file)) return file;
  const parsed = parseJson(ctx.body);
  if (!parsed.ok) return parsed.reply;
  const result = apply(file, parsed.value);
  if (!result.ok) return fail(400, result.message);
  if (result.changed) await ctx.svc.fileEdited(file);
  // figma (OpenAPI PostVariablesResponse): the map is `tempIdToRealId`.
  const meta =
    ctx.svc.options.api === 'figma'
      ? { tempIdToRealId: result.tempIdMapping }
      : { tempIdMapping: result.tempIdMapping };
  return json(200, { status: 200, error: false, meta });
}

export const variableRoutes: Endpoint[] = [
  api('GET', '/v1/files/:file_key/variables/local', NEEDS.readVariables, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const cached = answers.get(file);
    if (cached && cached.version === file.version) return cached.reply;
    const reply = json(200, {
      status: 200,
      error: false,
      meta: { variables: file.variables, variableCollections: servedCollections(file) },
    });
    answers.set(file, { version: file.version, reply });
    return reply;
  }),
  api('POST', '/v1/files/:file_key/variables', NEEDS.writeVariables, (ctx) =>
    write(ctx, ctx.svc.options.api === 'figma' ? applyFigmaBatch : applyCreate),
  ),
  // Figma has no PUT: in the figma dialect it is a 405 (one POST carries every action).
  api('PUT', '/v1/files/:file_key/variables', NEEDS.writeVariables, (ctx) =>
    ctx.svc.options.api === 'figma'
      ? fail(405, 'PUT is not allowed on /v1/files/:file_key/variables; send UPDATE items in the POST.', {
          allow: 'POST',
        })
      : write(ctx, applyUpdate),
  ),
];
