/**
 * OAuth token endpoint answers (spec "OAuth 2.0" steps 4 and 5). The refresh answer carries a new
 * refresh token per the spec; `expires_in` is optional (default 14400 s, the spec's typical value).
 */
import { z } from 'zod';

export const tokenExchangeResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});

export const tokenRefreshResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});
