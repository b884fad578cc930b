/**
 * Context views (docs/overrides.md "Build", docs/build.md "Contexts"): each extended collection and
 * each repository-only axis becomes one view per mode of its parent collection, holding only the
 * tokens that context changes. CSS prints them after every mode block:
 * - the parent's default mode: every token the context overrides, under the context's selector
 *   (`build.contexts.<modifier>.<context>`, default `[data-<modifier>="<context>"]`);
 * - another mode: the tokens whose value under the context differs by mode (the mode overrides them
 *   too, or the override itself differs by mode), under the combined selector
 *   `[data-mode="dark"][data-brand="acme"]`, after both single blocks, so the pair gets its own value.
 * The tokens keep their parent collection and name, so every platform name is the parent's.
 */
import type { BuildConfig } from '../config/schema.js';
import type { Collection, TokenSet } from '../model/types.js';
import { slug } from './naming.js';
import type { View } from './views.js';

type Overrides = Record<string, Record<string, unknown>> | undefined;
interface Held {
  collection: string;
  name: string;
  values: Record<string, unknown>;
  overrides?: Overrides;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function planContextViews(set: TokenSet, config: BuildConfig, views: readonly View[]): View[] {
  const axes: { ext: Collection; overrides: (e: Held) => Record<string, unknown> | undefined }[] = [
    ...set.collections
      .filter((c) => c.parent !== undefined)
      .map((ext) => ({ ext, overrides: (e: Held) => e.overrides?.[ext.name] })),
    ...(set.repositoryAxes ?? []).map((a) => ({
      ext: a.collection,
      overrides: (e: Held) => (e.collection === a.collection.parent ? a.overrides[e.name] : undefined),
    })),
  ];
  // A set without extended collections or axes (the common case) has no context view: no index.
  if (axes.length === 0) return [];
  const byKey = new Map<string, Held>();
  for (const e of [...set.variables, ...(set.tokens ?? [])]) byKey.set(`${e.collection}\u0000${e.name}`, e);
  const singles: View[] = [];
  const combined: View[] = [];
  axes.forEach(({ ext, overrides }, ai) => {
    const parent = set.collections.find((c) => c.name === ext.parent);
    if (!parent) return;
    const modifier = ext.modifier?.name ?? parent.name;
    const context = ext.modifier?.context ?? ext.name;
    const own = config.contexts[modifier]?.[context] ?? `[data-${slug(modifier)}="${slug(context)}"]`;
    parent.modes.forEach((mode, mi) => {
      const isDefaultMode = mode.name === parent.defaultMode;
      const modeSelector = views.find((v) => v.collection === parent && v.mode === mode.name)?.selector ?? '';
      const view: View = {
        key: `x${ai}_${mi}`,
        collection: ext,
        mode: mode.name,
        isDefault: false,
        selector: isDefaultMode ? own : bothSelectors(modeSelector, own),
        ...(config.contexts[modifier]?.[context] !== undefined
          ? { selectorKey: `build.contexts.${modifier}.${context}` }
          : {}),
        media: undefined,
        androidQualifier: undefined,
        className: '',
        parent: parent.name,
        pick: (e) => {
          const o = overrides(e as Held);
          if (isDefaultMode && (!o || o[mode.name] === undefined))
            return aliasesOverridden(e, mode.name, byKey, overrides) ? e.values[mode.name] : undefined;
          if (!o || o[mode.name] === undefined) return undefined;
          if (isDefaultMode) return o[mode.name];
          const byMode =
            !same(o[mode.name], o[parent.defaultMode]) || !same(e.values[mode.name], e.values[parent.defaultMode]);
          return byMode ? o[mode.name] : undefined;
        },
      };
      (isDefaultMode ? singles : combined).push(view);
    });
  });
  return [...singles, ...combined];
}

/**
 * A token whose value (whole-value aliases, followed) reaches a token the context overrides: a CSS
 * custom property computes its `var()` where it is declared, so the context's block declares it
 * again for the override to flow through it on an element below `:root`.
 */
function aliasesOverridden(
  e: Pick<Held, 'values'>,
  mode: string,
  byKey: Map<string, Held>,
  overrides: (e: Held) => Record<string, unknown> | undefined,
): boolean {
  let value = e.values[mode];
  for (let depth = 0; depth < 32; depth++) {
    const alias = (value as { alias?: { collection: string; name: string } } | undefined)?.alias;
    if (typeof value !== 'object' || value === null || alias === undefined) return false;
    const target = byKey.get(`${alias.collection}\u0000${alias.name}`);
    if (!target) return false;
    if (overrides(target)?.[mode] !== undefined) return true;
    value = target.values[mode];
  }
  return false;
}

/** `html` or `:root` leading a compound (a type selector must come first in the combined one). */
const LEAD = /^(html)?(:root)?(?=[.[:#]|$)/;

/**
 * The selector of a mode and a context on one element: each alternative of one joined to each of the
 * other, `html`/`:root` first (`.dark` + `html.acme` is `html.dark.acme`, not `.darkhtml.acme`).
 */
function bothSelectors(a: string, b: string): string {
  const out: string[] = [];
  for (const x of a.split(',').map((s) => s.trim()))
    for (const y of b.split(',').map((s) => s.trim())) {
      const lx = LEAD.exec(x)!;
      const ly = LEAD.exec(y)!;
      const html = lx[1] ?? ly[1] ?? '';
      const root = lx[2] ?? ly[2] ?? '';
      out.push(`${html}${root}${x.slice(lx[0].length)}${y.slice(ly[0].length)}`);
    }
  return out.join(', ');
}
