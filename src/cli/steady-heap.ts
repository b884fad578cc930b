/**
 * A read of the whole token set (and, for a sync, the service's answer and the diff; for a one-shot
 * build, the tree and the platforms' tokens) keeps most of what it allocates until the command ends.
 * V8 growing its young generation then only adds fresh pages (a page fault each) and copies of
 * survivors, so such a stage runs with the young generation kept at its first size
 * (`--semi-space-growth-factor=1`), and V8's default (2, the same from Node 22 to 26) is put back after.
 * docs/benchmarks.md "The cold read, seventh round" and "Full build" have the figures.
 */
import { setFlagsFromString } from 'node:v8';

export async function withSteadyYoungGeneration<T>(stage: () => Promise<T>): Promise<T> {
  setFlagsFromString('--semi-space-growth-factor=1');
  try {
    return await stage();
  } finally {
    setFlagsFromString('--semi-space-growth-factor=2');
  }
}
