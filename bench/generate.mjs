/**
 * A generator of realistic token sets for the benchmarks (docs/benchmarks.md "The token sets"), built as
 * the tokensync model (src/model/types.ts) so `renderTokens` writes exactly the files tokensync reads.
 *
 * What "realistic" promises (test/bench/generate.test.ts checks each one):
 * - exactly `variables` variables over several collections (at least 4; more past 16k variables so no
 *   collection exceeds the service's 5,000 variables per collection, docs/architecture.md "Plan");
 * - modes: `'mixed'` gives collections 1, 2, 3 and 4 modes in turn (a primitives palette, a light/dark
 *   theme, a density scale, brands); a number gives every collection that many modes, so "N variables
 *   x M modes" means N*M values;
 * - all four variable types (about 50% COLOR, 30% FLOAT, 12% STRING, 8% BOOLEAN), with the DTCG kinds a
 *   design system uses (px dimensions, numbers, font weights, durations, font families, strings);
 * - 30% of the variables are aliases (every mode of such a variable is an alias), about half to a
 *   variable of the same collection and half across collections; an alias always targets an earlier
 *   variable of the same type and DTCG kind, so there is never a cycle, and chains (alias of an
 *   alias) occur as they do in real files;
 * - names unique across collections (4 slash segments under a per-collection prefix), so the token
 *   files work with `tokens.namespace: none` and in plain Style Dictionary and Terrazzo;
 * - deterministic for a seed (a small PRNG, no Math.random), so runs compare like with like;
 * - composites: 10% of all tokens (`compositeRatio`) are repository-owned composites (`set.tokens`):
 *   typography, shadow, border, gradient and transition in turn, over every collection, their sub-values
 *   referencing variables of the right type (mostly of their own collection, some across collections), so
 *   every mode of a composite follows its variables. They come from their own PRNG stream, so the
 *   variables of a seed are the same as before composites existed.
 *
 * Plain JavaScript so `node bench/run.mjs` runs it on Node 20 without a build step; its types are in
 * generate.d.mts.
 */

