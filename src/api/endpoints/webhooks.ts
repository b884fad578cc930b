/** The webhook endpoints (spec "Webhooks"), spelled as the dialect spells them. */
import type { DesignFileClient } from '../client-types.js';
import { type EndpointContext, seg } from './context.js';

/** Response schemas, loaded only when a body is validated (http.ts `SchemaLoader`). */
const webhookSchema = () => import('../schemas/webhooks.js').then((m) => m.webhookSchema);
const webhooksListSchema = () => import('../schemas/webhooks.js').then((m) => m.webhooksListSchema);

type WebhookEndpoints = Pick<DesignFileClient, 'createWebhook' | 'listWebhooks' | 'deleteWebhook'>;

export function webhookEndpoints({ http, dialect, redactor }: EndpointContext): WebhookEndpoints {
  const WEBHOOKS = dialect.scopes.webhooks;
  return {
    createWebhook: (body) => {
      redactor.add(body.passcode);
      return http.json(
        {
          method: 'POST',
          path: '/v2/webhooks',
          endpoint: 'POST /v2/webhooks',
          scope: WEBHOOKS,
          json: dialect.webhooks.createBody(body),
        },
        webhookSchema,
      );
    },
    listWebhooks: async (teamId) => {
      const { path, endpoint } = dialect.webhooks.listPath(seg('team id', teamId));
      return (await http.json({ method: 'GET', path, endpoint, scope: WEBHOOKS }, webhooksListSchema)).webhooks;
    },
    deleteWebhook: async (id) => {
      // Response body "not shown" (the real service returns the deleted webhook): it is not needed, so not read.
      await http.call({
        method: 'DELETE',
        path: `/v2/webhooks/${seg('webhook id', id)}`,
        endpoint: 'DELETE /v2/webhooks/:webhook_id',
        scope: WEBHOOKS,
      });
    },
  };
}
