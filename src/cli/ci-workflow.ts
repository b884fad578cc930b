/**
 * The GitHub workflow `tokensync init --ci` writes (docs/ci.md "The workflow"): one file, three jobs,
 * each with the least permissions it needs and secrets only from repository secrets.
 * - pull request touching tokens: `check --mergeable` (annotations on the files; the plan merging
 *   would push in the job summary; fails only on invalid tokens and conflicts with the design file);
 * - push to the default branch touching tokens: `push` to the design file, then the updated lock as a
 *   pull request (branch protection allows it) or, with `commit-lock: push`, straight onto the branch;
 * - schedule or manual dispatch: `pull`, and open (or update) a pull request with the changed files.
 * push and pull share one concurrency group, so two writes never race on the design file or the lock.
 * Node comes from the repository's version file or is a supported LTS; the install uses the package
 * manager of the repository's lock file (ci-toolchain.ts). The Action is used from the installed
 * package (`node_modules/tokensync`), pinned by the lock file.
 */
import { DEFAULT_NODE, LOCK_FILES, type Toolchain } from './ci-toolchain.js';

export interface WorkflowOptions {
  /** The project folder relative to the repository top ('' or '.': the top). */
  project: string;
  /** tokens.dir, relative to the project. */
  tokensDir: string;
  /** The default branch. */
  branch: string;
  /** Package manager and Node version; npm and the default LTS when left out. */
  toolchain?: Toolchain;
}

export const WORKFLOW_FILE = '.github/workflows/tokensync.yml';

const NPM: Toolchain = {
  packageManager: 'npm',
  pinned: false,
  installDir: '',
  lockFile: 'package-lock.json',
};

/** The steps every job starts with: checkout, the package manager, Node (with its cache), install. */
function setupSteps(t: Toolchain, checkoutWith: string): string {
  const steps = [`      - uses: actions/checkout@v5${checkoutWith}`];
  const inDir = t.installDir === '' ? '' : `\n        working-directory: ${t.installDir}`;
  if (t.packageManager === 'pnpm') {
    const pkg = t.installDir === '' ? '' : `\n          package_json_file: ${t.installDir}/package.json`;
    // Without a packageManager field pnpm's setup action needs a version.
    const version = t.pinned ? '' : '\n          version: 10';
    steps.push(`      - uses: pnpm/action-setup@v4${version || pkg ? `\n        with:${version}${pkg}` : ''}`);
  }
  if (t.packageManager === 'yarn-berry') steps.push(`      - run: corepack enable${inDir}`);
  const node = t.nodeVersionFile ? `node-version-file: ${t.nodeVersionFile}` : `node-version: ${DEFAULT_NODE}`;
  const cache = t.packageManager === 'yarn-berry' ? 'yarn' : t.packageManager;
  const cachePath =
    t.lockFile === LOCK_FILES[t.packageManager] ? '' : `\n          cache-dependency-path: ${t.lockFile}`;
  steps.push(`      - uses: actions/setup-node@v5
        with:
          ${node}
          cache: ${cache}${cachePath}`);
  steps.push(`      - run: ${INSTALL[t.packageManager]}${inDir}`);
  return steps.join('\n');
}

const INSTALL: Record<Toolchain['packageManager'], string> = {
  npm: 'npm ci',
  pnpm: 'pnpm install --frozen-lockfile',
  yarn: 'yarn install --frozen-lockfile',
  'yarn-berry': 'yarn install --immutable',
};

export function workflowYaml(o: WorkflowOptions): string {
  const t = o.toolchain ?? NPM;
  const project = o.project === '' ? '.' : o.project;
  const inProject = (p: string): string => (project === '.' ? p : `${project}/${p}`);
  const paths = [inProject(`${o.tokensDir}/**`), inProject('config/tokensync.yaml')];
  const pathList = paths.map((p) => `      - '${p}'`).join('\n');
  const action = t.installDir === '' ? './node_modules/tokensync' : `./${t.installDir}/node_modules/tokensync`;
  const withProject = project === '.' ? '' : `\n          working-directory: ${project}`;
  const withTokens = o.tokensDir === 'tokens' ? '' : `\n          tokens-dir: ${o.tokensDir}`;
  const uses = (command: string, extra = ''): string => `      - uses: ${action}
        with:
          command: ${command}
          token: \${{ secrets.DFS_TOKEN }}${withProject}${withTokens}${extra}`;
  return `# Design tokens in CI, written by \`tokensync init --ci\` (see tokensync's docs/ci.md).
# Needs the repository secret DFS_TOKEN: a personal access token of the Design File Service with the
# scopes file_content:read and file_content:write (Settings > Secrets and variables > Actions), and,
# for the pull requests the push and pull jobs open, Settings > Actions > General > "Allow GitHub
# Actions to create and approve pull requests".
name: tokensync

on:
  pull_request:
    paths:
${pathList}
  push:
    branches: [${o.branch}]
    paths:
${pathList}
  schedule:
    - cron: '23 6 * * 1-5'   # weekdays: bring the design file's changes in as a pull request
  workflow_dispatch:

# Nothing by default; each job asks for what it needs.
permissions: {}

jobs:
  # Valid, and would merging push cleanly? Drift passes (it is what a pull request is for); conflicts
  # with edits made in the design file since the lock fail. A fork's pull request gets no secrets:
  # the tokens are validated and the comparison is skipped, with the reason in the summary.
  check:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
    concurrency:
      group: tokensync-check-\${{ github.event.pull_request.number }}
      cancel-in-progress: true
    steps:
${setupSteps(t, '\n        with:\n          persist-credentials: false')}
${uses('check')}

  # The lock goes in as a pull request from tokensync/lock, which branch protection allows. With a
  # token allowed to push to ${o.branch} (checkout's \`token:\`), \`commit-lock: push\` commits it directly.
  push:
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    permissions:
      contents: write        # to push the branch tokensync/lock
      pull-requests: write   # to open its pull request
    concurrency:
      group: tokensync-design-file
      cancel-in-progress: false
    steps:
${setupSteps(t, '')}
${uses('push', '\n          commit-lock: pull-request')}

  pull:
    if: github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'
    runs-on: ubuntu-latest
    permissions:
      contents: write        # to push the branch
      pull-requests: write   # to open the pull request
    concurrency:
      group: tokensync-design-file
      cancel-in-progress: false
    steps:
${setupSteps(t, '')}
      - id: pull
${uses('pull').replace('      - uses:', '        uses:')}
      - name: Open or update the pull request
        if: steps.pull.outputs.changed == 'true'
        env:
          GH_TOKEN: \${{ github.token }}
          BRANCH: tokensync/design-file
          RUN_URL: \${{ github.server_url }}/\${{ github.repository }}/actions/runs/\${{ github.run_id }}
        run: |
          git switch -C "$BRANCH"
          git add -A -- '${inProject(o.tokensDir)}'
          git -c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \\
            commit -q -m "tokens: changes from the design file"
          git push -q --force origin "$BRANCH"
          if [ -z "$(gh pr list --head "$BRANCH" --state open --json number --jq '.[].number')" ]; then
            gh pr create --base ${o.branch} --head "$BRANCH" --title "tokens: changes from the design file" \\
              --body "Pulled by tokensync. The plan, with before and after values, is in the run's summary: $RUN_URL"
          fi
`;
}
