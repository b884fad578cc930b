/** Config and command-line input: refused naming the key (or flag) and the fix, before any request. */
import type { BadCase, CaseProject } from './harness.js';

const CONFIG = 'config/tokensync.yaml';
const patch = (re: RegExp, to: string) => (p: CaseProject) => p.write(CONFIG, p.read(CONFIG).replace(re, to));
const append = (text: string) => (p: CaseProject) => p.write(CONFIG, `${p.read(CONFIG)}${text}`);

export const configCases: BadCase[] = [
  {
    name: 'invalid YAML in the config',
    setup: append('tokens: [\n'),
    args: ['push'],
    names: [/tokensync\.yaml:\d+:\d+/, 'invalid YAML'],
  },
  {
    name: 'invalid YAML in the config (check)',
    setup: append('tokens: [\n'),
    args: ['check'],
    names: [/tokensync\.yaml:\d+:\d+/, 'invalid YAML'],
  },
  {
    name: 'an unknown config key',
    setup: append('surprise: 1\n'),
    args: ['push'],
    names: ['tokensync.yaml', 'unknown key "surprise"'],
  },
  {
    name: 'a negative timeout',
    setup: append('  timeoutMs: -1\n'),
    args: ['push'],
    names: [/tokensync\.yaml:\d+:\d+/, 'service.timeoutMs'],
  },
  {
    name: 'a plain-HTTP service address',
    setup: patch(/url: .*/, 'url: http://127.0.0.1:9'),
    args: ['push'],
    names: [/tokensync\.yaml:\d+:\d+/, 'service.url', 'plain http is refused'],
  },
  {
    name: 'a token variable that is not set',
    setup: (p) => void delete p.env['DFS_TOKEN'],
    args: ['push'],
    names: ['service.token', 'DFS_TOKEN', 'not set'],
  },
  {
    name: 'a token file that does not exist',
    setup: patch(/token: env:DFS_TOKEN/, 'token: file:secrets/none.txt'),
    args: ['push'],
    names: ['service.token', 'none.txt'],
  },
  {
    name: 'a token file that is a FIFO',
    setup: (p) => (p.fifo('token.fifo'), patch(/token: env:DFS_TOKEN/, 'token: file:token.fifo')(p)),
    args: ['push'],
    names: ['service.token', 'token.fifo is a FIFO'],
  },
  { name: 'an unknown platform', setup: () => {}, args: ['build', '--platform', 'cobol'], names: ['--platform cobol'] },
  {
    name: 'a build mode for an unknown collection',
    setup: append('build:\n  modes:\n    nowhere:\n      Dark:\n        media: "(x)"\n'),
    args: ['build'],
    names: ['build.modes', 'nowhere'],
  },
  {
    name: 'an empty file key',
    setup: patch(/fileKey: .*/, 'fileKey: ""'),
    args: ['push'],
    names: [/tokensync\.yaml:\d+:\d+/, 'service.fileKey'],
  },
  {
    name: 'a caFile that does not exist',
    setup: patch(/caFile: .*/, 'caFile: certs/none.pem'),
    args: ['push'],
    names: ['service.caFile', 'none.pem'],
  },
];
