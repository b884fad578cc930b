/** The file endpoints: the user, a file's document, nodes, images and comments (spec "Files", "Comments"). */
import type { DesignFileClient } from '../client-types.js';
import type { CallOptions } from '../http.js';
import { isFileResponse } from '../schemas/files-check.js';
import { type EndpointContext, filePath, idList, seg } from './context.js';

/** Response schemas, loaded only when a body is validated (http.ts `SchemaLoader`). */
const commentsResponseSchema = () => import('../schemas/comments.js').then((m) => m.commentsResponseSchema);
const postedCommentSchema = () => import('../schemas/comments.js').then((m) => m.postedCommentSchema);
const fileResponseSchema = () => import('../schemas/files.js').then((m) => m.fileResponseSchema);
const imageFillsResponseSchema = () => import('../schemas/files.js').then((m) => m.imageFillsResponseSchema);
const imagesResponseSchema = () => import('../schemas/files.js').then((m) => m.imagesResponseSchema);
const nodesResponseSchema = () => import('../schemas/files.js').then((m) => m.nodesResponseSchema);
const userSchema = () => import('../schemas/users.js').then((m) => m.userSchema);

type FileEndpoints = Pick<
  DesignFileClient,
  'getMe' | 'getFile' | 'getFileNodes' | 'getImages' | 'getImageFills' | 'getComments' | 'postComment' | 'deleteComment'
>;

export function fileEndpoints({ http, dialect }: EndpointContext): FileEndpoints {
  const { read: READ, comments: COMMENTS } = dialect.scopes;
  return {
    getMe: () => http.json({ method: 'GET', path: '/v1/me', endpoint: 'GET /v1/me' }, userSchema),

    getFile: (fileKey, opts) => {
      const q = opts?.depth === undefined ? '' : `?depth=${encodeURIComponent(String(opts.depth))}`;
      const req: CallOptions = {
        method: 'GET',
        path: `${filePath(fileKey)}${q}`,
        endpoint: 'GET /v1/files/:file_key',
        scope: READ,
      };
      return http.json(req, fileResponseSchema, isFileResponse);
    },

    getFileNodes: (fileKey, ids) => {
      const path = `${filePath(fileKey)}/nodes?${new URLSearchParams({ ids: idList(ids) }).toString()}`;
      return http.json(
        { method: 'GET', path, endpoint: 'GET /v1/files/:file_key/nodes', scope: READ },
        nodesResponseSchema,
      );
    },

    getImages: (fileKey, ids, opts) => {
      const q = new URLSearchParams({ ids: idList(ids) });
      if (opts?.format !== undefined) q.set('format', opts.format);
      if (opts?.scale !== undefined) q.set('scale', String(opts.scale));
      const path = `/v1/images/${seg('file key', fileKey)}?${q.toString()}`;
      return http.json(
        { method: 'GET', path, endpoint: 'GET /v1/images/:file_key', scope: READ },
        imagesResponseSchema,
      );
    },

    getImageFills: (fileKey) =>
      http.json(
        { method: 'GET', path: `${filePath(fileKey)}/images`, endpoint: 'GET /v1/files/:file_key/images', scope: READ },
        imageFillsResponseSchema,
      ),

    getComments: (fileKey) =>
      http.json(
        {
          method: 'GET',
          path: `${filePath(fileKey)}/comments`,
          endpoint: 'GET /v1/files/:file_key/comments',
          scope: READ,
        },
        commentsResponseSchema,
      ),

    postComment: (fileKey, body) => {
      const endpoint = 'POST /v1/files/:file_key/comments';
      const req: CallOptions = {
        method: 'POST',
        path: `${filePath(fileKey)}/comments`,
        endpoint,
        scope: COMMENTS,
        json: body,
      };
      return http.json(req, postedCommentSchema);
    },

    deleteComment: async (fileKey, commentId) => {
      // Success is 200 with an empty body (spec "Comments"); any body is ignored.
      await http.call({
        method: 'DELETE',
        path: `${filePath(fileKey)}/comments/${seg('comment id', commentId)}`,
        endpoint: 'DELETE /v1/files/:file_key/comments/:comment_id',
        scope: COMMENTS,
      });
    },
  };
}
