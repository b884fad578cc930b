/**
 * Per-token modes in `$extensions.mode`, as Terrazzo 1 / Cobalt write them
 * (`{ "$value": "#fff", "$extensions": { "mode": { "light": "#fff", "dark": "#000" } } }`), turned into
 * what tokensync reads (docs/token-files.md "Themes"): the file itself stays the default
 * mode (its `$value`s), and each other mode gets a context file beside it holding that mode's values,
 * merged over the file by the resolver's modifier. Pure: parsed JSON in, documents out.
 */

export interface ModeSplit {
  /** The file's name without `.tokens.json`: the collection's name. */
  collection: string;
  /** The default mode first (the file's `$value`s), then one per other mode with its context file. */
  modes: { name: string; file: string; over?: string }[];
  /** Context file -> its document. */
  files: Map<string, unknown>;
  /** Mode name -> how many tokens gave it a value. */
  counts: Map<string, number>;
}

interface ModeToken {
  path: string[];
  type: unknown;
  value: unknown;
  modes: Record<string, unknown>;
}

/** Every token with an `$extensions.mode` object, with its own or inherited `$type`. */
function modeTokens(node: unknown, path: string[] = [], type: unknown = undefined, out: ModeToken[] = []): ModeToken[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node) || path.length > 64) return out;
  const o = node as Record<string, unknown>;
  const here = o['$type'] ?? type;
  if ('$value' in o) {
    const ext = o['$extensions'];
    const mode = typeof ext === 'object' && ext !== null ? (ext as Record<string, unknown>)['mode'] : undefined;
    if (typeof mode === 'object' && mode !== null && !Array.isArray(mode))
      out.push({ path, type: here, value: o['$value'], modes: mode as Record<string, unknown> });
    return out;
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('$')) modeTokens(v, [...path, k], here, out);
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'mode';

/**
 * The default mode is the one whose values are the `$value`s wherever it is given (Terrazzo writes the
 * default mode both ways); when no mode is, it is called `default`.
 */
export function splitModeExtension(file: string, json: unknown): ModeSplit | undefined {
  const tokens = modeTokens(json);
  const names = [...new Set(tokens.flatMap((t) => Object.keys(t.modes)))];
  if (names.length === 0) return undefined;
  const isDefault = (m: string): boolean => tokens.every((t) => !(m in t.modes) || same(t.modes[m], t.value));
  const def = names.find(isDefault) ?? 'default';
  const stem = file.replace(/\.tokens\.json$|\.json$/, '');
  const collection = stem.split('/').pop() ?? stem;
  const out: ModeSplit = { collection, modes: [{ name: def, file }], files: new Map(), counts: new Map() };
  for (const m of names.filter((n) => n !== def)) {
    const doc: Record<string, unknown> = {};
    let n = 0;
    for (const t of tokens) {
      if (!(m in t.modes)) continue;
      let at = doc;
      for (const seg of t.path.slice(0, -1)) at = (at[seg] ??= {}) as Record<string, unknown>;
      at[t.path[t.path.length - 1]!] = { ...(t.type !== undefined ? { $type: t.type } : {}), $value: t.modes[m] };
      n++;
    }
    const over = `${stem}.${slug(m)}.tokens.json`;
    out.modes.push({ name: m, file, over });
    out.files.set(over, doc);
    out.counts.set(m, n);
  }
  return out;
}
