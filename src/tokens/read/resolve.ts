/**
 * Stage 4, resolve: references by dotted path in the merged set (docs/architecture.md: "curly-brace references
 * to a token path in the set that the resolver merges"), whole values and sub-values alike; then
 * the units of dimension and duration tokens that only alias, then cycles (format aliases.md
 * "Circular References": an error affecting every token of the chain).
 */
import type { RepoToken } from '../../model/dtcg.js';
import type { Collection, TokenKind, Variable } from '../../model/types.js';
import { RESOLVER_FILE } from '../resolver-doc.js';
import { pathOf } from './gather.js';
import { whereOf, type Gathered, type PendingRef } from './validate.js';

/** Variable -> mode -> the variable its alias resolved to (for kinds and cycles, without string keys). */
export type AliasTargets = Map<Variable, Map<string, Variable>>;

/** What resolving the references builds up: aliases' targets and the references between repository-owned tokens. */
interface Resolution {
  g: Gathered;
  namespaced: boolean;
  anyFileBroken: boolean;
  targets: AliasTargets;
  /** Repository-owned token -> the repository-owned tokens it refers to (for cycles). */
  repoEdges: Map<RepoToken, { to: RepoToken; ref: PendingRef }[]>;
}

type Owner = NonNullable<ReturnType<Gathered['byPath']['get']>>;

export function resolveReferences(
  g: Gathered,
  collections: Collection[],
  namespaced: boolean,
  anyFileBroken: boolean,
): void {
  const r: Resolution = { g, namespaced, anyFileBroken, targets: new Map(), repoEdges: new Map() };
  const { pending } = g;
  for (let i = 0; i < pending.length; i++) {
    const p = pending[i]!;
    const owner = g.byPath.get(p.target);
    if (!owner) missingTarget(r, p);
    else if (p.variable) variableAlias(r, p, owner);
    else repositoryReference(r, p, owner);
  }
  // Dimension and duration tokens that only alias take their unit from what they point to.
  for (const p of g.pendingKinds) p.variable.kind = inheritKind(p.variable, p.dtcgType, r.targets);
  reportCycles(r, collections);
}

const drop = (g: Gathered, p: PendingRef): void => {
  g.dropped.add((p.variable ?? p.repo ?? p.composedOf)!);
};

/** A reference to no token (or to a group): the referring token goes. */
function missingTarget(r: Resolution, p: PendingRef): void {
  const { g, namespaced } = r;
  const dotted = p.target;
  drop(g, p);
  // Not worth a second message when the target's own problem was reported, or when a file of
  // the set could not be parsed (its tokens are unknown until the syntax is fixed).
  if (g.reported.has(dotted) || r.anyFileBroken) return;
  // Only on this error path: is it a group? (format aliases.md: curly braces target tokens only)
  const prefix = `${dotted}.`;
  let group = false;
  for (const k of g.byPath.keys()) {
    if (k.startsWith(prefix)) {
      group = true;
      break;
    }
  }
  g.problems.push({
    severity: 'error',
    file: p.file,
    jsonPath: pathOf(p.token, '$value', ...p.sub),
    tokenPath: p.token.dotted,
    message: group
      ? `${p.whole ? 'alias' : 'reference'} {${dotted}} points to a group, not a token`
      : `${p.whole ? 'alias' : 'reference'} {${dotted}} points to no token`,
    hint: group
      ? `A reference names one token (format aliases.md "Curly Brace Syntax"): point it at a token inside the group, e.g. {${dotted}.$root} for a root token.`
      : `Point it at an existing token${namespaced ? ' (with `tokens.namespace: collection` the path starts with the collection folder name, e.g. {primitives.color.blue.500})' : ''}, or add the token it names.`,
  });
}

/** A variable's alias: any variable of the same variable type (a number may alias a dimension). */
function variableAlias(r: Resolution, p: PendingRef, owner: Owner): void {
  const variable = p.variable!;
  if (!owner.variable || owner.variable.type !== variable.type) {
    r.g.problems.push({
      severity: 'error',
      file: p.file,
      jsonPath: pathOf(p.token, '$value', ...p.sub),
      tokenPath: p.token.dotted,
      message: owner.variable
        ? `alias {${p.target}} points to a ${owner.variable.type} token, but this token is ${variable.type}`
        : owner.dtcgType === p.type
          ? `alias {${p.target}} points to a repository-owned token, which the design file does not hold, so this variable cannot alias it`
          : `alias {${p.target}} points to a ${owner.dtcgType} token, but this token is ${variable.type}`,
      hint:
        owner.variable || owner.dtcgType !== p.type
          ? 'Point the alias at a token of the same type, or change this token\'s "$type".'
          : 'Point it at a variable-backed token, or give it a value of its own.',
    });
    drop(r.g, p);
    return;
  }
  const target = owner.variable;
  p.alias.alias = { collection: target.collection, name: target.name };
  let byMode = r.targets.get(variable);
  if (!byMode) r.targets.set(variable, (byMode = new Map()));
  byMode.set(p.mode, target);
}

