/**
 * `npm run bench` (docs/benchmarks.md): measures tokensync against the tools a user would pick instead, in
 * the same run on the same files, and writes the figures and the machine to bench/RESULTS.md.
 *
 *   node bench/run.mjs [--quick] [--only build,check,sync,watch] [--out FILE] [--node 26|current]
 *
 * --quick: small sets and one run each, to try the harness (writes bench/.work/RESULTS.quick.md
 * unless --out is given). The full run takes about 8-10 minutes on a 2-core machine: 5 runs per
 * figure at 1k and 10k, 2 at 40k (the build leg's commands in rounds), and Terrazzo (quadratic here, see docs/benchmarks.md) only up
 * to BENCH_TERRAZZO_MAX variables (default 10000) with one run past 1k.
 * --node: the Node line to measure on (default: the Active LTS, bench/lib/node-line.mjs; installed from
 * the npm registry when the running Node is another line); `current` measures on the running Node.
 * Work folders live under bench/.work/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeTokenSet, generateTokenSet } from './generate.mjs';
import { buildLeg } from './legs/build.mjs';
import { checkLeg } from './legs/check.mjs';
import { syncLeg } from './legs/sync.mjs';
import { watchLeg } from './legs/watch.mjs';
import { beforeAfterLeg } from './legs/waste.mjs';
import { buildCommit, snapshotCurrent } from './lib/snapshot.mjs';
import { machineInfo } from './lib/machine.mjs';
import { BENCH_NODE, runOnLine } from './lib/node-line.mjs';
import { renderResults } from './results.mjs';
import { ROOT, useApp, writeProject } from './project.mjs';

function parseArgs(argv) {
  const opts = { quick: false, only: ['build', 'check', 'sync', 'watch'], out: undefined, node: BENCH_NODE };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') opts.quick = true;
    else if (a === '--only') opts.only = (argv[++i] ?? '').split(',');
    else if (a === '--out') opts.out = argv[++i];
    else if (a === '--node') opts.node = argv[++i] ?? '';
    else
      throw new Error(`unknown option ${a}; use --quick, --only build,check,sync,watch, --out FILE, --node 26|current`);
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const WORK = path.join(ROOT, 'bench', '.work');
const started = Date.now();
const log = (s) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}\n`);
runOnLine({ line: opts.node, work: WORK, script: fileURLToPath(import.meta.url), argv: process.argv.slice(2), log });

const plan = opts.quick
  ? {
      sizes: [1000, 4000],
      runs: () => 1,
      syncSets: [{ variables: 2000, modes: 2 }],
      syncRuns: 1,
      tzMax: 4000,
      wasteAt: 4000,
      watch: { variables: 4000, edits: 3, runs: 1 },
    }
  : {
      sizes: [1000, 10_000, 40_000],
      runs: (n) => (n >= 40_000 ? 2 : 5),
      syncSets: [
        { variables: 10_000, modes: 2 },
        { variables: 10_000, modes: 4 },
      ],
      syncRuns: 3,
      tzMax: Number(process.env['BENCH_TERRAZZO_MAX'] ?? 10_000),
      wasteAt: 10_000,
      watch: { variables: 10_000, edits: 7, runs: 3 },
    };
/** Terrazzo runs: as many as the others at 1k, then one (it takes minutes at 10k). */
const tzRuns = (n) => (n > 1000 ? 1 : plan.runs(n));
const MODES = 2;
/**
 * Before/after baseline: the commit the first full run measured, before the build and check fixes
 * of the waste it showed (docs/benchmarks.md). BENCH_BASELINE=<commit> picks another, `none` skips.
 */
const DEFAULT_BASELINE = '7c61a80';

// Measure a private copy of what `npm run build:ts` just built (others may rebuild dist/ meanwhile).
const APP = snapshotCurrent(ROOT, path.join(WORK, 'app-now'));
useApp(APP);
const BASELINE = process.env['BENCH_BASELINE'] ?? DEFAULT_BASELINE;
let baseline;
if (BASELINE !== 'none' && opts.only.includes('build')) {
  log(`building the baseline ${BASELINE} for before/after figures`);
  baseline = { label: BASELINE, app: buildCommit(ROOT, BASELINE, path.join(WORK, 'app-baseline')) };
}

