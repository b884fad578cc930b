/**
 * Whole resolver inputs for ts and json (docs/build.md "Contexts"; docs/overrides.md "Build"): one
 * file per input, every variable with its resolved value (inputs.ts), nested by path. The inputs are
 * `build.permutations`, else the default input and one per context of each modifier. Written only for
 * a set with overrides or when the config lists permutations, so a set of plain modes builds as before.
 * Repository-owned composites are not in these files (their per-context values are in the CSS).
 */
import type { BuildConfig, Platform } from '../config/schema.js';
import { isAlias, isColor, type TokenSet, type Value, type Variable } from '../model/types.js';
import { colorToHex, colorToHex8 } from '../model/values.js';
import { typeModule } from '../types/index.js';
import { axesOf, resolveInput, type Input } from './inputs.js';
import { slug } from './naming.js';

export function hasContexts(set: TokenSet): boolean {
  return (
    (set.repositoryAxes?.length ?? 0) > 0 ||
    set.collections.some((c) => c.parent !== undefined || c.modifier !== undefined)
  );
}

/** The inputs to build: the config's, else the default one and one per non-default context. */
export function permutationsOf(set: TokenSet, config: BuildConfig): Input[] {
  if (config.permutations) return config.permutations;
  const axes = axesOf(set);
  const out: Input[] = [{}];
  for (const a of axes) for (const c of a.contexts) if (c !== a.default) out.push({ [a.modifier]: c });
  return out;
}

/** `default`, or `mode-dark.brand-acme` (modifiers in the input's order). */
export const permutationId = (input: Input): string =>
  Object.keys(input).length === 0
    ? 'default'
    : Object.entries(input)
        .map(([m, c]) => `${slug(m)}-${slug(c)}`)
        .join('.');

function literal(v: Variable, value: Value, remBase: number): unknown {
  if (isAlias(value)) return null;
  if (isColor(value)) return value.a >= 1 ? colorToHex(value) : colorToHex8(value);
  const kind = v.kind;
  if (kind && (kind.type === 'dimension' || kind.type === 'duration')) {
    const d = typeModule(kind.type)!.variable!.fromLiteral(value as never, kind, remBase) as {
      value: number;
      unit: string;
    };
    return `${d.value}${d.unit}`;
  }
  return value;
}

export function permutationFiles(
  set: TokenSet,
  config: BuildConfig,
  platforms: readonly Platform[],
  remBase: number,
  namespaced = false,
): Map<string, string> {
  const files = new Map<string, string>();
  const want = platforms.filter((p) => p === 'json' || p === 'ts');
  if (want.length === 0 || (!config.permutations && !hasContexts(set))) return files;
  // With `tokens.namespace: collection` a path starts with its collection's slug, as every other
  // output's names do (docs/build.md "Collections that share names"): two collections' `color/bg`
  // are two tokens, not one overwriting the other.
  const pathOf = (v: Variable): string[] =>
    namespaced ? [slug(v.collection), ...v.name.split('/')] : v.name.split('/');
  const keys = new Map(set.variables.map((v) => [v, pathOf(v).join('/')]));
  const ordered = [...set.variables].sort((a, b) => {
    const [x, y] = [keys.get(a)!, keys.get(b)!];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  for (const input of permutationsOf(set, config)) {
    const tree: Record<string, unknown> = {};
    const values = resolveInput(set, input);
    for (const v of ordered) {
      const value = values.get(v);
      if (value === undefined) continue;
      const path = pathOf(v);
      let node = tree;
      for (const s of path.slice(0, -1)) {
        const next = node[s];
        node = (typeof next === 'object' && next !== null ? next : (node[s] = {})) as Record<string, unknown>;
      }
      node[path[path.length - 1]!] = literal(v, value, remBase);
    }
    const id = permutationId(input);
    const json = JSON.stringify(tree, null, 2);
    if (want.includes('json')) files.set(`json/permutations/${id}.json`, `${json}\n`);
    if (want.includes('ts'))
      files.set(
        `ts/permutations/${id}.ts`,
        `// Do not edit directly, this file was auto-generated.\n\n/** Every token resolved for ${JSON.stringify(input)}. */\nexport const tokens = ${json} as const;\n`,
      );
  }
  return files;
}
