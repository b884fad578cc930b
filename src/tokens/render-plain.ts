/**
 * A mode's file when no previous file backs it (a first pull; a new collection or mode): the tree
 * `writeModeFiles` lays out for a file with no previous text, built as plain objects, with no
 * `Ordered` tree and no `toPlain` copy (docs/benchmarks.md "The pull's writers (ninth round)"). The
 * same bytes as that path (test/tokens/plain-write.test.ts); undefined wherever that path has
 * something to decide: a token and a group, or two tokens, on one path (it reports the lost token),
 * or a key holding U+007F (json-write.ts writes such a tree with its own writer).
 */
import { type Marks, orUnmarkable, plainKey, plainText, setPlain } from './json-write.js';
import { FORMAT_SCHEMA } from './mode-files.js';

/**
 * Off: every file through the general path (tests hold the two to the same bytes); `files` counts
 * the files written directly, so a test knows the direct path ran.
 */
export const directWriters = { on: true, files: 0 };

export function plainModeFile<T>(
  items: readonly T[],
  segsOf: (item: T) => readonly string[],
  tokenOf: (item: T, index: number, marks: Marks) => unknown,
): string | undefined {
  if (!directWriters.on) return undefined;
  return orUnmarkable(() => {
    const marks: Marks = { any: false };
    const root: Record<string, unknown> = { $schema: FORMAT_SCHEMA };
    const groups = new Set<unknown>([root]);
    for (let n = 0; n < items.length; n++) {
      const item = items[n]!;
      const segs = segsOf(item);
      const last = segs.length - 1;
      if (last < 0) return undefined;
      let group = root;
      for (let i = 0; i < last; i++) {
        const k = plainKey(segs[i]!, marks);
        let child = Object.hasOwn(group, k) ? group[k] : undefined;
        if (child === undefined) {
          child = {};
          setPlain(group, k, child);
          groups.add(child);
        } else if (!groups.has(child)) return undefined;
        group = child as Record<string, unknown>;
      }
      const k = plainKey(segs[last]!, marks);
      if (Object.hasOwn(group, k)) return undefined;
      setPlain(group, k, tokenOf(item, n, marks));
    }
    directWriters.files++;
    return plainText(root, marks);
  });
}
