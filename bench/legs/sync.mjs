/**
 * push and pull against the local service, as a user runs them (the CLI, a fresh process each):
 * 1. initial push: a repository with N variables x M modes and no lock, into an empty design file;
 * 2. pull: an empty repository (same service) gets everything: token files, resolver, lock;
 * 3. no-op sync, 4. no-op pull, 5. no-op push: the repository from 2 again, nothing changed on
 *    either side (each of the three commands a user or a CI job runs when nothing is to do). The
 *    sync takes the full path and keeps that both sides are in step (docs/caching.md), so 4 and 5
 *    are warm; 6 and 7 are the same pull and push cold (`--no-cache`: read, parse and diff).
 * Each run uses a fresh emulator (`--seed empty`), so every push is a real initial push. Requests
 * and bytes come from the service's own request log, and, where the client reports them, from
 * `--json` (an extra, untimed run, since printing the JSON plan costs time of its own).
 * The floor: an initial push = 10 (docs/benchmarks.md "Push and pull"): the plan's GET, the fresh read
 * before the POST (the file's version, then the variables), the POST, the fresh read before the PUT
 * (the version, the variables, the version again), the PUT, and the read-back GET with the version for
 * the lock; pull = one GET (+ the version); a no-op sync, pull or push = one GET and no write.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { requestLog, startEmulatorCli } from '../lib/emulator.mjs';
import { median, runNode } from '../lib/measure.mjs';
import { writeConfig } from '../project.mjs';

const STEPS = [
  { id: 'push', tool: 'tokensync push', what: 'initial push into an empty file', dir: 'a', args: ['push'] },
  { id: 'pull', tool: 'tokensync pull', what: 'into an empty repository', dir: 'b', args: ['pull'] },
  { id: 'noop', tool: 'tokensync sync', what: 'no-op: nothing changed on either side', dir: 'b', args: ['sync'] },
  {
    id: 'noop-pull',
    tool: 'tokensync pull',
    what: 'no-op, warm: nothing changed on either side since the sync (in-step cache)',
    dir: 'b',
    args: ['pull'],
  },
  {
    id: 'noop-push',
    tool: 'tokensync push',
    what: 'no-op, warm: nothing changed on either side since the sync (in-step cache)',
    dir: 'b',
    args: ['push'],
  },
  {
    id: 'noop-pull-cold',
    tool: 'tokensync pull --no-cache',
    what: 'no-op, cold: the full read, parse and diff',
    dir: 'b',
    args: ['pull', '--no-cache'],
  },
  {
    id: 'noop-push-cold',
    tool: 'tokensync push --no-cache',
    what: 'no-op, cold: the full read, parse and diff',
    dir: 'b',
    args: ['push', '--no-cache'],
  },
];

/** Requests by method, from the service's log (it records method, path, status; bytes come from the client). */
function summarise(log) {
  const byMethod = {};
  for (const r of log) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
  return {
    count: log.length,
    byMethod,
    calls: log.map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''} ${r.status}`),
  };
}

/**
 * @param {{ app: string; work: string; template: string; runs: number; log: (s: string) => void }} opts
 *   template: a project folder whose tokens/ holds the set to push (no lock)
 */
export async function syncLeg(opts) {
  const script = path.join(opts.app, 'bin', 'tokensync.js');
  /** step id -> { ms[], rss[], requests (last run), json stats } */
  const acc = Object.fromEntries(
    STEPS.map((s) => [s.id, { ms: [], rss: [], cpu: [], requests: undefined, client: undefined, error: undefined }]),
  );
  // runs timed + 1 untimed with --json for the client's own request accounting.
  for (let i = 0; i <= opts.runs; i++) {
    const withJson = i === opts.runs;
    opts.log(`    run ${i + 1}/${opts.runs + 1}${withJson ? ' (--json, untimed)' : ''}`);
    const emu = await startEmulatorCli(opts.app);
    try {
      const service = { url: emu.info.url, fileKey: emu.info.fileKey, caFile: emu.info.caFile };
      const a = path.join(opts.work, 'a');
      const b = path.join(opts.work, 'b');
      for (const d of [a, b]) rmSync(d, { recursive: true, force: true });
      writeConfig(a, service);
      cpSync(path.join(opts.template, 'tokens'), path.join(a, 'tokens'), { recursive: true });
      writeConfig(b, service);
      let seen = 0;
      for (const step of STEPS) {
        const slot = acc[step.id];
        if (slot.error) continue;
        const args = withJson ? ['--json', ...step.args] : ['--quiet', ...step.args];
        const r = await runNode(script, args, {
          cwd: step.dir === 'a' ? a : b,
          env: { DFS_TOKEN: emu.info.token },
          stdoutToFile: withJson,
        });
        if (r.code !== 0) {
          slot.error = `exit ${r.code}: ${(r.stderr || r.stdout).trim().split('\n').slice(0, 6).join(' / ').slice(0, 400)}`;
          break;
        }
        const log = await requestLog(emu.info);
        const mine = log.slice(seen);
        seen = log.length;
        if (withJson) {
          try {
            slot.client = JSON.parse(r.stdout).requests;
          } catch {
            slot.client = undefined;
          }
        } else {
          slot.ms.push(r.ms);
          slot.rss.push(r.rssMB);
          slot.cpu.push(r.cpuMs);
          slot.requests = summarise(mine);
        }
      }
    } finally {
      await emu.stop();
    }
  }
  return STEPS.map((s) => {
    const slot = acc[s.id];
    if (slot.error || slot.ms.length === 0) return { ...s, m: { ok: false, error: slot.error ?? 'not run' } };
    return {
      ...s,
      m: {
        ok: true,
        runs: slot.ms.length,
        ms: median(slot.ms),
        msMin: Math.min(...slot.ms),
        msMax: Math.max(...slot.ms),
        rssMB: median(slot.rss),
        cpuMs: median(slot.cpu),
      },
      requests: slot.requests,
      client: slot.client,
    };
  });
}
