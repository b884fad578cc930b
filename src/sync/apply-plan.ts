/**
 * Apply, step 2: plan (docs/architecture.md "Apply"). The 3-way diff of the repository, the service (as last
 * read) and the base, then what each side should hold afterwards, the service requests that get it
 * there, and the token files a pull writes. Pure apart from listing the tokens folder.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import { fingerprintFields, type Lock } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import { stripCodeNames } from '../model/code-names.js';
import { withCodeNames } from './code-syntax.js';
import { renderTokens, unwritableCollections } from '../tokens/index.js';
import { styleFilesOf } from '../styles/files.js';
import type { RunState } from './apply-read.js';
import { diff3, type SyncDiff } from './diff.js';
import { quietDiff } from './quiet.js';
import { filesInStep } from './files-in-step.js';
import { repoOnlyModifiers } from './repository-only.js';
import { overridesAwaitingModes } from './plan-extensions.js';
import { journalBase, type PushJournal } from './journal.js';
import { compilePlan, emptyPlan, type Plan, type PlanOptions } from './plan.js';

export interface Planned {
  diff: SyncDiff;
  /** The base the diff used (the lock, with what a resumed push created taken as its own). */
  base: Lock | undefined;
  serviceTarget: TokenSet;
  repoTarget: TokenSet;
  planOptions: PlanOptions;
  plan: Plan;
  /** Token files a pull writes (relative to the tokens folder), when any byte changes. */
  rendered: Map<string, string> | undefined;
  stale: string[];
  /** The in-step proof held (quiet.ts): the next lock is the lock, unless this run writes something. */
  quiet: boolean;
}

export async function planPhase(
  run: RunState,
  pj: PushJournal | undefined,
): Promise<{ kind: 'conflicts'; diff: SyncDiff } | { kind: 'planned'; planned: Planned }> {
  const { opts, remote, base } = run;
  const { mode } = opts;
  const pushes = mode === 'push' || mode === 'sync' || mode === 'diff';
  const pulls = mode === 'pull' || mode === 'sync' || mode === 'diff';
  const force = Boolean(opts.force) && pushes;
  const prefer = force ? 'repo' : opts.prefer;
  // What the previous run (or this one, before a re-plan) created is its own: placeholders are not
  // remote edits (journal.ts).
  const effectiveBase = pj ? journalBase(base, remote, pj, opts.fileKey) : base;
  // sync.codeSyntax: the build's names stand in where the files set none (code-syntax.ts).
  const local = withCodeNames(run, effectiveBase);
  // Nothing changed on either side since the lock: proven without the 3-way diff (quiet.ts).
  const quiet = force || pj ? undefined : quietDiff(local, remote, effectiveBase);
  const diff =
    quiet ??
    diff3({
      local,
      remote,
      base: force && effectiveBase ? forcedBase(effectiveBase, remote) : effectiveBase,
      ...(prefer ? { prefer } : {}),
      extensions: opts.client.dialect.extensions,
    });
  const repoOnly = repoOnlyModifiers(local);
  if (repoOnly.length > 0) diff.repoOnlyModifiers = repoOnly;
  if (diff.conflicts.length > 0 && !prefer) return { kind: 'conflicts', diff };
  // What each side should hold afterwards. A pull leaves the service alone and a push the files.
  const serviceTarget: TokenSet = pushes ? diff.merged : remote;
  const repoTarget: TokenSet = pulls ? diff.merged : local;
  const awaiting = pushes ? overridesAwaitingModes(remote, serviceTarget) : 0;
  if (awaiting > 0) diff.overridesAwaitingModes = awaiting;
  // One compiler for every dialect; orphans are deleted only on request and only by a push.
  const planOptions: PlanOptions = {
    dialect: opts.client.dialect.name,
    deleteOrphans: pushes && opts.deleteOrphans ? diff.orphans : undefined,
  };
  // A pull leaves the service alone: its target is the service as read, so there is nothing to compile.
  // Proven in step (quiet.ts): the service already holds the merged set, so nothing to compile either.
  const plan = pushes && !quiet ? compilePlan(remote, serviceTarget, planOptions) : emptyPlan(planOptions);
  const files = pulls ? await pullFiles(run, diff, repoTarget) : { rendered: undefined, stale: [] };
  return {
    kind: 'planned',
    planned: { diff, base: effectiveBase, serviceTarget, repoTarget, planOptions, plan, quiet: !!quiet, ...files },
  };
}

