/** The options pull, push, diff and sync take (main.ts), shared by sync-command.ts and sync-full.ts. */
export interface SyncCommandOptions {
  prefer?: 'repo' | 'service';
  force?: boolean;
  dryRun?: boolean;
  /** `--delete-orphans`; `sync.deleteOrphans` in the config does the same. */
  deleteOrphans?: boolean;
  /** `--max-deletes N`: the most --delete-orphans may delete (confirm-deletes.ts). */
  maxDeletes?: string;
  /** `--allow-empty`: take an answer with no variables at its word (sync/empty-guard.ts). */
  allowEmpty?: boolean;
  /** `--no-cache`: false always takes the full path and leaves the in-step cache alone. */
  cache?: boolean;
}
