/**
 * The issue a schema error names. zod reports a failed union as one issue at the union's path with
 * each branch's issues inside; the field a user must fix is inside the branch that came closest (the
 * fewest issues), so the error says `meta.variables["X"].scopes: expected array`, not only the
 * variable (docs/api-client.md "Schema errors").
 */
import type { z } from 'zod';

interface NamedIssue {
  path: PropertyKey[];
  message: string;
}

export function closestIssue(issues: readonly z.core.$ZodIssue[]): NamedIssue | undefined {
  const first = issues[0];
  if (!first) return undefined;
  if (first.code !== 'invalid_union' || first.errors.length === 0)
    return { path: [...first.path], message: first.message };
  const branch = first.errors.reduce((best, b) =>
    b.length > 0 && (best.length === 0 || b.length < best.length) ? b : best,
  );
  const inner = closestIssue(branch);
  if (!inner) return { path: [...first.path], message: first.message };
  return { path: [...first.path, ...inner.path], message: inner.message };
}
