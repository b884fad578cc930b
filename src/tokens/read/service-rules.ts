/**
 * Stage 4b, the service's rules: what the service would refuse, or what would go
 * wrong after a push, found here, on the path that `check`, push, pull and build all share (one
 * validator): scopes that do not fit the type, names with empty segments, two names that the build
 * turns into the same identifier, and duplicate or over-long mode names. Each problem names the file
 * and position of the token (or of the resolver document for modes).
 */
import { slug } from '../../model/names.js';
import { MAX_MODE_NAME, SCOPES_FOR_TYPE, nameProblem } from '../../model/service-rules.js';
import type { Variable } from '../../model/types.js';
import { EXTENSION, RESOLVER_FILE, type CollectionLayout } from '../resolver-doc.js';
import { pathOf, type RawToken } from './gather.js';
import type { Problem } from './problems.js';

export function checkServiceRules(
  perCollection: { layout: CollectionLayout; perMode: Map<string, Map<string, RawToken>> }[],
  variables: Variable[],
  problems: Problem[],
): void {
  const byCollection = new Map<string, Variable[]>();
  for (const v of variables) {
    const list = byCollection.get(v.collection) ?? [];
    list.push(v);
    byCollection.set(v.collection, list);
  }
  for (const { layout, perMode } of perCollection) {
    const c = layout.collection;
    // Modes: unique, and within the service's length.
    const seen = new Set<string>();
    for (const m of c.modes) {
      if (seen.has(m.name)) {
        problems.push({
          severity: 'error',
          file: RESOLVER_FILE,
          jsonPath: [],
          message: `collection "${c.name}" has two modes named "${m.name}"; the service refuses duplicate mode names`,
          hint: 'Rename one of the modes in tokens.resolver.json (the "modes" of the collection).',
        });
      }
      seen.add(m.name);
      if ([...m.name].length > MAX_MODE_NAME) {
        problems.push({
          severity: 'error',
          file: RESOLVER_FILE,
          jsonPath: [],
          message: `mode "${m.name}" of "${c.name}" has ${[...m.name].length} characters; the service allows at most ${MAX_MODE_NAME}`,
          hint: 'Shorten the mode name in tokens.resolver.json.',
        });
      }
    }
    const tokenOf = (name: string): RawToken | undefined => {
      for (const mode of [c.defaultMode, ...c.modes.map((m) => m.name)]) {
        const t = perMode.get(mode)?.get(name);
        if (t) return t;
      }
      return undefined;
    };
    const clash = new Map<string, string>();
    for (const v of byCollection.get(c.name) ?? []) {
      const t = tokenOf(v.name);
      if (!t) continue;
      const bad = nameProblem(v.name);
      if (bad) {
        problems.push({
          severity: 'error',
          file: t.file,
          jsonPath: pathOf(t),
          at: 'key',
          tokenPath: t.dotted,
          message: bad,
          hint: 'Give every group and token a name with at least one visible character.',
        });
        continue;
      }
      const allowed = SCOPES_FOR_TYPE[v.type];
      const wrong = v.scopes.filter((s) => !allowed.includes(s));
      if (wrong.length > 0) {
        problems.push({
          severity: 'error',
          file: t.file,
          jsonPath: pathOf(t, '$extensions', EXTENSION, 'scopes'),
          tokenPath: t.dotted,
          message: `the scope${wrong.length > 1 ? 's' : ''} ${wrong.map((s) => `"${s}"`).join(', ')} ${wrong.length > 1 ? 'do' : 'does'} not apply to a ${v.type} variable; the service refuses ${wrong.length > 1 ? 'them' : 'it'}`,
          hint: `Use scopes a ${v.type} variable accepts: ${allowed.join(', ')}.`,
        });
      }
      // The build names a token by its path in kebab case (build/transforms.ts): two names that differ
      // only in case, spaces or punctuation become one CSS variable, one TS key, one Swift constant.
      const key = slug(v.name);
      const first = clash.get(key);
      if (first !== undefined && first !== v.name) {
        problems.push({
          severity: 'error',
          file: t.file,
          jsonPath: pathOf(t),
          at: 'key',
          tokenPath: t.dotted,
          message: `"${v.name}" and "${first}" get the same name in the build (${key})`,
          hint: 'Rename one of them so they differ in more than case, spaces or punctuation.',
        });
      } else clash.set(key, v.name);
    }
  }
}
