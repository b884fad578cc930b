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
import { designOwnedSets, EXTENSION } from '../model/extension.js';
import { type BoundLookup, gridTokens } from './grid-tokens.js';

const RESTORE =
  'Style tokens are design-owned: change the style in the design file, or run `tokensync pull` to restore the file.';

/** A style token's target: what a reference in a style may name. */
interface Target {
  collection: string;
  name: string;
  type: DtcgType;
}

/** One style file being read: where its problems go and how to place them. */
interface StyleFile {
  collection: string;
  mode: string;
  display: string;
  text: string;
  diagnostics: Diagnostic[];
  byPath: ReadonlyMap<string, Target>;
}

/** `set` plus the style collections and their tokens, and every problem found in the style files. */
export async function analyzeStyleTokens(
  root: string,
  config: TokensConfig,
  set: TokenSet,
): Promise<{ set: TokenSet; diagnostics: Diagnostic[] }> {
  const dir = path.join(root, config.dir);
  const diagnostics: Diagnostic[] = [];
  const styleSets = await readStyleSets(dir);
  if (styleSets.length === 0) return { set, diagnostics };
  const byPath = targetsByPath(set, config.namespace === 'collection');
  const collections: Collection[] = [];
  const tokens: RepoToken[] = [];
  for (const s of styleSets) {
    const ext = s.$extensions[EXTENSION]!;
    const collection = typeof ext['collection'] === 'string' ? ext['collection'] : 'styles';
    const mode = typeof ext['mode'] === 'string' ? ext['mode'] : 'Value';
    collections.push({ name: collection, modes: [{ name: mode }], defaultMode: mode });
    for (const src of s.sources ?? []) {
      if (typeof src.$ref !== 'string') continue;
      const display = path.join(config.dir, src.$ref).split(path.sep).join('/');
      const read = await readStyleFile(path.join(dir, src.$ref), display, diagnostics);
      if (read === undefined) continue;
      const file: StyleFile = { collection, mode, display, text: read.text, diagnostics, byPath };
      readStyleFileTokens(file, read.json, tokens);
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

type StyleSet = { sources?: { $ref?: string }[]; $extensions: Record<string, Record<string, unknown>> };

/** The resolver document's design-owned sets; none when it is missing or broken (the token reader reports that). */
async function readStyleSets(dir: string): Promise<StyleSet[]> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(path.join(dir, RESOLVER_FILE), 'utf8'));
  } catch {
    return [];
  }
  return designOwnedSets(doc) as StyleSet[];
}

/** Every variable and repository token by its dotted path, for the references in styles. */
function targetsByPath(set: TokenSet, namespaced: boolean): Map<string, Target> {
  const byPath = new Map<string, Target>();
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
  return byPath;
}

/** A style file's text and JSON, or undefined with a diagnostic (missing, or not JSON). */
async function readStyleFile(
  file: string,
  display: string,
  diagnostics: Diagnostic[],
): Promise<{ text: string; json: unknown } | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    diagnostics.push({
      severity: 'error',
      file: display,
      line: 1,
      column: 1,
      message: `${RESOLVER_FILE} lists this style file, which does not exist`,
      hint: 'Run `tokensync pull` to write it from the design file.',
    });
    return undefined;
  }
  try {
    return { text, json: JSON.parse(text) };
  } catch {
    const { offset, message } = findSyntaxError(text);
    diagnostics.push({
      severity: 'error',
      file: display,
      ...lineColumn(text, offset),
      message: `the style file is not valid JSON (${message})`,
      hint: RESTORE,
    });
    return undefined;
  }
}

/** The tokens of one style file (each `$value`-holding node, then the grid styles' parts) into `tokens`. */
function readStyleFileTokens(file: StyleFile, json: unknown, tokens: RepoToken[]): void {
  const at = (segs: (string | number)[]): { line: number; column: number } =>
    lineColumn(file.text, locate(parseJsonTree(file.text), segs));
  walk(json, [], (segs, node) => {
    const token = styleToken(file, segs, node, at);
    if (token) tokens.push(token);
  });
  // Grid styles are groups: their grids' parts are built as tokens (grid-tokens.ts).
  gridTokens(
    json,
    [],
    { collection: file.collection, mode: file.mode },
    (segs, message) => {
      file.diagnostics.push({ severity: 'error', file: file.display, ...at(segs), message, hint: RESTORE });
    },
    tokens,
    boundLookup(file.byPath),
  );
}

/** Variables and tokens by `collection/name`, as a grid group's boundVariables names them (grid-tokens.ts). */
function boundLookup(byPath: ReadonlyMap<string, Target>): BoundLookup {
  const byName = new Map<string, Target>();
  for (const t of byPath.values()) byName.set(`${t.collection}/${t.name}`, t);
  return (named) => {
    const t = byName.get(named);
    return t ? { alias: { alias: { collection: t.collection, name: t.name } }, type: t.type } : undefined;
  };
}

/** One style token, or undefined after reporting why it cannot be read. */
function styleToken(
  file: StyleFile,
  segs: string[],
  node: Record<string, unknown>,
  at: (segs: (string | number)[]) => { line: number; column: number },
): RepoToken | undefined {
  const report = (sub: (string | number)[], message: string, where = [...segs, '$value', ...sub]): void => {
    file.diagnostics.push({
      severity: 'error',
      file: file.display,
      ...at(where),
      tokenPath: segs.join('.'),
      message,
      hint: RESTORE,
    });
  };
  const type = node['$type'];
  const mod = typeof type === 'string' ? typeModule(type) : undefined;
  if (!mod) {
    report([], `the style token's $type ${JSON.stringify(type)} is not a DTCG type`, [...segs, '$type']);
    return undefined;
  }
  let ok = true;
  const ref = (dotted: string, want: DtcgType, sub: (string | number)[]): Alias => {
    const target = file.byPath.get(dotted);
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
  if (!ok || value === undefined) return undefined;
  // What DTCG cannot say (a gradient's kind and angle) from `$extensions["dev.tokensync"]` (TypeModule `extension`).
  const ours = (node['$extensions'] as Record<string, unknown> | undefined)?.[EXTENSION];
  if (whole === undefined && mod.extension && typeof ours === 'object' && ours !== null)
    value = mod.extension(value as never, ours as Record<string, unknown>);
  return {
    collection: file.collection,
    name: segs.join('/'),
    type: mod.type,
    description: typeof node['$description'] === 'string' ? node['$description'] : '',
    values: { [file.mode]: value as never },
    owner: 'design',
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