/** mulberry32: small, fast, good enough to spread values; deterministic for a seed. */
export function createRng(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MODE_NAMES = {
  1: ['Value'],
  2: ['Light', 'Dark'],
  3: ['Compact', 'Comfortable', 'Spacious'],
  4: ['Brand A', 'Brand B', 'Brand C', 'Brand D'],
};

/** Collection names in order; past the list, numbered copies ("Components 2"). */
const COLLECTION_NAMES = ['Primitives', 'Theme', 'Density', 'Brand', 'Components', 'Marketing', 'Charts', 'Motion'];
/** First name segment of every variable of a collection: keeps token paths unique across collections. */
const PREFIXES = ['palette', 'theme', 'layout', 'brand', 'component', 'marketing', 'chart', 'motion'];

const FAMILIES = {
  color: ['blue', 'red', 'green', 'amber', 'violet', 'teal', 'gray', 'pink', 'lime', 'cyan', 'orange', 'indigo'],
  space: ['inset', 'stack', 'inline', 'gap', 'gutter'],
  radius: ['corner', 'pill', 'card'],
  opacity: ['overlay', 'disabled', 'hover'],
  weight: ['body', 'heading', 'label'],
  duration: ['fast', 'base', 'slow'],
  font: ['body', 'heading', 'code', 'display'],
  text: ['case', 'label', 'placeholder'],
  flag: ['visible', 'enabled', 'rounded', 'elevated'],
};

const FONT_FAMILIES = ['Inter', 'Roboto Mono', 'Source Serif 4', 'IBM Plex Sans', 'system-ui', 'Georgia'];
const STRINGS = ['uppercase', 'none', 'Sign in', 'Continue', 'Learn more', 'capitalize', 'Search…'];

/**
 * The shape of one variable before values: type, DTCG kind, the name segments and scopes.
 * The spread of types follows a typical design system: colors dominate, then sizes.
 */
function pickShape(rng) {
  const r = rng();
  if (r < 0.5) return { type: 'COLOR', group: 'color', kind: { type: 'color' }, scopes: ['ALL_SCOPES'] };
  if (r < 0.62) return { type: 'FLOAT', group: 'space', kind: { type: 'dimension', unit: 'px' }, scopes: ['GAP'] };
  if (r < 0.68)
    return { type: 'FLOAT', group: 'radius', kind: { type: 'dimension', unit: 'px' }, scopes: ['CORNER_RADIUS'] };
  if (r < 0.72) return { type: 'FLOAT', group: 'opacity', kind: { type: 'number' }, scopes: ['OPACITY'] };
  if (r < 0.76) return { type: 'FLOAT', group: 'weight', kind: { type: 'fontWeight' }, scopes: ['FONT_WEIGHT'] };
  if (r < 0.8)
    return { type: 'FLOAT', group: 'duration', kind: { type: 'duration', unit: 'ms' }, scopes: ['ALL_SCOPES'] };
  if (r < 0.86) return { type: 'STRING', group: 'font', kind: { type: 'fontFamily' }, scopes: ['FONT_FAMILY'] };
  if (r < 0.92) return { type: 'STRING', group: 'text', kind: { type: 'string' }, scopes: ['ALL_SCOPES'] };
  return { type: 'BOOLEAN', group: 'flag', kind: { type: 'boolean' }, scopes: ['ALL_SCOPES'] };
}

/** A literal of the shape's kind. Colors are 8-bit channels (as designers pick them), so hex is exact. */
function literal(shape, rng) {
  switch (shape.group) {
    case 'color': {
      const c = () => Math.round(rng() * 255) / 255;
      return { r: c(), g: c(), b: c(), a: rng() < 0.1 ? Math.round(rng() * 100) / 100 : 1 };
    }
    case 'space':
      return 2 * Math.round(rng() * 48);
    case 'radius':
      return Math.round(rng() * 24);
    case 'opacity':
      return Math.round(rng() * 100) / 100;
    case 'weight':
      return 100 * (1 + Math.floor(rng() * 9));
    case 'duration':
      return 50 * (1 + Math.floor(rng() * 10));
    case 'font':
      return FONT_FAMILIES[Math.floor(rng() * FONT_FAMILIES.length)];
    case 'text':
      return STRINGS[Math.floor(rng() * STRINGS.length)];
    default:
      return rng() < 0.5;
  }
}

/** Sizes of the collections: near-equal parts of `total`, at most 4,000 each (service limit is 5,000). */
function collectionSizes(total) {
  const count = Math.max(4, Math.ceil(total / 4000));
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => base + (i < total - base * count ? 1 : 0));
}

/**
 * @param {{ variables: number; modes?: number | 'mixed'; seed?: number; aliasRatio?: number }} options
 * @returns {import('../src/model/types.js').TokenSet}
 */
export function generateTokenSet(options) {
  const total = options.variables;
  const modesOpt = options.modes ?? 'mixed';
  const aliasRatio = options.aliasRatio ?? 0.3;
  if (!Number.isInteger(total) || total < 8) throw new Error(`variables must be an integer >= 8, got ${total}`);
  if (modesOpt !== 'mixed' && !(Number.isInteger(modesOpt) && modesOpt >= 1 && modesOpt <= 4)) {
    throw new Error(`modes must be 1..4 or "mixed", got ${modesOpt}`);
  }
  const rng = createRng(options.seed ?? 1);

  const collections = [];
  const variables = [];
  const sizes = collectionSizes(total);
  sizes.forEach((size, ci) => {
    const round = Math.floor(ci / COLLECTION_NAMES.length);
    const suffix = round === 0 ? '' : ` ${round + 1}`;
    const name = `${COLLECTION_NAMES[ci % COLLECTION_NAMES.length]}${suffix}`;
    const prefix = `${PREFIXES[ci % PREFIXES.length]}${round === 0 ? '' : `-${round + 1}`}`;
    const modeCount = modesOpt === 'mixed' ? (ci % 4) + 1 : modesOpt;
    const modes = MODE_NAMES[modeCount].map((m) => ({ name: m }));
    collections.push({ name, modes, defaultMode: modes[0].name });
    /** Counter per (group, family), so every name is unique and reads like a scale step. */
    const steps = new Map();
    for (let i = 0; i < size; i++) {
      const shape = pickShape(rng);
      const families = FAMILIES[shape.group];
      const family = families[Math.floor(rng() * families.length)];
      const key = `${shape.group}/${family}`;
      const step = (steps.get(key) ?? 0) + 1;
      steps.set(key, step);
      const values = {};
      for (const m of modes) values[m.name] = literal(shape, rng);
      const v = {
        collection: name,
        name: `${prefix}/${key}/${shape.group === 'color' ? step * 10 : step}`,
        type: shape.type,
        description: rng() < 0.2 ? `Use for ${family} ${shape.group} (step ${step}).` : '',
        scopes: shape.scopes,
        values,
        kind: shape.kind,
      };
      variables.push(v);
    }
  });

  makeAliases(variables, collections, Math.round(total * aliasRatio), rng);
  const compositeRatio = options.compositeRatio ?? 0.1;
  if (!(compositeRatio >= 0 && compositeRatio < 1))
    throw new Error(`compositeRatio must be in [0, 1), got ${compositeRatio}`);
  const tokens = makeComposites(
    variables,
    collections,
    Math.round((total * compositeRatio) / (1 - compositeRatio)),
    createRng((options.seed ?? 1) + 0x9e3779b9),
  );
  return tokens.length === 0 ? { collections, variables } : { collections, variables, tokens };
}

