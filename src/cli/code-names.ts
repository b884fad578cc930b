/**
 * `sync.codeSyntax`: the build's names handed to the sync as data (docs/sync.md "Code names in the
 * design file"). The sync may not import the code generator (docs/architecture.md "Folders and
 * import rules"), so the CLI computes the names from codegen's own naming and passes them in.
 * codegen is loaded only when a platform is enabled: loading its formats costs ~300 ms at start-up,
 * which every pull, push and `check --remote` would otherwise pay with the option off.
 */
import type { Config } from '../config/schema.js';
import { CODE_SYNTAX_PLATFORMS } from '../model/meta.js';
import type { CodeNames } from '../model/code-names.js';
import type { TokenSet } from '../model/types.js';

/** The `codeNames` option of a sync run, or undefined when no platform is enabled. */
export async function codeNamesOption(config: Config): Promise<((set: TokenSet) => CodeNames) | undefined> {
  const platforms = CODE_SYNTAX_PLATFORMS.filter((p) => config.sync.codeSyntax[p]);
  if (platforms.length === 0) return undefined;
  const { codeNames } = await import('../codegen/code-names.js');
  // A run asks again for the same set on each re-plan: named once per set.
  const cache = new WeakMap<TokenSet, CodeNames>();
  return (set) => {
    let names = cache.get(set);
    if (names === undefined) {
      const opts = { platforms, remBase: config.tokens.remBase, namespace: config.tokens.namespace };
      names = codeNames(set, config.build, opts);
      cache.set(set, names);
    }
    return names;
  };
}
