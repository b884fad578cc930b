/**
 * A read of the whole token set (and, for a sync, the service's answer and the diff; for a one-shot
 * build, the tree and the platforms' tokens) keeps most of what it allocates until the command ends.
 * V8 growing its young generation then only adds fresh pages (a page fault each) and copies of
 * survivors, so such a stage runs with the young generation kept at its first size
 * (`--semi-space-growth-factor=1`), and V8's default (2, the same from Node 22 to 26) is put back after.
 * A user who starts Node with a growth factor of their own (on its command line or in NODE_OPTIONS)
 * keeps it: the setting is then left alone. docs/benchmarks.md "The cold read, seventh round" and
 * "Full build" have the figures.
 */
import { setFlagsFromString } from 'node:v8';

/** Stages running now: the default is put back when the last one ends, not when the first does. */
let running = 0;

export async function withSteadyYoungGeneration<T>(stage: () => Promise<T>): Promise<T> {
  if (userSetsGrowthFactor(process.execArgv, process.env['NODE_OPTIONS'])) return stage();
  if (running++ === 0) setFlagsFromString('--semi-space-growth-factor=1');
  try {
    return await stage();
  } finally {
    if (--running === 0) setFlagsFromString('--semi-space-growth-factor=2');
  }
}

/**
 * Whether Node was started with its own `--semi-space-growth-factor` (V8 also reads `_` for `-`, and
 * `--semi-space-growth-factor 3` as two words), on the command line or in NODE_OPTIONS.
 */
export function userSetsGrowthFactor(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const words = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
  return words.some((w) => /^--semi[-_]space[-_]growth[-_]factor(=|$)/.test(w));
}
