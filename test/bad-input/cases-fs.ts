/** File-system edge cases (README "Reliability", bad-input corpus): each names the path and the fix. */
import type { BadCase } from './harness.js';

const DARK = 'tokens/semantic/dark.tokens.json';
const deep = (n: number): string => `${'{"g":'.repeat(n)}{"$type":"color","$value":"#ffffff"}${'}'.repeat(n)}`;

export const fsCases: BadCase[] = [
  {
    name: 'a folder where a token file should be (check)',
    setup: (p) => (p.remove(DARK), p.mkdir(DARK)),
    args: ['check'],
    names: [`${DARK} is a folder`, 'fix:'],
  },
  {
    name: 'a folder where a token file should be (push)',
    setup: (p) => (p.remove(DARK), p.mkdir(DARK)),
    args: ['push'],
    names: [`${DARK} is a folder`],
  },
  {
    name: 'a symlink loop as a token file',
    setup: (p) => (p.remove(DARK), p.symlink(DARK, 'dark.tokens.json')),
    args: ['check'],
    names: [`${DARK} is a symbolic link that loops`],
  },
  {
    name: 'a FIFO as a token file (check must not hang)',
    setup: (p) => (p.remove(DARK), p.fifo(DARK)),
    args: ['check'],
    names: [`${DARK} is a FIFO`],
  },
  {
    name: 'a FIFO as a token file (push must not hang)',
    setup: (p) => (p.remove(DARK), p.fifo(DARK)),
    args: ['push'],
    names: [`${DARK} is a FIFO`],
  },
  {
    name: 'a FIFO as the resolver document (build)',
    setup: (p) => (p.remove('tokens/tokens.resolver.json'), p.fifo('tokens/tokens.resolver.json')),
    args: ['build'],
    names: ['tokens/tokens.resolver.json is a FIFO'],
  },
  {
    name: 'a FIFO as the lock (push)',
    setup: (p) => (p.remove('tokens/sync.lock.json'), p.fifo('tokens/sync.lock.json')),
    args: ['push'],
    names: ['tokens/sync.lock.json is a FIFO'],
  },
  {
    name: 'a folder as the lock (pull)',
    setup: (p) => (p.remove('tokens/sync.lock.json'), p.mkdir('tokens/sync.lock.json')),
    args: ['pull'],
    names: ['tokens/sync.lock.json is a folder'],
  },
  {
    name: 'tokens.dir is a file',
    setup: (p) => (p.remove('tokens'), p.write('tokens', 'not a folder')),
    args: ['check'],
    names: ['tokens is a file, but tokens/tokens.resolver.json needs it to be a folder'],
  },
  {
    name: '--config names a folder',
    setup: () => {},
    args: ['--config', 'config', 'check'],
    names: ['config is a folder'],
  },
  {
    name: '--config names a folder (build)',
    setup: () => {},
    args: ['--config', 'config', 'build'],
    names: ['config is a folder'],
  },
  {
    name: '--config names a FIFO',
    setup: (p) => p.fifo('fifo.yaml'),
    args: ['--config', 'fifo.yaml', 'check'],
    names: ['fifo.yaml is a FIFO'],
  },
  {
    name: '--config names no file',
    setup: () => {},
    args: ['--config', 'config/none.yaml', 'pull'],
    names: ['none.yaml does not exist'],
  },
  {
    name: 'build --out names a file',
    setup: (p) => p.write('out.txt', 'a file'),
    args: ['build', '--out', 'out.txt'],
    names: [/out\.txt is a file, but out\.txt\/\S+ needs it to be a folder/],
  },
  {
    name: 'nesting 3000 levels deep (check)',
    setup: (p) => p.write(DARK, deep(3000)),
    args: ['check'],
    names: [`${DARK}:1:`, 'nesting deeper than 512 levels'],
  },
  {
    name: 'nesting 3000 levels deep (build)',
    setup: (p) => p.write(DARK, deep(3000)),
    args: ['build'],
    names: [`${DARK}:1:`, 'nesting deeper than 512 levels'],
  },
  {
    name: 'a lock nested 3000 levels deep (push)',
    setup: (p) => p.write('tokens/sync.lock.json', `${'['.repeat(3000)}${']'.repeat(3000)}`),
    args: ['push'],
    names: ['tokens/sync.lock.json:1:', 'nesting deeper than 512 levels'],
  },
  {
    name: 'check names a file that does not exist',
    setup: () => {},
    args: ['check', 'tokens/none.tokens.json'],
    names: ['tokens/none.tokens.json does not exist'],
  },
  {
    name: 'a caFile with no certificate in it',
    setup: (p) => {
      p.write('empty-ca.pem', '# nothing here\n');
      p.write('config/tokensync.yaml', p.read('config/tokensync.yaml').replace(/caFile: .*/, 'caFile: empty-ca.pem'));
    },
    args: ['push'],
    names: ['service.caFile', 'holds no PEM certificate'],
  },
  {
    name: 'token: env:<the token itself> is never echoed',
    setup: (p) => (
      delete p.env['DFS_TOKEN'],
      p.edit('config/tokensync.yaml', 'token: env:DFS_TOKEN', 'token: env:dfs_live_7Hq2xVbN9pK4mW8s')
    ),
    args: ['push'],
    names: ['service.token', 'not an environment variable name'],
    hidden: ['dfs_live_7Hq2xVbN9pK4mW8s', '7Hq2xVbN9pK4mW8s'],
  },
  {
    name: 'token: file:<the token itself> is never echoed',
    setup: (p) => (
      delete p.env['DFS_TOKEN'],
      p.edit('config/tokensync.yaml', 'token: env:DFS_TOKEN', 'token: file:figd_Q7x2LmN4pR8sT1vW9yZ3bC5')
    ),
    args: ['push'],
    names: ['service.token', 'does not look like a path'],
    hidden: ['figd_Q7x2LmN4pR8sT1vW9yZ3bC5', 'Q7x2LmN4pR8sT1vW9yZ3bC5'],
  },
  {
    name: 'token: file:<a missing path> names the path',
    setup: (p) => p.edit('config/tokensync.yaml', 'token: env:DFS_TOKEN', 'token: file:.secrets/dfs-token'),
    args: ['push'],
    names: ['service.token', '.secrets/dfs-token'],
  },
];
