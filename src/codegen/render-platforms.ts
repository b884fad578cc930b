/**
 * Our platforms rendered from one token set (docs/architecture.md "Build"): the plan of platforms
 * and files, the tree, and the formatting of the named platforms. The same code runs in the
 * calling thread and in a render thread (threads/), so both print the same bytes.
 */
import type { BuildConfig, Platform } from '../config/schema.js';
import type { TokenSet } from '../model/types.js';
import { captureConsole } from './console-capture.js';
import { type DirectOutput, formatDirect } from './direct.js';
import type { BuildSource, FormatContext } from './formats/common.js';
import { formatContextOf } from './format-context.js';
import { type PlatformPlan, planPlatforms } from './platforms.js';
import { buildTree } from './tree.js';

/** What a render needs: plain data, so a render thread can be given it (threads/worker.ts). */
export interface RenderInput {
  /** The set after `withPartial` (inputs.ts). */
  set: TokenSet;
  config: BuildConfig;
  selected: readonly Platform[];
  remBase: number;
  namespace: 'none' | 'collection';
  source?: BuildSource | undefined;
  /** Only these output files (BuildOptions.only). */
  only?: ReadonlySet<string> | undefined;
}

export interface Rendered {
  /** In platform then file order. */
  outputs: DirectOutput[];
  /** What the formats printed (console-capture.ts), in the same order. */
  warnings: string[];
}

/** The format context and the plan of platforms, limited to `only`. */
export function planRender(input: RenderInput): { ctx: FormatContext; plan: PlatformPlan } {
  const ctx = formatContextOf(input.set, input.config, input);
  const plan = onlyFiles(planPlatforms(input.selected, input.config, ctx, input.remBase), input.only);
  return { ctx, plan };
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

/** The named platforms of the plan (all when `names` is absent), in the plan's order. */
export async function renderPlatforms(
  input: RenderInput,
  ctx: FormatContext,
  plan: PlatformPlan,
  names?: readonly string[],
): Promise<Rendered> {
  const platforms = names ? Object.fromEntries(names.map((n) => [n, plan.platforms[n]!])) : plan.platforms;
  const warnings: string[] = [];
  if (Object.keys(platforms).length === 0) return { outputs: [], warnings };
  const tree = buildTree(input.set, [...ctx.views, ...(ctx.contextViews ?? [])], {
    remBase: input.remBase,
    namespace: input.namespace,
    webNames: input.config.webNamesFromCodeSyntax,
  });
  // Style Dictionary's formats may print warnings; they go to BuildOutput.warnings (console-capture.ts).
  const outputs = await captureConsole(warnings, () => formatDirect(tree, platforms, plan.formats));
  return { outputs, warnings };
}
