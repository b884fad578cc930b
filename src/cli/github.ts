/**
 * Running under GitHub Actions: problems become annotations on the pull request's
 * files (`::error file=…,line=…,col=…::`), and a sync's plan goes to the job summary as Markdown
 * ($GITHUB_STEP_SUMMARY) and its verdict to the step's outputs ($GITHUB_OUTPUT). Nothing here changes
 * what the command prints or returns; it only adds what GitHub reads. Workflow command syntax:
 * https://docs.github.com/actions/reference/workflow-commands-for-github-actions
 */
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../tokens/errors.js';
import type { Change, Conflict, FieldValue, Orphan } from '../sync/changes.js';
import type { SyncDiff } from '../sync/diff.js';
import { showBase, showValue } from '../sync/report.js';
import type { Color } from '../model/types.js';
import { colorToHex } from '../model/values.js';

export const underGitHubActions = (env: NodeJS.ProcessEnv): boolean => env['GITHUB_ACTIONS'] === 'true';

/**
 * The pull request of this run when its head is another repository (a fork), from the event payload
 * GitHub writes to GITHUB_EVENT_PATH. GitHub gives such runs no repository secrets (docs/ci.md
 * "Pull requests from forks"). A deleted fork has no head repository: a fork too.
 */
export async function forkPullRequest(env: NodeJS.ProcessEnv): Promise<{ head: string; base: string } | undefined> {
  const file = env['GITHUB_EVENT_PATH'];
  if (!underGitHubActions(env) || !file || !/^pull_request/.test(env['GITHUB_EVENT_NAME'] ?? '')) return undefined;
  const event = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as {
    pull_request?: { head?: { repo?: { full_name?: string } | null }; base?: { repo?: { full_name?: string } } };
  };
  const pr = event.pull_request;
  const base = pr?.base?.repo?.full_name ?? env['GITHUB_REPOSITORY'] ?? '';
  const head = pr?.head?.repo?.full_name ?? '(a deleted fork)';
  return pr && head !== base ? { head, base } : undefined;
}

/** A `::notice`/`::error` line without a file: shown on the run's page and in the pull request's checks. */
export const annotation = (level: 'notice' | 'error', title: string, message: string): string =>
  `::${level} title=${escProp(title)}::${escData(message)}`;

