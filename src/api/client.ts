/**
 * The Design File Service client: one function per endpoint of the spec, typed inputs,
 * every answer validated with zod. The only code in tokensync that speaks HTTP to the service.
 */
import { TokensyncError } from '../errors.js';
import { OAuthAuth, tokenAuth } from './auth.js';
import { Http, type RequestEvent, type RequestStats, type WaitEvent } from './http.js';
import { pageQuery, paginate } from './paginate.js';
import { Redactor } from './redact.js';
import {
  commentsResponseSchema,
  postedCommentSchema,
  type CommentsResponse,
  type PostCommentBody,
  type PostedComment,
} from './schemas/comments.js';
import {
  fileResponseSchema,
  imageFillsResponseSchema,
  imagesResponseSchema,
  nodesResponseSchema,
  type FileResponse,
  type ImageFillsResponse,
  type ImageFormat,
  type ImagesResponse,
  type NodesResponse,
} from './schemas/files.js';
import {
  componentSetsPageSchema,
  componentsPageSchema,
  styleResponseSchema,
  stylesPageSchema,
  type Component,
  type ComponentSet,
  type ComponentSetsPage,
  type ComponentsPage,
  type PageOptions,
  type Style,
  type StyleResponse,
  type StylesPage,
} from './schemas/library.js';
import { userSchema, type User } from './schemas/users.js';
import {
  localVariablesResponseSchema,
  variablesWriteResponseSchema,
  type LocalVariablesResponse,
  type VariablesPostBody,
  type VariablesPutBody,
  type VariablesWriteResponse,
} from './schemas/variables.js';
import { isLocalVariablesResponse, isVariablesWriteResponse } from './schemas/variables-check.js';
import { webhookSchema, webhooksListSchema, type CreateWebhookBody, type Webhook } from './schemas/webhooks.js';
import { timeScaleFromEnv } from '../time-scale.js';
import { createAgent, parseBaseUrl, trustedCas } from './transport.js';
import { dialectOf, type ApiDialectName, type Dialect } from './dialects/index.js';
import type { FigmaVariablesBody } from './schemas/figma-variables.js';

export type { RequestEvent, RequestStats, WaitEvent } from './http.js';

export interface ClientOptions {
  /** https only. */
  baseUrl: string;
  auth: { kind: 'token'; token: string } | { kind: 'oauth'; clientId: string; clientSecret: string; tokenFile: string };
  /** Extra PEM(s) trusted in addition to the system roots (and NODE_EXTRA_CA_CERTS). */
  ca?: string;
  /** Per attempt, headers and body; default 30000. */
  timeoutMs?: number;
  /** The largest answer read, in bytes; default 256 MB (transport.ts). */
  maxResponseBytes?: number;
  /**
   * Once aborted (SIGINT/SIGTERM; its reason an InterruptedError) no new attempt is sent, a retry wait
   * ends at once, and a read in flight is cancelled; a write in flight is waited for (its answer matters).
   */
  signal?: AbortSignal;
  /** Retries of one call; default 4. */
  maxRetries?: number;
  /** Max total wait for Retry-After/backoff within one call; default 60. */
  retryBudgetSeconds?: number;
  /** Multiplies every wait (tests use e.g. 0.001); default TOKENSYNC_TIME_SCALE, else 1 (time-scale.ts). */
  timeScale?: number;
  /** Called after each HTTP attempt (retries included). */
  onRequest?: (event: RequestEvent) => void;
  /** Told before each wait between attempts (a countdown on a terminal). */
  onWait?: (event: WaitEvent) => void;
  /** Environment for NODE_EXTRA_CA_CERTS; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Which API the service speaks (docs/architecture.md "Dialects"); default `dfs`. */
  api?: ApiDialectName;
}

/** One planned variables write, in the client's dialect (sync/plan.ts builds it). */
export interface VariablesWrite {
  method: 'POST' | 'PUT';
  body: VariablesPostBody | VariablesPutBody | FigmaVariablesBody;
}

