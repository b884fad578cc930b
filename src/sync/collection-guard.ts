/**
 * A plan that would create a collection whose tokens the lock binds to other collections is refused
 * before any request (docs/sync.md "Deletion and orphans", "Guard rails"). That is what a broken
 * repository looks like, not an intent: the resolver document deleted (every file then reads as one
 * "Tokens" collection) or a collection renamed in it, and pushing would copy every variable into a
 * new collection and leave the old ones as orphans (or, with --delete-orphans, delete them).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import type { Lock } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import type { SyncDiff } from './diff.js';

export interface Misplaced {
  collection: string;
  variables: number;
  /** The lock's collections its tokens are bound to. */
  boundTo: string[];
}

/** New collections of the plan all of whose tokens the lock records in other collections. */
export function misplacedCollections(diff: SyncDiff, base: Lock | undefined, local: TokenSet): Misplaced[] {
  if (!base) return [];
  const lockCol = (id: string): string | undefined => base.collections[id]?.name;
  const boundTo = new Map<string, Set<string>>();
  for (const v of Object.values(base.variables)) {
    const col = lockCol(v.collectionId);
    if (col !== undefined) boundTo.set(v.name, (boundTo.get(v.name) ?? new Set()).add(col));
  }
  const out: Misplaced[] = [];
  for (const c of diff.toService) {
    if (c.kind !== 'create-collection') continue;
    const names = local.variables.filter((v) => v.collection === c.collection).map((v) => v.name);
    const elsewhere = new Set<string>();
    const all = names.every((n) => {
      const cols = [...(boundTo.get(n) ?? [])].filter((x) => x !== c.collection);
      for (const x of cols) elsewhere.add(x);
      return cols.length > 0;
    });
    if (names.length > 0 && all)
      out.push({ collection: c.collection, variables: names.length, boundTo: [...elsewhere].sort() });
  }
  return out;
}

export function misplacedError(found: Misplaced[], root: string, tokensDir: string, mode: string): TokensyncError {
  const resolver = path.join(root, tokensDir, 'tokens.resolver.json');
  const missing = !existsSync(resolver);
  const list = found
    .map(
      (m) =>
        `"${m.collection}" (${m.variables} token(s), all bound in the lock to ${m.boundTo.map((b) => `"${b}"`).join(', ')})`,
    )
    .join('; ');
  return new TokensyncError(
    'PLAN_COLLECTION_MOVED',
    `This ${mode} would create ${list}: a copy of variables the design file already holds, leaving the old collections as orphans. ${missing ? `${tokensDir}/tokens.resolver.json is missing, so the token files were read as one collection.` : 'The resolver document names the collection differently from the lock.'} Nothing was sent.`,
    {
      hint: missing
        ? `Restore ${tokensDir}/tokens.resolver.json (\`git checkout -- ${tokensDir}/tokens.resolver.json\`), or run \`tokensync pull\` to write it again from the design file.`
        : `To rename the collection, rename it in the design file and run \`tokensync pull\`; to undo an accidental edit, restore ${tokensDir}/tokens.resolver.json from git. A new collection is created only when its tokens are new.`,
    },
  );
}
