/**
 * The style files in `tokens/tokens.resolver.json` ("described in the resolver
 * document"). Each style type with styles is a set (resolver §Sets) listed after the collections in
 * `resolutionOrder`, marked `$extensions["dev.tokensync"].owner: "design"`, with the same
 * `collection`/`mode` the collections' sets carry. The variables stage (src/tokens) keeps such sets
 * as they are when it rewrites the document and does not read them as collections; this module is
 * the only one that adds, changes or removes them.
 */
import { parseJsonTree } from '../tokens/json-tree.js';
import { fromJsonNode, Ordered, toJsonText, type Json } from '../tokens/json-write.js';
import type { StyleType } from './figma-nodes.js';
import { STYLE_SETS } from './files.js';
import { EXTENSION, isDesignOwnedSet } from '../model/extension.js';

export { isDesignOwnedSet };

export const STYLE_MODE = 'Value';

function styleSet(type: StyleType, file: string): Ordered {
  return new Ordered()
    .set('sources', [new Ordered().set('$ref', file)])
    .set(
      '$extensions',
      new Ordered().set(
        EXTENSION,
        new Ordered()
          .set('collection', STYLE_SETS[type].collection)
          .set('mode', STYLE_MODE)
          .set('owner', 'design')
          .set('styleType', type),
      ),
    );
}

/**
 * The resolver document with exactly these style sets (in style-type order), everything else as it
 * was. `text` undefined (no document yet) starts one with only the style sets.
 */
export function withStyleSets(text: string | undefined, files: readonly { type: StyleType; file: string }[]): string {
  let doc: Ordered;
  const parsed = text === undefined ? undefined : fromJsonNode(parseJsonTree(text));
  if (parsed instanceof Ordered) doc = parsed;
  else
    doc = new Ordered()
      .set('$schema', 'https://www.designtokens.org/schemas/2025.10/resolver.json')
      .set('name', 'tokens')
      .set('version', '2025.10');
  const sets = doc.get('sets') instanceof Ordered ? (doc.get('sets') as Ordered) : new Ordered();
  for (const [name, body] of [...sets.entries]) if (isDesignOwnedSet(plain(body))) sets.delete(name);
  const designRefs = new Set<string>();
  for (const { type, file } of files) {
    sets.set(STYLE_SETS[type].set, styleSet(type, file));
    designRefs.add(`#/sets/${STYLE_SETS[type].set}`);
  }
  const order = (Array.isArray(doc.get('resolutionOrder')) ? (doc.get('resolutionOrder') as Json[]) : []).filter(
    (item) => {
      const ref = item instanceof Ordered ? item.get('$ref') : undefined;
      if (typeof ref !== 'string') return true;
      const m = /^#\/sets\/(.+)$/.exec(ref);
      // Drop refs to style sets (re-added below) and refs to sets this call removed.
      return !(m && (designRefs.has(ref) || !sets.entries.has(m[1]!)));
    },
  );
  for (const ref of designRefs) order.push(new Ordered().set('$ref', ref));
  // Keep the document's key order: sets before modifiers and resolutionOrder, as the variables stage writes it.
  const out = new Ordered();
  let placedSets = false;
  for (const [k, v] of doc.entries) {
    if (k === 'sets') {
      if (sets.entries.size > 0) out.set('sets', sets);
      placedSets = true;
    } else if (k === 'modifiers' || k === 'resolutionOrder') {
      if (!placedSets && sets.entries.size > 0) out.set('sets', sets);
      placedSets = true;
      out.set(k, k === 'resolutionOrder' ? order : v);
    } else out.set(k, v);
  }
  if (!placedSets && sets.entries.size > 0) out.set('sets', sets);
  if (!out.entries.has('resolutionOrder')) out.set('resolutionOrder', order);
  return toJsonText(out);
}

/** An Ordered tree as plain objects (for the shape checks above). */
function plain(v: Json | undefined): unknown {
  if (v instanceof Ordered) return Object.fromEntries([...v.entries].map(([k, x]) => [k, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  return v;
}
