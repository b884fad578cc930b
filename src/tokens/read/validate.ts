/**
 * Stage 3, validate: one collection's tokens, from its mode files, into variables and
 * repository-owned tokens. Every value goes through its type's module (src/types/); the rules
 * across mode files live here: a token every mode file holds, one `$type`, one `$description`
 * (the design file has one), and one owner per path across collections. New input rules (issue 11)
 * belong here or in gather.ts, where the key they concern is at hand.
 */
import { DTCG_TYPE_NAMES, type DtcgType, type RepoToken } from '../../model/dtcg.js';
import type { Alias, Collection, Color, TokenKind, Variable } from '../../model/types.js';
import { didYouMean, refText } from '../../types/common.js';
import { typeModule, type ParseContext, type SubPath, type TypeModule } from '../../types/index.js';
import { EXTENSION, type CollectionLayout } from '../resolver-doc.js';
import { readMeta } from '../service-meta.js';
import { readComposed } from './composed.js';
import { pathOf, type RawToken } from './gather.js';
import type { Problem } from './problems.js';

/** Whoever holds a dotted path in the merged set. */
export interface Owner {
  layout: CollectionLayout;
  file: string;
  dtcgType: DtcgType;
  variable: Variable | undefined;
  token: RepoToken | undefined;
}

/** A reference still to resolve: a variable's alias, or one inside a repository-owned token. */
export interface PendingRef {
  /** Filled in place once resolved (the model value already holds this object). */
  alias: Alias;
  /** The text between the braces. */
  target: string;
  /** The type the target must have (for a variable's whole-value alias: checked by variable type). */
  type: DtcgType;
  file: string;
  token: RawToken;
  /** Where below the token's `$value` (its JSON path is built only for a problem). */
  sub: SubPath;
  mode: string;
  variable: Variable | undefined;
  repo: RepoToken | undefined;
  /** A reference that is the whole `$value`. */
  whole: boolean;
  /** What needs the type, for the message ("the color of a border"). */
  where: string | undefined;
  /** A part of this variable's composed color (composed.ts): the target must be a variable. */
  composedOf?: Variable;
}

/** What reading the collections adds up, across collections (for aliases, clashes and the set). */
export interface Gathered {
  problems: Problem[];
  variables: Variable[];
  tokens: RepoToken[];
  byPath: Map<string, Owner>;
  pending: PendingRef[];
  pendingKinds: { variable: Variable; dtcgType: string }[];
  /** Paths of tokens that exist but were already reported (so aliases to them add no noise). */
  reported: Set<string>;
  /** Variables and tokens left out of the set (incomplete, or a reference that does not resolve). */
  dropped: Set<Variable | RepoToken>;
  /** The `$type` of an untyped token that is an alias: its target's (format design-token.md "Type"). */
  typeOf: (dotted: string) => string | undefined;
}

const NO_SUB: SubPath = [];

/** The model value of an alias until it resolves. */
const placeholder = (): Alias => ({ alias: { collection: '', name: '' } });

/**
 * One collection's tokens into the set. A function of its own (not a loop inside analyzeTokens) so
 * V8 optimizes this hot loop quickly (issue 6: the OSR compile of the whole of analyzeTokens took
 * ~70 ms on the 2-core machine, competing with the check itself).
 */