/** A reference inside a repository-owned token or a composed color's part. */
function repositoryReference(r: Resolution, p: PendingRef, owner: Owner): void {
  const { g } = r;
  const dotted = p.target;
  // A part of a composed color (composed.ts): a variable of the DTCG type the part needs.
  if (p.composedOf && (!owner.variable || owner.dtcgType !== p.type)) {
    g.problems.push({
      severity: 'error',
      file: p.file,
      jsonPath: pathOf(p.token, '$extensions', 'dev.tokensync', 'composed'),
      tokenPath: p.token.dotted,
      message: `reference {${dotted}} in ${whereOf(p)} points to ${owner.variable ? `a ${owner.dtcgType} token` : 'a repository-owned token'}, but needs a ${p.type} variable`,
      hint: `Point it at a ${p.type} token the design file holds.`,
    });
    drop(g, p);
    return;
  }
  // Inside a repository-owned token: the target's DTCG type must be the one the spec asks for.
  if (owner.dtcgType !== p.type) {
    g.problems.push({
      severity: 'error',
      file: p.file,
      jsonPath: pathOf(p.token, '$value', ...p.sub),
      tokenPath: p.token.dotted,
      message: `${p.whole ? 'alias' : 'reference'} {${dotted}} points to a ${owner.dtcgType} token, but ${p.whole ? 'this token is' : `${whereOf(p)} needs`} a ${p.type}`,
      hint: `Point it at a ${p.type} token${p.whole ? ', or change this token\'s "$type"' : " (format §9: a sub-value reference has the sub-value's type)"}.`,
    });
    drop(g, p);
    return;
  }
  const t = (owner.variable ?? owner.token)!;
  p.alias.alias = { collection: t.collection, name: t.name };
  if (owner.token && p.repo) {
    let edges = r.repoEdges.get(p.repo);
    if (!edges) r.repoEdges.set(p.repo, (edges = []));
    edges.push({ to: owner.token, ref: p });
  }
}

/** Alias cycles among variables and reference cycles among repository-owned tokens: each token of one goes. */
function reportCycles(r: Resolution, collections: Collection[]): void {
  const { problems, pending, dropped } = r.g;
  for (const cycle of findCycles(collections, r.targets)) {
    const first = cycle[0]!;
    const where = pending.find((a) => a.variable === first.variable && a.mode === first.mode);
    problems.push({
      severity: 'error',
      file: where?.file ?? RESOLVER_FILE,
      jsonPath: where ? pathOf(where.token, '$value') : [],
      ...(where ? { tokenPath: where.token.dotted } : {}),
      message: `alias cycle: ${cycle.map((n) => `${n.variable.collection}/${n.variable.name} (${n.mode})`).join(' -> ')} -> back to the start`,
      hint: 'Make one token in the cycle hold a literal value instead of an alias.',
    });
    for (const n of cycle) dropped.add(n.variable);
  }
  for (const cycle of findRepoCycles(r.repoEdges)) {
    const ref = cycle[0]!.ref;
    problems.push({
      severity: 'error',
      file: ref.file,
      jsonPath: pathOf(ref.token, '$value', ...ref.sub),
      tokenPath: ref.token.dotted,
      message: `reference cycle: ${cycle.map((e) => `${e.ref.repo!.collection}/${e.ref.repo!.name}`).join(' -> ')} -> back to the start`,
      hint: 'References MUST NOT be circular (format aliases.md "Circular References"): make one token in the cycle hold a value instead of a reference.',
    });
    for (const e of cycle) dropped.add(e.ref.repo!);
  }
}

/** The kind of the first token with a literal down an alias chain; px/ms when there is none. */
function inheritKind(v: Variable, dtcgType: string, targets: AliasTargets): TokenKind {
  let current: Variable | undefined = v;
  const seen = new Set<Variable>();
  while (current && !seen.has(current)) {
    seen.add(current);
    if (current !== v && current.kind?.type === dtcgType) return current.kind;
    // The first mode's value decides (the default mode's unit is how the token is written).
    let firstMode: string | undefined;
    for (const m in current.values) {
      firstMode = m;
      break;
    }
    if (firstMode === undefined) break;
    current = targets.get(current)?.get(firstMode);
  }
  return dtcgType === 'duration' ? { type: 'duration', unit: 'ms' } : { type: 'dimension', unit: 'px' };
}

