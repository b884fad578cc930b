/**
 * watch: `tokensync build --watch` on a generated project, timed as a user feels it (docs/benchmarks.md
 * "Watch"): one token's value is edited in its file and the time runs from that write to the output
 * file (css/tokens.css) being replaced. The median of several edits, each after the previous rebuild
 * has finished; beside it, a full `tokensync build` in a fresh process on the same files. Each
 * rebuild's report says how it was done (docs/architecture.md "Watch": the edit spliced into the
 * kept files, or everything built again and why); the leg returns those beside the times.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measure } from '../lib/measure.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The output's identity: the build replaces a changed file by a rename (a new inode). */
const stamp = (file) => {
  const s = statSync(file, { bigint: true });
  return `${s.ino}:${s.mtimeNs}`;
};

/** Waits until `ok()` or throws after `ms`, polling every 2 ms (a stat: cheap beside the build). */
async function until(ok, ms, what) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`watch leg: timed out waiting for ${what}`);
    await sleep(2);
  }
}

/**
 * @param {{ app: string; project: string; edits: number; runs: number; log: (s: string) => void }} opts
 */
export async function watchLeg(opts) {
  const bin = path.join(opts.app, 'bin', 'tokensync.js');
  const tokenFile = path.join(opts.project, 'tokens', 'primitives', 'light.tokens.json');
  const css = path.join(opts.project, 'build', 'css', 'tokens.css');
  rmSync(path.join(opts.project, 'build'), { recursive: true, force: true });
  const child = spawn(process.execPath, [bin, 'build', '--watch'], {
    cwd: opts.project,
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const built = () => (log.match(/^Built /gm) ?? []).length;
  const latencies = [];
  const paths = [];
  /** The last rebuild's "Spliced the edit into N files (T ms)." or "Built everything: <reason> (T ms)." */
  const how = () => {
    const lines = log.split('\n').filter((l) => l.startsWith('Built '));
    const m = /\.\s+(Read .*|Spliced .*|Built everything: .*?)\.?$/.exec(lines[lines.length - 1] ?? '');
    return m ? m[1] : 'not reported';
  };
  try {
    await until(() => log.includes('Watching '), 600_000, 'the first build');
    const original = readFileSync(tokenFile, 'utf8');
    const first = /"\$value": (0\.\d+),/.exec(original);
    if (!first) throw new Error(`watch leg: no number literal in ${tokenFile}`);
    for (let i = 0; i < opts.edits; i++) {
      const before = stamp(css);
      const done = built();
      const value = `0.${(71 + i).toString().padStart(2, '0')}9`;
      const text = `${original.slice(0, first.index)}"$value": ${value},${original.slice(first.index + first[0].length)}`;
      const t0 = process.hrtime.bigint();
      writeFileSync(tokenFile, text);
      await until(() => stamp(css) !== before, 120_000, `the output after edit ${i + 1}`);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (!readFileSync(css, 'utf8').includes(value)) throw new Error(`watch leg: css/tokens.css lacks ${value}`);
      await until(() => built() > done, 120_000, `the rebuild's report after edit ${i + 1}`);
      paths.push(how());
      opts.log(`    edit ${i + 1}: ${latencies[i].toFixed(0)} ms; ${paths[i]}`);
    }
    writeFileSync(tokenFile, original);
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.on('close', r));
  }
  opts.log(`    tokensync build (full, fresh process) x${opts.runs}`);
  const full = await measure(bin, ['build'], {
    cwd: opts.project,
    runs: opts.runs,
    before: () => rmSync(path.join(opts.project, 'build'), { recursive: true, force: true }),
  });
  return { edits: latencies, medianMs: median(latencies), paths, full };
}
