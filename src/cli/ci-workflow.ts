/**
 * The GitHub workflow `tokensync init --ci` writes: one file, three jobs, each with
 * the least permissions it needs and secrets only from repository secrets.
 * - pull request touching tokens: `check` (annotations on the files) and `check --remote` (the plan
 *   in the job summary; fails on drift);
 * - push to main touching tokens: `push` to the design file, then commit the updated lock;
 * - schedule or manual dispatch: `pull`, and open (or update) a pull request with the changed files.
 * push and pull share one concurrency group, so two writes never race on the design file or the lock.
 * The Action is used from the installed package (`./node_modules/tokensync`), pinned by the lock file.
 */

export interface WorkflowOptions {
  /** The project folder relative to the repository top ('' or '.': the top). */
  project: string;
  /** tokens.dir, relative to the project. */
  tokensDir: string;
  /** The default branch. */
  branch: string;
}

export const WORKFLOW_FILE = '.github/workflows/tokensync.yml';

export function workflowYaml(o: WorkflowOptions): string {
  const project = o.project === '' ? '.' : o.project;
  const inProject = (p: string): string => (project === '.' ? p : `${project}/${p}`);
  const paths = [inProject(`${o.tokensDir}/**`), inProject('config/tokensync.yaml')];
  const pathList = paths.map((p) => `      - '${p}'`).join('\n');
  const npmCi = project === '.' ? '      - run: npm ci' : `      - run: npm ci\n        working-directory: ${project}`;
  const action = project === '.' ? './node_modules/tokensync' : `./${project}/node_modules/tokensync`;
  const withProject = project === '.' ? '' : `\n          working-directory: ${project}`;
  const withTokens = o.tokensDir === 'tokens' ? '' : `\n          tokens-dir: ${o.tokensDir}`;
  const setup = (checkoutWith: string): string => `      - uses: actions/checkout@v4${checkoutWith}
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm${project === '.' ? '' : `\n          cache-dependency-path: ${project}/package-lock.json`}
${npmCi}`;
  return `# Design tokens in CI, written by \`tokensync init --ci\` (see tokensync's docs/ci.md).
# Needs the repository secret DFS_TOKEN: a personal access token of the Design File Service with the
# scopes file_content:read and file_content:write (Settings > Secrets and variables > Actions).
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
  check:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
    concurrency:
      group: tokensync-check-\${{ github.event.pull_request.number }}
      cancel-in-progress: true
    steps:
${setup('\n        with:\n          persist-credentials: false')}
      - uses: ${action}
        with:
          command: check
          token: \${{ secrets.DFS_TOKEN }}${withProject}${withTokens}

  push:
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    permissions:
      contents: write   # to commit the updated lock
    concurrency:
      group: tokensync-design-file
      cancel-in-progress: false
    steps:
${setup('')}
      - uses: ${action}
        with:
          command: push
          token: \${{ secrets.DFS_TOKEN }}${withProject}${withTokens}

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
${setup('')}
      - id: pull
        uses: ${action}
        with:
          command: pull
          token: \${{ secrets.DFS_TOKEN }}${withProject}${withTokens}
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