const COMPOSITE_TYPES = ['typography', 'shadow', 'border', 'gradient', 'transition'];
const px = (value) => ({ value, unit: 'px' });

/**
 * `count` composites (format §9), spread over the collections in turn. Each sub-value references a
 * variable of its type, 80% of the time of the same collection (else any collection), or is a
 * literal when there is none.
 */
function makeComposites(variables, collections, count, rng) {
  const pools = new Map();
  for (const v of variables) {
    const k = `${v.collection}|${v.kind.type}`;
    if (!pools.has(k)) pools.set(k, []);
    pools.get(k).push(v);
    if (!pools.has(`*|${v.kind.type}`)) pools.set(`*|${v.kind.type}`, []);
    pools.get(`*|${v.kind.type}`).push(v);
  }
  const tokens = [];
  const steps = new Map();
  for (let i = 0; i < count; i++) {
    const ci = i % collections.length;
    const c = collections[ci];
    const round = Math.floor(ci / COLLECTION_NAMES.length);
    const prefix = `${PREFIXES[ci % PREFIXES.length]}${round === 0 ? '' : `-${round + 1}`}`;
    const type = COMPOSITE_TYPES[Math.floor(i / collections.length) % COMPOSITE_TYPES.length];
    const ref = (kind, literal) => {
      const pool = pools.get(`${rng() < 0.8 ? c.name : '*'}|${kind}`) ?? pools.get(`*|${kind}`);
      if (!pool || pool.length === 0) return literal;
      const v = pool[Math.floor(rng() * pool.length)];
      return { alias: { collection: v.collection, name: v.name } };
    };
    const value = (m) => {
      switch (type) {
        case 'typography':
          return {
            fontFamily: ref('fontFamily', 'Inter'),
            fontSize: ref('dimension', px(16)),
            fontWeight: ref('fontWeight', 400),
            letterSpacing: px(m * 0.1),
            lineHeight: 1.2 + m * 0.1,
          };
        case 'shadow': {
          const layer = (y) => ({
            color: ref('color', { r: 0, g: 0, b: 0, a: 0.2 }),
            offsetX: px(0),
            offsetY: px(y),
            blur: ref('dimension', px(y * 2)),
            spread: px(0),
          });
          return rng() < 0.5 ? layer(1 + m) : [layer(1 + m), layer(4 + m)];
        }
        case 'border':
          return {
            color: ref('color', { r: 0, g: 0, b: 0, a: 1 }),
            width: px(1 + m),
            style: m % 2 === 0 ? 'solid' : 'dashed',
          };
        case 'gradient':
          return [
            { color: ref('color', { r: 1, g: 1, b: 1, a: 1 }), position: 0 },
            { color: ref('color', { r: 0, g: 0, b: 0, a: 1 }), position: 1 },
          ];
        default:
          return {
            duration: ref('duration', { value: 200, unit: 'ms' }),
            delay: { value: 50 * m, unit: 'ms' },
            timingFunction: [0.4, 0, 0.2, 1],
          };
      }
    };
    const key = `${prefix}|${type}`;
    const step = (steps.get(key) ?? 0) + 1;
    steps.set(key, step);
    const values = {};
    c.modes.forEach((mode, m) => {
      values[mode.name] = value(m);
    });
    tokens.push({
      collection: c.name,
      name: `${prefix}/${type}/set/${step}`,
      type,
      description: '',
      values,
      owner: 'repository',
    });
  }
  return tokens;
}

