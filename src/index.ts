/**
 * The library API: an explicit export list. The CLI is a thin layer over these, so everything a
 * command does can be done from code (a build script, a custom CI step, a bot).
 */
export { TokensyncError, InterruptedError, formatPosition } from './errors.js';
export type { SourcePosition } from './errors.js';

// The model in the middle.
export * from './model/types.js';
export { colorToHex, colorToHex8, hexToColor, roundFloat, canonicalValue, valuesEqual } from './model/values.js';
export * from './model/dtcg.js';
export { COLOR_SPACES, convertToSrgb, toSrgb } from './model/color-spaces.js';
export { LOCK_VERSION, fingerprint, fingerprintFields } from './model/lock.js';
export type { Lock, LockCollection, LockVariable, LockVariableFields } from './model/lock.js';

// One module per DTCG type (parse, validate, compare, encode, render).
export { TYPE_MODULES, typeModule, isVariableType } from './types/index.js';
export type { TypeModule, ParseContext, EncodeContext, SubPath, VariableMapping } from './types/index.js';

// Config.
export { configSchema } from './config/schema.js';
export { PLATFORMS } from './config/lists.js';
export type { Config, ServiceConfig, TokensConfig, BuildConfig, Platform, TypeRule } from './config/schema.js';
export { loadConfig, findConfig, parseConfigText, ConfigError } from './config/load.js';
export type { LoadedConfig } from './config/load.js';
export { configJsonSchema } from './config/json-schema.js';

// The service: client, and the connection the config describes.
export * from './api/index.js';
export { connect } from './service/connect.js';
export type { ServiceConnection, ConnectOptions } from './service/connect.js';

// Token files.
export {
  readTokens,
  checkTokens,
  renderTokens,
  readLock,
  renderLock,
  writeFilesAtomic,
  TokenFileError,
  formatDiagnostic,
} from './tokens/index.js';
export type { Diagnostic, TokenSources } from './tokens/index.js';

// Sync: pure core and the one impure step.
export { remoteToModel } from './sync/remote.js';
export { diff3 } from './sync/diff.js';
export type { SyncDiff, Change, Conflict, Orphan } from './sync/diff.js';
export { compilePlan, applyTempIds, PLAN_VERSION, DEFAULT_LIMITS, PlanError } from './sync/plan.js';
export type { Plan, PlannedRequest, PlanLimits, PlanSummary } from './sync/plan.js';
export { nextLock } from './sync/next-lock.js';
export { renderPlanTable, renderConflicts } from './sync/report.js';
export { runSync, SyncNotConvergedError, SyncOutcomeUnknownError } from './sync/apply.js';
export { JOURNAL_FILE, type Journal, type PushJournal, type PullJournal } from './sync/journal.js';
export { FileSystemError } from './fs/errors.js';
export type { SyncOptions, SyncOutcome, SyncMode, FileChanges } from './sync/apply.js';

// Build.
export { buildTokens, writeBuild, BuildError } from './codegen/index.js';
export type { BuildOutput, BuildOptions } from './codegen/index.js';
// The names the build gives each variable, for `sync.codeSyntax` (docs/sync.md "Code names in the design file").
export { codeNames } from './codegen/code-names.js';
export type { CodeNameOptions } from './codegen/code-names.js';
export { codeNameKey } from './model/code-names.js';
export type { CodeNames, CodeSyntaxPlatform } from './model/code-names.js';

// The local service and the webhook receiver.
export { startEmulator } from './emulator/index.js';
export type { EmulatorOptions, RunningEmulator } from './emulator/index.js';
export { startWebhookReceiver, passcodeMatches } from './webhooks/receiver.js';
export type { ReceiverOptions, RunningReceiver, WebhookEvent } from './webhooks/receiver.js';
