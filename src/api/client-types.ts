/**
 * The client's types: its options and the one interface every endpoint group (endpoints/) fills in.
 * Apart from client.ts so the groups can name the interface without importing the factory.
 */
import type { RequestEvent, RequestStats, WaitEvent } from './http.js';
import type { CommentsResponse, PostCommentBody, PostedComment } from './schemas/comments.js';
import type { FileResponse, ImageFillsResponse, ImageFormat, ImagesResponse, NodesResponse } from './schemas/files.js';
import type {
  Component,
  ComponentSet,
  ComponentSetsPage,
  ComponentsPage,
  PageOptions,
  Style,
  StyleResponse,
  StylesPage,
} from './schemas/library.js';
import type { User } from './schemas/users.js';
import type {
  LocalVariablesResponse,
  VariablesPostBody,
  VariablesPutBody,
  VariablesWriteResponse,
} from './schemas/variables.js';
import type { CreateWebhookBody, Webhook } from './schemas/webhooks.js';
import type { ApiDialectName, Dialect } from './dialects/index.js';
import type { FigmaVariablesBody } from './schemas/figma-variables.js';

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
  /** `JSON.stringify(body)` when the caller has it already (sync/plan.ts sizes each body by it): sent as is. */
  text?: string | undefined;
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
  /**
   * The same read, with the SHA-256 of the answer's bytes as received (the in-step cache compares it,
   * docs/caching.md) and the validated answer parsed on first use.
   */
  getLocalVariablesBody?(fileKey: string): Promise<{ digest: string; parse(): Promise<LocalVariablesResponse> }>;
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
