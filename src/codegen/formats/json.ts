/**
 * json/tokens.json: `{ "<collection>": { "<mode>": { nested path: value } } }`. Style Dictionary's
 * json/nested prints one tree without modes, so the multi-mode nesting is ours.
 */
import type { FormatFn } from 'style-dictionary/types';
import { metaOf } from '../transforms.js';
import { tokensOf, type FormatContext } from './common.js';

export function jsonFormat(ctx: FormatContext): FormatFn {
  return (args) => {
    const root: Record<string, Record<string, Record<string, unknown>>> = {};
    for (const v of ctx.views) {
      const modes = (root[v.collection.name] ??= {});
      const tree: Record<string, unknown> = (modes[v.mode] = {});
      for (const t of tokensOf(args.dictionary, [v.key])) {
        const path = metaOf(t).variable.split('/');
        let node = tree;
        for (const seg of path.slice(0, -1)) node = (node[seg] ??= {}) as Record<string, unknown>;
        node[path[path.length - 1]!] = t['$value'];
      }
    }
    return `${JSON.stringify(root, null, 2)}\n`;
  };
}
