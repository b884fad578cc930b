/**
 * Our platforms, in Style Dictionary's own platform config shape (transforms by name, files with a
 * format and options), formatted by direct.ts. Outputs that share names and values share one
 * platform, so its transforms run once for them: `web` (css, scss, tailwind, docs) and `js` (ts,
 * json); ios, android and compose each have their own. Every platform holds every mode (views.ts).
 */
import type { FormatFn, PlatformConfig } from 'style-dictionary/types';
import type { BuildConfig, Platform } from '../config/schema.js';
import type { FormatContext } from './formats/common.js';
import { docsFormat } from './formats/docs.js';
import { jsonFormat } from './formats/json.js';
import { composeTypesFormat, swiftTypesFormat } from './formats/native-types.js';
import { tailwindFormat } from './formats/tailwind.js';
import { typescriptFormat } from './formats/typescript.js';
import { androidFormat, composeFormat, cssFormat, scssFormat, swiftFormat } from './formats/wrapped.js';
import { slug } from './naming.js';
import { DEFAULT_NAME_STYLES, FAMILY_KEY, STYLE_KEY, type NameFamily } from './name-styles.js';

export interface PlatformPlan {
  platforms: Record<string, PlatformConfig>;
  formats: Record<string, FormatFn>;
}

/** Kotlin package of the generated Compose objects. */
export const COMPOSE_PACKAGE = 'tokens';

/** What every platform builder needs: the outputs wanted, the config, the views, the shared settings. */
interface PlanInput {
  want: ReadonlySet<Platform>;
  config: BuildConfig;
  ctx: FormatContext;
  /** Settings every platform carries: rem base and prefix. */
  base: Record<string, unknown>;
  /** The view keys of the default modes, and the other views. */
  defaults: string[];
  others: FormatContext['views'];
}

export function planPlatforms(
  selected: readonly Platform[],
  config: BuildConfig,
  ctx: FormatContext,
  remBase: number,
): PlatformPlan {
  const prefix = config.prefix;
  const input: PlanInput = {
    want: new Set(selected),
    config,
    ctx,
    base: { basePxFontSize: remBase, ...(prefix === '' ? {} : { prefix }) },
    defaults: ctx.views.filter((v) => v.isDefault).map((v) => v.key),
    others: ctx.views.filter((v) => !v.isDefault),
  };
  const plan: PlatformPlan = { platforms: {}, formats: {} };
  for (const add of [webPlatform, jsPlatform, iosPlatform, androidPlatform, composePlatform]) add(input, plan);
  return plan;
}

/** Each family's name style (build.names, name-styles.ts), read by its name transform. */
function names(config: BuildConfig, family: NameFamily): Record<string, unknown> {
  return {
    [FAMILY_KEY]: family,
    [STYLE_KEY]: config.names[family] ?? DEFAULT_NAME_STYLES[family],
  };
}

/** css, scss, tailwind and docs: one platform, so their transforms run once. */
function webPlatform(
  { want, config, ctx, base, defaults, others }: PlanInput,
  { platforms, formats }: PlatformPlan,
): void {
  const kebabPrefix = config.prefix === '' ? '' : slug(config.prefix);
  const web: NonNullable<PlatformConfig['files']> = [];
  if (want.has('css')) {
    formats['tokensync/css'] = cssFormat(ctx);
    web.push({ destination: 'css/tokens.css', format: 'tokensync/css' });
  }
  if (want.has('scss')) {
    formats['tokensync/scss'] = scssFormat(ctx);
    web.push({ destination: 'scss/_tokens.scss', format: 'tokensync/scss', options: { views: defaults } });
    for (const v of others) {
      web.push({
        destination: `scss/_${slug(v.collection.name)}-${slug(v.mode)}.scss`,
        format: 'tokensync/scss',
        options: { views: [v.key] },
      });
    }
  }
  if (want.has('tailwind')) {
    formats['tokensync/tailwind'] = tailwindFormat(ctx, kebabPrefix, want.has('css') ? '../css/tokens.css' : undefined);
    web.push({ destination: 'tailwind/theme.css', format: 'tokensync/tailwind' });
  }
  if (want.has('docs')) {
    formats['tokensync/docs'] = docsFormat(ctx);
    web.push({ destination: 'docs/index.html', format: 'tokensync/docs' });
  }
  if (web.length === 0) return;
  platforms['tokensync-web'] = {
    ...base,
    ...names(config, 'web'),
    transforms: [
      'tokensync/name/web',
      'tokensync/web/variants',
      'tokensync/web/dimension',
      'tokensync/web/duration',
      'tokensync/css/color',
      'tokensync/css/fontFamily',
      'tokensync/css/string',
      'tokensync/web/composite',
    ],
    files: web,
  };
}

