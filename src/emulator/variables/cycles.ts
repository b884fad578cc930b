/**
 * Alias cycle detection over (variable, mode) pairs, linear in the pairs reached ("avoid
 * O(n^2) validation"; 10k variables x 4 modes per batch). Within a collection an alias in mode M
 * resolves in mode M of the target; across collections the consumer may pick any mode of the target's
 * collection, so such an alias is an edge to every mode of the target.
 */
import type { VariableValue } from '../state.js';

export interface AliasGraph {
  valueOf(variableId: string, modeId: string): VariableValue | undefined;
  collectionOf(variableId: string): string | undefined;
  modesOf(collectionId: string): readonly string[];
}

/** The first cycle reachable from `starts`, as the list of pairs on it (first repeated at the end), or null. */
export function findAliasCycle(graph: AliasGraph, starts: Iterable<[string, string]>): [string, string][] | null {
  const DONE = 2;
  const ON_STACK = 1;
  const mark = new Map<string, number>();
  const key = (v: string, m: string): string => `${v}\u0000${m}`;

  const edges = (v: string, m: string): [string, string][] => {
    let value: unknown = graph.valueOf(v, m);
    // A composed color's color alias is an edge like a whole alias (its opacity is a FLOAT: no cycle).
    if (typeof value === 'object' && value !== null && 'opacity' in value)
      value = (value as unknown as { color: unknown }).color;
    if (typeof value !== 'object' || value === null || !('type' in value)) return [];
    const target = (value as unknown as { id: string }).id;
    const from = graph.collectionOf(v);
    const to = graph.collectionOf(target);
    if (to === undefined) return [];
    if (from === to) return [[target, m]];
    return graph.modesOf(to).map((mm) => [target, mm] as [string, string]);
  };

  // Each pair's key is built once, when it is reached, and kept on its stack frame (a PUT of
  // 10k x 2 values starts from every alias in it).
  for (const [sv, sm] of starts) {
    const sk = key(sv, sm);
    if (mark.get(sk) === DONE) continue;
    const stack: { node: [string, string]; k: string; next: [string, string][]; i: number }[] = [];
    mark.set(sk, ON_STACK);
    stack.push({ node: [sv, sm], k: sk, next: edges(sv, sm), i: 0 });
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i >= top.next.length) {
        mark.set(top.k, DONE);
        stack.pop();
        continue;
      }
      const n = top.next[top.i++]!;
      const nk = key(n[0], n[1]);
      const state = mark.get(nk);
      if (state === DONE) continue;
      if (state === ON_STACK) {
        const from = stack.findIndex((f) => f.k === nk);
        return [...stack.slice(from).map((f) => f.node), n];
      }
      mark.set(nk, ON_STACK);
      stack.push({ node: n, k: nk, next: edges(n[0], n[1]), i: 0 });
    }
  }
  return null;
}
