/** What the figures were measured on: they mean little without the machine and the versions. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function version(root, pkg) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

function git(root, args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function machineInfo(root) {
  const cpus = os.cpus();
  const dirty = git(root, ['status', '--porcelain', '--', 'src', 'bin']) !== '';
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} (${cpus.length} logical cores${typeof os.availableParallelism === 'function' ? `, ${os.availableParallelism()} available` : ''})`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    tokensync: `${git(root, ['rev-parse', '--short', 'HEAD']) || 'unknown'}${dirty ? ' (with uncommitted changes in src/)' : ''}`,
    'style-dictionary': version(root, 'style-dictionary'),
    '@terrazzo/cli': version(root, '@terrazzo/cli'),
    '@terrazzo/plugin-css': version(root, '@terrazzo/plugin-css'),
    load: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
  };
}
