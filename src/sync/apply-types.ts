/**
 * The shapes a sync run takes and gives (apply.ts runs it), apart so the phases (apply-*.ts) can name
 * them without importing apply.ts back.
 */
import type { DesignFileClient, LocalVariablesResponse } from '../api/index.js';
import type { Config } from '../config/schema.js';
import type { CodeNames } from '../model/code-names.js';
import type { KeptVariable, TokenSet } from '../model/types.js';
import type { StylesPlan } from '../styles/stage.js';
import type { DeleteLimit } from './delete-guard.js';
import type { SyncDiff } from './diff.js';
import type { Plan } from './plan.js';

export type SyncMode = 'pull' | 'push' | 'sync' | 'diff';

export interface SyncOptions {
  mode: SyncMode;
  root: string;
  config: Config;
  client: DesignFileClient;
  fileKey: string;
  prefer?: 'repo' | 'service' | undefined;
  /** push/sync: overwrite fields that changed in the service since the lock. */
  force?: boolean | undefined;
  /**
   * push/sync: delete orphans removed in the repository from the design file, where the dialect can
   * (`push --delete-orphans`, `sync.deleteOrphans`; figma only). Shown in the plan like any change.
   */
  deleteOrphans?: boolean | undefined;
  /** Deletions above the threshold need `--max-deletes N` or a confirmation (delete-guard.ts). */
  deleteLimit?: DeleteLimit | undefined;
  /** An answer with no variables where the lock binds some goes ahead (empty-guard.ts). */
  allowEmpty?: boolean | undefined;
  /** Compute everything, send and write nothing. */
  dryRun?: boolean | undefined;
  progress?: ((message: string) => void) | undefined;
  /** SIGINT/SIGTERM: stop at the next safe point (the reason is an InterruptedError). */
  signal?: AbortSignal | undefined;
  /**
   * How long after the client gave up on a write's answer the service is still watched for it
   * (default: twice service.timeoutMs). docs/sync.md "Unknown outcomes and resumption".
   */
  settleMs?: number | undefined;
  /**
   * Called once with the diff before the first side effect (request or file), never for diff or
   * --dry-run; throwing refuses the run with nothing sent or written (the CLI's guard against
   * replacing uncommitted edits, docs/sync.md "--prefer").
   */
  beforeWrite?: ((diff: SyncDiff) => Promise<void> | void) | undefined;
  /** The variables the read kept whole (unknown types and the like), for `--json` (docs/sync.md "Nothing is dropped"). */
  onKept?: ((kept: readonly KeptVariable[]) => void) | undefined;
  /**
   * `sync.codeSyntax`: the build's names of a set's variables for the enabled platforms (computed by
   * the CLI from the code generator, which sync may not import). With it the repository's side holds
   * those names as codeSyntax and a pull leaves them out of the files (docs/sync.md "Code names in
   * the design file").
   */
  codeNames?: ((set: TokenSet) => CodeNames) | undefined;
  /** Token-file warnings a push should mention (a wide-gamut color clipped to sRGB, docs/token-files.md). */
  warn?: ((message: string) => void) | undefined;
  /**
   * The run's first read of the service, made by the caller (the in-step check of the CLI,
   * docs/caching.md): an answer it already has, or a read it makes when first asked (after the
   * repository passed its checks: no request before bad input is refused). The caller prints its
   * own progress line for it.
   */
  firstRead?: (() => LocalVariablesResponse | Promise<LocalVariablesResponse>) | undefined;
}

export interface FileChanges {
  /** Relative to the project root. */
  written: string[];
  removed: string[];
}

/** Expected outcomes are values; only the unexpected throws. */
export type SyncOutcome =
  | { kind: 'conflicts'; diff: SyncDiff }
  | { kind: 'planned'; diff: SyncDiff; plan: Plan; files: FileChanges; styles?: StylesPlan }
  | {
      kind: 'applied';
      diff: SyncDiff;
      plan: Plan;
      files: FileChanges;
      requestsSent: number;
      replans: number;
      styles?: StylesPlan;
      /** How many warnings the token files gave (shown by push and sync, docs/token-files.md). */
      warnings: number;
    };
