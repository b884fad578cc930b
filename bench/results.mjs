/** Renders the results of bench/run.mjs as bench/RESULTS.md. Pure: results in, Markdown out. */
import { fmtBytes, fmtMB, fmtMs, fmtRatio, table, timeCell } from './lib/report.mjs';

const row = (rows, id) => rows.find((r) => r.id === id);
const okMs = (r) => (r?.m.ok ? r.m.ms : undefined);
const okMB = (r) => (r?.m.ok ? r.m.rssMB : undefined);
const okCpu = (r) => (r?.m.ok ? r.m.cpuMs : undefined);

/**
 * Cost growth from the smallest to the largest set, judged on the marginal cost (start-up excluded)
 * in CPU time (user + system): wall time on a shared 2-core machine depends on whether a spare core
 * is free (docs/benchmarks.md), CPU time does not. Wall time stays the reported time figure.
 */
function growth(sections, id) {
  const pts = sections.map((s) => ({ n: s.variables, ms: okCpu(row(s.rows, id)) })).filter((p) => p.ms !== undefined);
  if (pts.length < 2) return undefined;
  const first = pts[0];
  const last = pts[pts.length - 1];
  const prev = pts[pts.length - 2];
  // Time per extra variable over the last step vs over the first step: ~1 is linear, >1 superlinear.
  const slopeFirst = pts.length > 2 ? (pts[1].ms - first.ms) / (pts[1].n - first.n) : undefined;
  const slopeLast = (last.ms - prev.ms) / (last.n - prev.n);
  return { pts, slopeFirst, slopeLast, ratio: last.ms / first.ms, sizeRatio: last.n / first.n };
}

function growthTable(sections, ids, names) {
  const sizes = sections.map((s) => s.variables);
  const header = [
    'tool',
    ...sizes.map((n) => `${n / 1000}k`),
    ...sizes.map((n) => `per 1k vars at ${n / 1000}k`),
    ...sizes.map((n) => `CPU at ${n / 1000}k`),
    'marginal CPU time, last step vs first step',
  ];
  const rows = [];
  for (const id of ids) {
    if (!sections.some((s) => row(s.rows, id))) continue;
    const g = growth(sections, id);
    const cells = sizes.map((n) => {
      const s = sections.find((x) => x.variables === n);
      const r = s && row(s.rows, id);
      return r ? (r.m.ok ? fmtMs(r.m.ms) : 'failed') : 'not run';
    });
    const per = sizes.map((n) => {
      const s = sections.find((x) => x.variables === n);
      const ms = s && okMs(row(s.rows, id));
      return ms === undefined ? '–' : fmtMs((ms / n) * 1000);
    });
    const cpu = sizes.map((n) => {
      const s = sections.find((x) => x.variables === n);
      return fmtMs(s && okCpu(row(s.rows, id)));
    });
    const verdict =
      g && g.slopeFirst !== undefined
        ? `x${(g.slopeLast / g.slopeFirst).toFixed(2)} (${g.slopeLast / g.slopeFirst <= 1.25 ? 'linear' : 'superlinear'})`
        : g
          ? `${g.sizeRatio}x the variables: x${g.ratio.toFixed(1)} the CPU time`
          : '–';
    rows.push([names[id] ?? id, ...cells, ...per, ...cpu, verdict]);
  }
  return table(header, rows);
}

/** The figure of a 10k x 2 section's row (wall time, ms), or undefined when absent or failed. */
const at10k = (sections, id) => {
  const s = sections?.find((x) => x.variables === 10_000 && x.modes === 2);
  return s ? okMs(row(s.rows, id)) : undefined;
};
const cpuAt10k = (sections, id) => {
  const s = sections?.find((x) => x.variables === 10_000 && x.modes === 2);
  return s ? okCpu(row(s.rows, id)) : undefined;
};
/** Wall time, with the CPU time beside it (the figure that does not depend on a free core). */
const withCpu = (ms, cpu) => (cpu === undefined ? fmtMs(ms) : `${fmtMs(ms)} (CPU ${fmtMs(cpu)})`);
const verdict = (ms, ok) => (ms === undefined ? 'not measured' : ok ? 'met' : 'NOT met');

/**
 * The watch leg (bench/legs/watch.mjs, when present) writes `results.watch` as sections like the
 * others: `{ variables, modes, rows: [{ id: 'edit', m: { ok, ms } }] }`, the time from a one-token
 * edit at 10k x 2 to the outputs changing. Absent: "not measured".
 */
