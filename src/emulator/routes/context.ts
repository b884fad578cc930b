/** What a route handler gets, and how routes declare their credentials (spec "Authentication"). */
import type { Principal, Requirement } from '../auth.js';
import { fail, route, type Reply, type RequestInfo, type Route } from '../http.js';
import type { Service } from '../service.js';
import type { FileRecord, User } from '../state.js';

export interface Ctx extends RequestInfo {
  svc: Service;
  /** Set for every endpoint that needs credentials; null only for `need: 'none'`. */
  principal: Principal | null;
}

export interface Endpoint extends Route<Ctx> {
  need: Requirement | 'none';
  /** Counted by the rate limit (spec: /v1/me is not). */
  rateLimited: boolean;
}

export function api(
  method: string,
  path: string,
  need: Requirement | 'none',
  handle: Endpoint['handle'],
  opts: { rateLimited?: boolean } = {},
): Endpoint {
  return { ...route<Ctx>(method, path, handle), need, rateLimited: opts.rateLimited ?? need !== 'none' };
}

export function userOf(ctx: Ctx): User {
  const id = ctx.principal?.userId ?? '';
  const u = ctx.svc.state.users[id];
  if (!u) throw new Error(`The token's user ${id} is missing from the state.`);
  return u;
}

/** The file named by `:file_key`, or the 404 the spec asks for ("Wrong file key"). */
export function fileOf(ctx: Ctx): FileRecord | Reply {
  const key = ctx.params['file_key'] ?? '';
  const file = ctx.svc.file(key);
  if (!file) return fail(404, `File not found: no file with key "${key}".`);
  // Only members of the file's team see it; to others it does not exist (as the real service answers).
  const team = ctx.svc.state.teams[file.teamId];
  if (ctx.principal && team && !team.memberIds.includes(ctx.principal.userId))
    return fail(404, `File not found: no file with key "${key}".`);
  return file;
}

export const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' && v !== null && 'status' in v && 'body' in v && Buffer.isBuffer((v as Reply).body);
