/**
 * A dialect of the service API (docs/architecture.md "Dialects"): how requests and answers are spelled, never
 * what the sync does. One client (client.ts), one plan compiler (sync/plan.ts) and one apply loop
 * (sync/apply.ts) ask the dialect for the few things that differ.
 */
import type { z } from 'zod';
import type { CreateWebhookBody } from '../schemas/webhooks.js';

export type ApiDialectName = 'dfs' | 'figma';
export const API_DIALECTS: readonly ApiDialectName[] = ['dfs', 'figma'];

export interface ScopeNeed {
  personal: string;
  oauth: string;
}

export interface Dialect {
  name: ApiDialectName;
  /** Header that carries a personal access token (OAuth always uses `Authorization: Bearer`). */
  tokenHeader: string;
  /** Scopes per endpoint group, named in 403 hints. */
  scopes: {
    read: ScopeNeed;
    readVariables: ScopeNeed;
    writeVariables: ScopeNeed;
    comments: ScopeNeed;
    webhooks: ScopeNeed;
  };
  /**
   * Whether the API can delete variables, modes and collections. Only then are orphans deleted, and
   * only on request (`push --delete-orphans`, `sync.deleteOrphans`).
   */
  canDelete: boolean;
  /**
   * Whether the API has extended collections (a collection that inherits another's variables and modes
   * and overrides some values; docs/overrides.md). Without them the repository's extensions stay
   * repository-only: never sent, never a change, never removed by a pull.
   */
  extensions: boolean;
  /**
   * The write that deletes these collections (and their modes and variables), where the API can
   * delete; absent otherwise. Used to remove a duplicate a run made (docs/sync.md "Several writers").
   */
  deleteCollections?: ((ids: string[]) => { method: 'POST' | 'PUT'; body: never }) | undefined;
  /**
   * How a planned write is sent: its method, and where the answer keeps the temp id -> real id map
   * (dfs `meta.tempIdMapping`, figma `meta.tempIdToRealId`).
   */
  write: {
    methods: readonly ('POST' | 'PUT')[];
    /** Loaded only when an answer fails the hand check (http.ts `SchemaLoader`). */
    responseSchema: () => Promise<z.ZodType>;
    mapping(response: unknown): Record<string, string>;
  };
  webhooks: {
    /** The create body as this dialect spells it (figma: `context: "team"` and `context_id`). */
    createBody(body: CreateWebhookBody): Record<string, unknown>;
    /** Path that lists a team's webhooks, and its endpoint label. */
    listPath(teamId: string): { path: string; endpoint: string };
  };
}
