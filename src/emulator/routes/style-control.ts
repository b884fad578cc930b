/**
 * Control endpoints that let a test play the designer on styles, admin token only like
 * every /_emulator/ route (docs/emulator.md "Styles"):
 * - `POST /_emulator/styles` `{style_type, name, description?, fields?}`: publishes a new style whose
 *   node carries `fields` (`style`, `effects`, `fills` or `layoutGrids`, as the node schema spells
 *   them); answers the list entry.
 * - `PATCH /_emulator/styles` `{key, name?, description?, fields?}`: renames or edits a style; `fields`
 *   replace those of its node. The key and node id stay (a rename keeps the style's identity).
 * - `DELETE /_emulator/styles?key=KEY`: unpublishes a style and drops its node.
 * Each change bumps the file's version and `updated_at`, and sends FILE_UPDATE, as an edit does.
 */
import { stableKey } from '../ids.js';
import { fail, json, parseJson, route, type Reply, type Route } from '../http.js';
import type { ControlCtx } from './control-context.js';
import type { FileRecord, PublishedStyle } from '../state.js';
import { styleNode, type StyleType } from '../styles/nodes.js';

const TYPES: readonly StyleType[] = ['FILL', 'TEXT', 'EFFECT', 'GRID'];

type Body = Record<string, unknown>;

function bodyOf(ctx: ControlCtx): Body | Reply {
  const parsed = parseJson(ctx.body);
  if (!parsed.ok) return parsed.reply;
  const v = parsed.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(400, 'The body must be a JSON object.');
  return v as Body;
}
const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' && v !== null && 'status' in v && Buffer.isBuffer((v as Reply).body);

function fileOf(ctx: ControlCtx): FileRecord | Reply {
  const svc = ctx.host.svc;
  const file = svc.file(ctx.query.get('file_key') ?? svc.state.identity.fileKey);
  return file ?? fail(404, 'No such file.');
}

function fieldsOf(b: Body): Record<string, unknown> | Reply | undefined {
  const f = b['fields'];
  if (f === undefined) return undefined;
  if (typeof f !== 'object' || f === null || Array.isArray(f))
    return fail(400, '"fields" must be an object of node fields, e.g. {"effects": [...]}.');
  return f as Record<string, unknown>;
}

function findStyle(file: FileRecord, key: unknown): PublishedStyle | Reply {
  if (typeof key !== 'string' || key === '') return fail(400, '"key" must be the key of a published style.');
  return file.styles.find((s) => s.key === key) ?? fail(404, `No published style with key "${key}".`);
}

function nextNodeId(file: FileRecord): string {
  let max = 0;
  for (const id of [...file.styles.map((s) => s.node_id), ...Object.keys(file.styleNodes ?? {})]) {
    const m = /^3:(\d+)$/.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `3:${max + 1}`;
}

export const styleControlRoutes: Route<ControlCtx>[] = [
  route('POST', '/_emulator/styles', async (ctx) => {
    const b = bodyOf(ctx);
    if (isReply(b)) return b;
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const type = b['style_type'];
    if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type))
      return fail(400, `"style_type" must be one of ${TYPES.join(', ')}.`);
    const name = b['name'];
    if (typeof name !== 'string' || name.trim() === '')
      return fail(400, '"name" must be a non-empty string such as "Heading/H2".');
    const description = b['description'] ?? '';
    if (typeof description !== 'string') return fail(400, '"description" must be a string.');
    const fields = fieldsOf(b);
    if (isReply(fields)) return fields;
    const svc = ctx.host.svc;
    const nodeId = nextNodeId(file);
    const now = svc.nowIso();
    const style: PublishedStyle = {
      key: stableKey(file.key, `style:${nodeId}:${now}`),
      name,
      description,
      style_type: type as StyleType,
      node_id: nodeId,
      created_at: now,
      updated_at: now,
      userId: svc.state.identity.ownerId,
    };
    file.styles.push(style);
    file.styleNodes ??= {};
    file.styleNodes[nodeId] = styleNode(nodeId, name, style.style_type, fields ?? {});
    await svc.fileEdited(file);
    return json(200, { style });
  }),

  route('PATCH', '/_emulator/styles', async (ctx) => {
    const b = bodyOf(ctx);
    if (isReply(b)) return b;
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const style = findStyle(file, b['key']);
    if (isReply(style)) return style;
    const name = b['name'];
    if (name !== undefined && (typeof name !== 'string' || name.trim() === ''))
      return fail(400, '"name" must be a non-empty string.');
    const description = b['description'];
    if (description !== undefined && typeof description !== 'string')
      return fail(400, '"description" must be a string.');
    const fields = fieldsOf(b);
    if (isReply(fields)) return fields;
    if (typeof name === 'string') style.name = name;
    if (typeof description === 'string') style.description = description;
    file.styleNodes ??= {};
    const old = file.styleNodes[style.node_id];
    // The node's name follows the style's, as in the design tool; its other fields are kept unless replaced.
    file.styleNodes[style.node_id] = {
      ...(old ?? styleNode(style.node_id, style.name, style.style_type, {})),
      ...(fields ?? {}),
      name: style.name,
    };
    const svc = ctx.host.svc;
    style.updated_at = svc.nowIso();
    await svc.fileEdited(file);
    return json(200, { style });
  }),

  route('DELETE', '/_emulator/styles', async (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const style = findStyle(file, ctx.query.get('key'));
    if (isReply(style)) return style;
    file.styles = file.styles.filter((s) => s !== style);
    if (file.styleNodes) delete file.styleNodes[style.node_id];
    await ctx.host.svc.fileEdited(file);
    return json(200, { deleted: style.key });
  }),
];