interface Node {
  variable: Variable;
  mode: string;
}

/**
 * Alias cycles, each once. A node is (variable, mode). An alias inside a collection follows the same
 * mode; an alias into another collection may land in any of its modes (the consumer picks the mode),
 * so all of them are followed: conservative, and what the design file itself refuses.
 */
function findCycles(collections: Collection[], targets: AliasTargets): Node[][] {
  const modesOf = new Map(collections.map((c) => [c.name, c.modes.map((m) => m.name)]));
  /** Per variable, per mode: 1 on the stack, 2 done. */
  const state = new Map<Variable, Map<string, 1 | 2>>();
  const stateOf = (n: Node): 1 | 2 | undefined => state.get(n.variable)?.get(n.mode);
  const setState = (n: Node, s: 1 | 2): void => {
    let byMode = state.get(n.variable);
    if (!byMode) state.set(n.variable, (byMode = new Map()));
    byMode.set(n.mode, s);
  };
  const cycles: Node[][] = [];
  const stack: Node[] = [];

  // Only alias nodes can be on a cycle, so literal targets (most of a set) and aliases that did not
  // resolve (reported already) are not visited at all.
  const next = (n: Node): Node[] => {
    const target = targets.get(n.variable)?.get(n.mode);
    if (!target) return [];
    const byMode = targets.get(target);
    if (!byMode) return [];
    if (target.collection === n.variable.collection)
      return byMode.has(n.mode) ? [{ variable: target, mode: n.mode }] : [];
    const out: Node[] = [];
    for (const mode of modesOf.get(target.collection) ?? []) if (byMode.has(mode)) out.push({ variable: target, mode });
    return out;
  };

  // Iterative DFS: alias chains in large sets can be deep. `targets` holds the variables with aliases
  // in read order, so cycles are found (and reported) in the same order as before.
  // forEach and for-in: no entry array per variable, no key array per variable (docs/benchmarks.md "The cold read, sixth round").
  targets.forEach((aliased, v) => {
    for (const mode in v.values) {
      const target = aliased.get(mode);
      // An alias to a literal (most of them) starts no cycle; it is visited when reached, if ever.
      if (target === undefined || !targets.has(target)) continue;
      const startNode = { variable: v, mode };
      if (stateOf(startNode) !== undefined) continue;
      const work: { node: Node; children: Node[]; i: number }[] = [
        { node: startNode, children: next(startNode), i: 0 },
      ];
      setState(startNode, 1);
      stack.push(startNode);
      while (work.length > 0) {
        const top = work[work.length - 1]!;
        if (top.i < top.children.length) {
          const child = top.children[top.i++]!;
          const s = stateOf(child);
          if (s === undefined) {
            setState(child, 1);
            stack.push(child);
            work.push({ node: child, children: next(child), i: 0 });
          } else if (s === 1) {
            const from = stack.findIndex((x) => x.variable === child.variable && x.mode === child.mode);
            cycles.push(stack.slice(from));
          }
        } else {
          setState(top.node, 2);
          stack.pop();
          work.pop();
        }
      }
    }
  });
  return cycles;
}

/** Cycles among repository-owned tokens (whole-value aliases, shadow and gradient elements), each once. */
function findRepoCycles(
  edges: Map<RepoToken, { to: RepoToken; ref: PendingRef }[]>,
): { to: RepoToken; ref: PendingRef }[][] {
  const state = new Map<RepoToken, 1 | 2>();
  const path: { to: RepoToken; ref: PendingRef }[] = [];
  const onPath: RepoToken[] = [];
  const cycles: { to: RepoToken; ref: PendingRef }[][] = [];
  const visit = (t: RepoToken): void => {
    state.set(t, 1);
    onPath.push(t);
    for (const e of edges.get(t) ?? []) {
      const s = state.get(e.to);
      path.push(e);
      if (s === undefined) visit(e.to);
      else if (s === 1) cycles.push(path.slice(onPath.indexOf(e.to)));
      path.pop();
    }
    onPath.pop();
    state.set(t, 2);
  };
  for (const t of edges.keys()) if (!state.has(t)) visit(t);
  return cycles;
}
