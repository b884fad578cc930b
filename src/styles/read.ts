/**
 * The style files back into the model, for the build (issue 13): each design-owned set of the
 * resolver document becomes a single-mode collection, each style token a `RepoToken` with owner
 * `design`; references resolve against the variables' and repository tokens' paths. Grid styles
 * are groups, not tokens, so they are not built (docs/styles.md "Grid styles").
 *
 * Read here rather than by the token reader because styles are outside the sync: they must never
 * reach the diff or a plan (the service cannot write styles).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TokensConfig } from '../config/schema.js';
import type { DtcgType, RepoToken } from '../model/dtcg.js';
import { slug } from '../model/names.js';
import type { Alias, Collection, TokenSet } from '../model/types.js';
import { TokensyncError } from '../errors.js';
import { RESOLVER_FILE } from '../tokens/resolver-doc.js';
import { typeModule } from '../types/index.js';
import { EXTENSION, isDesignOwnedSet } from './owner.js';

export class StyleFileError extends TokensyncError {
  override name = 'StyleFileError';
}

/** `set` plus the style collections and their tokens (the set itself is not changed). */
export async function withStyleTokens(root: string, config: TokensConfig, set: TokenSet): Promise<TokenSet> {
  const dir = path.join(root, config.dir);
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(path.join(dir, RESOLVER_FILE), 'utf8'));
  } catch {
    return set;
  }
  const sets = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['sets'] : undefined;
  if (typeof sets !== 'object' || sets === null) return set;
  const styleSets = Object.values(sets as Record<string, unknown>).filter(isDesignOwnedSet) as { sources?: { $ref?: string }[]; $extensions: Record<string, Record<string, unknown>> }[];
  if (styleSets.length === 0) return set;

  const namespaced = config.namespace === 'collection';
  const byPath = new Map<string, { collection: string; name: string; type: DtcgType }>();
  const pathOf = (collection: string, name: string): string => (namespaced ? [slug(collection), ...name.split('/')] : name.split('/')).join('.');
  for (const v of set.variables) byPath.set(pathOf(v.collection, v.name), { collection: v.collection, name: v.name, type: (v.kind?.type ?? defaultType(v.type)) as DtcgType });
  for (const t of set.tokens ?? []) byPath.set(pathOf(t.collection, t.name), { collection: t.collection, name: t.name, type: t.type });

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
      let json: unknown;
      try {
        json = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
      } catch (cause) {
        throw new StyleFileError('STYLE_FILE_INVALID', `${path.join(config.dir, file)} (a style file the resolver lists) cannot be read: ${(cause as Error).message}.`, {
          hint: 'Run `tokensync pull` to write it again from the design file.',
        });
      }
      walk(json, [], (segs, node) => {
        const type = node['$type'];
        const mod = typeof type === 'string' ? typeModule(type) : undefined;
        const where = `${path.join(config.dir, file)}: token ${segs.join('.')}`;
        if (!mod) throw new StyleFileError('STYLE_FILE_INVALID', `${where} has no $type tokensync knows (${JSON.stringify(type)}).`, { hint: 'Run `tokensync pull` to restore the design file\'s styles.' });
        const problems: string[] = [];
        const ref = (dotted: string, want: DtcgType): Alias => {
          const target = byPath.get(dotted);
          if (!target) problems.push(`{${dotted}} names no token`);
          else if (target.type !== want) problems.push(`{${dotted}} is a ${target.type} token, but a ${want} is needed`);
          return { alias: { collection: target?.collection ?? '', name: target?.name ?? dotted } };
        };
        const raw = node['$value'];
        const whole = typeof raw === 'string' && /^\{[^{}]+\}$/.test(raw) ? raw.slice(1, -1) : undefined;
        const value = whole !== undefined ? ref(whole, mod.type) : mod.parse(raw, { ref: (d, t) => ref(d, t), report: (p, m) => problems.push(`${p.join('.')}: ${m}`), warn: () => {} });
        if (problems.length > 0 || value === undefined) {
          throw new StyleFileError('STYLE_FILE_INVALID', `${where}: ${problems[0] ?? 'its value does not fit its type'}.`, {
            hint: 'Style tokens are design-owned: run `tokensync pull` to restore them, after pulling the variables they reference.',
          });
        }
        tokens.push({ collection, name: segs.join('/'), type: mod.type, description: typeof node['$description'] === 'string' ? node['$description'] : '', values: { [mode]: value as never }, owner: 'design' });
      });
    }
  }
  // A set without tokens (grid styles are groups) would only give the build empty files.
  const used = new Set(tokens.map((t) => t.collection));
  return { ...set, collections: [...set.collections, ...collections.filter((c) => used.has(c.name))], tokens: [...(set.tokens ?? []), ...tokens] };
}

function defaultType(t: string): string {
  return ({ COLOR: 'color', FLOAT: 'number', STRING: 'string', BOOLEAN: 'boolean' } as Record<string, string>)[t] ?? 'string';
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
