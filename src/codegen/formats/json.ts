/**
 * json/tokens.json: `{ "<collection>": { "<mode>": { nested path: value } } }`. Style Dictionary's
 * json/nested prints one tree without modes, so the multi-mode nesting is ours.
 */
import type { FormatFn } from 'style-dictionary/types';
import { metaOf } from '../transforms.js';
import { tokensOf, type FormatContext } from './common.js';

export function jsonFormat(ctx: FormatContext): FormatFn {
  return (args) => {
    // The groups this file made (a value can be an object too: a shadow, a typography). A Set that
    // goes with the file, not a WeakSet of every group of every build (an ephemeron table the
    // garbage collector marks entry by entry).
    const groups = new Set<object>();
    const isGroup = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && groups.has(x);
    const group = (init: Record<string, unknown>): Record<string, unknown> => {
      groups.add(init);
      return init;
    };
    const root: Record<string, Record<string, Record<string, unknown>>> = {};
    for (const v of ctx.views) {
      const modes = (root[v.collection.name] ??= {});
      const tree: Record<string, unknown> = (modes[v.mode] = group({}));
      for (const t of tokensOf(args.dictionary, [v.key])) {
        const path = metaOf(t).variable.split('/');
        // A variable that is also a group keeps its value under the group's "$root" (DTCG groups.md).
        let node = tree;
        for (const seg of path.slice(0, -1)) {
          const next = node[seg];
          if (isGroup(next)) node = next;
          else node = node[seg] = group(next === undefined ? {} : { $root: next });
        }
        const last = path[path.length - 1]!;
        const here = node[last];
        if (isGroup(here)) here['$root'] = t['$value'];
        else node[last] = t['$value'];
      }
    }
    return `${JSON.stringify(root, null, 2)}\n`;
  };
}
