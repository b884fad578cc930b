/**
 * The build stage (docs/architecture.md "Build"): the model into platform code, every mode of every
 * collection, in memory, through transforms and formats of Style Dictionary 5's shape that are ours
 * (direct.ts says why our platforms skip its pipeline). Only the user's own Style Dictionary
 * platforms load it, and run through its whole pipeline. `writeBuild` puts it on disk.
 */
import type { Config as SdConfig, PlatformConfig } from 'style-dictionary/types';
import type { BuildConfig, Platform } from '../config/schema.js';
import type { TokenSet } from '../model/types.js';
import { captureConsole } from './console-capture.js';
import { BuildError } from './errors.js';
import type { BuildSource, FormatContext } from './formats/common.js';
import { planPlatforms, type PlatformPlan } from './platforms.js';
import { formatDirect } from './direct.js';
import { COMPOSITE_TYPES } from './render/index.js';
import { valueTransforms } from './transforms.js';
import { buildTree } from './tree.js';
import { planContextViews } from './contexts.js';
import { withPartial } from './inputs.js';
import { permutationFiles } from './permutations.js';
import { NATIVE_PLATFORMS, nativeInputPath, nativeInputs } from './native-inputs.js';
import { planViews } from './views.js';
import { assertInside, type WrittenFiles } from './write.js';
import { commitBuild, planManifest, recoverBuild, Staging, stoppedStaging } from './commit.js';

export { BuildError } from './errors.js';
export type { WrittenFiles } from './write.js';

export interface BuildOutput {
  /** Path relative to the output folder -> file content, sorted by path. */
  files: Map<string, string>;
  /** Style Dictionary's warnings, and ours; the CLI prints them. */
  warnings: string[];
}

export interface BuildOptions {
  /** Only these of the configured platforms (CLI `--platform`); default: `config.platforms`. */
  platforms?: readonly Platform[];
  /** Pixels per rem (config `tokens.remBase`); default 16. */
  remBase?: number;
  /**
   * Config `tokens.namespace`; default `none`. With `collection` every platform name starts with
   * the collection (`--theme-color-bg`, `themeColorBg`), so collections may share token names.
   */
  namespace?: 'none' | 'collection';
  /** The project and design file version, shown in the docs page's title. */
  source?: BuildSource;
  /**
   * Only these output files (paths under the output folder); default every file. The watch session
   * renders a file whole with it when an edit cannot be spliced (docs/architecture.md "Build").
   */
  only?: ReadonlySet<string>;
}

/** The composite types a token set holds (their Swift, Kotlin and TypeScript declarations are printed). */
export function compositesOf(set: TokenSet): Set<string> {
  return new Set((set.tokens ?? []).map((t) => t.type).filter((t) => COMPOSITE_TYPES.has(t)));
}

/** What every format reads besides the tokens: the views (mode and context files) of a set. */
export function formatContextOf(
  set: TokenSet,
  config: BuildConfig,
  opts: Pick<BuildOptions, 'namespace' | 'source'> = {},
): FormatContext & Required<Pick<FormatContext, 'contextViews'>> {
  const views = planViews(set, config);
  const contextViews = planContextViews(set, config, views);
  return {
    views,
    contextViews,
    viewByKey: new Map([...views, ...contextViews].map((v) => [v.key, v])),
    composites: compositesOf(set),
    namespaced: opts.namespace === 'collection',
    source: opts.source,
  };
}

export async function buildTokens(
  synced: TokenSet,
  config: BuildConfig,
  opts: BuildOptions = {},
): Promise<BuildOutput> {
  const files = new Map<string, string>();
  const warnings: string[] = [];
  await renderInto(files, synced, config, opts, warnings);
  if (opts.only) for (const f of files.keys()) if (!opts.only.has(f)) files.delete(f);
  return { files: new Map([...files].sort(([a], [b]) => byPath(a, b))), warnings };
}

const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Where the build's files go as they are made: a map (`buildTokens`), or the staging of a build
 * on disk (`stageBuild`). A file set again replaces the earlier one.
 */
interface Outputs {
  set(rel: string, text: string): void;
  has(rel: string): boolean;
  keys(): Iterable<string>;
  /** Called with each file of our platforms as it is made: a staged build lets I/O run here. */
  made?(rel: string, text: string): Promise<void>;
}

/** A build whose files are staged on disk (commit.ts `Staging`) and not yet put in place. */
export interface StagedBuild {
  /** Every output's path, sorted. */
  files: ReadonlySet<string>;
  warnings: string[];
  /** Puts the staged files in place (commit.ts), removing stale outputs; or removes them when `signal` has fired. */
  commit(signal?: AbortSignal): Promise<WrittenFiles & { removed: string[] }>;
  /** Removes what was staged: the build is not written. */
  discard(): Promise<void>;
}

/**
 * `tokensync build` without `--watch`: `buildTokens` and `writeBuild` in one, each file staged (its
 * text encoded, compared with the disk and its temporary written) as soon as it is made and then
 * dropped, so the build never holds every output's text at once (docs/benchmarks.md "Full build",
 * seventh round). The files are put in place by `commit`, as one step, as `writeBuild` does; a
 * build refused on the way removes what it staged.
 */
