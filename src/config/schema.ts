/**
 * `config/tokensync.yaml`, validated by zod (docs/architecture.md "Files in the repository"). The core keys
 * (`service.url`, `service.fileKey`, `service.token`, `service.caFile`, `tokens.dir`, `build.outDir`,
 * `build.platforms`) are a contract that scripts outside the project rely on.
 * A JSON Schema for editors is generated from this same schema (`schema/tokensync.schema.json`).
 */
import { z } from 'zod';
import { NAME_STYLES, PLATFORMS } from './lists.js';

/** Where a secret comes from: never the value itself, so config files can be committed. */
const secretRef = z.string().regex(/^(env|file):.+$/, 'must be "env:NAME" or "file:PATH" (never the secret itself)');

export type { Platform } from './lists.js';

const serviceSchema = z
  .object({
    /** `local` runs the embedded local service (state under `.tokensync/`); else an https:// base URL. */
    url: z
      .union([
        z.literal('local'),
        z.string().regex(/^https:\/\/[^\s]+$/, 'must be "local" or an https:// address (plain http is refused)'),
      ])
      .default('local'),
    /**
     * Which API the service speaks (docs/architecture.md "Dialects"): `dfs`, the published Design File Service
     * spec, or `figma`, Figma's REST API (@figma/rest-api-spec). Only how requests and answers are spelled differs.
     */
    api: z.enum(['dfs', 'figma']).default('dfs'),
    /** The file key; for Figma, the part after /design/ (or /file/) in the file's URL. */
    fileKey: z.string().min(1).default('demo'),
    token: secretRef.default('env:DFS_TOKEN'),
    /** Extra CA certificate (PEM) to trust, relative to the project root. NODE_EXTRA_CA_CERTS works too. */
    caFile: z.string().min(1).optional(),
    oauth: z
      .object({
        clientId: z.string().min(1),
        clientSecret: secretRef,
        /** Where the OAuth token pair is stored (mode 0600); refresh tokens are single-use. */
        tokenFile: z.string().min(1).default('.tokensync/oauth.json'),
      })
      .strict()
      .optional(),
    timeoutMs: z.number().int().positive().default(30_000),
    /** Retries of GET/PUT on network errors, 5xx and 429. */
    maxRetries: z.number().int().min(0).max(10).default(4),
    /** Longest total wait (seconds) the client accepts for rate limits before failing with a clear error. */
    retryBudgetSeconds: z.number().min(0).default(60),
    /**
     * With `url: local`: what the embedded local service starts from when it has no saved state
     * (docs/emulator.md "Whose file the embedded service holds"). `repository`: this project's own
     * tokens, under the lock's ids (an empty file when there is no lock yet); `demo`: the demo file
     * with its variables, styles and pages (`npm start` in tokensync's own repository).
     */
    seed: z.enum(['repository', 'demo']).default('repository'),
  })
  .strict();

/** A rule that chooses how FLOAT and STRING variables are written as DTCG types. First match wins. */
const typeRuleSchema = z
  .object({
    /** Glob over the variable's slash name (`*` one segment, `**` any number), e.g. `spacing/**`. */
    match: z.string().min(1),
    /** Restrict the rule to one collection (its name). */
    collection: z.string().min(1).optional(),
    type: z.enum(['number', 'dimension', 'duration', 'fontWeight', 'fontFamily', 'string']),
    unit: z.enum(['px', 'rem', 'ms', 's']).optional(),
  })
  .strict()
  .refine((r) => r.type !== 'dimension' || r.unit === undefined || r.unit === 'px' || r.unit === 'rem', {
    message: 'a dimension unit is px or rem',
    path: ['unit'],
  })
  .refine((r) => r.type !== 'duration' || r.unit === undefined || r.unit === 'ms' || r.unit === 's', {
    message: 'a duration unit is ms or s',
    path: ['unit'],
  });
export type TypeRule = z.infer<typeof typeRuleSchema>;

const tokensSchema = z
  .object({
    dir: z.string().min(1).default('tokens'),
    /** `none`: paths are the variable names; `collection`: each collection under a top-level group. */
    namespace: z.enum(['none', 'collection']).default('none'),
    rules: z.array(typeRuleSchema).default([]),
    /** Use scopes to pick types when no rule matches (e.g. GAP -> dimension px, FONT_FAMILY -> fontFamily). */
    typesFromScopes: z.boolean().default(true),
    /** Pixels per rem, to read `rem` dimensions back into the service's unitless floats. */
    remBase: z.number().positive().default(16),
  })
  .strict();

const modeOutputSchema = z
  .object({
    /** CSS selector for this mode; default `[data-<collection>="<mode>"]`. */
    selector: z.string().min(1).optional(),
    /** Also apply this mode inside a media query, e.g. `(prefers-color-scheme: dark)`. */
    media: z.string().min(1).optional(),
    /** Android: put this mode in a resource qualifier folder, e.g. `night` -> values-night. */
    androidQualifier: z.string().min(1).optional(),
  })
  .strict();

const nameStyle = z.enum(NAME_STYLES);
/**
 * Swift, Kotlin and Android resource names cannot hold a `-`: `kebab` there printed
 * `public static let color-bg`, code that does not compile, so it is refused (docs/build.md "Names").
 */
const NATIVE_NAME_STYLES = ['camel', 'snake', 'keep'] as const;
const nativeNameStyle = z.enum(NATIVE_NAME_STYLES, {
  error: () =>
    'expected one of "camel"|"snake"|"keep": a Swift, Kotlin or Android resource name cannot hold a "-", so kebab names ("color-bg") would not compile',
});

