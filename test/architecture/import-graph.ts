/**
 * The import graph of src/, drawn with oxc-parser (the parser knip runs on): every static import and
 * re-export, type-only ones included, and every `import()` of a literal path. Paths are relative to
 * src/ and end in `.ts`, as the source files are named; a specifier that does not start with `.` is
 * a package and is left out. docs/architecture.md "Folders and import rules" says what the graph must
 * not hold.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

export type ImportGraph = Record<string, string[]>;

/** Every `.ts` file under `dir`, relative to it, with `/` separators. */
function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(dir, rel);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The specifiers a file imports: static imports, re-exports and literal dynamic imports. */
function specifiers(file: string, text: string): string[] {
  const { module, errors } = parseSync(file, text);
  if (errors.length > 0) throw new Error(`${file}: oxc-parser: ${errors[0]?.message}`);
  return [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
    ...module.dynamicImports.flatMap((d) => {
      const literal = /^(['"])(.*)\1$/.exec(text.slice(d.moduleRequest.start, d.moduleRequest.end));
      return literal?.[2] === undefined ? [] : [literal[2]];
    }),
  ];
}

/** `./x.js` imported from `from` as the source file it names, relative to `root`. */
function resolve(root: string, from: string, specifier: string): string {
  const target = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, '.ts');
  if (existsSync(path.join(root, target))) return target;
  const index = path.posix.join(target.replace(/\.ts$/, ''), 'index.ts');
  if (existsSync(path.join(root, index))) return index;
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = {};
  for (const file of sourceFiles(root).sort()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const local = specifiers(file, text).filter((s) => s.startsWith('.'));
    graph[file] = [...new Set(local.map((s) => resolve(root, file, s)))].sort();
  }
  return graph;
}

/**
 * The circles of the graph: each strongly connected component of more than one file, or a file
 * that imports itself (Tarjan's algorithm), as the sorted list of its files.
 */
export function circles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph[v] ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph[v] ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of Object.keys(graph)) if (!index.has(v)) visit(v);
  return found;
}