export async function stageBuild(
  outDir: string,
  synced: TokenSet,
  config: BuildConfig,
  opts: Omit<BuildOptions, 'only'> = {},
): Promise<StagedBuild> {
  await recoverBuild(outDir);
  const staging = new Staging(outDir);
  const names = new Set<string>();
  const outputs: Outputs = {
    set(rel, text) {
      names.add(rel);
      staging.add(rel, text);
    },
    has: (rel) => names.has(rel),
    keys: () => names,
    made(rel, text) {
      this.set(rel, text);
      // A turn of the event loop: the staging's file operations go on while the next file is made.
      return new Promise((resolve) => setImmediate(resolve));
    },
  };
  const warnings: string[] = [];
  try {
    await renderInto(outputs, synced, config, opts, warnings);
  } catch (err) {
    await staging.discard();
    throw err;
  }
  const files = new Set([...names].sort(byPath));
  return {
    files,
    warnings,
    async commit(signal) {
      if (signal?.aborted) {
        await staging.discard();
        throw stoppedStaging(signal, files.size);
      }
      const { stale, manifest } = await planManifest(outDir, files);
      const done = await staging.commit(stale, manifest);
      // In path order, as `writeBuild` lists them.
      const written = new Set(done.written);
      return {
        written: [...files].filter((f) => written.has(f)),
        unchanged: [...files].filter((f) => !written.has(f)),
        removed: stale,
      };
    },
    discard: () => staging.discard(),
  };
}

/** Every file of the build into `files`, in the order made. */
async function renderInto(
  files: Outputs,
  synced: TokenSet,
  config: BuildConfig,
  opts: BuildOptions,
  warnings: string[],
): Promise<void> {
  const set = withPartial(synced);
  const selected = opts.platforms ?? config.platforms;
  const remBase = opts.remBase ?? 16;
  const ctx = formatContextOf(set, config, opts);
  const { views, contextViews } = ctx;

  const plan = onlyFiles(planPlatforms(selected, config, ctx, remBase), opts.only);
  if (Object.keys(plan.platforms).length > 0) {
    const tree = buildTree(set, [...views, ...contextViews], {
      remBase,
      namespace: opts.namespace ?? 'none',
      webNames: config.webNamesFromCodeSyntax,
    });
    // Style Dictionary's formats may print warnings; they go to BuildOutput.warnings (console-capture.ts).
    const made = files.made?.bind(files);
    const outputs = await captureConsole(warnings, () => formatDirect(tree, plan.platforms, plan.formats, made));
    for (const { destination, output } of outputs) files.set(destination, output);
  }
  // Whole resolver inputs for ts and json (permutations.ts).
  const namespaced = opts.namespace === 'collection';
  for (const [f, text] of permutationFiles(set, config, selected, remBase, namespaced)) files.set(f, text);
  // Native platforms per resolver input (native-inputs.ts): each input built as a plain set.
  await nativeInputFiles(set, config, selected, { ...opts, remBase }, files, warnings);
  refuseTypeClash(files);

  const userPlatforms = config.styleDictionary.platforms as Record<string, PlatformConfig>;
  if (Object.keys(userPlatforms).length > 0) {
    const clash = Object.keys(userPlatforms).find((k) => k.startsWith('tokensync-'));
    if (clash !== undefined) {
      throw new BuildError(
        'BUILD_CONFIG_INVALID',
        `config key "build.styleDictionary.platforms.${clash}": names starting with "tokensync-" are reserved for tokensync's own platforms.`,
        {
          hint: 'Rename that platform.',
        },
      );
    }
    // The user's platforms see one plain tree of the default modes (tree.ts `flat`) and may use
    // our transforms by name (e.g. tokensync/android/size) next to Style Dictionary's.
    const flat = buildTree(set, views, { remBase, flat: true, namespace: opts.namespace ?? 'none' });
    await runUserPlatforms(
      { tokens: flat.tokens, platforms: userPlatforms, hooks: { transforms: valueTransforms } },
      files,
      warnings,
    );
  }
}

/** The platforms' files limited to `only`, and the platforms left with none dropped. */
function onlyFiles(plan: PlatformPlan, only: ReadonlySet<string> | undefined): PlatformPlan {
  if (!only) return plan;
  const platforms: PlatformPlan['platforms'] = {};
  for (const [name, p] of Object.entries(plan.platforms)) {
    const files = (p.files ?? []).filter((f) => only.has(String(f.destination)));
    if (files.length > 0) platforms[name] = { ...p, files };
  }
  return { ...plan, platforms };
}