function watchEdit(results) {
  const s = results.watch?.find?.((x) => x.variables === 10_000);
  // The leg's own shape (bench/legs/watch.mjs): the median of the edits.
  if (typeof s?.medianMs === 'number') return s.medianMs;
  const r = s?.rows?.find((x) => x.id === 'edit') ?? s?.rows?.find((x) => x.m?.ok);
  return okMs(r);
}

/** The leg's per-edit reports (bench/legs/watch.mjs) in a few words: how many spliced, and why any was not. */
function howRebuilt(paths) {
  if (!paths || paths.length === 0) return 'not reported';
  const spliced = paths.filter((p) => /spliced/i.test(p)).length;
  const read = paths.filter((p) => p.startsWith('Read the edited tokens')).length;
  const full = [
    ...new Set(
      paths
        .filter((p) => p.startsWith('Built everything'))
        .map((p) => p.replace(/^Built everything: | \(\d+ ms\)$/g, '')),
    ),
  ];
  return `${spliced} of ${paths.length} spliced, ${read} with only the edited tokens read${full.length > 0 ? `; built whole: ${full.join(', ')}` : ''}`;
}

function targets(results) {
  const out = [];
  const b10 = results.build.find((s) => s.variables === 10_000 && s.modes === 2);
  if (b10) {
    const full = okMs(row(b10.rows, 'tokensync-all'));
    const ts = full ?? okMs(row(b10.rows, 'tokensync-all-but-tailwind'));
    const sd = okMs(row(b10.rows, 'sd'));
    out.push([
      'full build, every platform and mode, at most 0.5x a single-mode Style Dictionary build to css + js (10k x 2)',
      `${fmtMs(ts)} vs ${fmtMs(sd)} (${fmtRatio(ts, sd)})${full === undefined && ts !== undefined ? '; 8 platforms, the full build failed' : ''}`,
      ts === undefined || sd === undefined ? 'not measured' : ts <= 0.5 * sd ? 'met' : 'NOT met',
    ]);
    // Judged on the cold build above; the warm one (token files unchanged, docs/caching.md "build") beside it.
    const warm = okMs(row(b10.rows, 'tokensync-all-warm'));
    if (warm !== undefined)
      out.push([
        'the same, warm: token files unchanged since the last build (model cache); not the target',
        `${fmtMs(warm)} vs ${fmtMs(sd)} (${fmtRatio(warm, sd)})`,
        'for information',
      ]);
  } else out.push(['full build at most 0.5x Style Dictionary (10k x 2)', 'n/a', 'not measured']);
  // Cold: every file read (`--no-cache`); warm: nothing changed since the last run (docs/caching.md).
  for (const [id, label] of [
    ['tokensync', 'cold, --no-cache'],
    ['tokensync-warm', 'warm, result cache'],
  ]) {
    const check = at10k(results.check, id);
    out.push([
      `check at most 0.2 s including start (10k x 2), ${label}`,
      withCpu(check, cpuAt10k(results.check, id)),
      verdict(check, check <= 200),
    ]);
  }
  const syncs = results.sync.filter((s) => s.variables === 10_000 && s.modes === 2);
  for (const [id, label] of [
    ['noop-pull-cold', 'no-op pull, cold (--no-cache)'],
    ['noop-pull', 'no-op pull, warm (in-step cache)'],
    ['noop-push-cold', 'no-op push, cold (--no-cache)'],
    ['noop-push', 'no-op push, warm (in-step cache)'],
  ]) {
    const ms = at10k(syncs, id);
    out.push([`${label} at most 0.6 s (10k x 2)`, withCpu(ms, cpuAt10k(syncs, id)), verdict(ms, ms <= 600)]);
  }
  const watch = watchEdit(results);
  out.push([
    '`build --watch`: a one-token edit in the outputs in under 150 ms (10k)',
    fmtMs(watch),
    verdict(watch, watch < 150),
  ]);
  for (const s of results.sync) {
    const push = okMs(row(s.rows, 'push'));
    const pull = okMs(row(s.rows, 'pull'));
    const sum = push !== undefined && pull !== undefined ? push + pull : undefined;
    out.push([
      `initial push + pull under 3 s (${s.variables / 1000}k x ${s.modes})`,
      `${fmtMs(push)} + ${fmtMs(pull)} = ${fmtMs(sum)}`,
      sum === undefined ? 'not measured' : sum < 3000 ? 'met' : 'NOT met',
    ]);
  }
  for (const [label, sections, id] of [
    [
      'build cost grows no faster than linearly, 1k to 40k',
      results.build,
      results.build.every((b) => okMs(row(b.rows, 'tokensync-all')) !== undefined)
        ? 'tokensync-all'
        : 'tokensync-all-but-tailwind',
    ],
    ['check cost grows no faster than linearly, 1k to 40k', results.check, 'tokensync'],
  ]) {
    const g = growth(sections, id);
    if (!g || g.slopeFirst === undefined) continue;
    const k = g.slopeLast / g.slopeFirst;
    out.push([
      label,
      `marginal CPU time per variable, last step / first step: x${k.toFixed(2)}`,
      k <= 1.25 ? 'met' : 'NOT met',
    ]);
  }
  return out;
}

