/**
 * The style files back into the model, for `build` and `check`: each design-owned set of
 * the resolver document becomes a single-mode collection, each style token a `RepoToken` with owner
 * `design`; references resolve against the variables' and repository tokens' paths. Grid styles
 * are groups; their grids' parts are built as tokens (grid-tokens.ts, docs/styles.md "Grid styles").
 *
 * Read here rather than by the token reader because styles are outside the sync: they must never
 * reach the diff or a plan (the service cannot write styles). Problems are diagnostics with
 * file:line:column, like the token reader's; `withStyleTokens` throws the first.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TokensConfig } from '../config/schema.js';
import type { DtcgType, RepoToken } from '../model/dtcg.js';
import { slug } from '../model/names.js';
import type { Alias, Collection, TokenSet } from '../model/types.js';
import { TokenFileError, type Diagnostic } from '../tokens/errors.js';
import { findSyntaxError, lineColumn, locate, parseJsonTree } from '../tokens/json-tree.js';
import { RESOLVER_FILE } from '../tokens/resolver-doc.js';
import { typeModule } from '../types/index.js';
import { EXTENSION, isDesignOwnedSet } from '../model/extension.js';
import { gridTokens } from './grid-tokens.js';

const RESTORE =
  'Style tokens are design-owned: change the style in the design file, or run `tokensync pull` to restore the file.';

/** `set` plus the style collections and their tokens, and every problem found in the style files. */
export async function analyzeStyleTokens(
  root: string,
  config: TokensConfig,
  set: TokenSet,
): Promise<{ set: TokenSet; diagnostics: Diagnostic[] }> {
  const dir = path.join(root, config.dir);
  const diagnostics: Diagnostic[] = [];
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(path.join(dir, RESOLVER_FILE), 'utf8'));
  } catch {
    return { set, diagnostics }; // the token reader reports a missing or broken resolver
  }
  const sets = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['sets'] : undefined;
  if (typeof sets !== 'object' || sets === null) return { set, diagnostics };
  const styleSets = Object.values(sets as Record<string, unknown>).filter(isDesignOwnedSet) as {
    sources?: { $ref?: string }[];
    $extensions: Record<string, Record<string, unknown>>;
  }[];
  if (styleSets.length === 0) return { set, diagnostics };

  const namespaced = config.namespace === 'collection';
  const byPath = new Map<string, { collection: string; name: string; type: DtcgType }>();
  const pathOf = (collection: string, name: string): string =>
    (namespaced ? [slug(collection), ...name.split('/')] : name.split('/')).join('.');
  for (const v of set.variables)
    byPath.set(pathOf(v.collection, v.name), {
      collection: v.collection,
      name: v.name,
      type: (v.kind?.type ?? defaultType(v.type)) as DtcgType,
    });
  for (const t of set.tokens ?? [])
    byPath.set(pathOf(t.collection, t.name), { collection: t.collection, name: t.name, type: t.type });

  // Variables by `collection/name`, as a grid group's boundVariables names them (grid-tokens.ts).
  const byName = new Map<string, { alias: Alias; type: DtcgType }>();
  for (const t of byPath.values())
    byName.set(`${t.collection}/${t.name}`, {
      alias: { alias: { collection: t.collection, name: t.name } },
      type: t.type as DtcgType,
    });
  const collections: Collection[] = [];
  const tokens: RepoToken[] = [];
  for (const s of styleSets) {
    const ext = s.$extensions[EXTENSION]!;
    const collection = typeof ext['collection'] === 'string' ? ext['collection'] : 'styles';
    const mode = typeof ext['mode'] === 'string' ? ext['mode'] : 'Value';
    collections.push({ name: collection, modes: [{ name: mode }], defaultMode: mode });
    for (const src of s.sources ?? []) {
      if (typeof src.$ref !== 'string') continue;
      const file = src.$ref;
      const display = path.join(config.dir, file).split(path.sep).join('/');
      let text: string;
      try {
        text = await readFile(path.join(dir, file), 'utf8');
      } catch {
        diagnostics.push({
          severity: 'error',
          file: display,
          line: 1,
          column: 1,
          message: `${RESOLVER_FILE} lists this style file, which does not exist`,
          hint: 'Run `tokensync pull` to write it from the design file.',
        });
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        const { offset, message } = findSyntaxError(text);
        diagnostics.push({
          severity: 'error',
          file: display,
          ...lineColumn(text, offset),
          message: `the style file is not valid JSON (${message})`,
          hint: RESTORE,
        });
        continue;
      }
      const at = (segs: (string | number)[]): { line: number; column: number } =>
        lineColumn(text, locate(parseJsonTree(text), segs));
      walk(json, [], (segs, node) => {
        const report = (sub: (string | number)[], message: string): void => {
          diagnostics.push({
            severity: 'error',
            file: display,
            ...at([...segs, '$value', ...sub]),
            tokenPath: segs.join('.'),
            message,
            hint: RESTORE,
          });
        };
        const type = node['$type'];
        const mod = typeof type === 'string' ? typeModule(type) : undefined;
        if (!mod) {
          diagnostics.push({
            severity: 'error',
            file: display,
            ...at([...segs, '$type']),
            tokenPath: segs.join('.'),
            message: `the style token's $type ${JSON.stringify(type)} is not a DTCG type`,
            hint: RESTORE,
          });
          return;
        }
        let ok = true;
        const ref = (dotted: string, want: DtcgType, sub: (string | number)[]): Alias => {
          const target = byPath.get(dotted);
          if (!target) report(sub, `reference {${dotted}} names no token`);
          else if (target.type !== want)
            report(sub, `reference {${dotted}} points to a ${target.type} token, but a ${want} is needed here`);
          if (!target || target.type !== want) ok = false;
          return { alias: { collection: target?.collection ?? '', name: target?.name ?? dotted } };
        };
        const raw = node['$value'];
        const whole = typeof raw === 'string' && /^\{[^{}]+\}$/.test(raw) ? raw.slice(1, -1) : undefined;
        let value =
          whole !== undefined
            ? ref(whole, mod.type, [])
            : mod.parse(raw, {
                ref: (d, t, p) => ref(d, t, p),
                report: (p, m) => {
                  ok = false;
                  report(p, m);
                },
                warn: () => {},
              });
        if (!ok || value === undefined) return;
        // What DTCG cannot say (a gradient's kind and angle) from `$extensions["dev.tokensync"]` (TypeModule `extension`).
        const ours = (node['$extensions'] as Record<string, unknown> | undefined)?.[EXTENSION];
        if (whole === undefined && mod.extension && typeof ours === 'object' && ours !== null)
          value = mod.extension(value as never, ours as Record<string, unknown>);
        tokens.push({
          collection,
          name: segs.join('/'),
          type: mod.type,
          description: typeof node['$description'] === 'string' ? node['$description'] : '',
          values: { [mode]: value as never },
          owner: 'design',
        });
      });
      // Grid styles are groups: their grids' parts are built as tokens (grid-tokens.ts).
      gridTokens(
        json,
        [],
        { collection, mode },
        (segs, message) => {
          diagnostics.push({ severity: 'error', file: display, ...at(segs), message, hint: RESTORE });
        },
        tokens,
        (named) => byName.get(named),
      );
    }
  }
  // A set without tokens (grid styles are groups) would only give the build empty files.
  const used = new Set(tokens.map((t) => t.collection));
  return {
    set: {
      ...set,
      collections: [...set.collections, ...collections.filter((c) => used.has(c.name))],
      tokens: [...(set.tokens ?? []), ...tokens],
    },
    diagnostics,
  };
}

/** For the build: the set with the style tokens, or the first problem as an error. */
export async function withStyleTokens(root: string, config: TokensConfig, set: TokenSet): Promise<TokenSet> {
  const { set: out, diagnostics } = await analyzeStyleTokens(root, config, set);
  const first = diagnostics[0];
  if (first) throw new TokenFileError(first, { code: 'STYLE_FILE_INVALID' });
  return out;
}

function defaultType(t: string): string {
  return (
    ({ COLOR: 'color', FLOAT: 'number', STRING: 'string', BOOLEAN: 'boolean' } as Record<string, string>)[t] ?? 'string'
  );
}

/** Calls `visit` for every token (an object with `$value`) under `node`. */
function walk(node: unknown, segs: string[], visit: (segs: string[], token: Record<string, unknown>) => void): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const o = node as Record<string, unknown>;
  if ('$value' in o) {
    visit(segs, o);
    return;
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('$')) walk(v, [...segs, k], visit);
}
