/**
 * The service fields tokensync keeps but does not own: `hiddenFromPublishing` and
 * `codeSyntax`. One canonical text per variable, so the diff, the lock and the plan compare them the
 * same way; the empty meta is the empty string (and is never written to the lock or a token file).
 */
import type { CodeSyntax, VariableMeta } from './types.js';

export const CODE_SYNTAX_PLATFORMS = ['WEB', 'ANDROID', 'iOS'] as const;

/** The meta of these fields, or undefined when there is nothing to keep. Unknown platforms are dropped. */
export function makeMeta(hidden: unknown, codeSyntax: unknown): VariableMeta | undefined {
  // Most variables have neither: nothing is allocated for them (a 10k-variable answer reads each).
  let cs: CodeSyntax | undefined;
  if (typeof codeSyntax === 'object' && codeSyntax !== null) {
    for (const p of CODE_SYNTAX_PLATFORMS) {
      const v = (codeSyntax as Record<string, unknown>)[p];
      if (typeof v === 'string' && v !== '') (cs ??= {})[p] = v;
    }
  }
  if (hidden !== true && cs === undefined) return undefined;
  const meta: VariableMeta = {};
  if (hidden === true) meta.hiddenFromPublishing = true;
  if (cs) meta.codeSyntax = cs;
  return meta;
}

/** Canonical text: '' for none, else JSON in a fixed key order. */
export function canonicalMeta(meta: VariableMeta | undefined): string {
  if (!meta) return '';
  const parts: string[] = [];
  if (meta.hiddenFromPublishing) parts.push('"hiddenFromPublishing":true');
  if (meta.codeSyntax) {
    const cs = CODE_SYNTAX_PLATFORMS.filter((p) => meta.codeSyntax?.[p] !== undefined).map(
      (p) => `${JSON.stringify(p)}:${JSON.stringify(meta.codeSyntax?.[p])}`,
    );
    if (cs.length > 0) parts.push(`"codeSyntax":{${cs.join(',')}}`);
  }
  return parts.length > 0 ? `{${parts.join(',')}}` : '';
}
