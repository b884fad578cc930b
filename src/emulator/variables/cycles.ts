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
  // variable -> mode -> state: no key string per pair (a PUT of 10k x 2 values starts from every
  // alias in it; docs/benchmarks.md "No-op pull and push, and the initial push: the service and the
  // lock (fifth round)").
  const marks = new Map<string, Map<string, number>>();
  const markOf = (v: string, m: string): number | undefined => marks.get(v)?.get(m);
  const setMark = (v: string, m: string, state: number): void => {
    let modes = marks.get(v);
    if (modes === undefined) marks.set(v, (modes = new Map()));
    modes.set(m, state);
  };
  const modesOf = new Map<string, readonly string[]>();

  /** The pair's successors: none, the target in the same mode, or the target in each mode of its collection. */
  const frame = (v: string, m: string): Frame => {
    let value: unknown = graph.valueOf(v, m);
    // A composed color's color alias is an edge like a whole alias (its opacity is a FLOAT: no cycle).
    if (typeof value === 'object' && value !== null && 'opacity' in value)
      value = (value as unknown as { color: unknown }).color;
    if (typeof value !== 'object' || value === null || !('type' in value))
      return { v, m, target: '', modes: NONE, i: 0 };
    const target = (value as unknown as { id: string }).id;
    const from = graph.collectionOf(v);
    const to = graph.collectionOf(target);
    if (to === undefined) return { v, m, target, modes: NONE, i: 0 };
    if (from === to) return { v, m, target, modes: [m], i: 0 };
    let modes = modesOf.get(to);
    if (modes === undefined) modesOf.set(to, (modes = graph.modesOf(to)));
    return { v, m, target, modes, i: 0 };
  };

  for (const [sv, sm] of starts) {
    if (markOf(sv, sm) === DONE) continue;
    const stack: Frame[] = [];
    setMark(sv, sm, ON_STACK);
    stack.push(frame(sv, sm));
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i >= top.modes.length) {
        setMark(top.v, top.m, DONE);
        stack.pop();
        continue;
      }
      const nv = top.target;
      const nm = top.modes[top.i++]!;
      const state = markOf(nv, nm);
      if (state === DONE) continue;
      if (state === ON_STACK) {
        const from = stack.findIndex((f) => f.v === nv && f.m === nm);
        return [...stack.slice(from).map((f): [string, string] => [f.v, f.m]), [nv, nm]];
      }
      setMark(nv, nm, ON_STACK);
      stack.push(frame(nv, nm));
    }
  }
  return null;
}

/** A pair on the walk's stack and the successors left to visit: (`target`, `modes[i..]`). */
interface Frame {
  v: string;
  m: string;
  target: string;
  modes: readonly string[];
  i: number;
}

const NONE: readonly string[] = [];
