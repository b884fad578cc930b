/** The API client's public surface. */
export { createClient } from './client.js';
export type { ClientOptions, DesignFileClient, RequestEvent, RequestStats, VariablesWrite } from './client.js';
export { dialectOf, API_DIALECTS } from './dialects/index.js';
export type { ApiDialectName, Dialect } from './dialects/index.js';
export type {
  FigmaVariablesBody,
  FigmaCollectionItem,
  FigmaModeItem,
  FigmaVariableItem,
  FigmaModeValue,
  FigmaWriteResponse,
} from './schemas/figma-variables.js';
export {
  ApiError,
  ApiAuthError,
  ApiNotFoundError,
  ApiBadRequestError,
  ApiRateLimitError,
  ApiServerError,
  ApiNetworkError,
  ApiUnknownOutcomeError,
  ApiResponseTooLargeError,
  ApiSchemaError,
  InsecureUrlError,
  OAuthTokenError,
} from './errors.js';
export { authorizeUrl, exchangeAuthorizationCode } from './oauth-login.js';
export type { AuthorizeRequest, ExchangeOptions } from './oauth-login.js';
export { readTokenPair, writeTokenPair } from './token-store.js';
export type { StoredTokenPair } from './token-store.js';
export { parseRetryAfter } from './retry.js';
export type { User } from './schemas/users.js';
export type {
  DocumentNode,
  FileResponse,
  NodesResponse,
  ImagesResponse,
  ImageFillsResponse,
  ImageFormat,
} from './schemas/files.js';
export type { Comment, CommentsResponse, PostCommentBody, PostedComment } from './schemas/comments.js';
export type {
  Pagination,
  PageOptions,
  Style,
  StylesPage,
  StyleResponse,
  Component,
  ComponentSet,
  ComponentsPage,
  ComponentSetsPage,
} from './schemas/library.js';
export type { Webhook, CreateWebhookBody, EventType } from './schemas/webhooks.js';
export { EVENT_TYPES } from './schemas/webhooks.js';
export * from './schemas/variables.js';
