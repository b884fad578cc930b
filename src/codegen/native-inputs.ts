/**
 * Native platforms per resolver input (docs/build.md "Contexts"; docs/overrides.md "Build"): iOS,
 * Android and Compose get one output per input, as ts and json do (permutations.ts). Each input is
 * turned into a plain token set of one-mode collections holding the values that input picks (an
 * extension's or a repository-only axis's override where the input picks its context), aliases kept,
 * since every collection they name is resolved in the same input. That set goes through the ordinary
 * native platforms, so every value is formatted by the same transforms as the per-mode outputs:
 * - iOS and Compose: one type per collection and input, `<Collection>For<Input>` (`ThemeForModeDark`,
 *   `ThemeForDefault`), in `ios/permutations/` and `compose/permutations/`;
 * - Android: a resource folder per input, `android/permutations/<input>/values/tokens.xml`, to add
 *   as a flavor's (or a build variant's) res dir: resources of one name cannot differ in one res set
 *   except by qualifier, and a brand or a density is no Android qualifier.
 * Repository-owned composites are not in these outputs (their per-context values are in the CSS).
 */
import type { BuildConfig, Platform } from '../config/schema.js';
import { isAlias, type TokenSet, type Value, type Variable } from '../model/types.js';
import { ownValues, type Input } from './inputs.js';
import type { BuildCollection } from './naming.js';
import { hasContexts, permutationId, permutationsOf } from './permutations.js';

export const NATIVE_PLATFORMS: readonly Platform[] = ['ios', 'android', 'compose'];

const MODE = 'value';

export interface NativeInput {
  input: Input;
  id: string;
  set: TokenSet;
}

/** The inputs the native platforms are built for: none unless the set has contexts or permutations. */
export function nativeInputs(set: TokenSet, config: BuildConfig, platforms: readonly Platform[]): NativeInput[] {
  if (!platforms.some((p) => NATIVE_PLATFORMS.includes(p))) return [];
  if (!config.permutations && !hasContexts(set)) return [];
  return permutationsOf(set, config).map((input) => {
    const id = permutationId(input);
    return { input, id, set: inputSet(set, input, id) };
  });
}

/**
 * One input as a set of one-mode collections named `<collection> for <input>` (the type's name),
 * whose tokens keep the collection's own namespace (`tokens.namespace: collection`): a per-input type
 * declares the same names as the per-mode ones, only its values differ.
 */
export function inputSet(set: TokenSet, input: Input, id: string): TokenSet {
  const own = ownValues(set, input);
  const rename = (collection: string): string => `${collection} for ${id}`;
  const collections: BuildCollection[] = set.collections
    .filter((c) => c.parent === undefined)
    .map((c) => ({ name: rename(c.name), namespace: c.name, modes: [{ name: MODE }], defaultMode: MODE }));
  const variables: Variable[] = [];
  for (const v of set.variables) {
    const value = own(v);
    if (value === undefined) continue;
    const renamed: Value = isAlias(value)
      ? { alias: { collection: rename(value.alias.collection), name: value.alias.name } }
      : value;
    const { overrides: _, id: _id, key: _key, ...rest } = v;
    variables.push({ ...rest, collection: rename(v.collection), values: { [MODE]: renamed } });
  }
  return { collections, variables };
}

/** Where a native file of one input goes: under `permutations/`, Android by a res folder per input. */
export function nativeInputPath(file: string, id: string): string | undefined {
  if (file.startsWith('ios/')) return `ios/permutations/${file.slice('ios/'.length)}`;
  if (file.startsWith('compose/')) return `compose/permutations/${file.slice('compose/'.length)}`;
  if (file.startsWith('android/')) return `android/permutations/${id}/${file.slice('android/'.length)}`;
  return undefined;
}
