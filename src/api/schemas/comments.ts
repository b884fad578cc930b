/**
 * Comments (spec "Comments"). In list results `client_meta.node_id` is an array of strings, in
 * requests a string; replies carry no pin of their own, so `client_meta` is optional (and may be null
 * on the real service). `parent_id` (the real service's field for replies) is kept when present.
 */
import { z } from 'zod';

const commentUserSchema = z.looseObject({ id: z.string(), handle: z.string(), img_url: z.string().optional() });

export const commentSchema = z.looseObject({
  id: z.string(),
  message: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  user: commentUserSchema,
  order_id: z.string(),
  client_meta: z
    .looseObject({
      x: z.number().optional(),
      y: z.number().optional(),
      node_id: z.union([z.array(z.string()), z.string()]).optional(),
    })
    .nullable()
    .optional(),
  parent_id: z.string().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentsResponseSchema = z.looseObject({ comments: z.array(commentSchema) });
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;

export const postedCommentSchema = z.looseObject({
  id: z.string(),
  message: z.string(),
  created_at: z.string(),
  user: z.looseObject({ id: z.string(), handle: z.string() }),
});
export type PostedComment = z.infer<typeof postedCommentSchema>;

export interface PostCommentBody {
  message: string;
  /** Pins the comment; omitted for replies (they inherit the parent's position). */
  client_meta?: { x: number; y: number; node_id?: string };
  /** Parent comment id: makes this a threaded reply. */
  comment_id?: string;
}
