/**
 * Runs a Node program as a child process and measures what a user waits for: wall time from spawn
 * to exit (so Node start and module loading count), peak memory and CPU time (user + system: what
 * the growth verdict is judged on, as it does not depend on a free core; see probe.mjs). A figure is
 * the median of several runs; the spread (min..max) is kept so a noisy figure shows as noisy.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROBE = pathToFileURL(fileURLToPath(new URL('./probe.mjs', import.meta.url))).href;

/**
 * @typedef {{ ms: number; rssMB: number | undefined; cpuMs: number | undefined; code: number | null; stdout: string; stderr: string }} RunResult
 * @typedef {{ cwd: string; env?: Record<string, string | undefined>; timeoutMs?: number; stdoutToFile?: boolean }} RunOptions
 */

/** One run of `node <script> ...args`. Never throws for a non-zero exit: the caller decides. */
export function runNode(script, args, opts) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-bench-'));
  const rssFile = path.join(dir, 'rss');
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    // stdout to a file when asked: a CLI that calls process.exit() right after a large write can
    // lose the tail of it on a pipe (seen with `tokensync --json push`), never on a file.
    const outFile = opts.stdoutToFile ? path.join(dir, 'stdout') : undefined;
    const outFd = outFile ? openSync(outFile, 'w') : undefined;
    const child = spawn(process.execPath, ['--import', PROBE, script, ...args], {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env, BENCH_RSS_FILE: rssFile, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', outFd ?? 'pipe', 'pipe'],
    });
    if (outFd !== undefined) closeSync(outFd);
    const out = [];
    const err = [];
    child.stdout?.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 600_000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      let rssMB;
      let cpuMs;
      try {
        const probe = JSON.parse(readFileSync(rssFile, 'utf8'));
        rssMB = Number(probe.maxRSS) / 1024;
        cpuMs = Number(probe.cpuUs) / 1000;
      } catch {
        rssMB = undefined;
        cpuMs = undefined;
      }
      const stdout = outFile ? readFileSync(outFile, 'utf8') : Buffer.concat(out).toString('utf8');
      rmSync(dir, { recursive: true, force: true });
      resolve({ ms, rssMB, cpuMs, code, stdout, stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

export function median(xs) {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * @typedef {{ ok: true; runs: number; ms: number; msMin: number; msMax: number; rssMB: number | undefined; cpuMs: number | undefined; last: RunResult }
 *   | { ok: false; error: string }} Measured
 */

/** One run of a measurement; undefined when it ran, else the failure (a non-zero exit) as the error. */
async function runOnce(script, args, opts, i) {
  if (opts.before) await opts.before(i);
  const r = await runNode(script, typeof args === 'function' ? args(i) : args, opts);
  if (!(opts.okCodes ?? [0]).includes(r.code ?? -1)) {
    const text = (r.stderr || r.stdout).trim().split('\n').slice(0, 6).join(' / ');
    return { failed: { ok: false, error: `exit ${r.code}: ${text.slice(0, 400)}` } };
  }
  if (opts.after) await opts.after(i, r);
  return { r };
}

/** The medians of a measurement's runs, and the spread. @returns {Measured} */
function summary(results) {
  const ms = results.map((r) => r.ms);
  return {
    ok: true,
    runs: results.length,
    ms: /** @type {number} */ (median(ms)),
    msMin: Math.min(...ms),
    msMax: Math.max(...ms),
    rssMB: median(results.map((r) => r.rssMB)),
    cpuMs: median(results.map((r) => r.cpuMs)),
    last: /** @type {RunResult} */ (results[results.length - 1]),
  };
}

/**
 * Runs `runs` times (after `before()` each time, untimed, to reset state) and returns medians.
 * A run that exits with a code not in `okCodes` stops the measurement with its stderr as the error,
 * so a broken leg shows in RESULTS.md instead of a meaningless number.
 * @returns {Promise<Measured>}
 */
export async function measure(script, args, opts) {
  const results = [];
  for (let i = 0; i < (opts.runs ?? 5); i++) {
    const { r, failed } = await runOnce(script, args, opts, i);
    if (failed) return failed;
    results.push(r);
  }
  return summary(results);
}

/**
 * Several programs measured in rounds: run 1 of each, then run 2 of each, and so on. The machine's
 * speed moves by a quarter to a third over minutes (docs/benchmarks.md "Two runs of one commit"), and
 * programs measured one after another each get a different part of that; in rounds every program
 * meets the same moments, so the ratios between them (the targets) are fair. A program that fails
 * leaves the later rounds, with its error as its figure.
 * @param {{ script: string; args: string[] | ((i: number) => string[]); opts: RunOptions & { before?: (i: number) => unknown; after?: (i: number, r: RunResult) => unknown; okCodes?: number[] } }[]} jobs
 * @returns {Promise<Measured[]>}
 */
export async function measureRounds(jobs, runs) {
  const results = jobs.map(() => /** @type {RunResult[]} */ ([]));
  const failures = jobs.map(() => /** @type {Measured | undefined} */ (undefined));
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < jobs.length; j++) {
      if (failures[j]) continue;
      const { r, failed } = await runOnce(jobs[j].script, jobs[j].args, jobs[j].opts, i);
      if (failed) failures[j] = failed;
      else results[j].push(r);
    }
  }
  return jobs.map((_, j) => failures[j] ?? summary(results[j]));
}