/**
 * Same type and same DTCG kind: an alias takes its target's `$type` in the token file (the mapping table
 * of docs/architecture.md "Files in the repository"), so a px spacing must not point at a unitless
 * opacity.
 */
function kindKey(v) {
  return `${v.type}|${v.kind.type}|${v.kind.unit ?? ''}`;
}

/**
 * Turns exactly `count` variables into aliases. Candidates are variables that have at least one
 * earlier variable of the same type and kind; targets are earlier (global order), so aliases never cycle.
 * For each alias: about half target the same collection, half another one, when both exist.
 */
function makeAliases(variables, collections, count, rng) {
  const modesOf = new Map(collections.map((c) => [c.name, c.modes.map((m) => m.name)]));
  /** Earlier variable indexes by type, overall and by (type, collection). */
  const byType = new Map();
  const byTypeColl = new Map();
  const earlier = [];
  for (let i = 0; i < variables.length; i++) {
    const v = variables[i];
    const all = byType.get(kindKey(v)) ?? [];
    const own = byTypeColl.get(`${kindKey(v)}\u0000${v.collection}`) ?? [];
    earlier.push({ all: all.length, own: own.length });
    all.push(i);
    own.push(i);
    byType.set(kindKey(v), all);
    byTypeColl.set(`${kindKey(v)}\u0000${v.collection}`, own);
  }
  const candidates = [];
  for (let i = 0; i < variables.length; i++) if (earlier[i].all > 0) candidates.push(i);
  if (candidates.length < count) throw new Error(`only ${candidates.length} variables can be aliases, ${count} asked`);
  // Seeded Fisher-Yates, then the first `count` become aliases.
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const chosen = candidates.slice(0, count).sort((a, b) => a - b);
  for (const i of chosen) {
    const v = variables[i];
    const own = byTypeColl.get(`${kindKey(v)}\u0000${v.collection}`);
    const all = byType.get(kindKey(v));
    const ownEarlier = earlier[i].own;
    const otherEarlier = earlier[i].all - ownEarlier;
    /** One target per mode: a theme's dark mode often points at another step than its light mode. */
    const pickTarget = (sameCollection) => {
      if (sameCollection) return variables[own[Math.floor(rng() * ownEarlier)]];
      // Earlier variables of the same type in other collections: draw from `all` until one is foreign.
      for (;;) {
        const t = variables[all[Math.floor(rng() * earlier[i].all)]];
        if (t.collection !== v.collection) return t;
      }
    };
    const same = ownEarlier > 0 && (otherEarlier === 0 || rng() < 0.5);
    const first = pickTarget(same);
    const values = {};
    for (const [k, mode] of modesOf.get(v.collection).entries()) {
      const t = k === 0 || rng() < 0.5 ? first : pickTarget(same);
      values[mode] = { alias: { collection: t.collection, name: t.name } };
    }
    v.values = values;
  }
}

/** Figures about a set, for the report and the test: counts by type, aliases, cross-collection aliases. */
export function describeTokenSet(set) {
  const byType = { COLOR: 0, FLOAT: 0, STRING: 0, BOOLEAN: 0 };
  let aliasVariables = 0;
  let crossCollectionAliases = 0;
  let values = 0;
  for (const v of set.variables) {
    byType[v.type]++;
    const vals = Object.values(v.values);
    values += vals.length;
    if (vals.some((x) => typeof x === 'object' && x !== null && 'alias' in x)) aliasVariables++;
    for (const x of vals)
      if (typeof x === 'object' && x !== null && 'alias' in x && x.alias.collection !== v.collection)
        crossCollectionAliases++;
  }
  return {
    variables: set.variables.length,
    collections: set.collections.length,
    modesPerCollection: set.collections.map((c) => c.modes.length),
    values,
    byType,
    aliasVariables,
    aliasRatio: aliasVariables / set.variables.length,
    crossCollectionAliases,
    composites: (set.tokens ?? []).length,
    compositeRatio: (set.tokens ?? []).length / (set.variables.length + (set.tokens ?? []).length),
  };
}
