/**
 * Where a build's platforms are cut between this thread and a render thread (docs/architecture.md
 * "Build", "Render threads"). Pure. This thread renders a prefix of the plan's platforms and the
 * render thread the rest, so the outputs, the warnings and the first error keep the plan's order.
 */
import type { PlatformConfig } from 'style-dictionary/types';

/**
 * Relative CPU cost of a file by its format, and of one platform's transforms, the tree and a
 * render thread's start (loading the modules, copying the set): measured at 10k x 2, in tens of
 * milliseconds (docs/benchmarks.md "Full build", fourth round). Only their ratios matter.
 */
const FILE_COST: Readonly<Record<string, number>> = {
  'tokensync/css': 45,
  'tokensync/scss': 15,
  'tokensync/tailwind': 6,
  'tokensync/docs': 33,
  'tokensync/ts': 15,
  'tokensync/json': 13,
  'tokensync/swift': 6,
  'tokensync/swift-types': 1,
  'tokensync/android': 15,
  'tokensync/compose': 4,
  'tokensync/compose-types': 1,
};
const TRANSFORMS = 15;
const TREE = 35;
const THREAD_START = 25;

/** Below this many tokens (variables and repository tokens) a render thread costs more than it saves. */
export const MIN_PARALLEL_TOKENS = 3000;

function platformCost(p: PlatformConfig): number {
  return TRANSFORMS + (p.files ?? []).reduce((n, f) => n + (FILE_COST[String(f.format)] ?? 10), 0);
}

/**
 * How many of the plan's platforms (a prefix, in order) this thread renders, the render thread
 * taking the rest: the cut that ends soonest when both threads build their own tree. Undefined
 * when there is nothing to cut (one platform), or, unless `forced`, when no cut beats rendering
 * everything here.
 */
export function cutPlatforms(platforms: readonly PlatformConfig[], forced = false): number | undefined {
  if (platforms.length < 2) return undefined;
  const costs = platforms.map(platformCost);
  const total = costs.reduce((a, b) => a + b, 0);
  let best: { at: number; ends: number } | undefined;
  let mine = 0;
  for (let at = 1; at < costs.length; at++) {
    mine += costs[at - 1]!;
    const ends = Math.max(TREE + mine, THREAD_START + TREE + total - mine);
    if (best === undefined || ends < best.ends) best = { at, ends };
  }
  if (best === undefined || (!forced && best.ends >= TREE + total)) return undefined;
  return best.at;
}
