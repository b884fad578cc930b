/** The library API: an explicit export list (the CLI is a thin layer over these). */
export { TokensyncError } from './errors.js';
export type { SourcePosition } from './errors.js';
export * from './model/types.js';
export { colorToHex, colorToHex8, hexToColor, roundFloat, canonicalValue, valuesEqual } from './model/values.js';
export type { Lock, LockCollection, LockVariable } from './model/lock.js';
export { configSchema, PLATFORMS } from './config/schema.js';
export type { Config, ServiceConfig, TokensConfig, BuildConfig, Platform } from './config/schema.js';
export { loadConfig, findConfig, ConfigError } from './config/load.js';