/** Workflow commands escape %, CR and LF in the message, and also , and : in properties. */
const escData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escProp = (s: string): string => escData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One `::error`/`::warning` line per diagnostic. `file` is relative to where the command ran (`cwd`);
 * GitHub wants it relative to the workspace (the repository's top folder).
 */
export function annotations(diagnostics: readonly Diagnostic[], cwd: string, env: NodeJS.ProcessEnv): string[] {
  const workspace = env['GITHUB_WORKSPACE'] ?? cwd;
  return diagnostics.map((d) => {
    const file = path.relative(workspace, path.resolve(cwd, d.file)).split(path.sep).join('/');
    const title = d.tokenPath ? `tokensync: ${d.tokenPath}` : 'tokensync check';
    return `::${d.severity === 'error' ? 'error' : 'warning'} file=${escProp(file)},line=${d.line},col=${d.column},title=${escProp(title)}::${escData(`${d.message}\nfix: ${d.hint}`)}`;
  });
}

export async function appendStepSummary(env: NodeJS.ProcessEnv, markdown: string): Promise<void> {
  const file = env['GITHUB_STEP_SUMMARY'];
  if (file) await appendFile(file, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

/** `name=value` lines; a value with a newline uses the heredoc form GitHub documents. */
export async function setOutputs(env: NodeJS.ProcessEnv, outputs: Record<string, string>): Promise<void> {
  const file = env['GITHUB_OUTPUT'];
  if (!file) return;
  const lines = Object.entries(outputs).map(([k, v]) =>
    v.includes('\n') ? `${k}<<TOKENSYNC_EOF\n${v}\nTOKENSYNC_EOF` : `${k}=${v}`,
  );
  await appendFile(file, `${lines.join('\n')}\n`);
}

/** A cell: markdown table pipes escaped; a color gets a swatch (a colored square in GitHub's math). */
function cell(v: FieldValue | undefined): string {
  if (v === undefined) return '';
  const text = showValue(v).replace(/\|/g, '\\|');
  // A color (r, g, b, a); field values also hold scopes, metadata and aliases.
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'r' in v)
    return `$\\color{${colorToHex(v as Color)}}{\\blacksquare}$ \`${text}\``;
  return `\`${text}\``;
}

/** A plain text as a code cell (a conflict's base, docs/sync.md "Conflicts"). */
const md = (text: string): string => `\`${text.replace(/\|/g, '\\|')}\``;

type MdRow = [change: string, token: string, what: string, before: string, after: string, direction: string];

function changeRow(c: Change, direction: string): MdRow {
  const token = 'variable' in c ? `\`${c.collection}/${c.variable}\`` : `\`${c.collection}\``;
  switch (c.kind) {
    case 'update-variable':
      return [
        'changed',
        token,
        c.field === 'value' ? (c.mode ?? 'value') : c.field,
        cell(c.before),
        cell(c.after),
        direction,
      ];
    case 'create-variable':
      return [
        'new',
        token,
        Object.keys(c.values).join(', '),
        '',
        Object.values(c.values)
          .map((v) => cell(v))
          .join(' · '),
        direction,
      ];
    case 'rename-variable':
    case 'rename-collection':
      return [
        'renamed',
        token,
        'name',
        `\`${c.from}\``,
        `\`${'variable' in c ? c.variable : c.collection}\``,
        direction,
      ];
    case 'rename-mode':
      return ['renamed', token, 'mode', `\`${c.from}\``, `\`${c.mode}\``, direction];
    case 'update-collection':
      return ['changed', token, c.field, `\`${c.before}\``, `\`${c.after}\``, direction];
    case 'create-mode':
      return ['new', token, `mode ${c.mode}`, '', '', direction];
    case 'create-collection':
      return ['new', token, `modes ${c.modes.join(', ')}`, '', '', direction];
    case 'delete-mode':
      return ['deleted', token, `mode ${c.mode}`, '', '', direction];
    case 'delete-collection':
    case 'delete-variable':
      return ['deleted', token, '', '', '', direction];
  }
}

function conflictRow(c: Conflict): MdRow {
  switch (c.kind) {
    case 'variable-field':
      return [
        '**conflict**',
        `\`${c.collection}/${c.variable}\``,
        c.field === 'value' ? (c.mode ?? 'value') : c.field,
        `base: ${md(showBase(c))}`,
        `repo: ${cell(c.local)}<br>service: ${cell(c.remote)}`,
        'resolve',
      ];
    case 'collection-name':
      return [
        '**conflict**',
        `\`${c.collection}\``,
        'name',
        `base: ${md(showBase(c))}`,
        `repo: \`${c.local}\`<br>service: \`${c.remote}\``,
        'resolve',
      ];
    case 'mode-name':
      return [
        '**conflict**',
        `\`${c.collection}\``,
        `mode ${c.mode}`,
        `base: ${md(showBase(c))}`,
        `repo: \`${c.local}\`<br>service: \`${c.remote}\``,
        'resolve',
      ];
    case 'deleted-in-service':
      return [
        '**conflict**',
        `\`${c.collection}${c.variable ? `/${c.variable}` : ''}\``,
        'deleted in the design file, changed in the repository',
        '',
        '',
        'resolve',
      ];
  }
}

function orphanRow(o: Orphan): MdRow {
  const token = o.kind === 'variable' ? `\`${o.collection}/${o.variable}\`` : `\`${o.collection}\``;
  return [
    'orphan',
    token,
    o.reason === 'removed-locally' ? 'removed from the repository' : 'never pulled',
    '',
    '',
    'remove in the design file',
  ];
}

/** The plan as a Markdown section for the job summary: a table with swatches and before/after. */
export function planMarkdown(title: string, diff: SyncDiff, verdict: string, limit = 500): string {
  const rows: MdRow[] = [
    ...diff.conflicts.map(conflictRow),
    ...diff.toService.map((c) => changeRow(c, '→ design file')),
    ...diff.toRepo.map((c) => changeRow(c, '→ repository')),
    ...diff.orphans.map(orphanRow),
  ];
  const out = [`### ${title}`, '', verdict, ''];
  if (rows.length > 0) {
    out.push('| change | token | field / mode | before | after | direction |', '|---|---|---|---|---|---|');
    for (const r of rows.slice(0, limit)) out.push(`| ${r.join(' | ')} |`);
    if (rows.length > limit)
      out.push('', `…and ${rows.length - limit} more (run \`tokensync diff\` locally for the whole plan).`);
    out.push('');
  }
  return out.join('\n');
}

/** The problems `check` found, as a Markdown section for the job summary. */
export function problemsMarkdown(diagnostics: readonly Diagnostic[], summary: string, limit = 200): string {
  const out = ['### tokensync check', '', summary, ''];
  if (diagnostics.length > 0) {
    out.push('| where | token | problem | fix |', '|---|---|---|---|');
    const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
    for (const d of diagnostics.slice(0, limit))
      out.push(
        `| \`${cell(`${d.file}:${d.line}:${d.column}`)}\` | ${d.tokenPath ? `\`${cell(d.tokenPath)}\`` : ''} | ${cell(d.message)} | ${cell(d.hint)} |`,
      );
    if (diagnostics.length > limit) out.push('', `…and ${diagnostics.length - limit} more.`);
    out.push('');
  }
  return out.join('\n');
}