/** iOS, Android and Compose per resolver input, under `<platform>/permutations/` (native-inputs.ts). */
async function nativeInputFiles(
  set: TokenSet,
  config: BuildConfig,
  selected: readonly Platform[],
  opts: BuildOptions,
  files: Outputs,
  warnings: string[],
): Promise<void> {
  const native = selected.filter((p) => NATIVE_PLATFORMS.includes(p));
  const plain = { ...config, platforms: native, modes: {}, contexts: {}, permutations: undefined };
  // `only` names the outer paths (native-inputs.ts renames them): applied by the caller.
  const { only: _outer, ...inner } = opts;
  for (const { id, set: one } of nativeInputs(set, config, native)) {
    const out = await buildTokens(
      one,
      { ...plain, styleDictionary: { platforms: {} } },
      { ...inner, platforms: native },
    );
    warnings.push(...out.warnings);
    for (const [f, text] of out.files) {
      const to = nativeInputPath(f, id);
      // Swift names its own path in its header comment.
      if (to !== undefined) files.set(to, text.replace(`// ${f}\n`, `// ${to}\n`));
    }
  }
}

/**
 * A per-input Swift or Kotlin type (native-inputs.ts) named like a per-mode one (`TokensDefault` of
 * input `default` and of a mode `default`) would not compile in one module: refused, naming both.
 */
function refuseTypeClash(files: Outputs): void {
  for (const f of files.keys()) {
    const m = /^(ios|compose)\/permutations\/([^/]+)$/.exec(f);
    if (!m || !files.has(`${m[1]}/${m[2]}`)) continue;
    throw new BuildError('BUILD_NAME_CLASH', `${m[1]}/${m[2]} and ${f} declare the same type.`, {
      hint: 'Rename the mode, or list build.permutations so no input is named like a mode of a collection.',
    });
  }
}

/** The user's own platforms, through Style Dictionary's whole pipeline as in any Style Dictionary project. */
async function runUserPlatforms(config: SdConfig, files: Outputs, warnings: string[]): Promise<void> {
  const printed: string[] = [];
  const names = new Set(Object.keys(config.platforms ?? {}));
  try {
    await run(config, files, printed);
  } finally {
    // Keep Style Dictionary's warnings; drop its progress lines (platform names, "✔︎ file").
    warnings.push(...printed.filter((line) => !names.has(line) && !line.startsWith('✔')));
  }
}

async function run(config: SdConfig, files: Outputs, sink: string[]): Promise<void> {
  await captureConsole(sink, async () => {
    // verbosity default + warnings warn: Style Dictionary prints its warnings, captureConsole
    // keeps them off the terminal and in BuildOutput.warnings.
    // The tokens go in through `sd.tokens`, not the config: Style Dictionary 5's `options` getter
    // deep-merges its whole config on every read (each platform, each file), and with a 20k-token
    // tree in it that merge was 4 s of a 17 s build at 10k x 2 (docs/build.md "Performance"),
    // when our own platforms still ran through it.
    // `init` reads inline tokens from `this.tokens` exactly as it would from `config.tokens`.
    const { tokens, ...rest } = config;
    // Loaded only here: a build of our platforms alone never needs it (about 0.3 s of CPU).
    const { default: StyleDictionary } = await import('style-dictionary');
    const sd = new StyleDictionary(
      { ...rest, usesDtcg: true, log: { verbosity: 'default', warnings: 'warn' } },
      { init: false },
    );
    sd.tokens = tokens as typeof sd.tokens;
    await sd.init();
    for (const name of Object.keys(config.platforms ?? {})) {
      let outputs;
      try {
        outputs = await sd.formatPlatform(name);
      } catch (err) {
        if (err instanceof BuildError) throw err;
        throw new BuildError(
          'BUILD_USER_PLATFORM',
          `Style Dictionary platform "${name}" (config key "build.styleDictionary.platforms.${name}") failed: ${err instanceof Error ? err.message.trim() : String(err)}`,
          {
            hint: 'Fix that platform in config/tokensync.yaml (its transforms, transformGroup, formats and files are Style Dictionary 5 settings).',
            cause: err,
          },
        );
      }
      for (const { output, destination } of outputs) {
        if (typeof destination !== 'string' || output === undefined) continue;
        const rel = destination.replace(/\\/g, '/').replace(/^\.\//, '');
        assertInside(rel, ` (Style Dictionary platform "${name}")`); // before anything is written
        if (files.has(rel)) {
          throw new BuildError(
            'BUILD_OUTPUT_CLASH',
            `Two outputs write ${rel} (Style Dictionary platform "${name}").`,
            {
              hint: 'Give the platform a different buildPath or file destination.',
            },
          );
        }
        files.set(rel, typeof output === 'string' ? output : JSON.stringify(output, null, 2));
      }
    }
  });
}

/** Writes every file atomically under `outDir`; unchanged files are left alone. */
export async function writeBuild(
  outDir: string,
  out: BuildOutput,
  opts: { signal?: AbortSignal | undefined } = {},
): Promise<WrittenFiles & { removed: string[] }> {
  // A build a kill stopped mid-switch is finished first, then this one is staged and switched.
  await recoverBuild(outDir);
  const { stale, manifest } = await planManifest(outDir, out.files);
  const written = await commitBuild(outDir, out.files, stale, manifest, opts);
  return { ...written, removed: stale };
}
