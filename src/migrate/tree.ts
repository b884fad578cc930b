/**
 * The DTCG document of one collection and mode, built token by token in source order
 * (docs/migration.md "Where it writes"): `$schema` first, then groups by path, each token `$type`, `$value`,
 * `$description` (when not empty), `$extensions`; a token the import cannot convert is kept whole in
 * its group's `$extensions["dev.tokensync.import"].kept`, so nothing is lost and `check` reads the rest.
 */
import { Ordered, type Json } from '../tokens/json-write.js';
import { FORMAT_SCHEMA } from '../tokens/mode-files.js';

/** The `$extensions` key where an import keeps what the DTCG value has no place for. */
export const IMPORT_EXTENSION = 'dev.tokensync.import';

export class ModeTree {
  readonly root = new Ordered().set('$schema', FORMAT_SCHEMA);

  /** The group at `segs`, made when missing; `undefined` when a token sits at one of its segments. */
  private group(segs: readonly string[]): Ordered | undefined {
    let node = this.root;
    for (const s of segs) {
      let next = node.get(s);
      if (next === undefined) {
        next = new Ordered();
        node.set(s, next);
      }
      if (!(next instanceof Ordered) || next.entries.has('$value')) return undefined;
      node = next;
    }
    return node;
  }

  /** Adds a token; `false` when its path is taken (by a token, or a group where a token should go). */
  add(path: readonly string[], token: Ordered): boolean {
    const parent = this.group(path.slice(0, -1));
    const name = path[path.length - 1]!;
    if (!parent || parent.entries.has(name)) return false;
    parent.set(name, token);
    return true;
  }

  /** Keeps a source token whole in its group's `$extensions` (the group is made when missing). */
  keep(path: readonly string[], original: Json): void {
    const parent = this.group(path.slice(0, -1)) ?? this.root;
    const ext = ensure(parent, '$extensions');
    const ours = ensure(ext, IMPORT_EXTENSION);
    const kept = ensure(ours, 'kept');
    kept.set(path.join('.'), original);
  }
}

function ensure(node: Ordered, key: string): Ordered {
  const have = node.get(key);
  if (have instanceof Ordered) return have;
  const made = new Ordered();
  node.set(key, made);
  return made;
}

/** Plain JSON into `Ordered` objects, keeping its key order (integer-like keys included). */
export function ordered(v: unknown): Json {
  if (Array.isArray(v)) return v.map(ordered);
  if (typeof v === 'object' && v !== null) {
    const o = new Ordered();
    for (const [k, x] of Object.entries(v)) o.set(k, ordered(x));
    return o;
  }
  return v as Json;
}
