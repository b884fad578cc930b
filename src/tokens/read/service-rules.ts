/**
 * Stage 4b, the service's rules: what the service would refuse, or what would go
 * wrong after a push, found here, on the path that `check`, push, pull and build all share (one
 * validator): scopes that do not fit the type, names with empty segments, two names that the build
 * turns into the same identifier, and duplicate or over-long mode names. Each problem names the file
 * and position of the token (or of the resolver document for modes).
 */
import { keepName, slug } from '../../model/names.js';
import { MAX_MODE_NAME, SCOPES_FOR_TYPE, nameProblem } from '../../model/service-rules.js';
import type { Variable } from '../../model/types.js';
import { EXTENSION, RESOLVER_FILE, type CollectionLayout } from '../resolver-doc.js';
import { pathOf, type RawToken } from './gather.js';
import type { Problem } from './problems.js';

/**
 * Every name nameProblem refuses matches this (an empty segment, or a space at a segment's edge: `\s`
 * is what `trim` removes), so the usual name is passed by one native test instead of a split per name.
 */
const MAYBE_BAD_NAME = /(?:^|\/)\s|\s(?:$|\/)|(?:^|\/)(?:$|\/)/;

/**
 * Lower-case letters and digits in segments joined by single `/` or `-`: such a name has no problem
 * nameProblem finds, and its slug (model/names.ts) is the name with each `/` written `-` (nothing to
 * lower, strip or collapse). Generated and pulled sets are mostly such names; one native test and
 * one `replaceAll` instead of slug's four passes.
 */
const PLAIN_NAME = /^[a-z0-9]+(?:[-/][a-z0-9]+)*$/;

const NONE: string[] = [];

/** Whether every scope is allowed (a loop, not `every` with a closure per variable). */
function allIn(scopes: string[], allowed: readonly string[]): boolean {
  for (let i = 0; i < scopes.length; i++) if (!allowed.includes(scopes[i]!)) return false;
  return true;
}

export function checkServiceRules(
  perCollection: { layout: CollectionLayout; perMode: Map<string, Map<string, RawToken>> }[],
  variables: Variable[],
  problems: Problem[],
): void {
  const byCollection = new Map<string, Variable[]>();
  for (let i = 0; i < variables.length; i++) {
    const v = variables[i]!;
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
    // The default mode's tokens first, then the others': one list per collection, not per variable.
    const lookIn = [c.defaultMode, ...c.modes.map((m) => m.name)].flatMap((m) => perMode.get(m) ?? []);
    const tokenOf = (name: string): RawToken | undefined => {
      for (let i = 0; i < lookIn.length; i++) {
        const t = lookIn[i]!.get(name);
        if (t) return t;
      }
      return undefined;
    };
    const clash = new Map<string, string>();
    // Indexed loops here and above: no iterator result per variable (docs/benchmarks.md "The cold read, sixth round").
    const list = byCollection.get(c.name) ?? [];
    for (let i = 0; i < list.length; i++) {
      const v = list[i]!;
      const t = tokenOf(v.name);
      if (!t) continue;
      // The usual name: one native test says it is valid and what its slug is (see PLAIN_NAME).
      const plain = PLAIN_NAME.test(v.name);
      const bad = !plain && MAYBE_BAD_NAME.test(v.name) ? nameProblem(v.name) : undefined;
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
      const wrong = allIn(v.scopes, allowed) ? NONE : v.scopes.filter((s) => !allowed.includes(s));
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
      // The build names a token by its path, in kebab case by default (docs/build.md "Names"): two
      // names that differ only in case, spaces or punctuation become one CSS variable, one TS key, one
      // Swift constant. Where the `keep` name style tells them apart, the build refuses them under the
      // styles it is given (naming that style); where no style does, they are refused here.
      const ck = clashKey(v.name, plain);
      const first = clash.get(ck);
      if (first !== undefined && first !== v.name && !keepApart(v.name, first)) {
        const key = plain ? v.name.replaceAll('/', '-') : slug(v.name);
        problems.push({
          severity: 'error',
          file: t.file,
          jsonPath: pathOf(t),
          at: 'key',
          tokenPath: t.dotted,
          message: `"${v.name}" and "${first}" get the same name in the build under every name style (${key})`,
          hint: 'Rename one of them so they differ in more than spaces or punctuation.',
        });
      } else clash.set(ck, v.name);
    }
  }
}

/**
 * The clash check's key: the build slug with each `-` written `/`. That is one-to-one with the slug
 * (a slug holds no `/`), so two names clash exactly when their slugs are equal; and for a plain name
 * (PLAIN_NAME) it is the name with each `-` written `/`, which for the usual name without `-` is the
 * name itself: no new string to build and hash per variable (docs/benchmarks.md "The cold read,
 * seventh round").
 */
function clashKey(name: string, plain: boolean): string {
  if (!plain) return slug(name).replaceAll('-', '/');
  return name.indexOf('-') === -1 ? name : name.replaceAll('-', '/');
}

/** Whether the build's `keep` name style gives two variable names different names on every platform. */
function keepApart(a: string, b: string): boolean {
  const pa = a.split('/');
  const pb = b.split('/');
  return keepName(pa, true) !== keepName(pb, true) && keepName(pa, false) !== keepName(pb, false);
}
