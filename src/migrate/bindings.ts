/**
 * What a Tokens Studio repository records of the design file's variables (docs/migration.md "Variables
 * kept"): each theme's `$figmaCollectionId` and `$figmaModeId`, its `$figmaVariableReferences` (token
 * path -> variable key) and `$figmaStyleReferences`. The import names collections, modes and variables
 * exactly as Tokens Studio named them in the design file (theme group, theme, token path with `/`);
 * ./bind-lock.ts turns these records into a lock of the design file's ids, so the first push updates
 * each linked variable even where it was renamed since. The records are also kept in the resolver
 * document's `$extensions["dev.tokensync.import"]` of the set or modifier, so nothing is lost.
 */
import { Ordered, type Json } from '../tokens/json-write.js';
import type { CollectionPlan } from './layout.js';
import type { StudioRepo } from './studio-repo.js';
import { IMPORT_EXTENSION, ordered } from './tree.js';

export interface CollectionBinding {
  collection: string;
  figmaCollectionId?: string;
  /** Mode name -> the design file's mode id. */
  modes: Record<string, string>;
  /** Token path -> variable key, over every theme of the group. */
  variables: Record<string, string>;
  /** Theme name -> its `$figmaStyleReferences`, as they were. */
  styles: Record<string, unknown>;
}

export type Bindings = CollectionBinding[];

export function bindingsOf(_repo: StudioRepo, collections: readonly CollectionPlan[]): Bindings | undefined {
  const out: Bindings = [];
  for (const c of collections) {
    const b: CollectionBinding = { collection: c.name, modes: {}, variables: {}, styles: {} };
    if (c.figmaCollectionId) b.figmaCollectionId = c.figmaCollectionId;
    for (const m of c.modes) {
      const t = m.theme;
      if (!t) continue;
      if (t.figmaModeId) b.modes[m.name] = t.figmaModeId;
      Object.assign(b.variables, t.variableReferences);
    }
    if (b.figmaCollectionId || Object.keys(b.variables).length > 0) out.push(b);
  }
  return out.length > 0 ? out : undefined;
}

/** Adds each binding to its set or modifier of a resolver document made by `renderResolver`. */
export function addBindings(doc: Json, bindings: Bindings, slugOf: (collection: string) => string): void {
  if (!(doc instanceof Ordered)) return;
  for (const b of bindings) {
    const slug = slugOf(b.collection);
    for (const group of ['sets', 'modifiers']) {
      const entry = (doc.get(group) as Ordered | undefined)?.get(slug);
      if (!(entry instanceof Ordered)) continue;
      const ext = (entry.get('$extensions') as Ordered | undefined) ?? new Ordered();
      const data = new Ordered();
      if (b.figmaCollectionId) data.set('figmaCollectionId', b.figmaCollectionId);
      if (Object.keys(b.modes).length > 0) data.set('figmaModeIds', ordered(b.modes));
      data.set('figmaVariableReferences', ordered(b.variables));
      ext.set(IMPORT_EXTENSION, data);
      entry.set('$extensions', ext);
    }
  }
}