/** ts and json: one platform. */
function jsPlatform({ want, config, ctx, base }: PlanInput, { platforms, formats }: PlatformPlan): void {
  const js: NonNullable<PlatformConfig['files']> = [];
  if (want.has('ts')) {
    formats['tokensync/ts'] = typescriptFormat(ctx);
    js.push({ destination: 'ts/tokens.ts', format: 'tokensync/ts' });
  }
  if (want.has('json')) {
    formats['tokensync/json'] = jsonFormat(ctx);
    js.push({ destination: 'json/tokens.json', format: 'tokensync/json' });
  }
  if (js.length === 0) return;
  platforms['tokensync-js'] = {
    ...base,
    ...names(config, 'ts'),
    transforms: [
      'tokensync/name/ts',
      'tokensync/web/dimension',
      'tokensync/web/duration',
      'tokensync/css/color',
      'tokensync/css/fontFamily',
      'tokensync/js/composite',
    ],
    files: js,
  };
}

function iosPlatform({ want, config, ctx, base }: PlanInput, { platforms, formats }: PlatformPlan): void {
  if (!want.has('ios')) return;
  formats['tokensync/swift'] = swiftFormat(ctx);
  const files: NonNullable<PlatformConfig['files']> = ctx.views.map((v) => ({
    destination: `ios/${v.className}.swift`,
    format: 'tokensync/swift',
    options: { views: [v.key] },
  }));
  if (ctx.composites.size > 0) {
    formats['tokensync/swift-types'] = swiftTypesFormat(ctx);
    files.push({ destination: 'ios/TokenTypes.swift', format: 'tokensync/swift-types' });
  }
  platforms['tokensync-ios'] = {
    ...base,
    ...names(config, 'ios'),
    transforms: [
      'tokensync/name/swift',
      'tokensync/swift/color',
      'tokensync/swift/size',
      'tokensync/swift/number',
      'tokensync/swift/duration',
      'tokensync/swift/string',
      'tokensync/swift/composite',
    ],
    files,
  };
}

function androidPlatform(
  { want, config, ctx, base, defaults, others }: PlanInput,
  { platforms, formats }: PlatformPlan,
): void {
  if (!want.has('android')) return;
  formats['tokensync/android'] = androidFormat(ctx);
  // Default modes in values/, modes with a qualifier in values-<q>/ (night for dark modes); any
  // other mode in its own resource folder <collection>-<mode>/values/, to add as a flavor's res dir.
  const folders = new Map<string, string[]>([['values', defaults]]);
  for (const v of others) {
    const folder = v.androidQualifier
      ? `values-${v.androidQualifier}`
      : `${slug(v.collection.name)}-${slug(v.mode)}/values`;
    folders.set(folder, [...(folders.get(folder) ?? []), v.key]);
  }
  platforms['tokensync-android'] = {
    ...base,
    ...names(config, 'android'),
    transforms: [
      'tokensync/name/android',
      'tokensync/android/color',
      'tokensync/android/size',
      'tokensync/android/duration',
      'tokensync/android/string',
      'tokensync/android/composite',
    ],
    files: [...folders].map(([folder, views]) => ({
      destination: `android/${folder}/tokens.xml`,
      format: 'tokensync/android',
      options: { views },
    })),
  };
}

function composePlatform({ want, config, ctx, base }: PlanInput, { platforms, formats }: PlatformPlan): void {
  if (!want.has('compose')) return;
  formats['tokensync/compose'] = composeFormat(ctx, COMPOSE_PACKAGE);
  const files: NonNullable<PlatformConfig['files']> = ctx.views.map((v) => ({
    destination: `compose/${v.className}.kt`,
    format: 'tokensync/compose',
    options: { views: [v.key] },
  }));
  if (ctx.composites.size > 0) {
    formats['tokensync/compose-types'] = composeTypesFormat(ctx, COMPOSE_PACKAGE);
    files.push({ destination: 'compose/TokenTypes.kt', format: 'tokensync/compose-types' });
  }
  platforms['tokensync-compose'] = {
    ...base,
    ...names(config, 'compose'),
    transforms: [
      'tokensync/name/kotlin',
      'tokensync/compose/color',
      'tokensync/compose/size',
      'tokensync/compose/number',
      'tokensync/compose/duration',
      'tokensync/kotlin/string',
      'tokensync/compose/composite',
    ],
    files,
  };
}
