/**
 * Users, files, nodes, images and image fills (spec "Users", "Files").
 *
 * Choices where the spec is silent:
 * - `depth` must be a whole number >= 1, else 400; depth 1 returns the pages without their children.
 * - GET nodes with an id that is not in the file is a 404 naming the id (spec "Errors": "Wrong file key
 *   or node ID"), not a null entry; `ids` missing or empty is a 400.
 * - Images: `format` png (default), svg, jpg or pdf in any case; `scale` from 0.01 to 4 (default 1);
 *   ids not in the file are left out of `images` (all unknown: `{err: null, images: {}}`).
 * - Render URLs and image-fill URLs are served by this service under /render/, need no credential (like
 *   pre-signed URLs) and answer 403 once 14 days (times timeScale) have passed.
 * - Image fills answer `{err: false, images}` (spec) plus `status`, `error` and `meta.images`, the real
 *   service's envelope, so clients written against either shape work.
 */
import { NEEDS } from '../auth.js';
import { alnum } from '../ids.js';
import { fail, json, type Reply } from '../http.js';
import { fillOf, render, sizeOf, type ImageFormat } from '../render.js';
import { completeNode, completeTree } from '../nodes.js';
import type { DocNode, FileRecord } from '../state.js';
import { styleNodeOf } from '../styles/nodes.js';
import { api, fileOf, isReply, userOf, type Ctx, type Endpoint } from './context.js';

const FOURTEEN_DAYS_MS = 14 * 24 * 60 * 60 * 1000;
const FORMATS: readonly ImageFormat[] = ['png', 'svg', 'jpg', 'pdf'];

export function findNode(root: DocNode, id: string): { node: DocNode; page: DocNode | null } | null {
  const stack: { node: DocNode; page: DocNode | null }[] = [{ node: root, page: null }];
  while (stack.length > 0) {
    const { node, page } = stack.pop()!;
    if (node.id === id) return { node, page };
    for (const child of node.children ?? []) stack.push({ node: child, page: node.type === 'CANVAS' ? node : page });
  }
  return null;
}

/**
 * A copy of the subtree cut at `depth` levels below `node` (undefined = the whole subtree), every node
 * with the fields Figma requires (nodes.ts). A node cut off by `depth` keeps `children: []`: Figma's
 * OpenAPI document requires `children` on pages and frames.
 */
function clip(node: DocNode, depth: number | undefined): DocNode {
  if (depth === undefined) return completeTree(node);
  const { children, ...rest } = node;
  if (children === undefined) return completeNode(structuredClone(rest) as DocNode);
  if (depth <= 0) return completeNode({ ...structuredClone(rest), children: [] } as DocNode);
  return {
    ...completeNode(structuredClone(rest) as DocNode),
    children: children.map((c) => clip(c, depth - 1)),
  } as DocNode;
}

function parseDepth(ctx: Ctx): number | undefined | Reply {
  const raw = ctx.query.get('depth');
  if (raw === null) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 1)
    return fail(400, `Query parameter "depth" must be a whole number of at least 1 (got "${raw}").`);
  return n;
}

function parseIds(ctx: Ctx): string[] | Reply {
  const raw = ctx.query.get('ids');
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0)
    return fail(400, 'Query parameter "ids" is required: a comma-separated list of node ids such as 1:2,1:3.');
  return ids;
}

function thumbnail(ctx: Ctx, file: FileRecord, nodeId: string): string {
  return `${ctx.svc.origin}/thumbnails/${encodeURIComponent(file.key)}/${encodeURIComponent(nodeId)}.png`;
}

/** Component, component-set and style metadata for the nodes in a subtree (shape of the real service). */
function metadata(
  file: FileRecord,
  root: DocNode,
): { components: Record<string, unknown>; componentSets: Record<string, unknown>; styles: Record<string, unknown> } {
  const components: Record<string, unknown> = {};
  const componentSets: Record<string, unknown> = {};
  const styles: Record<string, unknown> = {};
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const published = (n.type === 'COMPONENT_SET' ? file.componentSets : file.components).find(
      (c) => c.node_id === n.id,
    );
    if (n.type === 'COMPONENT' || n.type === 'COMPONENT_SET') {
      const entry = {
        key: published?.key ?? '',
        name: n.name,
        description: published?.description ?? '',
        remote: false,
        documentationLinks: [],
      };
      (n.type === 'COMPONENT' ? components : componentSets)[n.id] = entry;
    }
    // A style's own node (src/emulator/styles/nodes.ts) lists its style too.
    const own = file.styles.find((x) => x.node_id === n.id);
    if (own)
      styles[own.node_id] = {
        key: own.key,
        name: own.name,
        styleType: own.style_type,
        description: own.description,
        remote: false,
      };
    const refs = n['styles'];
    if (typeof refs === 'object' && refs !== null) {
      for (const styleId of Object.values(refs as Record<string, string>)) {
        const s = file.styles.find((x) => x.node_id === styleId);
        if (s)
          styles[styleId] = {
            key: s.key,
            name: s.name,
            styleType: s.style_type,
            description: s.description,
            remote: false,
          };
      }
    }
    stack.push(...(n.children ?? []));
  }
  return { components, componentSets, styles };
}