/**
 * The files a pull writes. With no repository change and the files in tokensync's layout there is
 * nothing to render (files-in-step.ts: the policy on formatting drift, docs/sync.md).
 */
async function pullFiles(
  run: RunState,
  diff: SyncDiff,
  repoTarget: TokenSet,
): Promise<{ rendered: Map<string, string> | undefined; stale: string[] }> {
  const { sources, opts, tokensDir } = run;
  const config = opts.config;
  // sync.codeSyntax: the build's own names stay out of the files (model/code-names.ts).
  const written = opts.codeNames
    ? stripCodeNames(repoTarget, opts.codeNames(repoTarget), run.explicitCodeSyntax ?? new Set())
    : repoTarget;
  const unwritable = unwritableCollections(sources);
  if (unwritable.length > 0) {
    // Collections with tokens inline in the resolver document, or a file shared by two modes, cannot
    // be written back file by file (docs/token-files.md "How a pull edits your files"), so a pull
    // leaves them alone, and refuses, before anything is sent, when it has something for them.
    if (diff.toRepo.length > 0 && opts.mode !== 'diff' && !opts.dryRun) {
      throw new TokensyncError(
        'TOKENS_NOT_WRITABLE',
        `The design file has ${diff.toRepo.length} change(s) for the repository, but ${unwritable.map((c) => `"${c}"`).join(', ')} ${unwritable.length === 1 ? 'is' : 'are'} read from tokens inline in the resolver document or from a file shared by several modes, which a pull cannot write back. Nothing was written and nothing was sent.`,
        {
          hint: 'Make the design file match with `tokensync push --force`, or give each collection and mode one file in tokens/tokens.resolver.json (docs/token-files.md "How a pull edits your files").',
        },
      );
    }
    return { rendered: undefined, stale: [] };
  }
  // Style files are the styles stage's, never the variables' to keep or remove.
  const styleFiles = styleFilesOf(config.styles);
  const onDisk = (await listTokenFiles(tokensDir)).filter((f) => !styleFiles.has(f));
  if (diff.toRepo.length === 0 && filesInStep(written, sources, onDisk)) return { rendered: undefined, stale: [] };
  const rendered = renderTokens(written, config.tokens, sources);
  return { rendered, stale: onDisk.filter((f) => !rendered.has(f)) };
}

/**
 * `--force`: pretend the base already had the service's current values, so every field that differs
 * counts as a local change and the repository wins, while ids and names still come from the real lock
 * (renames on either side are still renames).
 */
function forcedBase(base: Lock, remote: TokenSet): Lock {
  const byId = new Map(remote.variables.filter((v) => v.id).map((v) => [v.id as string, v]));
  const extensionIds = new Map(
    remote.collections.flatMap((c) => (c.parent !== undefined && c.id !== undefined ? [[c.name, c.id] as const] : [])),
  );
  const variables: Lock['variables'] = {};
  for (const [id, entry] of Object.entries(base.variables)) {
    const now = byId.get(id);
    variables[id] = now ? { ...entry, fields: fingerprintFields(now, extensionIds) } : entry;
  }
  return { ...base, variables };
}

async function listTokenFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(dir, sub), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const relPath = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(relPath);
      else if (e.name.endsWith('.tokens.json')) out.push(relPath);
    }
  };
  await walk('');
  return out.sort();
}