const results = {
  machine: machineInfo(ROOT),
  quick: opts.quick,
  sets: [],
  build: [],
  check: [],
  sync: [],
  waste: [],
  watch: [],
  started: new Date().toISOString(),
};

for (const n of plan.sizes) {
  if (!opts.only.includes('build') && !opts.only.includes('check')) break;
  const set = generateTokenSet({ variables: n, modes: MODES, seed: 1 });
  const dir = path.join(WORK, `set-${n}x${MODES}`);
  log(`${n} variables x ${MODES} modes: writing ${path.relative(ROOT, dir)}`);
  await writeProject(dir, set);
  results.sets.push({ label: `${n / 1000}k x ${MODES}`, ...describeTokenSet(set) });
  const tz = n <= plan.tzMax;
  if (opts.only.includes('build')) {
    log(`  build`);
    const rows = await buildLeg({
      root: ROOT,
      app: APP,
      project: dir,
      runs: plan.runs(n),
      only: ['tokensync-all', 'tokensync-all-warm', 'tokensync-css-ts', 'sd'],
      log,
    });
    if (tz)
      rows.push(...(await buildLeg({ root: ROOT, app: APP, project: dir, runs: tzRuns(n), only: ['terrazzo'], log })));
    results.build.push({ variables: n, modes: MODES, rows, terrazzoSkipped: !tz });
  }
  if (baseline && n === plan.wasteAt) {
    // The baseline predates composites: both sides get the same variables without them (the
    // generator's variables of a seed do not depend on the composites).
    const plain = path.join(WORK, `set-${n}x${MODES}-plain`);
    await writeProject(plain, generateTokenSet({ variables: n, modes: MODES, seed: 1, compositeRatio: 0 }));
    log(`  before/after: ${baseline.label} vs the working tree`);
    const rows = await beforeAfterLeg({
      before: baseline,
      after: { label: 'now', app: APP },
      project: plain,
      runs: opts.quick ? 1 : 3,
      log,
    });
    results.waste.push({ variables: n, modes: MODES, baseline: baseline.label, rows });
  }
  if (opts.only.includes('check')) {
    log(`  check`);
    const rows = await checkLeg({
      root: ROOT,
      app: APP,
      project: dir,
      runs: plan.runs(n),
      log,
      skip: tz ? [] : ['terrazzo'],
      runsFor: (id) => (id === 'terrazzo' ? tzRuns(n) : plan.runs(n)),
    });
    results.check.push({ variables: n, modes: MODES, rows, terrazzoSkipped: !tz });
  }
}

if (opts.only.includes('sync')) {
  for (const s of plan.syncSets) {
    const set = generateTokenSet({ variables: s.variables, modes: s.modes, seed: 2 });
    const template = path.join(WORK, `sync-template-${s.variables}x${s.modes}`);
    log(`push/pull ${s.variables} variables x ${s.modes} modes`);
    await writeProject(template, set);
    const work = path.join(WORK, `sync-${s.variables}x${s.modes}`);
    mkdirSync(work, { recursive: true });
    const rows = await syncLeg({ app: APP, work, template, runs: plan.syncRuns, log });
    results.sync.push({ ...s, values: describeTokenSet(set).values, rows });
  }
}

if (opts.only.includes('watch')) {
  const { variables, edits, runs } = plan.watch;
  const dir = path.join(WORK, `watch-${variables}x${MODES}`);
  log(`build --watch, ${variables} variables x ${MODES} modes: one token edited ${edits} times`);
  await writeProject(dir, generateTokenSet({ variables, modes: MODES, seed: 1 }));
  results.watch.push({ variables, modes: MODES, ...(await watchLeg({ app: APP, project: dir, edits, runs, log })) });
}

results.seconds = Math.round((Date.now() - started) / 1000);
const out = opts.out ?? (opts.quick ? path.join(WORK, 'RESULTS.quick.md') : path.join(ROOT, 'bench', 'RESULTS.md'));
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, renderResults(results));
writeFileSync(
  path.join(WORK, opts.quick ? 'results.quick.json' : 'results.json'),
  `${JSON.stringify(results, (k, v) => (k === 'last' ? undefined : v), 2)}\n`,
);
log(`wrote ${path.relative(ROOT, out)} in ${results.seconds} s`);
