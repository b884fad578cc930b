/**
 * Files, nodes and images (spec "Files"). Node fields beyond id, name, type, children are "not shown":
 * the real service sends many more (fills, styles, boundVariables, …), so nodes keep unknown fields and
 * only the four named ones are checked. `children` is optional (leaf nodes have none).
 */
import { z } from 'zod';

export interface DocumentNode {
  id: string;
  name: string;
  type: string;
  children?: DocumentNode[] | undefined;
  [field: string]: unknown;
}

export const documentNodeSchema: z.ZodType<DocumentNode> = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    children: z.array(documentNodeSchema).optional(),
  }),
);

export const fileResponseSchema = z.looseObject({
  name: z.string(),
  lastModified: z.string(),
  version: z.string(),
  document: documentNodeSchema,
  schemaVersion: z.number(),
  thumbnailUrl: z.string(),
});
export type FileResponse = z.infer<typeof fileResponseSchema>;

/** Shape of the components/styles maps inside node results is "not shown": maps of loose objects. */
export const nodeResultSchema = z.looseObject({
  document: documentNodeSchema,
  components: z.record(z.string(), z.looseObject({})),
  styles: z.record(z.string(), z.looseObject({})),
});

export const nodesResponseSchema = z.looseObject({
  name: z.string(),
  lastModified: z.string(),
  version: z.string(),
  // The real service answers null for an id that does not exist in the file.
  nodes: z.record(z.string(), nodeResultSchema.nullable()),
});
export type NodesResponse = z.infer<typeof nodesResponseSchema>;

/** Values may be null when a node could not be rendered (as the real service does). */
export const imagesResponseSchema = z.looseObject({
  err: z.string().nullable(),
  images: z.record(z.string(), z.string().nullable()),
});
export type ImagesResponse = z.infer<typeof imagesResponseSchema>;

/**
 * Image fills: the spec's `{err: false, images}`; the real Figma API answers `{error: false, status,
 * meta: {images}}`, which is accepted too and normalized to the spec's shape.
 */
export const imageFillsResponseSchema = z.union([
  z.looseObject({ err: z.boolean(), images: z.record(z.string(), z.string()) }),
  z
    .looseObject({ error: z.boolean(), meta: z.looseObject({ images: z.record(z.string(), z.string()) }) })
    .transform((r) => ({ err: r.error, images: r.meta.images })),
]);
export type ImageFillsResponse = { err: boolean; images: Record<string, string> };

export type ImageFormat = 'png' | 'svg' | 'jpg' | 'pdf';