function renderUrl(ctx: Ctx, file: FileRecord, nodeId: string, format: ImageFormat, scale: number): string {
  // Expired URLs can never be served again; dropping them keeps the saved state from growing forever.
  const now = ctx.svc.now();
  for (const [key, r] of Object.entries(ctx.svc.state.renders))
    if (now >= r.expiresAt) delete ctx.svc.state.renders[key];
  const id = alnum(24);
  ctx.svc.state.renders[id] = {
    fileKey: file.key,
    nodeId,
    format,
    scale,
    expiresAt: ctx.svc.now() + ctx.svc.scaled(FOURTEEN_DAYS_MS),
  };
  return `${ctx.svc.origin}/render/${id}.${format}`;
}

export const fileRoutes: Endpoint[] = [
  api(
    'GET',
    '/v1/me',
    'any',
    (ctx) => {
      const u = userOf(ctx);
      return json(200, { id: u.id, handle: u.handle, email: u.email, img_url: u.img_url });
    },
    { rateLimited: false },
  ),

  api('GET', '/v1/files/:file_key', NEEDS.read, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const depth = parseDepth(ctx);
    if (isReply(depth)) return depth;
    const meta = metadata(file, file.document);
    return json(200, {
      name: file.name,
      role: file.ownerId === ctx.principal?.userId ? 'owner' : 'editor',
      lastModified: file.lastModified,
      editorType: 'figma',
      thumbnailUrl: thumbnail(ctx, file, '0:1'),
      version: String(file.version),
      document: clip(file.document, depth),
      components: meta.components,
      componentSets: meta.componentSets,
      schemaVersion: file.schemaVersion,
      styles: meta.styles,
    });
  }),

  api('GET', '/v1/files/:file_key/nodes', NEEDS.read, (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const ids = parseIds(ctx);
    if (isReply(ids)) return ids;
    const depth = parseDepth(ctx);
    if (isReply(depth)) return depth;
    const nodes: Record<string, unknown> = {};
    for (const id of ids) {
      // A style's node is on no page (src/emulator/styles/nodes.ts) but is a node of the file.
      const styleNode = styleNodeOf(file, id);
      const found = styleNode ? { node: styleNode, page: null } : findNode(file.document, id);
      if (!found) return fail(404, `Node not found: "${id}" is not a node of file "${file.key}".`);
      const meta = metadata(file, found.node);
      nodes[id] = {
        document: clip(found.node, depth),
        components: meta.components,
        componentSets: meta.componentSets,
        styles: meta.styles,
        schemaVersion: file.schemaVersion,
      };
    }
    return json(200, {
      name: file.name,
      lastModified: file.lastModified,
      thumbnailUrl: thumbnail(ctx, file, '0:1'),
      version: String(file.version),
      role: 'owner',
      editorType: 'figma',
      nodes,
    });
  }),

  api('GET', '/v1/images/:file_key', NEEDS.read, async (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const ids = parseIds(ctx);
    if (isReply(ids)) return ids;
    const format = (ctx.query.get('format') ?? 'png').toLowerCase();
    if (!(FORMATS as readonly string[]).includes(format))
      return fail(400, `Query parameter "format" must be one of png, svg, jpg, pdf (got "${format}").`);
    const rawScale = ctx.query.get('scale');
    const scale = rawScale === null ? 1 : Number(rawScale);
    if (!Number.isFinite(scale) || scale < 0.01 || scale > 4)
      return fail(400, `Query parameter "scale" must be a number from 0.01 to 4 (got "${rawScale}").`);
    const images: Record<string, string> = {};
    for (const id of ids)
      if (findNode(file.document, id)) images[id] = renderUrl(ctx, file, id, format as ImageFormat, scale);
    if (Object.keys(images).length > 0) await ctx.svc.commit();
    return json(200, { err: null, images });
  }),

  api('GET', '/v1/files/:file_key/images', NEEDS.read, async (ctx) => {
    const file = fileOf(ctx);
    if (isReply(file)) return file;
    const images: Record<string, string> = {};
    for (const [ref, nodeId] of Object.entries(file.imageFills)) images[ref] = renderUrl(ctx, file, nodeId, 'png', 1);
    if (Object.keys(images).length > 0) await ctx.svc.commit();
    return json(200, { err: false, images, error: false, status: 200, meta: { images } });
  }),

  // Pre-signed-style URLs: no credential, not rate limited.
  api('GET', '/render/:name', 'none', (ctx) => {
    const [id = '', ext = ''] = (ctx.params['name'] ?? '').split('.');
    const rec = Object.hasOwn(ctx.svc.state.renders, id) ? ctx.svc.state.renders[id] : undefined;
    if (!rec || rec.format !== ext) return fail(404, 'No such rendered image.');
    if (ctx.svc.now() >= rec.expiresAt)
      return fail(403, 'This image URL has expired (render URLs last 14 days); request a new one from GET /v1/images.');
    const node = ctx.svc.file(rec.fileKey)
      ? findNode(ctx.svc.file(rec.fileKey)!.document, rec.nodeId)?.node
      : undefined;
    const { width, height } = sizeOf(node, rec.scale);
    const out = render(rec.format, fillOf(node), width, height);
    return {
      status: 200,
      headers: { 'content-type': out.contentType, 'cache-control': 'private, max-age=60' },
      body: out.body,
    };
  }),

  api('GET', '/thumbnails/:file_key/:node', 'none', (ctx) => {
    const file = ctx.svc.file(ctx.params['file_key'] ?? '');
    const nodeId = (ctx.params['node'] ?? '').replace(/\.png$/, '');
    const node = file ? (findNode(file.document, nodeId)?.node ?? styleNodeOf(file, nodeId)) : undefined;
    if (!node) return fail(404, 'No such thumbnail.');
    const out = render('png', fillOf(node), 64, 64);
    return { status: 200, headers: { 'content-type': out.contentType }, body: out.body };
  }),
];
