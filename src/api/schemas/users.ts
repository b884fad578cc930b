/** GET /v1/me (spec "Users"). Unknown fields are kept (`looseObject`), as in every response schema. */
import { z } from 'zod';

export const userSchema = z.looseObject({
  id: z.string(),
  handle: z.string(),
  email: z.string(),
  img_url: z.string(),
});
export type User = z.infer<typeof userSchema>;