export interface DesignFileClient {
  getMe(): Promise<User>;
  getFile(fileKey: string, opts?: { depth?: number }): Promise<FileResponse>;
  getFileNodes(fileKey: string, ids: string[]): Promise<NodesResponse>;
  getImages(fileKey: string, ids: string[], opts?: { format?: ImageFormat; scale?: number }): Promise<ImagesResponse>;
  getImageFills(fileKey: string): Promise<ImageFillsResponse>;
  getComments(fileKey: string): Promise<CommentsResponse>;
  postComment(fileKey: string, body: PostCommentBody): Promise<PostedComment>;
  deleteComment(fileKey: string, commentId: string): Promise<void>;
  getFileStyles(fileKey: string, page?: PageOptions): Promise<StylesPage>;
  /** Every published style, following the cursor across pages. */
  iterateFileStyles(fileKey: string, opts?: { pageSize?: number }): AsyncGenerator<Style, void, undefined>;
  getStyle(key: string): Promise<StyleResponse>;
  getFileComponents(fileKey: string, page?: PageOptions): Promise<ComponentsPage>;
  iterateFileComponents(fileKey: string, opts?: { pageSize?: number }): AsyncGenerator<Component, void, undefined>;
  getFileComponentSets(fileKey: string, page?: PageOptions): Promise<ComponentSetsPage>;
  iterateFileComponentSets(
    fileKey: string,
    opts?: { pageSize?: number },
  ): AsyncGenerator<ComponentSet, void, undefined>;
  getLocalVariables(fileKey: string): Promise<LocalVariablesResponse>;
  /** Not idempotent: an unknown outcome throws ApiUnknownOutcomeError and is never replayed. */
  postVariables(fileKey: string, body: VariablesPostBody): Promise<VariablesWriteResponse>;
  putVariables(fileKey: string, body: VariablesPutBody): Promise<VariablesWriteResponse>;
  /**
   * Sends one planned write as the dialect spells it and returns the temp id -> real id map of its
   * answer (dfs `tempIdMapping`, figma `tempIdToRealId`). A POST is not idempotent: an unknown
   * outcome throws ApiUnknownOutcomeError and is never replayed.
   */
  writeVariables(fileKey: string, request: VariablesWrite): Promise<Record<string, string>>;
  /** The dialect this client speaks. */
  readonly dialect: Dialect;
  createWebhook(body: CreateWebhookBody): Promise<Webhook>;
  listWebhooks(teamId: string): Promise<Webhook[]>;
  deleteWebhook(id: string): Promise<void>;
  /** Request accounting since creation: every attempt, retries included. */
  stats(): RequestStats;
  /** Closes the connection pool. */
  close(): Promise<void>;
}

function seg(name: string, value: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new TokensyncError('API_BAD_INPUT', `The ${name} is empty.`, { hint: `Pass a non-empty ${name}.` });
  }
  return encodeURIComponent(value);
}

function idList(ids: string[]): string {
  if (ids.length === 0 || ids.some((id) => id === '')) {
    throw new TokensyncError('API_BAD_INPUT', 'The list of node ids is empty or holds an empty id.', {
      hint: 'Pass at least one node id, e.g. "1:2".',
    });
  }
  return ids.join(',');
}