const buildSchema = z
  .object({
    outDir: z.string().min(1).default('build'),
    platforms: z.array(z.enum(PLATFORMS)).default([...PLATFORMS]),
    /** Prefix of every generated name (`--ds-color-bg`, `DsColorBg`). */
    prefix: z.string().default(''),
    /** Selector template for non-default modes; `{collection}` and `{mode}` are slugs. */
    selector: z.string().min(1).default('[data-{collection}="{mode}"]'),
    /**
     * Name CSS custom properties after the variable's `codeSyntax.WEB` (as set in the design file,
     * e.g. `var(--ds-danger)` -> `--ds-danger`) where it has one; other tokens keep their path name.
     */
    webNamesFromCodeSyntax: z.boolean().default(false),
    /**
     * How token paths become names, per platform family (docs/build.md "Names"): `kebab`, `camel`,
     * `snake`, or `keep` (each segment as written, joined by the platform's separator:
     * `focus/outlineColor` -> `--focus-outlineColor`). `web` is css, scss, tailwind and docs (they
     * share the CSS names); `ts` the TypeScript module. Defaults: web kebab, ts/ios/compose camel,
     * android snake.
     */
    names: z
      .object({
        web: nameStyle.optional(),
        ts: nameStyle.optional(),
        ios: nativeNameStyle.optional(),
        android: nativeNameStyle.optional(),
        compose: nativeNameStyle.optional(),
      })
      .strict()
      .default({}),
    /** Per collection name, per mode name. */
    modes: z.record(z.string(), z.record(z.string(), modeOutputSchema)).default({}),
    /**
     * CSS selector per resolver modifier, per context (docs/build.md "Contexts"); default
     * `[data-<modifier>="<context>"]`. Applies to the modes a modifier gives a collection and to its
     * extended collections (docs/overrides.md "Build").
     */
    contexts: z.record(z.string(), z.record(z.string(), z.string().min(1))).default({}),
    /**
     * Resolver inputs (modifier -> context) built whole for ts, json, ios, android and compose, one output each (docs/build.md
     * "Contexts"). Default: the default input and one per context of each modifier.
     */
    permutations: z.array(z.record(z.string(), z.string())).optional(),
    /** The user's own Style Dictionary platforms, run alongside ours (SD `platforms` config). */
    styleDictionary: z
      .object({ platforms: z.record(z.string(), z.unknown()).default({}) })
      .strict()
      .default({ platforms: {} }),
  })
  .strict();

const syncSchema = z
  .object({
    /**
     * Delete variables, modes and collections that were removed from the repository (orphans) from the
     * design file on push. Only where the API can delete (`service.api: figma`); shown in the plan first.
     * Same as `push --delete-orphans`. A variable another variable still aliases is never deleted.
     */
    deleteOrphans: z.boolean().default(false),
    /**
     * Write the build's names back to the variables' `codeSyntax` on push, per platform (docs/sync.md
     * "Code names in the design file"): WEB the CSS custom property (`var(--color-bg)`), iOS the Swift
     * name, ANDROID the Android resource name. Off for every platform by default.
     */
    codeSyntax: z
      .object({ WEB: z.boolean().default(false), iOS: z.boolean().default(false), ANDROID: z.boolean().default(false) })
      .strict()
      .default({ WEB: false, iOS: false, ANDROID: false }),
  })
  .strict();

/** Where one style type's tokens go (docs/styles.md). */
const styleTarget = (file: string, group: string) =>
  z
    .object({
      /** The token file, relative to `tokens.dir`. */
      file: z
        .string()
        .regex(
          /^(?!\/)(?!.*\.\.)[^\\]*\.tokens\.json$/,
          'a path inside the tokens folder ending in .tokens.json, e.g. styles/text.tokens.json',
        )
        .default(file),
      /** The top-level group of these tokens ('' for none): `{typography.Body.Regular}`. */
      group: z
        .string()
        .regex(/^[^.{}$][^.{}]*$|^$/, 'a group name without ".", "{", "}" or a leading "$"')
        .default(group),
    })
    .strict()
    .default({ file, group });

const stylesSchema = z
  .object({
    /** Pull the design file's published styles as design-owned tokens (pulled, never pushed). */
    pull: z.boolean().default(false),
    text: styleTarget('styles/text.tokens.json', 'typography'),
    effect: styleTarget('styles/effect.tokens.json', 'shadow'),
    fill: styleTarget('styles/paint.tokens.json', 'paint'),
    grid: styleTarget('styles/grid.tokens.json', 'grid'),
  })
  .strict()
  .refine((s) => new Set([s.text.file, s.effect.file, s.fill.file, s.grid.file]).size === 4, {
    message: 'each style type needs its own file (text, effect, fill and grid share none)',
  });

export const configSchema = z
  .object({
    $schema: z.string().optional(),
    service: serviceSchema.default(serviceSchema.parse({})),
    tokens: tokensSchema.default(tokensSchema.parse({})),
    build: buildSchema.default(buildSchema.parse({})),
    sync: syncSchema.default(syncSchema.parse({})),
    styles: stylesSchema.default(stylesSchema.parse({})),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
export type ServiceConfig = Config['service'];
export type TokensConfig = Config['tokens'];
export type BuildConfig = Config['build'];
export type StylesConfig = Config['styles'];
