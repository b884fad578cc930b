/**
 * Comments (spec "Comments", "Comment deletion").
 *
 * Choices where the spec is silent:
 * - List: every comment, oldest first, replies and resolved ones included; replies carry `parent_id`
 *   (top-level comments `""`), and `client_meta.node_id` is an array (spec: "array of strings in list
 *   results"). No query parameters.
 * - Post: `message` 1 to 5,000 characters; a `client_meta.node_id` not in the file is a 404. A reply
 *   (`comment_id`) ignores any `client_meta` and inherits the thread's position; a reply to a reply joins
 *   the thread of its top-level comment. Answers 200 with the full comment (id, message, created_at,
 *   user {id, handle, img_url}, parent_id, client_meta, order_id, resolved_at) and sends FILE_COMMENT.
 * - Delete: an unknown comment is a 404; not the author nor the file owner is a 403.
 */
import { NEEDS } from '../auth.js';
import { empty, fail, json, parseJson } from '../http.js';
import type { CommentRecord, EmulatorState } from '../state.js';
import { api, fileOf, isReply, userOf, type Endpoint } from './context.js';
import { findNode } from './files.js';

const MAX_MESSAGE = 5000;

function wire(state: EmulatorState, c: CommentRecord, list: boolean): Record<string, unknown> {
  const u = state.users[c.userId];
  const meta =
    c.client_meta === null
      ? null
      : list
        ? {
            x: c.client_meta.x,
            y: c.client_meta.y,
            ...(c.client_meta.node_id ? { node_id: [c.client_meta.node_id] } : {}),
          }
        : c.client_meta;
  return {
    id: c.id,
    file_key: c.file_key,
    parent_id: c.parent_id,
    user: { id: u?.id ?? c.userId, handle: u?.handle ?? '', img_url: u?.img_url ?? '' },
    created_at: c.created_at,
    resolved_at: c.resolved_at,
    message: c.message,
    client_meta: meta,
    order_id: c.order_id,
    reactions: [],
  };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export const commentRoutes: Endpoint[] = [
  api('GET', '/v1/files/:file_key/comments', NEEDS.read, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    return json(200, { comments: file.comments.map((c) => wire(ctx.svc.state, c, true)) });
  }),

  api('POST', '/v1/files/:file_key/comments', NEEDS.comments, async (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const parsed = parseJson(ctx.body);
    if (!parsed.ok) return parsed.reply;
    const body = parsed.value as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return fail(400, 'The body must be a JSON object with "message".');
    const message = body['message'];
    if (typeof message !== 'string' || message.trim() === '')
      return fail(400, '"message" is required: the comment text.');
    if (message.length > MAX_MESSAGE)
      return fail(400, `"message" is ${message.length} characters; the limit is ${MAX_MESSAGE}.`);
    let parent: CommentRecord | undefined;
    let meta: CommentRecord['client_meta'] = null;
    if (body['comment_id'] !== undefined) {
      if (typeof body['comment_id'] !== 'string')
        return fail(400, '"comment_id" must be the id of the comment to reply to.');
      parent = file.comments.find((c) => c.id === body['comment_id']);
      if (!parent) return fail(404, `Comment not found: no comment "${body['comment_id']}" in this file.`);
      if (parent.parent_id !== '') parent = file.comments.find((c) => c.id === parent!.parent_id) ?? parent;
      meta = parent.client_meta;
    } else if (body['client_meta'] !== undefined) {
      const cm = body['client_meta'] as Record<string, unknown>;
      if (typeof cm !== 'object' || cm === null || !isNum(cm['x']) || !isNum(cm['y']))
        return fail(400, '"client_meta" must be {"x": number, "y": number, "node_id"?: string}.');
      if (cm['node_id'] !== undefined) {
        if (typeof cm['node_id'] !== 'string')
          return fail(400, '"client_meta.node_id" must be a node id string such as "1:2".');
        if (!findNode(file.document, cm['node_id']))
          return fail(404, `Node not found: "${cm['node_id']}" is not a node of file "${file.key}".`);
      }
      meta = { x: cm['x'], y: cm['y'], ...(typeof cm['node_id'] === 'string' ? { node_id: cm['node_id'] } : {}) };
    }
    const user = userOf(ctx);
    const id = String(ctx.svc.state.nextCommentId++);
    const record: CommentRecord = {
      id,
      file_key: file.key,
      parent_id: parent?.id ?? '',
      userId: user.id,
      message,
      created_at: ctx.svc.nowIso(),
      resolved_at: null,
      order_id: id,
      client_meta: meta === null ? null : { ...meta },
    };
    file.comments.push(record);
    await ctx.svc.commit();
    ctx.svc.emit(file.teamId, 'FILE_COMMENT', {
      file_key: file.key,
      file_name: file.name,
      comment_id: id,
      comment: [{ text: message }],
      mentions: [],
      triggered_by: { id: user.id, handle: user.handle },
      created_at: record.created_at,
      timestamp: record.created_at,
    });
    return json(200, wire(ctx.svc.state, record, false));
  }),

  api('DELETE', '/v1/files/:file_key/comments/:comment_id', NEEDS.comments, async (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const id = ctx.params['comment_id'] ?? '';
    const target = file.comments.find((c) => c.id === id);
    if (!target) return fail(404, `Comment not found: no comment "${id}" in this file.`);
    const me = ctx.principal?.userId;
    if (me !== target.userId && me !== file.ownerId)
      return fail(403, 'Only the comment author or the file owner may delete a comment.');
    file.comments = file.comments.filter((c) => c.id !== id && c.parent_id !== id);
    await ctx.svc.commit();
    // dfs: "200 with an empty body"; figma (OpenAPI DeleteCommentResponse): {status: 200, error: false}.
    return ctx.svc.options.api === 'figma' ? json(200, { status: 200, error: false }) : empty(200);
  }),
];
