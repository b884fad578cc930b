/**
 * Webhooks v2 (spec "Webhooks", "Events"). The figma dialect (OpenAPI `postWebhook`,
 * `getTeamWebhooks`, `getWebhook`, `deleteWebhook`) takes `context` ("team") and `context_id` instead of
 * the deprecated `team_id` (still accepted), lists a team's webhooks at `/v2/teams/:team_id/webhooks`,
 * reads one webhook at `GET /v2/webhooks/:webhook_id`, and answers WebhookV2 objects (`context`,
 * `context_id`, `plan_api_id`, and `passcode` as "": the secret is never sent back).
 *
 * Choices where the spec is silent: an unknown team is a 404 and a team the caller is not a member of
 * a 403; DELETE answers 200 with the deleted webhook; the passcode is never returned; `endpoint` must
 * be an absolute https:// URL; `passcode` 1..100 characters.
 */
import { NEEDS } from '../auth.js';
import { fail, json, parseJson, type Reply } from '../http.js';
import type { Team, WebhookRecord } from '../state.js';
import { api, type Ctx, type Endpoint } from './context.js';

export const EVENT_TYPES = [
  'FILE_UPDATE',
  'FILE_DELETE',
  'FILE_VERSION_UPDATE',
  'FILE_COMMENT',
  'LIBRARY_PUBLISH',
] as const;

function wire(h: WebhookRecord, api: 'dfs' | 'figma' = 'dfs'): Record<string, unknown> {
  const common = {
    id: h.id,
    event_type: h.event_type,
    team_id: h.team_id,
    endpoint: h.endpoint,
    status: h.status,
    client_id: null,
    description: h.description,
  };
  if (api === 'figma')
    return { ...common, context: 'team', context_id: h.team_id, plan_api_id: `team:${h.team_id}`, passcode: '' };
  return { ...common, created_at: h.created_at };
}
const wireOf = (ctx: Ctx) => (h: WebhookRecord) => wire(h, ctx.svc.options.api);

function teamFor(ctx: Ctx, teamId: string): Team | Reply {
  const team = Object.hasOwn(ctx.svc.state.teams, teamId) ? ctx.svc.state.teams[teamId] : undefined;
  if (!team) return fail(404, `Team not found: no team with id "${teamId}".`);
  if (!ctx.principal || !team.memberIds.includes(ctx.principal.userId))
    return fail(403, `You are not a member of team "${teamId}".`);
  return team;
}
const isTeam = (t: Team | Reply): t is Team => 'memberIds' in t;

export const webhookRoutes: Endpoint[] = [
  api('POST', '/v2/webhooks', NEEDS.webhooks, async (ctx) => {
    const parsed = parseJson(ctx.body);
    if (!parsed.ok) return parsed.reply;
    const b = parsed.value as Record<string, unknown>;
    if (typeof b !== 'object' || b === null || Array.isArray(b))
      return fail(400, 'The body must be a JSON object with event_type, team_id, endpoint and passcode.');
    if (typeof b['event_type'] !== 'string' || !(EVENT_TYPES as readonly string[]).includes(b['event_type'])) {
      return fail(400, `"event_type" must be one of ${EVENT_TYPES.join(', ')}.`);
    }
    let teamId = b['team_id'];
    if (ctx.svc.options.api === 'figma' && (b['context'] !== undefined || b['context_id'] !== undefined)) {
      if (b['context'] !== 'team')
        return fail(
          400,
          `"context" ${JSON.stringify(b['context']) ?? '(missing)'}: the local service supports "team" webhooks only ("project" and "file" are not supported).`,
        );
      if (typeof b['context_id'] !== 'string' || b['context_id'] === '')
        return fail(400, '"context_id" is required: the id of the team to watch.');
      teamId = b['context_id'];
    }
    if (typeof teamId !== 'string' || teamId === '') {
      return fail(
        400,
        ctx.svc.options.api === 'figma'
          ? '"context" ("team") and "context_id" are required: the team to watch.'
          : '"team_id" is required: the team to watch.',
      );
    }
    let url: URL | null = null;
    try {
      url = typeof b['endpoint'] === 'string' ? new URL(b['endpoint']) : null;
    } catch {
      url = null;
    }
    if (url?.protocol !== 'https:')
      return fail(400, '"endpoint" must be an absolute HTTPS URL (https://...); plain HTTP endpoints are not allowed.');
    if (typeof b['passcode'] !== 'string' || b['passcode'] === '' || b['passcode'].length > 100)
      return fail(400, '"passcode" is required: 1 to 100 characters, sent back in every event.');
    if (b['description'] !== undefined && typeof b['description'] !== 'string')
      return fail(400, '"description" must be a string.');
    const team = teamFor(ctx, teamId);
    if (!isTeam(team)) return team;
    const id = String(ctx.svc.state.nextWebhookId++);
    const hook: WebhookRecord = {
      id,
      event_type: b['event_type'],
      team_id: team.id,
      endpoint: url.toString(),
      passcode: b['passcode'],
      status: 'ACTIVE',
      description: (b['description'] as string | undefined) ?? '',
      created_at: ctx.svc.nowIso(),
      creatorId: ctx.principal?.userId ?? '',
      consecutiveFailures: 0,
    };
    ctx.svc.state.webhooks[id] = hook;
    await ctx.svc.commit();
    return json(200, wireOf(ctx)(hook));
  }),

  // dfs: the team's webhooks; figma: one webhook by id (OpenAPI `getWebhook`).
  api('GET', '/v2/webhooks/:team_id', NEEDS.webhooks, (ctx) => {
    if (ctx.svc.options.api === 'figma') {
      const id = ctx.params['team_id'] ?? '';
      const hook = Object.hasOwn(ctx.svc.state.webhooks, id) ? ctx.svc.state.webhooks[id] : undefined;
      if (!hook) return fail(404, `Webhook not found: no webhook with id "${id}".`);
      const team = teamFor(ctx, hook.team_id);
      if (!isTeam(team)) return team;
      return json(200, wireOf(ctx)(hook));
    }
    return listFor(ctx, ctx.params['team_id'] ?? '');
  }),

  // figma only (OpenAPI `getTeamWebhooks`).
  api('GET', '/v2/teams/:team_id/webhooks', NEEDS.webhooks, (ctx) => {
    if (ctx.svc.options.api !== 'figma') return fail(404, `Not found: no endpoint GET ${ctx.path}.`);
    return listFor(ctx, ctx.params['team_id'] ?? '');
  }),

  api('DELETE', '/v2/webhooks/:webhook_id', NEEDS.webhooks, async (ctx) => {
    const id = ctx.params['webhook_id'] ?? '';
    const hook = Object.hasOwn(ctx.svc.state.webhooks, id) ? ctx.svc.state.webhooks[id] : undefined;
    if (!hook) return fail(404, `Webhook not found: no webhook with id "${id}".`);
    const team = teamFor(ctx, hook.team_id);
    if (!isTeam(team)) return team;
    delete ctx.svc.state.webhooks[id];
    await ctx.svc.commit();
    return json(200, wireOf(ctx)(hook));
  }),
];

function listFor(ctx: Ctx, teamId: string): Reply {
  const team = teamFor(ctx, teamId);
  if (!isTeam(team)) return team;
  return json(200, {
    webhooks: Object.values(ctx.svc.state.webhooks)
      .filter((h) => h.team_id === team.id)
      .map(wireOf(ctx)),
  });
}
