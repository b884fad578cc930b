/**
 * Before and after for waste the figures showed and that lives in someone else's code (bench
 * cannot edit src/): the fix is applied from outside in a child process, and the outputs must be
 * byte-identical for the "after" to count. See sd-options-child.mjs for the first case.
 */
import path from 'node:path';
import { measure, median } from '../lib/measure.mjs';

/** @param {{ root: string; project: string; runs: number; log: (s: string) => void }} opts */
export async function sdOptionsLeg(opts) {
  const child = path.join(opts.root, 'bench', 'legs', 'sd-options-child.mjs');
  const rows = [];
  for (const mode of ['before', 'after']) {
    opts.log(`    buildTokens in process, ${mode} x${opts.runs}`);
    const inProcess = [];
    const m = await measure(child, [opts.root, opts.project, mode], {
      cwd: opts.project,
      runs: opts.runs,
      after: (_i, r) => inProcess.push(JSON.parse(r.stdout.trim()).ms),
    });
    const parsed = m.ok ? JSON.parse(m.last.stdout.trim()) : undefined;
    // ms: the median of buildTokens itself (process start and reading the files left out).
    rows.push({ id: mode, m, result: parsed && { ...parsed, ms: median(inProcess) } });
  }
  return rows;
}
