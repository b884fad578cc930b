/**
 * check: the pre-commit path, timed as a hook runs it (a fresh process, Node start included),
 * against `tz check` on the same files. Node's own start is measured too, as the floor. tokensync is
 * timed cold (`--no-cache`: every file read and validated) and warm (the result cache of
 * docs/caching.md, filled by one untimed run first: nothing changed since the last check).
 */
import path from 'node:path';
import { measure, runNode } from '../lib/measure.mjs';

export function checkCommands(root, app) {
  return [
    { id: 'node', tool: 'node -e 0', what: 'Node start alone (the floor)', script: '-e', args: ['0'] },
    {
      id: 'tokensync',
      tool: 'tokensync check --no-cache',
      what: 'cold: all token files and the resolver, every mode',
      script: path.join(app, 'bin', 'tokensync.js'),
      args: ['check', '--no-cache'],
    },
    {
      id: 'tokensync-warm',
      tool: 'tokensync check',
      what: 'warm: the same files, unchanged since the last check (result cache)',
      script: path.join(app, 'bin', 'tokensync.js'),
      args: ['check'],
      warm: true,
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
    // The warm figure starts from a kept result: one untimed run writes it.
    if (cmd.warm) await runNode(cmd.script, cmd.args, { cwd: opts.project });
    rows.push({ ...cmd, m: await measure(cmd.script, cmd.args, { cwd: opts.project, runs }) });
  }
  return rows;
}