export function createClient(options: ClientOptions): DesignFileClient {
  const base = parseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timeScale = options.timeScale ?? timeScaleFromEnv(options.env ?? process.env);
  const redactor = new Redactor();
  const agent = createAgent({ ca: trustedCas(options.ca, options.env ?? process.env), timeoutMs });
  const http = new Http({
    base,
    agent,
    redactor,
    timeoutMs,
    maxRetries: options.maxRetries ?? 4,
    retryBudgetSeconds: options.retryBudgetSeconds ?? 60,
    timeScale,
    ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
    ...(options.signal ? { signal: options.signal } : {}),
    onRequest: options.onRequest,
    onWait: options.onWait,
  });
  const dialect = dialectOf(options.api);
  const a = options.auth;
  http.auth =
    a.kind === 'token'
      ? tokenAuth(a.token, redactor, dialect.tokenHeader)
      : new OAuthAuth({
          clientId: a.clientId,
          clientSecret: a.clientSecret,
          tokenFile: a.tokenFile,
          http,
          redactor,
          timeScale,
        });

  // Scopes per endpoint, as the dialect names them (named in 403 hints).
  const {
    read: READ,
    readVariables: READ_VARS,
    writeVariables: WRITE_VARS,
    comments: COMMENTS,
    webhooks: WEBHOOKS,
  } = dialect.scopes;

  const client: DesignFileClient = {
    dialect,
    getMe: () => http.json({ method: 'GET', path: '/v1/me', endpoint: 'GET /v1/me' }, userSchema),

    getFile: (fileKey, opts) => {
      const q = opts?.depth === undefined ? '' : `?depth=${encodeURIComponent(String(opts.depth))}`;
      return http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}${q}`,
          endpoint: 'GET /v1/files/:file_key',
          scope: READ,
        },
        fileResponseSchema,
      );
    },

    getFileNodes: (fileKey, ids) =>
      http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}/nodes?${new URLSearchParams({ ids: idList(ids) }).toString()}`,
          endpoint: 'GET /v1/files/:file_key/nodes',
          scope: READ,
        },
        nodesResponseSchema,
      ),

    getImages: (fileKey, ids, opts) => {
      const q = new URLSearchParams({ ids: idList(ids) });
      if (opts?.format !== undefined) q.set('format', opts.format);
      if (opts?.scale !== undefined) q.set('scale', String(opts.scale));
      return http.json(
        {
          method: 'GET',
          path: `/v1/images/${seg('file key', fileKey)}?${q.toString()}`,
          endpoint: 'GET /v1/images/:file_key',
          scope: READ,
        },
        imagesResponseSchema,
      );
    },

    getImageFills: (fileKey) =>
      http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}/images`,
          endpoint: 'GET /v1/files/:file_key/images',
          scope: READ,
        },
        imageFillsResponseSchema,
      ),

    getComments: (fileKey) =>
      http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}/comments`,
          endpoint: 'GET /v1/files/:file_key/comments',
          scope: READ,
        },
        commentsResponseSchema,
      ),

    postComment: (fileKey, body) =>
      http.json(
        {
          method: 'POST',
          path: `/v1/files/${seg('file key', fileKey)}/comments`,
          endpoint: 'POST /v1/files/:file_key/comments',
          scope: COMMENTS,
          json: body,
        },
        postedCommentSchema,
      ),

    deleteComment: async (fileKey, commentId) => {
      // Success is 200 with an empty body (spec "Comments"); any body is ignored.
      await http.call({
        method: 'DELETE',
        path: `/v1/files/${seg('file key', fileKey)}/comments/${seg('comment id', commentId)}`,
        endpoint: 'DELETE /v1/files/:file_key/comments/:comment_id',
        scope: COMMENTS,
      });
    },

    getFileStyles: (fileKey, page) =>
      http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}/styles${pageQuery(page)}`,
          endpoint: 'GET /v1/files/:file_key/styles',
          scope: READ,
        },
        stylesPageSchema,
      ),
    iterateFileStyles: (fileKey, opts) =>
      paginate(
        (p) => client.getFileStyles(fileKey, p),
        (r) => r.meta.styles,
        opts,
      ),

    getStyle: (key) =>
      http.json(
        { method: 'GET', path: `/v1/styles/${seg('style key', key)}`, endpoint: 'GET /v1/styles/:key', scope: READ },
        styleResponseSchema,
      ),

    getFileComponents: (fileKey, page) =>
      http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}/components${pageQuery(page)}`,
          endpoint: 'GET /v1/files/:file_key/components',
          scope: READ,
        },
        componentsPageSchema,
      ),
    iterateFileComponents: (fileKey, opts) =>
      paginate(
        (p) => client.getFileComponents(fileKey, p),
        (r) => r.meta.components,
        opts,
      ),

    getFileComponentSets: (fileKey, page) =>
      http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}/component_sets${pageQuery(page)}`,
          endpoint: 'GET /v1/files/:file_key/component_sets',
          scope: READ,
        },
        componentSetsPageSchema,
      ),
    iterateFileComponentSets: (fileKey, opts) =>
      paginate(
        (p) => client.getFileComponentSets(fileKey, p),
        (r) => r.meta.component_sets,
        opts,
      ),

    getLocalVariables: (fileKey) =>
      http.json(
        {
          method: 'GET',
          path: `/v1/files/${seg('file key', fileKey)}/variables/local`,
          endpoint: 'GET /v1/files/:file_key/variables/local',
          scope: READ_VARS,
        },
        localVariablesResponseSchema,
        isLocalVariablesResponse,
      ),

    postVariables: (fileKey, body) =>
      http.json(
        {
          method: 'POST',
          path: `/v1/files/${seg('file key', fileKey)}/variables`,
          endpoint: 'POST /v1/files/:file_key/variables',
          scope: WRITE_VARS,
          json: body,
        },
        variablesWriteResponseSchema,
        isVariablesWriteResponse,
      ),

    putVariables: (fileKey, body) =>
      http.json(
        {
          method: 'PUT',
          path: `/v1/files/${seg('file key', fileKey)}/variables`,
          endpoint: 'PUT /v1/files/:file_key/variables',
          scope: WRITE_VARS,
          json: body,
        },
        variablesWriteResponseSchema,
        isVariablesWriteResponse,
      ),

    writeVariables: async (fileKey, request) => {
      if (!dialect.write.methods.includes(request.method)) {
        throw new TokensyncError(
          'API_BAD_INPUT',
          `The ${dialect.name} dialect has no ${request.method} /v1/files/:file_key/variables.`,
          {
            hint: "The plan was compiled for another dialect; compile it with the client's dialect (service.api).",
          },
        );
      }
      const answer = await http.json(
        {
          method: request.method,
          path: `/v1/files/${seg('file key', fileKey)}/variables`,
          endpoint: `${request.method} /v1/files/:file_key/variables`,
          scope: WRITE_VARS,
          json: request.body,
        },
        dialect.write.responseSchema,
        dialect.name === 'dfs' ? isVariablesWriteResponse : undefined,
      );
      return dialect.write.mapping(answer);
    },

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

    stats: () => http.stats(),
    close: () => agent.close(),
  };
  return client;
}
