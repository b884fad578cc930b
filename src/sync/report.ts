/**
 * Human text for a sync (docs/architecture.md "Command line": `diff` prints the plan as a table). Pure strings;
 * the CLI prints them. Symbols: + create, ~ update, > rename, - delete, ! conflict, ? orphan. Colors are
 * shown as hex (#rrggbb, #rrggbbaa when not opaque), aliases as {collection/name}, and each line says
 * which way it goes (-> service for a push, -> repo for a pull).
 */
import type { RepoToken } from '../model/dtcg.js';
import { isAlias, isColor } from '../model/types.js';
import { colorToHex, colorToHex8, roundFloat } from '../model/values.js';
import {
  fieldLabel,
  type Change,
  type Conflict,
  type FieldValue,
  type Orphan,
  type RepoOnlyModifier,
} from './changes.js';
import { orphanName } from './delete-guard.js';
import { canonicalMeta } from '../model/meta.js';
import type { VariableMeta } from '../model/types.js';
import type { SyncDiff } from './diff.js';
import type { Plan } from './plan.js';

type Row = [symbol: string, subject: string, detail: string, direction: string];

const isMeta = (v: Exclude<FieldValue, null | string[]>): v is VariableMeta =>
  typeof v === 'object' && ('hiddenFromPublishing' in v || 'codeSyntax' in v);

/** A value as a person reads it. */
export function showValue(v: FieldValue): string {
  if (v === null) return '(none)';
  if (Array.isArray(v)) return v.length === 0 ? '(none)' : v.join(', ');
  if (isMeta(v)) return canonicalMeta(v);
  if (isAlias(v)) return `{${v.alias.collection}/${v.alias.name}}`;
  if (isColor(v)) return v.a >= 1 ? colorToHex(v) : colorToHex8(v);
  if (typeof v === 'number') return String(roundFloat(v));
  if (typeof v === 'string') return JSON.stringify(v);
  return String(v);
}

function modesPreview(values: Record<string, FieldValue>): string {
  const entries = Object.entries(values);
  const shown = entries.slice(0, 3).map(([m, v]) => `${m} ${showValue(v)}`);
  if (entries.length > 3) shown.push(`+${entries.length - 3} more`);
  return shown.join(', ');
}

function changeRow(c: Change, direction: '-> service' | '-> repo'): Row {
  const dir = c.resolvedBy ? `${direction} (--prefer ${c.resolvedBy})` : direction;
  switch (c.kind) {
    case 'create-collection':
      return ['+', '(collection)', `new, modes: ${c.modes.join(', ')}`, dir];
    case 'rename-collection':
      return ['>', '(collection)', `renamed "${c.from}" -> "${c.collection}"`, dir];
    case 'update-collection':
      return ['~', '(collection)', `${c.field}: ${c.before} -> ${c.after}`, dir];
    case 'delete-collection':
      return ['-', '(collection)', 'deleted in the design file', dir];
    case 'create-mode':
      return ['+', `(mode ${c.mode})`, 'new mode', dir];
    case 'rename-mode':
      return ['>', `(mode ${c.mode})`, `renamed "${c.from}" -> "${c.mode}"`, dir];
    case 'delete-mode':
      return ['-', `(mode ${c.mode})`, 'deleted in the design file', dir];
    case 'create-variable':
      return ['+', c.variable, `${c.type.toLowerCase()}: ${modesPreview(c.values)}`, dir];
    case 'rename-variable':
      return ['>', c.variable, `renamed from ${c.from}`, dir];
    case 'update-variable': {
      const what = fieldLabel(c);
      return ['~', c.variable, `${what}: ${showValue(c.before)} -> ${showValue(c.after)}`, dir];
    }
    case 'delete-variable':
      return ['-', c.variable, 'deleted in the design file', dir];
  }
}

/** What a conflict's base reads as (docs/sync.md "Conflicts"). */
const BASE_UNKNOWN = 'unknown (lock written before base values were kept)';

/** A conflict's base as a person reads it: the lock's value, `(none)` without a base, or unknown. */
export function showBase(c: Exclude<Conflict, { kind: 'deleted-in-service' }>): string {
  if (!c.inBase) return '(none)';
  const t = c.base;
  if (t === undefined) return BASE_UNKNOWN;
  if (c.kind !== 'variable-field' || c.field === 'name') return `"${t}"`;
  switch (c.field) {
    case 'value':
      // canonicalValue writes every color as #rrggbbaa; an opaque one reads as #rrggbb, as showValue does.
      return /^#[0-9a-f]{6}ff$/.test(t) ? t.slice(0, 7) : t;
    case 'description':
      return JSON.stringify(t);
    case 'scopes':
      return t === '' ? '(none)' : t.split(',').join(', ');
    case 'meta':
      return t === '' ? '(none)' : t;
    default:
      return t;
  }
}

