/**
 * The local service's whole state: plain JSON-serialisable data, so it can be saved to `--data FILE`
 * as is and loaded back.
 * Wire shapes follow the spec's "Resources and their fields".
 */

export type PersonalScope =
  | 'file_content:read'
  | 'file_content:write'
  | 'file_comments:write'
  | 'webhooks:write'
  | 'file_dev_resources:read'
  | 'file_dev_resources:write'
  | 'file_variables:read'
  | 'file_variables:write';
export const PERSONAL_SCOPES: readonly PersonalScope[] = [
  'file_content:read',
  'file_content:write',
  'file_comments:write',
  'webhooks:write',
  'file_dev_resources:read',
  'file_dev_resources:write',
  // Figma's personal tokens carry the variables scopes by these names (figma dialect).
  'file_variables:read',
  'file_variables:write',
];

export type OAuthScope =
  | 'files:read'
  | 'file_content:read'
  | 'file_comments:write'
  | 'webhooks:write'
  | 'file_variables:read'
  | 'file_variables:write'
  | 'current_user:read'
  | 'file_comments:read'
  | 'library_content:read'
  | 'library_assets:read'
  | 'webhooks:read';
export const OAUTH_SCOPES: readonly OAuthScope[] = [
  'files:read',
  // Figma's OAuth name for reading files (files:read is its deprecated older name); figma dialect.
  'file_content:read',
  'file_comments:write',
  'webhooks:write',
  'file_variables:read',
  'file_variables:write',
  // Scopes Figma's OpenAPI document names for endpoints the local service serves (figma dialect):
  // granted and accepted, so an app that asks for them can be tried here.
  'current_user:read',
  'file_comments:read',
  'library_content:read',
  'library_assets:read',
  'webhooks:read',
];

export interface User {
  id: string;
  handle: string;
  email: string;
  img_url: string;
}

export interface Team {
  id: string;
  name: string;
  memberIds: string[];
}

/** A credential, stored by the SHA-256 of its value (the value itself is never kept, except the contract's). */
export interface TokenRecord {
  kind: 'personal' | 'oauth';
  userId: string;
  scopes: string[];
  /** Epoch ms on the emulator clock; null = never. */
  expiresAt: number | null;
  /** OAuth only: the app that holds it. */
  clientId?: string;
}

export interface RefreshRecord {
  userId: string;
  clientId: string;
  scopes: string[];
  used: boolean;
}

export interface AuthCodeRecord {
  userId: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  name: string;
}

export interface DocNode {
  id: string;
  name: string;
  type: string;
  children?: DocNode[];
  [extra: string]: unknown;
}

export interface CommentRecord {
  id: string;
  file_key: string;
  parent_id: string; // '' for a top-level comment, as the real service
  userId: string;
  message: string;
  created_at: string;
  resolved_at: string | null;
  order_id: string;
  client_meta: { x: number; y: number; node_id?: string } | null;
}

export interface PublishedStyle {
  key: string;
  name: string;
  description: string;
  style_type: 'FILL' | 'TEXT' | 'EFFECT' | 'GRID';
  node_id: string;
  created_at: string;
  updated_at: string;
  userId: string;
}

export interface PublishedComponent {
  key: string;
  name: string;
  description: string;
  node_id: string;
  created_at: string;
  updated_at: string;
  containing_frame: { name: string; nodeId: string; pageName: string; pageId: string };
  userId: string;
}

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}
export interface AliasValue {
  type: 'VARIABLE_ALIAS';
  id: string;
}
/** Figma's VariableComposedColor: a color with an independently authored opacity (percent), one side an alias. */
export interface ComposedValue {
  color: Rgba | { r: number; g: number; b: number } | AliasValue;
  opacity: number | AliasValue;
}
export type VariableValue = boolean | number | string | Rgba | AliasValue | ComposedValue;
export type ResolvedType = 'COLOR' | 'FLOAT' | 'STRING' | 'BOOLEAN';

export interface VariableRecord {
  id: string;
  name: string;
  key: string;
  variableCollectionId: string;
  resolvedType: ResolvedType;
  valuesByMode: Record<string, VariableValue>;
  scopes: string[];
  description: string;
  hiddenFromPublishing: boolean;
  remote: boolean;
  codeSyntax: Record<string, string>;
}

export interface CollectionRecord {
  id: string;
  name: string;
  key: string;
  /** `parentModeId`: an extended collection's mode names the parent's mode it inherits. */
  modes: { modeId: string; name: string; parentModeId?: string }[];
  defaultModeId: string;
  /** An extended collection's own list is empty: it is served as its root's (variables/extensions.ts). */
  variableIds: string[];
  hiddenFromPublishing: boolean;
  remote: boolean;
  /**
   * An extended collection (figma dialect; OpenAPI `LocalVariableCollection`): absent on every other
   * collection, so older saved states read unchanged. `variableOverrides`: variable id -> mode id ->
   * value, the variables being those of the root collection.
   */
  isExtension?: true;
  parentVariableCollectionId?: string;
  rootVariableCollectionId?: string;
  variableOverrides?: Record<string, Record<string, VariableValue>>;
}

export interface FileRecord {
  key: string;
  name: string;
  teamId: string;
  ownerId: string;
  version: number;
  lastModified: string;
  schemaVersion: number;
  document: DocNode;
  /** imageRef -> node id whose fill uses it (spec "GET /v1/files/:file_key/images"). */
  imageFills: Record<string, string>;
  comments: CommentRecord[];
  styles: PublishedStyle[];
  /**
   * Style id (node id) -> the node that defines the style (src/emulator/styles/nodes.ts).
   * Served by GET nodes like any node, but on no page, as in the real service. Optional: older saved
   * states have none.
   */
  styleNodes?: Record<string, DocNode>;
  components: PublishedComponent[];
  componentSets: PublishedComponent[];
  variableCollections: Record<string, CollectionRecord>;
  variables: Record<string, VariableRecord>;
  /** Numeric part source for permanent ids (VariableID:<fileNo>:<n>). */
  fileNo: number;
  nextId: number;
}

export interface WebhookRecord {
  id: string;
  event_type: string;
  team_id: string;
  endpoint: string;
  passcode: string;
  status: 'ACTIVE' | 'PAUSED';
  description: string;
  created_at: string;
  creatorId: string;
  consecutiveFailures: number;
}

export interface RenderRecord {
  fileKey: string;
  nodeId: string;
  format: 'png' | 'svg' | 'jpg' | 'pdf';
  scale: number;
  /** Epoch ms on the emulator clock. */
  expiresAt: number;
}

export interface EmulatorState {
  schema: 1;
  /** What the ready line prints; kept so a restart with --data prints the same credentials. */
  identity: {
    token: string;
    adminToken: string;
    fileKey: string;
    teamId: string;
    ownerId: string;
    collaboratorId: string;
    oauthClient: OAuthClient;
  };
  seed: 'demo' | 'empty';
  users: Record<string, User>;
  teams: Record<string, Team>;
  /** sha256(token) hex -> record. */
  tokens: Record<string, TokenRecord>;
  refreshTokens: Record<string, RefreshRecord>;
  authCodes: Record<string, AuthCodeRecord>;
  files: Record<string, FileRecord>;
  webhooks: Record<string, WebhookRecord>;
  renders: Record<string, RenderRecord>;
  nextWebhookId: number;
  nextCommentId: number;
  /** Added to the real clock by POST /_emulator/clock, so expiry is testable without sleeping. */
  clockOffsetMs: number;
}
