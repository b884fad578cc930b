/**
 * The mode merge ("Style Dictionary has no modes, so merge the resolver yourself").
 *
 * Every (collection, mode) pair is a *view*. All views go into ONE Style Dictionary token tree,
 * each under its own top-level key (`v0_0`, `v1_1`, ...), so Style Dictionary runs each platform
 * once for every mode (measured: one run over the merged tree is several times faster than one
 * Style Dictionary run per mode, whose fixed cost per run dominates). Our name transforms drop the
 * view key, so every mode of a token gets the same name, and our formats put each view where its
 * platform wants it (a CSS selector, a Swift class, an Android resource folder ...).
 */
import type { Collection, TokenSet } from '../model/types.js';
import type { BuildConfig } from '../config/schema.js';
import { BuildError } from './errors.js';
import { pascal, slug } from './naming.js';

export interface View {
  /** Top-level key of this view in the Style Dictionary tree. */
  key: string;
  collection: Collection;
  mode: string;
  isDefault: boolean;
  /**
   * CSS selector of this mode (docs/architecture.md "Build": `[data-<collection>="<mode>"]` by default). The
   * default mode also sits under `:root`; its own selector is used when another mode has a media query.
   */
  selector: string;
  /** The config key that set `selector`, when the config did (errors name it); absent for a default. */
  selectorKey?: string;
  /** Optional media query that also applies this mode, e.g. `(prefers-color-scheme: dark)`. */
  media: string | undefined;
  /** Android resource qualifier (`night` -> `values-night`); undefined for the default mode. */
  androidQualifier: string | undefined;
  /** Swift / Kotlin class name, e.g. `ThemeDark`. */
  className: string;
  /**
   * A context view (contexts.ts): the value of a token in this view, or undefined when the view does
   * not hold it. Its tokens are its parent collection's, so they keep their names.
   */
  pick?: (entry: { collection: string; name: string; values: Record<string, unknown> }) => unknown;
  /** A context view: the collection whose tokens it overrides. */
  parent?: string;
}

/**
 * Android has one resource qualifier that matches a design mode on its own: `night`. A mode named
 * like a dark mode gets it unless the config says otherwise (`build.modes.<c>.<m>.androidQualifier`).
 */
function defaultAndroidQualifier(mode: string): string | undefined {
  return /^(dark|night)([\s_-]?mode)?$/i.test(mode.trim()) ? 'night' : undefined;
}

export function planViews(set: TokenSet, config: BuildConfig): View[] {
  const views: View[] = [];
  const classNames = new Map<string, string>();
  // A misspelt collection under build.modes would otherwise be ignored without a word.
  const unknownCollection = Object.keys(config.modes).find((name) => !set.collections.some((c) => c.name === name));
  if (unknownCollection !== undefined) {
    throw new BuildError(
      'BUILD_CONFIG_INVALID',
      `config key "build.modes.${unknownCollection}": there is no collection "${unknownCollection}" (the collections: ${set.collections.map((c) => c.name).join(', ')}).`,
      {
        hint: 'Use one of the collection names listed (as in the design file; names are case-sensitive), or remove that key from config/tokensync.yaml.',
      },
    );
  }
  set.collections.forEach((collection, ci) => {
    // An extended collection is built as context views of its parent (contexts.ts).
    if (collection.parent !== undefined) return;
    if (!collection.modes.some((m) => m.name === collection.defaultMode)) {
      throw new BuildError(
        'BUILD_MODEL_INVALID',
        `Collection "${collection.name}" has default mode "${collection.defaultMode}", which is not one of its modes.`,
        {
          hint: 'Fix the resolver document (tokens/tokens.resolver.json): its `default` must name one of the contexts.',
        },
      );
    }
    const unknown = Object.keys(config.modes[collection.name] ?? {}).filter(
      (m) => !collection.modes.some((x) => x.name === m),
    );
    if (unknown.length > 0) {
      throw new BuildError(
        'BUILD_CONFIG_INVALID',
        `config key "build.modes.${collection.name}.${unknown[0]}": collection "${collection.name}" has no mode "${unknown[0]}" (its modes: ${collection.modes.map((m) => m.name).join(', ')}).`,
        {
          hint: 'Use one of the mode names listed, or remove that key from config/tokensync.yaml.',
        },
      );
    }
    collection.modes.forEach((mode, mi) => {
      const out = config.modes[collection.name]?.[mode.name] ?? {};
      const isDefault = mode.name === collection.defaultMode;
      // A collection whose modes are a resolver modifier's contexts (docs/overrides.md §3) is selected
      // by that modifier: `build.contexts.<modifier>.<context>`, else the template with its name.
      const modifier = collection.modifier?.name;
      const fromContexts = modifier === undefined ? undefined : config.contexts[modifier]?.[mode.name];
      const selector =
        out.selector ??
        fromContexts ??
        config.selector
          .replaceAll('{collection}', slug(modifier ?? collection.name))
          .replaceAll('{mode}', slug(mode.name));
      const selectorKey =
        out.selector !== undefined
          ? `build.modes.${collection.name}.${mode.name}.selector`
          : fromContexts !== undefined
            ? `build.contexts.${modifier}.${mode.name}`
            : 'build.selector';
      // A one-mode collection is named by the collection alone on every platform: `Primitives`, not
      // `PrimitivesValue`, and `Color`, not `ColorColor` (docs/build.md "One-mode collections");
      // a collection with several modes keeps a class per mode (`ThemeLight`, `ThemeDark`).
      const once = collection.modes.length === 1;
      const className = pascal(config.prefix, collection.name, ...(once ? [] : [mode.name]));
      const clash = classNames.get(className);
      if (clash !== undefined) {
        throw new BuildError(
          'BUILD_NAME_CLASH',
          `Mode "${collection.name}/${mode.name}" and mode "${clash}" both become the class name ${className} in Swift and Kotlin.`,
          {
            hint: 'Rename one of the collections or modes so their names differ in more than case and punctuation.',
          },
        );
      }
      classNames.set(className, `${collection.name}/${mode.name}`);
      views.push({
        key: `v${ci}_${mi}`,
        collection,
        mode: mode.name,
        isDefault,
        selector,
        selectorKey,
        media: out.media,
        androidQualifier: isDefault ? undefined : (out.androidQualifier ?? defaultAndroidQualifier(mode.name)),
        className,
      });
    });
  });
  return views;
}

/** The view a reference to `collection` resolves in when made from `from` (see tree.ts). */
export function targetView(views: View[], from: View, collection: string): View | undefined {
  if (collection === from.collection.name) return from;
  return views.find((v) => v.collection.name === collection && v.isDefault);
}
