/**
 * build: tokensync against the tools a user would pick instead, on the same token files
 * (bench/project.mjs says what each tool is given). Every run starts from an empty output folder,
 * so each tool does its whole job every time. tokensync's rows are cold (`--no-cache`: every token
 * file read, docs/caching.md "build"), and the targets are judged on them; one more row is the warm
 * full build, the token files unchanged since the last build (the model cache), after one untimed
 * run that keeps the model.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { measureRounds, runNode } from '../lib/measure.mjs';

/** Total bytes of the files under `dir` (what the tool produced), or undefined when there is none. */
export function outputBytes(dir) {
  if (!existsSync(dir)) return undefined;
  let total = 0;
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else total += s.size;
    }
  };
  walk(dir);
  return total;
}

/** The commands compared; `out` is the folder the tool writes (cleared before every run). */
/** `app`: the folder with the measured tokensync's bin/ (a snapshot, bench/lib/snapshot.mjs); `root`: the project, for node_modules. */
export function buildCommands(root, app) {
  const tokensync = path.join(app, 'bin', 'tokensync.js');
  return [
    {
      id: 'tokensync-all',
      tool: 'tokensync build --no-cache',
      what: 'all 9 platforms (css, scss, ts, json, ios, android, compose, tailwind, docs), every mode; cold: every token file read',
      script: tokensync,
      args: ['build', '--no-cache'],
      out: 'build',
      // If the full build fails (a bug in one platform), still measure the others, and say so.
      fallback: {
        id: 'tokensync-all-but-tailwind',
        tool: 'tokensync build, 8 platforms',
        what: 'every platform but tailwind (the full build failed, see the row above), every mode',
        args: ['build', '--no-cache', '--platform', 'css', 'scss', 'ts', 'json', 'ios', 'android', 'compose', 'docs'],
      },
    },
    {
      id: 'tokensync-all-warm',
      tool: 'tokensync build',
      what: 'all 9 platforms, every mode; warm: the token files unchanged since the last build (model cache)',
      script: tokensync,
      args: ['build'],
      out: 'build',
      warm: true,
    },
    {
      id: 'tokensync-css-ts',
      tool: 'tokensync build --no-cache --platform css ts',
      what: 'css + ts, every mode (the like-for-like subset); cold',
      script: tokensync,
      args: ['build', '--no-cache', '--platform', 'css', 'ts'],
      out: 'build',
    },
    {
      id: 'sd',
      tool: 'Style Dictionary 5 alone',
      what: 'css (outputReferences) + js (es6), default mode of each collection only',
      script: path.join(root, 'node_modules', 'style-dictionary', 'bin', 'style-dictionary.js'),
      args: ['build', '--config', 'sd.config.json'],
      out: 'sd-out',
    },
    {
      id: 'terrazzo',
      tool: 'Terrazzo (tz build, plugin-css)',
      what: 'css, every mode (resolver document; one permutation per non-default mode)',
      script: path.join(root, 'node_modules', '@terrazzo', 'cli', 'bin', 'cli.js'),
      args: ['build', '--config', 'terrazzo.config.mjs'],
      out: 'tz-out',
    },
  ];
}

/**
 * The commands are measured in rounds (bench/lib/measure.mjs `measureRounds`), so tokensync and
 * Style Dictionary, whose ratio is the target, meet the same moments of the machine.
 * @param {{ root: string; app: string; project: string; runs: number; only?: string[]; log: (s: string) => void }} opts
 */
export async function buildLeg(opts) {
  const cmds = buildCommands(opts.root, opts.app).filter((cmd) => !opts.only || opts.only.includes(cmd.id));
  opts.log(`    ${cmds.map((cmd) => cmd.tool).join(', ')}: ${opts.runs} round(s)`);
  // The warm figure starts from a kept model: one untimed run writes it (a cold run leaves it alone).
  for (const cmd of cmds) if (cmd.warm) await runNode(cmd.script, cmd.args, { cwd: opts.project });
  // The tokensync rows share one output folder: each row's size is taken right after its own run.
  const bytes = new Map();
  const job = (cmd) => {
    const out = path.join(opts.project, cmd.out);
    return {
      script: cmd.script,
      args: cmd.args,
      opts: {
        cwd: opts.project,
        before: () => rmSync(out, { recursive: true, force: true }),
        after: () => bytes.set(cmd.id, outputBytes(out)),
      },
    };
  };
  const measured = await measureRounds(cmds.map(job), opts.runs);
  const rows = [];
  for (const [i, cmd] of cmds.entries()) {
    const m = measured[i];
    const size = bytes.get(cmd.id);
    rows.push({
      ...cmd,
      m: m.ok && size === undefined ? { ok: false, error: `no output in ${cmd.out}/` } : m,
      bytes: size,
    });
    if (!m.ok && cmd.fallback) {
      const fb = { ...cmd, ...cmd.fallback, fallback: undefined };
      opts.log(`    ${fb.tool} x${opts.runs} (fallback)`);
      const [fm] = await measureRounds([job(fb)], opts.runs);
      rows.push({ ...fb, m: fm, bytes: bytes.get(fb.id) });
    }
  }
  return rows;
}
