/**
 * check: the pre-commit path, timed as a hook runs it (a fresh process, Node start included),
 * against `tz check` on the same files. Node's own start is measured too, as the floor.
 */
import path from 'node:path';
import { measure } from '../lib/measure.mjs';

export function checkCommands(root, app) {
  return [
    { id: 'node', tool: 'node -e 0', what: 'Node start alone (the floor)', script: '-e', args: ['0'] },
    {
      id: 'tokensync',
      tool: 'tokensync check',
      what: 'all token files and the resolver, every mode',
      script: path.join(app, 'bin', 'tokensync.js'),
      args: ['check'],
    },
    {
      id: 'terrazzo',
      tool: 'tz check',
      what: 'the same resolver document and files',
      script: path.join(root, 'node_modules', '@terrazzo', 'cli', 'bin', 'cli.js'),
      args: ['check', '--config', 'terrazzo.config.mjs'],
    },
  ];
}

/**
 * @param {{ root: string; app: string; project: string; runs: number; log: (s: string) => void; skip?: string[];
 *   runsFor?: (id: string) => number }} opts
 */
export async function checkLeg(opts) {
  const rows = [];
  for (const cmd of checkCommands(opts.root, opts.app)) {
    if (opts.skip?.includes(cmd.id)) continue;
    const runs = opts.runsFor ? opts.runsFor(cmd.id) : opts.runs;
    opts.log(`    ${cmd.tool} x${runs}`);
    rows.push({ ...cmd, m: await measure(cmd.script, cmd.args, { cwd: opts.project, runs }) });
  }
  return rows;
}
