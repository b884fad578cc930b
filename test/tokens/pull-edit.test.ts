/**
 * A pull over existing files gives a previous file back as it is, without parsing it again with
 * positions, when the render holds that file's own content (mode-files.ts `asWritten`, `editedText`).
 * Held to the general path (`previousReuse.on = false`: every file parsed with positions and patched)
 * byte for byte over varied edits, on the bench's generated set and the fixtures, counting the files
 * given back as they were and the files parsed, so the test cannot pass by always taking one path.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { generateTokenSet } from '../../bench/generate.mjs';
import type { TokensConfig } from '../../src/config/schema.js';
import type { TokenSet, Value, Variable } from '../../src/model/types.js';
import { readTokens, renderTokens, writeFilesAtomic } from '../../src/tokens/index.js';
import { previousReuse } from '../../src/tokens/mode-files.js';
import type { TokenSources } from '../../src/tokens/read/index.js';
import { config, fixtureSet } from './fixtures/model.js';

const here = path.dirname(fileURLToPath(import.meta.url));

afterEach(() => {
  previousReuse.on = true;
});

const cfg: TokensConfig = { ...config, dir: 'tokens' };

/** The files of `files` as a repository, read back: the set and sources a pull starts from. */
async function readBack(files: Map<string, string>): Promise<{ set: TokenSet; sources: TokenSources }> {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-pull-edit-'));
  try {
    await writeFilesAtomic(path.join(root, cfg.dir), files);
    const { set, sources } = await readTokens(root, cfg);
    return { set, sources };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Both renders of `set` over `sources`, and how many files the first kept and parsed. */
function bothWays(
  set: TokenSet,
  sources: TokenSources,
): { reused: Map<string, string>; general: Map<string, string>; kept: number; parsed: number } {
  previousReuse.on = true;
  const kept = previousReuse.kept;
  const parsed = previousReuse.parsed;
  const reused = renderTokens(set, cfg, sources);
  const counts = { kept: previousReuse.kept - kept, parsed: previousReuse.parsed - parsed };
  previousReuse.on = false;
  const general = renderTokens(set, cfg, sources);
  previousReuse.on = true;
  return { reused, general, ...counts };
}

/** Every alias (values, composed colors, repository tokens' references) to `from` pointed at `to`. */
function retarget(
  node: unknown,
  from: { collection: string; name: string },
  to: { collection: string; name: string },
): void {
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const alias = o['alias'] as { collection: string; name: string } | undefined;
  if (alias && typeof alias === 'object' && alias.collection === from.collection && alias.name === from.name) {
    alias.collection = to.collection;
    alias.name = to.name;
  }
  for (const v of Object.values(o)) retarget(v, from, to);
}

/** Every `collection` field (variables, tokens, alias targets) and `parent` naming `from` renamed. */
function renameCollectionRefs(node: unknown, from: string, to: string): void {
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  for (const k of ['collection', 'parent']) if (o[k] === from) o[k] = to;
  for (const v of Object.values(o)) renameCollectionRefs(v, from, to);
}

const literal = (v: Variable): boolean =>
  Object.values(v.values).every((x) => !(typeof x === 'object' && x !== null && 'alias' in x));
const isTarget = (set: TokenSet, v: Variable): boolean =>
  JSON.stringify(set).includes(JSON.stringify({ collection: v.collection, name: v.name }));
const otherLiteral = (v: Variable, value: Value): Value => {
  switch (v.type) {
    case 'COLOR': {
      const c = value as { r: number; g: number; b: number; a: number };
      return { ...c, r: c.r > 0.5 ? 0.25 : 0.75 };
    }
    case 'FLOAT':
      return (value as number) + 3;
    case 'STRING':
      return `${value as string} edited`;
    default:
      return !(value as boolean);
  }
};

type Edit = [name: string, (set: TokenSet) => void];

const edits: Edit[] = [
  ['nothing', () => {}],
  [
    'a value in one mode',
    (set) => {
      const v = set.variables.find(literal)!;
      const mode = Object.keys(v.values)[0]!;
      v.values[mode] = otherLiteral(v, v.values[mode]!);
    },
  ],
  [
    'a rename of a variable others alias',
    (set) => {
      const v = set.variables.find((x) => isTarget(set, x))!;
      const to = { collection: v.collection, name: `${v.name}-renamed` };
      retarget(set, v, to);
      v.name = to.name;
    },
  ],
  [
    'a description',
    (set) => {
      const v = set.variables.at(-1)!;
      v.description = `${v.description} (edited)`;
    },
  ],
  [
    'an alias retargeted',
    (set) => {
      const v = set.variables.find((x) => !literal(x))!;
      const mode = Object.keys(v.values).find((m) => !literal({ ...v, values: { [m]: v.values[m]! } }))!;
      const target = (v.values[mode] as { alias: { collection: string; name: string } }).alias;
      const other = set.variables.find(
        (x) => x.type === v.type && x !== v && x.name !== target.name && literal(x) && x.kind?.type === v.kind?.type,
      )!;
      v.values[mode] = { alias: { collection: other.collection, name: other.name } };
    },
  ],
  [
    'a new variable',
    (set) => {
      const c = set.collections[0]!;
      const values: Record<string, Value> = {};
      for (const m of c.modes) values[m.name] = 42;
      set.variables.push({
        collection: c.name,
        name: 'brand/new/size',
        type: 'FLOAT',
        description: '',
        scopes: ['ALL_SCOPES'],
        values,
      });
    },
  ],
  [
    'a deleted variable',
    (set) => {
      const i = set.variables.findIndex((x) => !isTarget(set, x));
      set.variables.splice(i, 1);
    },
  ],
  [
    'a renamed mode',
    (set) => {
      const c = set.collections.find((x) => x.modes.length > 1) ?? set.collections[0]!;
      const from = c.modes.at(-1)!.name;
      const to = `${from} renamed`;
      c.modes.at(-1)!.name = to;
      if (c.defaultMode === from) c.defaultMode = to;
      for (const t of [...set.variables, ...(set.tokens ?? [])]) {
        if (t.collection !== c.name || !(from in t.values)) continue;
        const values = t.values as Record<string, unknown>;
        values[to] = values[from];
        delete values[from];
      }
    },
  ],
  [
    'a renamed collection',
    (set) => {
      const from = set.collections[0]!.name;
      renameCollectionRefs(set, from, `${from} renamed`);
      set.collections[0]!.name = `${from} renamed`;
    },
  ],
  [
    'a new collection',
    (set) => {
      set.collections.push({ name: 'Brand new', modes: [{ name: 'Only' }], defaultMode: 'Only' });
      set.variables.push({
        collection: 'Brand new',
        name: 'gap/xl',
        type: 'FLOAT',
        description: '',
        scopes: ['ALL_SCOPES'],
        values: { Only: 24 },
      });
    },
  ],
];

const sets: [string, () => TokenSet, boolean][] = [
  [
    'the bench set (600 x 2, bench/generate.mjs)',
    () => generateTokenSet({ variables: 600, modes: 2 }) as TokenSet,
    true,
  ],
  ['the bench set with 4 modes', () => generateTokenSet({ variables: 300, modes: 4, seed: 7 }) as TokenSet, true],
  ['the fixture set', () => fixtureSet(), false],
];

/** Each set's first render, made once: every edit starts from the same files. */
const firstRenders = new Map<string, Map<string, string>>();

describe('a pull over existing files', () => {
  for (const [setName, make, bench] of sets) {
    it.each(edits)(`writes the general path's bytes: ${setName}, %s`, async (editName, edit) => {
      let first = firstRenders.get(setName);
      if (first === undefined) firstRenders.set(setName, (first = renderTokens(make(), cfg)));
      const { set, sources } = await readBack(first);
      const modeFiles = [...first.keys()].filter((f) => f.endsWith('.tokens.json')).length;
      const changed = structuredClone(set);
      edit(changed);
      const { reused, general, kept, parsed } = bothWays(changed, sources);
      expect([...reused.keys()].sort()).toEqual([...general.keys()].sort());
      for (const [rel, text] of general) expect(reused.get(rel), rel).toBe(text);
      const unchanged = [...general].filter(
        ([rel, text]) => rel.endsWith('.tokens.json') && first.get(rel) === text,
      ).length;
      // A file given back as it was is one whose bytes stay. In the bench sets every file is read in
      // written order (no key marked), so every such file is; the fixture's palette writes "500"
      // before "100", which the reader marks, so its file is parsed and patched as before.
      expect(kept, 'files kept').toBeLessThanOrEqual(unchanged);
      if (!bench) return;
      expect(kept, 'files kept').toBe(unchanged);
      if (editName === 'nothing') expect(kept).toBe(modeFiles);
      if (editName === 'a value in one mode') {
        expect(kept).toBe(modeFiles - 1);
        expect(parsed).toBe(1);
      }
      expect(kept + parsed).toBeLessThanOrEqual(modeFiles);
    });
  }

  it('parses with positions a file not in the layout, and writes what the general path writes', async () => {
    const first = renderTokens(generateTokenSet({ variables: 500, modes: 2, seed: 5 }) as TokenSet, cfg);
    const [rel, text] = [...first].find(([f]) => f.endsWith('.tokens.json'))!;
    // The same content, indented by 4: not the reader's render, so not taken as written.
    first.set(rel, `${JSON.stringify(JSON.parse(text), null, 4)}\n`);
    const { set, sources } = await readBack(first);
    const changed = structuredClone(set);
    // A value in another file: the reformatted one has nothing to change, yet is parsed.
    const v = changed.variables.findLast(literal)!;
    const mode = Object.keys(v.values)[0]!;
    v.values[mode] = otherLiteral(v, v.values[mode]!);
    const { reused, general, parsed } = bothWays(changed, sources);
    for (const [f, t] of general) expect(reused.get(f), f).toBe(t);
    expect(parsed).toBeGreaterThanOrEqual(1);
    expect(reused.get(rel)).toBe(first.get(rel));
  });

  it("keeps a hand-edited file's bytes and patches only what changes in it", async () => {
    const handEdited = await readFile(
      path.join(here, 'fixtures', 'hand-edited', 'semantic', 'light.tokens.json'),
      'utf8',
    );
    const files = renderTokens(fixtureSet(), cfg);
    files.set('semantic/light.tokens.json', handEdited);
    const { set, sources } = await readBack(files);
    for (const change of [
      (s: TokenSet) => s,
      (s: TokenSet) => {
        s.variables.find((v) => v.name === 'feature/new-nav')!.values['Light'] = false;
        return s;
      },
      (s: TokenSet) => {
        s.variables.find((v) => v.collection === 'Primitives' && literal(v))!.description = 'edited';
        return s;
      },
    ]) {
      const { reused, general } = bothWays(change(structuredClone(set)), sources);
      for (const [f, t] of general) expect(reused.get(f), f).toBe(t);
    }
  });
});
