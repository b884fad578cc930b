/** Webhooks (spec "Webhooks", "Events"). The passcode is sent on creation and never returned. */
import { z } from 'zod';

export const EVENT_TYPES = [
  'FILE_UPDATE',
  'FILE_DELETE',
  'FILE_VERSION_UPDATE',
  'FILE_COMMENT',
  'LIBRARY_PUBLISH',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const webhookSchema = z.looseObject({
  id: z.string(),
  event_type: z.enum(EVENT_TYPES),
  team_id: z.string(),
  endpoint: z.string(),
  status: z.enum(['ACTIVE', 'PAUSED']),
  // "Human-readable text", optional on creation: a webhook created without one may come back without it
  // (Figma's WebhookV2: `string | null`).
  description: z.string().nullish(),
  // Not in Figma's WebhookV2 (it carries context/context_id instead); the dfs spec lists it.
  created_at: z.string().optional(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhooksListSchema = z.looseObject({ webhooks: z.array(webhookSchema) });

export interface CreateWebhookBody {
  event_type: EventType;
  team_id: string;
  /** HTTPS URL that receives the events. */
  endpoint: string;
  /** Secret echoed in each event; redacted from everything the client logs or throws. */
  passcode: string;
  description?: string;
}