function conflictRow(c: Conflict): Row {
  const why = (inBase: boolean): string => (inBase ? 'both changed since the lock' : 'no common base (first sync)');
  switch (c.kind) {
    case 'collection-name':
    case 'mode-name': {
      const subject = c.kind === 'mode-name' ? `(mode ${c.mode})` : '(collection)';
      return ['!', subject, `name: base ${showBase(c)} | repo "${c.local}" | service "${c.remote}"`, why(c.inBase)];
    }
    case 'variable-field': {
      const what = fieldLabel(c);
      const subject = c.localName !== undefined ? `${c.variable} (repo: ${c.localName})` : c.variable;
      const show = (v: FieldValue): string => (c.field === 'name' && typeof v === 'string' ? `"${v}"` : showValue(v));
      return [
        '!',
        subject,
        `${what}: base ${showBase(c)} | repo ${show(c.local)} | service ${show(c.remote)}`,
        why(c.inBase),
      ];
    }
    case 'deleted-in-service':
      return [
        '!',
        c.variable ?? '(collection)',
        'deleted in the design file, changed in the repository',
        'both changed since the lock',
      ];
  }
}

function orphanRow(o: Orphan, deletes: Set<string>, canDelete: boolean): Row {
  const subject = o.kind === 'variable' ? o.variable : o.kind === 'mode' ? `(mode ${o.mode})` : '(collection)';
  const detail =
    o.reason === 'removed-locally'
      ? 'only in the design file (removed from the repository)'
      : 'only in the design file (never pulled)';
  // Deleted only on request (--delete-orphans / sync.deleteOrphans) and where the API can
  // (docs/sync.md "Deletion and orphans").
  if (deletes.has(o.id))
    return ['-', subject, 'removed from the repository: deleted from the design file', '-> service'];
  // The figma API deletes what the repository removed, when asked; dfs cannot delete (docs/architecture.md "Dialects").
  const todo =
    o.reason === 'removed-locally' && canDelete ? 'push --delete-orphans deletes it' : 'remove it in the design file';
  return ['?', subject, detail, todo];
}

function layout(groups: Map<string, Row[]>): string[] {
  const all = [...groups.values()].flat();
  const w1 = Math.max(0, ...all.map((r) => r[1].length));
  const w2 = Math.max(0, ...all.map((r) => r[2].length));
  const lines: string[] = [];
  for (const [collection, rows] of groups) {
    lines.push(collection);
    for (const [sym, subject, detail, dir] of rows)
      lines.push(`  ${sym} ${subject.padEnd(w1)}  ${detail.padEnd(w2)}  ${dir}`.trimEnd());
  }
  return lines;
}

