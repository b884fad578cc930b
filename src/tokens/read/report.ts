/**
 * Stage 5, report: problems to sorted diagnostics. Positions are computed here, only for files that
 * have problems (the position-keeping parse of json-tree.ts is slow next to JSON.parse: docs/benchmarks.md).
 */
import type { Diagnostic } from '../errors.js';
import { findSyntaxError, lineColumn, locate, parseJsonTree } from '../json-tree.js';
import type { TokenSources } from './parse.js';
import type { Problem } from './problems.js';

export function toDiagnostics(problems: Problem[], sources: TokenSources, displayDir: string): Diagnostic[] {
  if (problems.length === 0) return [];
  const trees = new Map<string, ReturnType<typeof parseJsonTree> | undefined>();
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const p of problems) {
    const text = sources.files.get(p.file)?.text ?? '';
    let offset = p.offset ?? 0;
    let message = p.message;
    if (p.offset === -1) {
      ({ offset, message } = findSyntaxError(text));
    } else if (p.jsonPath) {
      if (!trees.has(p.file)) {
        let tree: ReturnType<typeof parseJsonTree> | undefined;
        try {
          tree = parseJsonTree(text);
        } catch {
          tree = undefined;
        }
        trees.set(p.file, tree);
      }
      const tree = trees.get(p.file);
      offset = tree ? locate(tree, p.jsonPath, p.at ?? 'value') : 0;
    }
    const { line, column } = lineColumn(text, offset);
    const d: Diagnostic = {
      severity: p.severity,
      file: displayDir === '.' ? p.file : `${displayDir}/${p.file}`,
      line,
      column,
      ...(p.tokenPath !== undefined ? { tokenPath: p.tokenPath } : {}),
      message,
      hint: p.hint,
    };
    // A problem in a file several modes share (a set referenced by every context) is found once per mode.
    const id = `${d.file}:${line}:${column}:${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(d);
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}
