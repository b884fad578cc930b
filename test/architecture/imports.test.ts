/**
 * The import rules of docs/architecture.md "Folders and import rules", checked on the graph of src/
 * (import-graph.ts: type-only imports included): no circle between files, no two sibling folders that
 * import each other, and each top-level folder imports only the folders its row allows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { circles as findCircles, type ImportGraph, importGraph } from './import-graph.js';

/** Top-level parts of src/ and what each may import (besides itself); docs/architecture.md keeps the same table. */
const ALLOWED: Record<string, string[]> = {
  'errors.ts': [],
  'time-scale.ts': ['run-scope.ts'],
  'run-scope.ts': [],
  model: [],
  fs: ['errors.ts', 'run-scope.ts'],
  config: ['errors.ts', 'fs'],
  types: ['model'],
  api: ['errors.ts', 'model', 'time-scale.ts'],
  emulator: ['errors.ts', 'fs', 'run-scope.ts', 'time-scale.ts'],
  tokens: ['config', 'errors.ts', 'fs', 'model', 'types'],
  codegen: ['config', 'errors.ts', 'fs', 'model', 'types'],
  git: ['errors.ts', 'run-scope.ts', 'tokens'],
  styles: ['api', 'config', 'errors.ts', 'model', 'tokens', 'types'],
  sync: ['api', 'config', 'errors.ts', 'fs', 'model', 'styles', 'tokens'],
  service: ['api', 'config', 'emulator', 'errors.ts', 'fs', 'model', 'tokens'],
  webhooks: ['errors.ts'],
  migrate: ['config', 'errors.ts', 'fs', 'model', 'tokens', 'types'],
  cli: ['*'],
  'index.ts': ['*'],
};

let graph: ImportGraph;
let circles: string[][];

beforeAll(() => {
  graph = importGraph('src');
  circles = findCircles(graph);
});

const edges = (): [string, string][] =>
  Object.entries(graph).flatMap(([from, tos]) => tos.map((to): [string, string] => [from, to]));

describe('the import graph of src/', () => {
  it('reads every source file', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(150);
    expect(graph['model/types.ts']).toContain('model/dtcg.ts');
  });

  it('has no circle between files', () => {
    expect(circles).toEqual([]);
  });

  it('has no two sibling folders that import each other', () => {
    const pairs = new Map<string, string>();
    for (const [from, to] of edges()) {
      const a = from.split('/');
      const b = to.split('/');
      let i = 0;
      while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
      // Only folders below the common parent count (a file beside a folder is its parent's own).
      if (i >= a.length - 1 || i >= b.length - 1) continue;
      const key = `${a.slice(0, i + 1).join('/')} -> ${b.slice(0, i + 1).join('/')}`;
      if (!pairs.has(key)) pairs.set(key, `${from} -> ${to}`);
    }
    const both = [...pairs.keys()].filter((k) => pairs.has(k.split(' -> ').reverse().join(' -> ')));
    expect(both.map((k) => `${k} (${pairs.get(k)})`)).toEqual([]);
  });

  it('keeps each top-level folder to the imports its row allows', () => {
    const top = (f: string): string => f.split('/')[0]!;
    const wrong = new Set<string>();
    for (const [from, to] of edges()) {
      const a = top(from);
      const b = top(to);
      if (a === b) continue;
      const allowed = ALLOWED[a];
      if (allowed === undefined || !(allowed.includes('*') || allowed.includes(b))) wrong.add(`${from} -> ${to}`);
    }
    expect([...wrong]).toEqual([]);
  });
});

describe('the circle finder', () => {
  it('names each circle and a file that imports itself, and nothing else', () => {
    const g = { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'], 'd.ts': ['d.ts'], 'e.ts': ['a.ts'], 'f.ts': [] };
    expect(findCircles(g)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
