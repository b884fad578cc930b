/**
 * Published styles, components and component sets (spec "Styles", "Components").
 *
 * Choices where the spec is silent ("how the cursor is passed: not shown"; agreed wire choices):
 * query `page_size` (default 30, whole number 1..1000) and `cursor` (opaque, from the previous page).
 * The pagination object `{cursor, page_size}` (cursor null on the last page, page_size = items returned)
 * is sent both at the top level and as `meta.pagination`: the spec's sentence reads either way.
 * Lists are in the order the items were published. Every response has `status: 200, error: false`.
 */
import { NEEDS } from '../auth.js';
import { fail, json, type Reply } from '../http.js';
import type { EmulatorState, FileRecord, PublishedComponent, PublishedStyle } from '../state.js';
import { api, fileOf, isReply, type Ctx, type Endpoint } from './context.js';

const DEFAULT_PAGE = 30;
const MAX_PAGE = 1000;

function user(state: EmulatorState, id: string): Record<string, string> {
  const u = state.users[id];
  return { id, handle: u?.handle ?? '', img_url: u?.img_url ?? '' };
}

function thumb(ctx: Ctx, file: FileRecord, nodeId: string): string {
  return `${ctx.svc.origin}/thumbnails/${encodeURIComponent(file.key)}/${encodeURIComponent(nodeId)}.png`;
}

function styleEntry(ctx: Ctx, file: FileRecord, s: PublishedStyle, i: number): Record<string, unknown> {
  return {
    key: s.key,
    file_key: file.key,
    node_id: s.node_id,
    style_type: s.style_type,
    thumbnail_url: thumb(ctx, file, s.node_id),
    name: s.name,
    description: s.description,
    created_at: s.created_at,
    updated_at: s.updated_at,
    user: user(ctx.svc.state, s.userId),
    sort_position: String(i),
  };
}

function componentEntry(ctx: Ctx, file: FileRecord, c: PublishedComponent): Record<string, unknown> {
  return {
    key: c.key,
    file_key: file.key,
    node_id: c.node_id,
    thumbnail_url: thumb(ctx, file, c.node_id),
    name: c.name,
    description: c.description,
    created_at: c.created_at,
    updated_at: c.updated_at,
    containing_frame: c.containing_frame,
    user: user(ctx.svc.state, c.userId),
  };
}

const encodeCursor = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(cursor: string): number | null {
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

function page<T>(ctx: Ctx, all: T[], field: string, toWire: (item: T, index: number) => unknown): Reply {
  const rawSize = ctx.query.get('page_size');
  const size = rawSize === null ? DEFAULT_PAGE : Number(rawSize);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE)
    return fail(400, `Query parameter "page_size" must be a whole number from 1 to ${MAX_PAGE} (got "${rawSize}").`);
  const rawCursor = ctx.query.get('cursor');
  let offset = 0;
  if (rawCursor !== null && rawCursor !== '') {
    const o = decodeCursor(rawCursor);
    if (o === null || o > all.length)
      return fail(400, 'Query parameter "cursor" is not a cursor from a previous page; start again without it.');
    offset = o;
  }
  const items = all.slice(offset, offset + size).map((x, i) => toWire(x, offset + i));
  const next = offset + size < all.length ? encodeCursor(offset + size) : null;
  const pagination = { cursor: next, page_size: items.length };
  return json(200, { status: 200, error: false, meta: { [field]: items, pagination }, pagination });
}

export const libraryRoutes: Endpoint[] = [
  api('GET', '/v1/files/:file_key/styles', NEEDS.read, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    return page(ctx, file.styles, 'styles', (s, i) => styleEntry(ctx, file, s, i));
  }),
  api('GET', '/v1/files/:file_key/components', NEEDS.read, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    return page(ctx, file.components, 'components', (c) => componentEntry(ctx, file, c));
  }),
  api('GET', '/v1/files/:file_key/component_sets', NEEDS.read, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    return page(ctx, file.componentSets, 'component_sets', (c) => componentEntry(ctx, file, c));
  }),
  api('GET', '/v1/styles/:key', NEEDS.read, (ctx) => {
    const key = ctx.params['key'] ?? '';
    for (const file of Object.values(ctx.svc.state.files)) {
      const team = ctx.svc.state.teams[file.teamId];
      if (team && ctx.principal && !team.memberIds.includes(ctx.principal.userId)) continue;
      const i = file.styles.findIndex((s) => s.key === key);
      if (i >= 0) return json(200, { status: 200, error: false, meta: styleEntry(ctx, file, file.styles[i]!, i) });
    }
    return fail(404, `Style not found: no published style with key "${key}".`);
  }),
];
