/**
 * Before and after: the same commands, on the same files, with tokensync as it was at a baseline
 * commit and as it is now (bench/lib/snapshot.mjs). Used to show what the fixes of the waste the
 * figures revealed bought (docs/benchmarks.md "Waste found").
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { measure } from '../lib/measure.mjs';

/**
 * @param {{ before: { label: string; app: string }; after: { label: string; app: string }; project: string; runs: number;
 *   log: (s: string) => void }} opts
 */
export async function beforeAfterLeg(opts) {
  const rows = [];
  for (const [id, args, out] of [
    ['build', ['build'], 'build'],
    ['check', ['check'], undefined],
  ]) {
    for (const side of [opts.before, opts.after]) {
      // Cold on both sides: the baseline has no result cache, so now's is switched off.
      const argv = id === 'check' && side === opts.after ? [...args, '--no-cache'] : args;
      opts.log(`    tokensync ${argv.join(' ')} at ${side.label} x${opts.runs}`);
      const m = await measure(path.join(side.app, 'bin', 'tokensync.js'), argv, {
        cwd: opts.project,
        runs: opts.runs,
        before: () => out && rmSync(path.join(opts.project, out), { recursive: true, force: true }),
      });
      rows.push({ id, side: side.label, m });
    }
  }
  return rows;
}