export function renderResults(results) {
  const L = [];
  L.push('# Benchmark results');
  L.push('');
  L.push(
    `Written by \`npm run bench\` (bench/run.mjs) on ${results.started}${results.quick ? ' with --quick (small sets, one run: NOT the reference figures)' : ''}; the run took ${results.seconds} s. ` +
      'Do not edit: run it again. How to read it and what each tool is given: docs/benchmarks.md.',
  );
  L.push('');
  L.push(
    `Every tool runs on Node ${results.machine.node} (the Machine table): the bench measures on the Active LTS line unless told otherwise (\`--node\`, docs/benchmarks.md "Which Node").`,
  );
  L.push('');
  L.push(
    'Every time is the wall time of a fresh process as a user starts it (Node start included), the median of the runs, with the fastest and slowest run in brackets. Memory is the peak resident set size of that process. Growth (the growth tables and the linear-growth targets) is judged on CPU time (user + system), which does not depend on whether a spare core is free. A ratio is the figure divided by the reference named in its column: below x1.00 is faster or smaller.',
  );
  L.push('');
  L.push('## Machine');
  L.push('');
  L.push(table(['', ''], Object.entries(results.machine)));
  L.push('');

  if (results.sets.length > 0) {
    L.push('## Token sets (bench/generate.mjs)');
    L.push('');
    L.push(
      table(
        [
          'set',
          'variables',
          'collections',
          'modes per collection',
          'values',
          'COLOR / FLOAT / STRING / BOOLEAN',
          'alias variables',
          'cross-collection alias values',
        ],
        results.sets.map((s) => [
          s.label,
          s.variables,
          s.collections,
          s.modesPerCollection.join(', '),
          s.values,
          `${s.byType.COLOR} / ${s.byType.FLOAT} / ${s.byType.STRING} / ${s.byType.BOOLEAN}`,
          `${s.aliasVariables} (${Math.round(s.aliasRatio * 100)}%)`,
          s.crossCollectionAliases,
        ]),
      ),
    );
    L.push('');
  }

  if (results.build.length > 0) {
    L.push('## Build');
    L.push('');
    L.push(
      'Reference: Style Dictionary 5 alone building css + js from the default mode of each collection (what a plain Style Dictionary user gets; it has no modes).',
    );
    for (const s of results.build) {
      L.push('');
      L.push(`### ${s.variables / 1000}k variables x ${s.modes} modes`);
      L.push('');
      const sd = row(s.rows, 'sd');
      L.push(
        table(
          ['tool', 'builds', 'time', 'time vs SD', 'peak memory', 'memory vs SD', 'output'],
          s.rows.map((r) => [
            r.tool,
            r.what,
            timeCell(r.m),
            fmtRatio(okMs(r), okMs(sd)),
            fmtMB(okMB(r)),
            fmtRatio(okMB(r), okMB(sd)),
            fmtBytes(r.bytes),
          ]),
        ),
      );
      if (s.terrazzoSkipped)
        L.push(
          '',
          'Terrazzo not run at this size: its time grows quadratically here (see the growth table), a run would take far longer than the whole benchmark.',
        );
    }
    L.push('');
    L.push('### Growth');
    L.push('');
    L.push(
      growthTable(
        results.build,
        ['tokensync-all', 'tokensync-all-but-tailwind', 'tokensync-css-ts', 'sd', 'terrazzo'],
        {
          'tokensync-all': 'tokensync build (all)',
          'tokensync-all-but-tailwind': 'tokensync build (8 platforms, no tailwind)',
          'tokensync-css-ts': 'tokensync build css ts',
          sd: 'Style Dictionary alone',
          terrazzo: 'Terrazzo',
        },
      ),
    );
    L.push('');
  }

  if (results.check.length > 0) {
    L.push('## Check (pre-commit)');
    L.push('');
    L.push('Reference: `tz check` (Terrazzo) on the same resolver document and files.');
    for (const s of results.check) {
      L.push('');
      L.push(`### ${s.variables / 1000}k variables x ${s.modes} modes`);
      L.push('');
      const tz = row(s.rows, 'terrazzo');
      L.push(
        table(
          ['command', 'checks', 'time', 'time vs tz check', 'peak memory'],
          s.rows.map((r) => [r.tool, r.what, timeCell(r.m), fmtRatio(okMs(r), okMs(tz)), fmtMB(okMB(r))]),
        ),
      );
    }
    L.push('');
    L.push('### Growth');
    L.push('');
    L.push(
      growthTable(results.check, ['tokensync', 'terrazzo'], {
        tokensync: 'tokensync check --no-cache',
        terrazzo: 'tz check',
      }),
    );
    L.push('');
  }

  if (results.sync.length > 0) {
    L.push('## Push and pull against the local service');
    L.push('');
    L.push(
      "The service is `tokensync emulator --seed empty` on this machine (HTTPS on loopback), a fresh one per run. Requests are counted by the service itself (its request log); bytes are the client's own accounting (`--json`, one extra untimed run). " +
        'The floor: an initial push is 10 requests: the GET the plan is made from, the fresh read before the POST (the file\'s version, then the variables), the POST, the fresh read before the PUT (the version, the variables, the version again), the PUT, and the read-back GET with the version for the lock (docs/benchmarks.md "Push and pull"); a pull one GET and the version; a no-op sync, pull or push one GET and no write.',
    );
    for (const s of results.sync) {
      L.push('');
      L.push(`### ${s.variables / 1000}k variables x ${s.modes} modes (${s.values} values)`);
      L.push('');
      L.push(
        table(
          ['command', 'case', 'time', 'CPU', 'peak memory', 'requests (service log)', 'sent / received (client)'],
          s.rows.map((r) => [
            r.tool,
            r.what,
            timeCell(r.m),
            fmtMs(okCpu(r)),
            fmtMB(okMB(r)),
            r.requests
              ? `${r.requests.count}: ${Object.entries(r.requests.byMethod)
                  .map(([m, c]) => `${c} ${m}`)
                  .join(', ')}`
              : 'n/a',
            r.client ? `${fmtBytes(r.client.bytesSent)} / ${fmtBytes(r.client.bytesReceived)}` : 'n/a',
          ]),
        ),
      );
    }
    L.push('');
  }

  if (results.waste.length > 0) {
    L.push('## Waste found, before and after');
    L.push('');
    L.push(
      'The same commands on the same files, with tokensync as it was at the baseline commit (before the fixes of the waste the first full run showed: docs/benchmarks.md "Waste found") and as it is now. Both are built in this run (bench/lib/snapshot.mjs) and given the same variables without composites (the baseline predates them); `check` is cold on both sides (now with `--no-cache`).',
    );
    for (const w of results.waste) {
      L.push('');
      const trs = [];
      for (const id of ['build', 'check']) {
        const before = w.rows.find((r) => r.id === id && r.side === w.baseline);
        const after = w.rows.find((r) => r.id === id && r.side !== w.baseline);
        if (!before || !after) continue;
        trs.push([
          `tokensync ${id}`,
          timeCell(before.m),
          timeCell(after.m),
          fmtRatio(okMs(after), okMs(before)),
          `${fmtMB(okMB(before))} -> ${fmtMB(okMB(after))}`,
        ]);
      }
      L.push(
        table(
          [
            `${w.variables / 1000}k x ${w.modes}`,
            `before (${w.baseline})`,
            'after (now)',
            'after / before',
            'peak memory',
          ],
          trs,
        ),
      );
    }
    L.push('');
  }

  if ((results.watch ?? []).length > 0) {
    L.push('## Build --watch');
    L.push('');
    L.push(
      '`tokensync build --watch` running; one number token of `primitives/light.tokens.json` edited, timed from the write to `css/tokens.css` being replaced (docs/benchmarks.md "Watch"), and how the session rebuilt it (spliced into the kept files, or everything built again and why). Beside it, a full `tokensync build` in a fresh process from an empty output folder.',
    );
    L.push('');
    L.push(
      table(
        [
          'set',
          'edit to output (median)',
          'each edit',
          'how each was rebuilt',
          'full build (fresh process)',
          'edit / full',
        ],
        results.watch.map((w) => [
          `${w.variables / 1000}k x ${w.modes}`,
          fmtMs(w.medianMs),
          w.edits.map((e) => fmtMs(e)).join(', '),
          howRebuilt(w.paths),
          timeCell(w.full),
          fmtRatio(w.medianMs, okMs({ m: w.full })),
        ]),
      ),
    );
    L.push('');
  }

  const t = targets(results);
  if (t.length > 0) {
    L.push('## Targets');
    L.push('');
    L.push(table(['target (docs/benchmarks.md "Targets")', 'measured', ''], t));
    L.push('');
  }
  return `${L.join('\n')}\n`;
}
