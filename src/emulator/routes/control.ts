/**
 * Control endpoints under /_emulator/, for the admin credential only, sent as
 * X-Service-Token and compared in constant time; no user's token opens them. Not logged, not rate
 * limited, never faulted. Reference in docs/emulator.md.
 */
import { checkRule } from '../faults.js';
import { digest, secret, secretEquals } from '../ids.js';
import { fail, json, parseJson, route, type Reply, type Route } from '../http.js';
import { OAUTH_SCOPES, PERSONAL_SCOPES, type EmulatorState } from '../state.js';
import type { ControlCtx } from './control-context.js';
import { styleControlRoutes } from './style-control.js';
import { variableControlRoutes } from './variable-control.js';

export type { ControlCtx, ControlHost } from './control-context.js';

function body(ctx: ControlCtx): Record<string, unknown> | Reply {
  if (ctx.body.length === 0) return {};
  const parsed = parseJson(ctx.body);
  if (!parsed.ok) return parsed.reply;
  const v = parsed.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(400, 'The body must be a JSON object.');
  return v as Record<string, unknown>;
}
const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' && v !== null && Buffer.isBuffer((v as Reply).body) && 'status' in v;

export function adminAllowed(state: EmulatorState, headers: Record<string, string | string[] | undefined>): boolean {
  // Either dialect's token header: the control endpoints are the same for both.
  const given = headers['x-service-token'] ?? headers['x-figma-token'];
  return typeof given === 'string' && secretEquals(given, state.identity.adminToken);
}

export const controlRoutes: Route<ControlCtx>[] = [
  route('POST', '/_emulator/reset', async (ctx) => {
    const b = body(ctx);
    if (isReply(b)) return b;
    const seed = b['seed'];
    if (seed !== undefined && seed !== 'demo' && seed !== 'empty')
      return fail(400, '"seed" must be "demo" or "empty".');
    await ctx.host.reset(seed);
    return json(200, { ok: true, seed: ctx.host.svc.state.seed });
  }),

  route('GET', '/_emulator/requests', (ctx) => json(200, { requests: ctx.host.svc.requests })),
  route('DELETE', '/_emulator/requests', (ctx) => {
    ctx.host.svc.requests.length = 0;
    return json(200, { requests: [] });
  }),

  route('POST', '/_emulator/faults', (ctx) => {
    const b = body(ctx);
    if (isReply(b)) return b;
    const checked = checkRule(b);
    if (!checked.ok) return fail(400, checked.message);
    return json(200, { fault: ctx.host.svc.faults.add(checked.rule) });
  }),
  route('GET', '/_emulator/faults', (ctx) => json(200, { faults: ctx.host.svc.faults.list() })),
  route('DELETE', '/_emulator/faults', (ctx) => {
    ctx.host.svc.faults.clear();
    return json(200, { faults: [] });
  }),

  // Mint a credential with chosen scopes, user and lifetime (scope-rule tests, other engineers' tests).
  route('POST', '/_emulator/tokens', async (ctx) => {
    const b = body(ctx);
    if (isReply(b)) return b;
    const svc = ctx.host.svc;
    const kind = b['kind'] ?? 'personal';
    if (kind !== 'personal' && kind !== 'oauth') return fail(400, '"kind" must be "personal" or "oauth".');
    const allowedScopes: readonly string[] = kind === 'personal' ? PERSONAL_SCOPES : OAUTH_SCOPES;
    const scopes = b['scopes'];
    if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string' || !allowedScopes.includes(s))) {
      return fail(400, `"scopes" must be an array of ${kind} scopes: ${allowedScopes.join(', ')}.`);
    }
    const who = b['user'] ?? 'owner';
    if (who !== 'owner' && who !== 'collaborator') return fail(400, '"user" must be "owner" or "collaborator".');
    const ttl = b['expiresInSeconds'];
    if (ttl !== undefined && (typeof ttl !== 'number' || !(ttl > 0)))
      return fail(400, '"expiresInSeconds" must be a positive number.');
    const userId = who === 'owner' ? svc.state.identity.ownerId : svc.state.identity.collaboratorId;
    const token = secret(kind === 'personal' ? 'dfs_pat_' : 'dfs_oat_');
    svc.state.tokens[digest(token)] = {
      kind,
      userId,
      scopes: scopes as string[],
      expiresAt: typeof ttl === 'number' ? svc.now() + svc.scaled(ttl * 1000) : null,
      ...(kind === 'oauth' ? { clientId: svc.state.identity.oauthClient.clientId } : {}),
    };
    await svc.commit();
    return json(200, { token, userId, kind });
  }),

  // Moves the emulator clock forward by service seconds (times timeScale), for expiry tests; a
  // `delay` fault's held request whose hold ends within that time goes on at once.
  route('POST', '/_emulator/clock', async (ctx) => {
    const b = body(ctx);
    if (isReply(b)) return b;
    const s = b['advanceSeconds'];
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0)
      return fail(400, '"advanceSeconds" must be a number of at least 0.');
    const svc = ctx.host.svc;
    svc.advanceClock(svc.scaled(s * 1000));
    await svc.commit();
    return json(200, { now: svc.nowIso() });
  }),

  // Webhook delivery attempts; `?wait=1` first waits for deliveries in flight to finish.
  route('GET', '/_emulator/deliveries', async (ctx) => {
    if (ctx.query.get('wait') === '1') await ctx.host.svc.webhooks.idle();
    return json(200, { deliveries: ctx.host.svc.webhooks.log });
  }),

  // Play the designer on styles (src/emulator/routes/style-control.ts).
  ...styleControlRoutes,

  // Play the design tool's editor on variables (src/emulator/routes/variable-control.ts).
  ...variableControlRoutes,

  route('GET', '/_emulator/identity', (ctx) => {
    const id = ctx.host.svc.state.identity;
    return json(200, {
      fileKey: id.fileKey,
      teamId: id.teamId,
      ownerId: id.ownerId,
      collaboratorId: id.collaboratorId,
      oauthClientId: id.oauthClient.clientId,
    });
  }),
];