function add(groups: Map<string, Row[]>, collection: string, row: Row): void {
  const list = groups.get(collection);
  if (list) list.push(row);
  else groups.set(collection, [row]);
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function renderPlanTable(diff: SyncDiff, plan: Plan): string {
  const groups = new Map<string, Row[]>();
  for (const c of diff.conflicts) add(groups, c.collection, conflictRow(c));
  for (const c of diff.toService) add(groups, c.collection, changeRow(c, '-> service'));
  for (const c of diff.toRepo) add(groups, c.collection, changeRow(c, '-> repo'));
  const deletes = new Set(plan.deletes ?? []);
  for (const o of diff.orphans) add(groups, o.collection, orphanRow(o, deletes, plan.dialect === 'figma'));
  const { posts, puts } = plan.summary;
  const requests =
    plan.requests.length === 0
      ? 'no requests'
      : `${plural(plan.requests.length, 'request')} (${posts} POST${plan.dialect === 'figma' ? '' : `, ${puts} PUT`})`;
  const summary =
    groups.size === 0
      ? `In step: no changes, ${requests}.`
      : `${diff.toService.length} to push, ${diff.toRepo.length} to pull, ${plural(diff.conflicts.length, 'conflict')}, ${plural(diff.orphans.length, 'orphan')}${deletes.size > 0 ? ` (${deletes.size} to delete)` : ''}; ${requests}.`;
  return [...layout(groups), summary, ...codeSyntaxLine(plan)].join('\n');
}

/** How many variables the plan gives a new codeSyntax, per platform (docs/sync.md "Code names in the design file"). */
function codeSyntaxLine(plan: Plan): string[] {
  const set = plan.summary.codeSyntaxSet;
  if (set === undefined) return [];
  const parts = (['WEB', 'iOS', 'ANDROID'] as const).filter((p) => set[p] > 0).map((p) => `${set[p]} ${p}`);
  return [`codeSyntax: ${parts.join(', ')}.`];
}

export function renderConflicts(conflicts: Conflict[]): string {
  if (conflicts.length === 0) return 'No conflicts.';
  const groups = new Map<string, Row[]>();
  for (const c of conflicts) add(groups, c.collection, conflictRow(c));
  return [
    `${plural(conflicts.length, 'conflict')}: the repository and the design file changed the same thing differently.`,
    ...layout(groups),
  ].join('\n');
}

/**
 * Conflicts with every other pending change beside them (docs/sync.md "Conflicts"): a conflict stops
 * the run, but what else differs is not hidden; it is applied once the conflicts are resolved.
 */
export function renderConflictsWhole(diff: SyncDiff): string {
  const text = renderConflicts(diff.conflicts);
  const groups = new Map<string, Row[]>();
  for (const c of diff.toService) add(groups, c.collection, changeRow(c, '-> service'));
  for (const c of diff.toRepo) add(groups, c.collection, changeRow(c, '-> repo'));
  for (const o of diff.orphans) add(groups, o.collection, orphanRow(o, new Set(), false));
  if (groups.size === 0) return text;
  const n = diff.toService.length + diff.toRepo.length;
  return [
    text,
    `Also pending, applied once the conflicts are resolved: ${diff.toService.length} to push, ${diff.toRepo.length} to pull${diff.orphans.length > 0 ? `, ${plural(diff.orphans.length, 'orphan')}` : ''} (${plural(n, 'change')}):`,
    ...layout(groups),
  ].join('\n');
}

/** The repository's edits that `--prefer service` replaces, each as `subject detail` (docs/sync.md "--prefer"). */
export function replacedEdits(diff: SyncDiff): string[] {
  return diff.toRepo
    .filter((c) => c.resolvedBy === 'service')
    .map((c) => {
      const [, subject, detail] = changeRow(c, '-> repo');
      return `${subject} ${detail}`;
    });
}

/** What a pull, push or sync changed, each side listed (docs/sync.md "What sync reports"). */
export function renderApplied(diff: SyncDiff, mode: 'pull' | 'push' | 'sync'): string[] {
  const lines: string[] = [];
  const side = (title: string, changes: Change[], direction: '-> service' | '-> repo'): void => {
    if (changes.length === 0) return;
    const groups = new Map<string, Row[]>();
    for (const c of changes) add(groups, c.collection, changeRow(c, direction));
    lines.push(`${title} (${plural(changes.length, 'change')}):`, ...layout(groups).map((l) => `  ${l}`));
  };
  if (mode !== 'pull') side('Changed in the design file', diff.toService, '-> service');
  if (mode !== 'push') side('Changed in the repository', diff.toRepo, '-> repo');
  // --prefer service over the repository's own edits: said in words, each edit named.
  const replaced = mode === 'push' ? [] : replacedEdits(diff);
  if (replaced.length > 0)
    lines.push(
      `Replaced ${plural(replaced.length, 'edit')} of the repository with the design file's (--prefer service): ${replaced.join(
        '; ',
      )}. The repository's values were overwritten: if they were not committed, this line is their only record.`,
    );
  return lines;
}

/**
 * Tokens only the repository holds (composites and others no variable can hold): one
 * summary line, not a change (they are never pushed, so they make no `diff` exit 2).
 */
export function describeRepoOnly(tokens: readonly RepoToken[] | undefined): string {
  const own = (tokens ?? []).filter((t) => t.owner === 'repository');
  if (own.length === 0) return '';
  // Called with the tokens the lock does not list yet (SyncDiff.repoOnlyNew): each is mentioned once.
  const byType = new Map<string, number>();
  for (const t of own) byType.set(t.type, (byType.get(t.type) ?? 0) + 1);
  const types = [...byType].map(([type, n]) => `${n} ${type}`).join(', ');
  return `Repository only: ${plural(own.length, 'token')} (${types}) the design file cannot hold; built, never pushed.`;
}

/** The same for `--json`: each repository-only token, marked. */
export function repoOnlyJson(
  tokens: readonly RepoToken[] | undefined,
  fresh: readonly RepoToken[] = [],
): { collection: string; name: string; type: string; owner: 'repository'; new: boolean }[] {
  const isNew = new Set(fresh);
  return (tokens ?? [])
    .filter((t) => t.owner === 'repository')
    .map((t) => ({
      collection: t.collection,
      name: t.name,
      type: t.type,
      owner: 'repository' as const,
      new: isNew.has(t),
    }));
}

/**
 * What exists only in the service is reported with what to do about it: the dfs API cannot delete;
 * with the figma API, `--delete-orphans` (or sync.deleteOrphans) deletes them.
 */
export function describeOrphans(orphans: Orphan[], canDelete = false): string {
  const removedList = orphans.filter((o) => o.reason === 'removed-locally');
  const neverList = orphans.filter((o) => o.reason !== 'removed-locally');
  const removed = removedList.length;
  const neverPulled = neverList.length;
  const lines: string[] = [];
  if (removed > 0) {
    lines.push(
      canDelete
        ? `${removed} item(s) were removed from the repository but still exist in the design file: \`tokensync push --delete-orphans\` (or \`sync.deleteOrphans: true\`) deletes them there.`
        : `${removed} item(s) were removed from the repository but still exist in the design file (the API cannot delete): remove them there.`,
      ...namedOrphans(removedList),
    );
  }
  if (neverPulled > 0)
    lines.push(
      `${neverPulled} item(s) exist only in the design file and were never pulled: \`tokensync pull\` brings them into the repository.`,
      ...namedOrphans(neverList),
    );
  return lines.length > 0 ? `\n${lines.join('\n')}` : '';
}

/** Every orphan by name, the first 20 and how many more (docs/sync.md "Deletion and orphans"). */
function namedOrphans(list: Orphan[], max = 20): string[] {
  const shown = list.slice(0, max).map((o) => `  ? ${orphanName(o)}${o.id ? ` (${o.id})` : ''}`);
  if (list.length > max) shown.push(`  … and ${list.length - max} more`);
  return shown;
}

/**
 * What the design file and the files cannot share about extended collections, one line each
 * (docs/overrides.md §4 and §5): the repository's extensions where the service has none, and the
 * service's per-mode overrides, which token files cannot hold. Neither is a change.
 */
export function describeExtensions(diff: Pick<SyncDiff, 'repoOnlyExtensions' | 'perModeOverrides'>): string {
  const lines: string[] = [];
  if (diff.repoOnlyExtensions.length > 0) {
    const byParent = new Map<string, { names: string[]; overrides: number }>();
    for (const e of diff.repoOnlyExtensions) {
      const g = byParent.get(e.parent) ?? { names: [], overrides: 0 };
      g.names.push(e.collection);
      g.overrides += e.overrides;
      byParent.set(e.parent, g);
    }
    const groups = [...byParent].map(
      ([parent, g]) =>
        `${parent}: ${plural(g.names.length, 'context')} (${g.names.join(', ')}), ${plural(g.overrides, 'override')}`,
    );
    lines.push(
      `Repository only: ${groups.join('; ')}: the dfs service has no extended collections; built, never pushed.`,
    );
  }
  if (diff.perModeOverrides.length > 0) {
    const items = diff.perModeOverrides.map((o) => {
      const modes = o.modes.map((m) =>
        o.values[m] !== undefined ? `${m} ${showValue(o.values[m] as FieldValue)}` : `${m} inherits`,
      );
      return `${o.collection}: ${o.variable} (${modes.join(', ')})`;
    });
    lines.push(
      `Per-mode overrides kept as the design file holds them (token files hold one value per context; docs/overrides.md §4): ${items.join('; ')}. They stay in the design file and in sync.lock.json; never pushed over or deleted.`,
    );
  }
  return lines.join('\n');
}

/**
 * One "Repository only" line per modifier the design file cannot hold whole (docs/overrides.md §5):
 * tokens it defines in some of its contexts only (no variable can lack a mode), or a third axis.
 * Never a change: shown by `diff`, `push` and `check --remote` every time, as the repository holds them.
 */
export function describeRepoOnlyModifiers(list: readonly RepoOnlyModifier[] | undefined): string[] {
  return (list ?? []).map((m) => {
    const items = Object.entries(m.items);
    const shown = items
      .slice(0, 5)
      .map(([k, v]) => (Array.isArray(v) ? `${k} in ${v.join(', ')}` : `${k}: ${plural(v, 'override')}`));
    if (items.length > 5) shown.push(`+${items.length - 5} more`);
    return m.kind === 'partial'
      ? `Repository only: modifier "${m.modifier}" defines ${plural(items.length, 'token')} in only some of its contexts (${shown.join('; ')}), which no variable can hold (a variable has a value in every mode); built, never pushed.`
      : `Repository only: modifier "${m.modifier}" is a third axis over collection "${m.collection}" (${plural(items.length, 'context')}: ${shown.join('; ')}), which a design file cannot hold; built, never pushed.`;
  });
}

/** The second request of a push that gives extensions a new mode (docs/sync.md "Extended collections and overrides"). */
export function describeAwaitingOverrides(n: number | undefined): string[] {
  if (!n) return [];
  return [
    `${plural(n, 'override')} of extended collections ${n === 1 ? 'is' : 'are'} in modes this push creates: the service makes an extension's mode once its parent's exists, so push sets ${n === 1 ? 'it' : 'them'} in one more request, in the same run.`,
  ];
}
