/**
 * The config's closed lists, in a module that loads nothing: `build`, `check` and the name styles
 * read them without loading zod (schema.ts validates against the same lists; docs/benchmarks.md
 * "Fast paths" says what zod costs at start).
 */

export const PLATFORMS = ['css', 'scss', 'ts', 'json', 'ios', 'android', 'compose', 'tailwind', 'docs'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** How token paths become names on a platform (src/codegen/name-styles.ts). */
export const NAME_STYLES = ['kebab', 'camel', 'snake', 'keep'] as const;