export function validateCollection(
  layout: CollectionLayout,
  perMode: Map<string, Map<string, RawToken>>,
  namespaced: boolean,
  remBase: number,
  g: Gathered,
): void {
  const { problems, variables, tokens, byPath, pending, pendingKinds, reported, dropped } = g;
  const c = layout.collection;
  const defaultTokens = perMode.get(c.defaultMode);
  // Union of token names, default mode first, so read order follows the default mode's file: the
  // default mode's tokens, then those only other modes have (in mode order).
  const extra = new Map<string, RawToken>();
  for (const m of c.modes) {
    if (m.name === c.defaultMode) continue;
    for (const [n, t] of perMode.get(m.name) ?? []) if (!defaultTokens?.has(n) && !extra.has(n)) extra.set(n, t);
  }
  const names =
    defaultTokens === undefined ? extra : extra.size === 0 ? defaultTokens : new Map([...defaultTokens, ...extra]);
  const slots = c.modes.map((m) => ({ mode: m.name, file: layout.files.get(m.name)!, tokens: perMode.get(m.name) }));

  // One parse context for the collection; `at` says which token and mode it is working on.
  const at = { token: undefined as unknown as RawToken, mode: '', repo: undefined as RepoToken | undefined, ok: true };
  const ctx: ParseContext = {
    ref: (target, type, path) => {
      const alias = placeholder();
      if (at.repo) pending.push(pendingRef(alias, target, type, at.token, path, at.mode, undefined, at.repo, false));
      return alias;
    },
    report: (path, message, hint) => {
      at.ok = false;
      problems.push({
        severity: 'error',
        file: at.token.file,
        jsonPath: pathOf(at.token, '$value', ...path),
        tokenPath: at.token.dotted,
        message,
        hint,
      });
    },
    warn: (path, message, hint) => {
      problems.push({
        severity: 'warning',
        file: at.token.file,
        jsonPath: pathOf(at.token, '$value', ...path),
        tokenPath: at.token.dotted,
        message,
        hint,
      });
    },
  };

  for (const [name, first] of names) {
    const inDefault = defaultTokens?.get(name);
    const base = inDefault ?? first;
    const baseFile = base.file;
    // The dotted path as written, unless a key holds a "/" (then the name's segments are split further).
    const dottedPath =
      base.dotted.indexOf('/') === -1
        ? base.dotted
        : `${namespaced ? `${layout.slug}.` : ''}${name.split('/').join('.')}${base.root ? '.$root' : ''}`;
    if (base.broken) {
      reported.add(dottedPath);
      continue;
    }
    let dtcgType = base.type;
    const baseRef = refText(base.value);
    if (dtcgType === undefined && baseRef !== undefined) dtcgType = g.typeOf(baseRef);
    const mod = dtcgType === undefined ? undefined : typeModule(dtcgType);
    if (mod === undefined) reported.add(dottedPath);
    if (dtcgType === undefined) {
      problems.push({
        severity: 'error',
        file: baseFile,
        jsonPath: pathOf(base),
        at: 'key',
        tokenPath: base.dotted,
        // An alias takes its target's type (design-token.md "Type"), so say why there is none.
        message:
          baseRef === undefined
            ? 'the token has no "$type"'
            : `the token has no "$type", and its alias {${baseRef}} leads to no token that has one`,
        hint: `Add "$type" (one of ${DTCG_TYPE_NAMES.join(', ')}) to the token or a group above it${baseRef === undefined ? '' : ', or point the alias at an existing token'}.`,
      });
      continue;
    }
    if (mod === undefined) {
      const guess = didYouMean(dtcgType, DTCG_TYPE_NAMES);
      problems.push({
        severity: 'error',
        file: baseFile,
        jsonPath: pathOf(base, '$type'),
        tokenPath: base.dotted,
        message: `unknown "$type": "${dtcgType}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
        hint: `Use one of ${DTCG_TYPE_NAMES.join(', ')}.`,
      });
      continue;
    }
    // Repository-owned: a type no variable holds, a `$root` token at the top of a file (no variable
    // name can hold it), or an alias to one. A group's `$root` is the variable named by the group.
    const topRoot = (dotted: string): boolean =>
      dotted === '$root' || (namespaced && dotted === `${layout.slug}.$root`);
    const mapping = topRoot(base.dotted) || (baseRef !== undefined && topRoot(baseRef)) ? undefined : mod.variable;
    const variable: Variable | undefined = mapping
      ? {
          collection: c.name,
          name,
          type: mapping.type,
          description: base.description,
          scopes: readScopes(base.scopes, baseFile, base, problems),
          values: {},
        }
      : undefined;
    if (variable) {
      // Kept service fields (issue 12): hiddenFromPublishing, codeSyntax (service-meta.ts).
      const kept = readMeta(base.ours);
      if (kept.meta) variable.meta = kept.meta;
      for (const p of kept.problems)
        problems.push({
          severity: 'error',
          file: baseFile,
          jsonPath: pathOf(base, '$extensions', EXTENSION, p.key),
          tokenPath: base.dotted,
          message: p.message,
          hint: p.hint,
        });
    }
    const repo: RepoToken | undefined = mapping
      ? undefined
      : {
          collection: c.name,
          name,
          type: mod.type,
          description: base.description,
          values: {},
          owner: 'repository',
          ...(base.deprecated !== undefined && base.deprecated !== false ? { deprecated: base.deprecated } : {}),
        };
    /** The default mode's kind, else the first mode's that has a literal. */
    let defaultKind: TokenKind | undefined;
    let firstKind: TokenKind | undefined;
    let complete = true;
    for (const { mode: modeName, tokens: modeTokens } of slots) {
      if (!modeTokens) {
        complete = false;
        continue; // the file itself is broken or missing, already reported
      }
      const t = modeTokens.get(name);
      if (!t) {
        const other = c.defaultMode === modeName ? firstModeWith(perMode, name, c)?.file : inDefault?.file;
        const here = layout.files.get(modeName)!;
        problems.push({
          severity: 'error',
          file: here,
          jsonPath: pathOf(base),
          tokenPath: base.dotted,
          message: `mode "${modeName}" has no token ${base.dotted}, which ${other ?? baseFile} has`,
          hint: `Add ${base.dotted} to ${here} (every mode file of a collection holds the same tokens), or remove it from the other mode files.`,
        });
        complete = false;
        continue;
      }
      if (t.broken) {
        complete = false;
        continue;
      }
      if (t.type !== base.type) {
        problems.push({
          severity: 'error',
          file: t.file,
          jsonPath: pathOf(t, '$type'),
          tokenPath: t.dotted,
          message: `"$type" is ${JSON.stringify(t.type ?? null)} here but "${base.type ?? dtcgType}" in ${baseFile}`,
          hint: 'Give the token the same "$type" in every mode file of its collection.',
        });
        complete = false;
        continue;
      }
      if (t !== base && t.description !== '' && base.description !== '' && t.description !== base.description) {
        problems.push({
          severity: 'error',
          file: t.file,
          jsonPath: pathOf(t, '$description'),
          tokenPath: t.dotted,
          message: `"$description" differs between mode files: ${JSON.stringify(base.description)} in ${baseFile}, ${JSON.stringify(t.description)} in ${t.file}`,
          hint: `The design file holds one description per ${variable ? 'variable' : 'token'}: write the same text in both files (or keep it only in ${baseFile}).`,
        });
        complete = false;
        continue;
      }
      const target = refText(t.value);
      if (target !== undefined) {
        // A whole-value alias: any token of the same type.
        const alias = placeholder();
        pending.push(pendingRef(alias, target, mod.type, t, NO_SUB, modeName, variable, repo, true));
        (variable ?? repo!).values[modeName] = alias;
        continue;
      }
      if (
        typeof t.value === 'string' &&
        (t.value.includes('{') || t.value.includes('}')) &&
        mod.type !== 'string' &&
        mod.type !== 'fontFamily'
      ) {
        problems.push({
          severity: 'error',
          file: t.file,
          jsonPath: pathOf(t, '$value'),
          tokenPath: t.dotted,
          message: `"${t.value}" is not a valid alias`,
          hint: 'Write an alias as "{group.token}": the whole value in curly braces, path segments joined by ".".',
        });
        complete = false;
        continue;
      }
      at.token = t;
      at.mode = modeName;
      at.repo = repo;
      at.ok = true;
      let value = (mod as TypeModule).parse(t.value, ctx, NO_SUB);
      if (value === undefined || !at.ok) {
        complete = false;
        continue;
      }
      if (mod.extension !== undefined && t.ours !== undefined)
        value = (mod as TypeModule).extension!(value as never, t.ours);
      if (variable) {
        const { literal, kind } = mapping!.toLiteral(value as never, remBase);
        variable.values[modeName] = literal;
        const composed = t.ours?.['composed'];
        if (composed !== undefined && !addComposed(variable, literal, composed, t, modeName, g)) {
          complete = false;
          continue;
        }
        firstKind ??= kind;
        if (modeName === c.defaultMode) defaultKind = kind;
      } else {
        repo!.values[modeName] = value as never;
      }
    }
    // One object literal with every field (no shape changes after creation: this runs per token).
    const owner: Owner = { layout, file: baseFile, dtcgType: mod.type, variable, token: repo };
    if (variable) {
      // The default mode's unit decides how the token is written back; other modes are converted.
      const kind =
        defaultKind ??
        firstKind ??
        (mod.type === 'dimension' || mod.type === 'duration' ? undefined : ({ type: mod.type } as TokenKind));
      if (kind) variable.kind = kind;
      else pendingKinds.push({ variable, dtcgType: mod.type });
      // An incomplete token stays addressable (so aliases to it do not cascade into more errors) but
      // is left out of the set.
      variables.push(variable);
      if (!complete) dropped.add(variable);
    } else {
      tokens.push(repo!);
      if (!complete) dropped.add(repo!);
    }

    const clash = byPath.get(dottedPath);
    if (clash) {
      problems.push({
        severity: 'error',
        file: baseFile,
        jsonPath: pathOf(base),
        at: 'key',
        tokenPath: dottedPath,
        message: `${dottedPath} is defined by collection "${clash.layout.collection.name}" (${clash.file}) and by collection "${c.name}" (${baseFile})`,
        hint: 'Rename one of the two variables, or set `tokens.namespace: collection` in config/tokensync.yaml so each collection sits under its own top-level group.',
      });
    } else {
      byPath.set(dottedPath, owner);
    }
  }
}

/** A PendingRef, always with the same fields in the same order (one object shape for V8). */
/** A composed color's parts on the literal (composed.ts); false when they are wrong (reported). */
function addComposed(
  variable: Variable,
  literal: unknown,
  raw: unknown,
  t: RawToken,
  mode: string,
  g: Gathered,
): boolean {
  const read =
    variable.type === 'COLOR' ? readComposed(raw) : { message: '"composed" is for colors only', hint: 'Remove it.' };
  if ('message' in read) {
    g.problems.push({
      severity: 'error',
      file: t.file,
      jsonPath: pathOf(t, '$extensions', EXTENSION, 'composed'),
      tokenPath: t.dotted,
      message: read.message,
      hint: read.hint,
    });
    return false;
  }
  (literal as Color).composed = { color: read.color, opacity: read.opacity };
  for (const r of read.refs) {
    const p = pendingRef(r.alias, r.target, r.type, t, NO_SUB, mode, undefined, undefined, false);
    p.where = `the ${r.type === 'color' ? 'color' : 'opacity'} of a composed color`;
    p.composedOf = variable;
    g.pending.push(p);
  }
  return true;
}

function pendingRef(
  alias: Alias,
  target: string,
  type: DtcgType,
  token: RawToken,
  sub: SubPath,
  mode: string,
  variable: Variable | undefined,
  repo: RepoToken | undefined,
  whole: boolean,
): PendingRef {
  return {
    alias,
    target,
    type,
    file: token.file,
    token,
    sub,
    mode,
    variable,
    repo,
    whole,
    where: whole ? undefined : describe(sub),
  };
}

/** `['shadow', 0, 'color']` -> "the color of a shadow" style wording for reference messages. */
function describe(path: SubPath): string {
  const named = path.filter((p): p is string => typeof p === 'string');
  return named.length > 0 ? `"${named.join('.')}"` : 'this element';
}

function firstModeWith(perMode: Map<string, Map<string, RawToken>>, name: string, c: Collection): RawToken | undefined {
  for (const m of c.modes) {
    const t = perMode.get(m.name)?.get(name);
    if (t) return t;
  }
  return undefined;
}

function readScopes(raw: unknown, file: string, t: RawToken, problems: Problem[]): string[] {
  if (raw === undefined) return ['ALL_SCOPES'];
  if (Array.isArray(raw) && raw.every((s) => typeof s === 'string')) return [...raw];
  problems.push({
    severity: 'error',
    file,
    jsonPath: pathOf(t, '$extensions', EXTENSION, 'scopes'),
    tokenPath: t.dotted,
    message: `"scopes" must be an array of scope names, not ${JSON.stringify(raw)}`,
    hint: 'Write e.g. "scopes": ["GAP", "WIDTH_HEIGHT"], or remove "scopes" to allow all scopes.',
  });
  return ['ALL_SCOPES'];
}
