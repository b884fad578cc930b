/** Published styles, components and component sets (spec "Styles", "Components", "Pagination object"). */
import { z } from 'zod';

export const paginationSchema = z.looseObject({ cursor: z.string().nullable(), page_size: z.number() });
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * Pagination query (agreed wire choice; the spec does not show it): `page_size` and `cursor`, where
 * `cursor` is the previous page's `pagination.cursor`.
 */
export interface PageOptions {
  pageSize?: number;
  cursor?: string;
}

export const styleSchema = z.looseObject({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  style_type: z.enum(['FILL', 'TEXT', 'EFFECT', 'GRID']),
  node_id: z.string(),
  thumbnail_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Style = z.infer<typeof styleSchema>;

export const stylesPageSchema = z.looseObject({
  meta: z.looseObject({ styles: z.array(styleSchema) }),
  pagination: paginationSchema,
});
export type StylesPage = z.infer<typeof stylesPageSchema>;

const singleStyleSchema = styleSchema.extend({
  file_key: z.string(),
  user: z.looseObject({ id: z.string(), handle: z.string() }),
});
export type StyleResponse = z.infer<typeof singleStyleSchema>;

/**
 * GET /v1/styles/:key. The spec says the answer is "the single-style result"; the real service (and
 * the local one) wrap it as `{status, error, meta: {…}}`. Both are accepted; the result is the style.
 */
export const styleResponseSchema = z.union([
  z.looseObject({ meta: singleStyleSchema }).transform((r): StyleResponse => r.meta),
  singleStyleSchema,
]);

export const componentSchema = z.looseObject({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  node_id: z.string(),
  thumbnail_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  containing_frame: z.looseObject({ name: z.string(), nodeId: z.string(), pageName: z.string() }),
});
export type Component = z.infer<typeof componentSchema>;
export type ComponentSet = Component;

export const componentsPageSchema = z.looseObject({
  meta: z.looseObject({ components: z.array(componentSchema) }),
  pagination: paginationSchema,
});
export type ComponentsPage = z.infer<typeof componentsPageSchema>;

export const componentSetsPageSchema = z.looseObject({
  meta: z.looseObject({ component_sets: z.array(componentSchema) }),
  pagination: paginationSchema,
});
export type ComponentSetsPage = z.infer<typeof componentSetsPageSchema>;
