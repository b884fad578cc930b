/**
 * The service's variables/local response -> the model (docs/architecture.md "The flow": `remote` maps a
 * variables/local response to the model). Values are keyed by mode NAME and aliases name their target
 * (collection name + variable name), so the result compares directly with what the token files hold;
 * remote ids are kept on every object so the diff can match by id (docs/architecture.md "Sync semantics", identity).
 *
 * Choices where the spec is silent (API spec "Variables"):
 * - Order: collections in the order of the `variableCollections` map, variables by each collection's
 *   `variableIds` (the order the designer sees). A variable that names a collection but is missing from
 *   its `variableIds` is appended after the listed ones, in map order, rather than dropped.
 * - The real service (Figma) keeps variables that were deleted but are still referenced, flagged
 *   `deletedButReferenced: true`. They are not part of the file a designer sees, so they are left out;
 *   an alias to one is reported like an alias to a missing id, with a hint that says it was deleted.
 * - A value for a mode id the collection does not have is ignored (stale data); a missing value stays
 *   missing (the diff treats it as "no value").
 *
 * What the client cannot represent costs that one variable, not the file (docs/sync.md "Nothing is
 * dropped"): a variable of a type it does not know (an easing), one with a tagged value shape it does
 * not know in some mode, one whose collection the answer lacks, and one that aliases such a variable
 * are kept whole in `kept` (never pushed, never deleted, named by every command). Composed colors
 * (`VariableComposedColor`) are read as a color with its `composed` parts, resolved for r/g/b/a.
 * Extended collections (figma) are read by remote-extensions.ts: collections with `parent`, their
 * overrides on the root's variables (docs/overrides.md §4).
 *
 * A hostile or broken answer is refused here, before anything is planned or written:
 * a value that does not fit the variable's resolvedType (a COLOR "banana", a FLOAT NaN), a color
 * channel outside 0..1, an alias to a variable of another type, and alias cycles. Writing such values
 * to files would give files that `check` then refuses.
 */
import { TokensyncError } from '../errors.js';
import type { LocalVariablesResponse, WireVariable } from '../api/schemas/variables.js';
import { makeMeta } from '../model/meta.js';
import { extensionCollection, isExtension, readOverrides, sortExtensions } from './remote-extensions.js';
import {
  isAlias,
  isColor,
  VARIABLE_TYPES,
  type Collection,
  type Color,
  type KeptVariable,
  type TokenSet,
  type Value,
  type Variable,
  type VariableType,
} from '../model/types.js';

export class RemoteModelError extends TokensyncError {
  override name = 'RemoteModelError';
}

type WireVars = LocalVariablesResponse['meta']['variables'];
type WireCols = LocalVariablesResponse['meta']['variableCollections'];

/** The answer's variables and collections, and which variables are not the file's own. */
interface Wire {
  vars: WireVars;
  cols: WireCols;
  isRemote: (x: unknown) => boolean;
  /** Deleted (still referenced) or another file's library variable: left out. */
  skipped: (id: string) => boolean;
}

type ToValue = (owner: WireVariableLike, modeName: string, w: unknown) => Value;

export function remoteToModel(res: LocalVariablesResponse): TokenSet {
  const wireVars = res.meta.variables;
  const isDeleted = (id: string): boolean =>
    (wireVars[id] as { deletedButReferenced?: unknown } | undefined)?.deletedButReferenced === true;
  // Figma lists the library variables a file uses among its local ones, flagged `remote: true`; they
  // belong to another file and cannot be changed here, so they are left out like deleted ones.
  const isRemote = (x: unknown): boolean => (x as { remote?: unknown } | undefined)?.remote === true;
  const wire: Wire = {
    vars: wireVars,
    cols: res.meta.variableCollections,
    isRemote,
    skipped: (id) => isDeleted(id) || isRemote(wireVars[id]),
  };
  const { collections, modeNames } = readCollections(wire);
  // Extended collections (figma), after the ordinary ones: remote-extensions.ts.
  const ext = sortExtensions(wire.cols, isRemote);
  for (const c of ext.extensions) collections.push(extensionCollection(wire.cols, c));

  const ordered = variableOrder(wire);
  const keptWhy = keptReasons(ordered, wire.vars, wire.cols, modeNames);
  const toValue = valueReader(wire);
  const { variables, kept } = readVariables(wire, ordered, keptWhy, modeNames, toValue);
  kept.push(...ext.kept);
  if (ext.extensions.length > 0) {
    const byId = new Map(variables.map((v) => [v.id as string, v]));
    readOverrides(wire.cols, ext.extensions, byId, kept, (v, modeName, w) => toValue(wireLike(v), modeName, w));
  }
  const index = nameIndex(variables);
  refuseAliasCycles(variables, collections, index);
  resolveComposed(variables, collections, index);
  return kept.length > 0 ? { collections, variables, kept } : { collections, variables };
}

/** A collection's modes in order (an array: walking a Map's entries allocates one pair per step). */
type ModeList = { name: string; id: string }[];

/** The file's own ordinary collections, in map order, and each one's modes (collection id -> modes). */
function readCollections(wire: Wire): { collections: Collection[]; modeNames: Map<string, ModeList> } {
  const collections: Collection[] = [];
  const modeNames = new Map<string, ModeList>();
  for (const [id, c] of Object.entries(wire.cols)) {
    if (wire.isRemote(c) || isExtension(c)) continue;
    const modes = c.modes.map((m) => ({ name: m.name, id: m.modeId }));
    const byId = new Map(modes.map((m) => [m.id, m.name]));
    const defaultMode = byId.get(c.defaultModeId);
    if (defaultMode === undefined) {
      throw new RemoteModelError(
        'REMOTE_INVALID',
        `Collection "${c.name}" (${id}) names default mode ${c.defaultModeId}, which is not one of its modes.`,
        {
          hint: 'The service sent an inconsistent collection; open the design file to repair it, then retry.',
        },
      );
    }
    // One entry per mode id, the last name winning, as a Map of them would have it.
    modeNames.set(
      id,
      [...byId].map(([modeId, name]) => ({ name, id: modeId })),
    );
    collections.push({
      name: c.name,
      modes,
      defaultMode,
      id: c.id,
      key: c.key,
      ...(c['hiddenFromPublishing'] === true ? { hiddenFromPublishing: true as const } : {}),
    });
  }
  return { collections, modeNames };
}

/** Variable order: listed ids first, then unlisted members of the collection in map order. */
function variableOrder(wire: Wire): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  // One lookup of each id (`skipped` would look it up twice more).
  const own = (v: WireVariable | undefined): boolean =>
    v !== undefined && (v as { deletedButReferenced?: unknown }).deletedButReferenced !== true && !wire.isRemote(v);
  for (const c of Object.values(wire.cols)) {
    for (const vid of c.variableIds) {
      if (!seen.has(vid) && own(wire.vars[vid])) {
        seen.add(vid);
        ordered.push(vid);
      }
    }
  }
  if (seen.size === ordered.length && ordered.length === Object.keys(wire.vars).length) return ordered;
  for (const vid of Object.keys(wire.vars)) {
    if (seen.has(vid) || !own(wire.vars[vid])) continue;
    seen.add(vid);
    ordered.push(vid);
  }
  return ordered;
}

/** A wire value -> the model's: literals checked against the type, aliases by name, composed colors. */
function valueReader(wire: Wire): ToValue {
  const aliasTarget = (owner: string, id: string): Value => {
    const target = wire.vars[id];
    const col = target ? wire.cols[target.variableCollectionId] : undefined;
    if (!target || !col || wire.skipped(id)) {
      const which = !target
        ? 'is not a local variable of the file'
        : wire.isRemote(target)
          ? `is "${target.name}" of another file's library`
          : 'was deleted in the design file';
      throw new RemoteModelError('REMOTE_ALIAS_MISSING', `Variable "${owner}" is an alias of ${id}, which ${which}.`, {
        hint: `Open the design file and point "${owner}" at an existing variable (aliases to other files' libraries are not synced), then retry.`,
      });
    }
    return { alias: { collection: col.name, name: target.name } };
  };
  const toAlias = (
    owner: WireVariableLike,
    modeName: string,
    w: { id: string },
    type: string,
    part?: string,
  ): Value => {
    const target = wire.vars[w.id];
    if (target && target.resolvedType !== type) {
      throw hostile(
        owner,
        modeName,
        `is an alias of "${target.name}" (${w.id}), a ${target.resolvedType} variable, but ${part ? `its composed ${part} must be ${type}` : `is itself ${type}`}`,
      );
    }
    return aliasTarget(owner.name, w.id);
  };
  return (owner, modeName, w) => {
    if (isWireAlias(w)) return toAlias(owner, modeName, w, owner.resolvedType);
    if (isObject(w) && 'opacity' in w && 'color' in w) return toComposed(owner, modeName, w, toAlias);
    const problem = literalProblem(owner.resolvedType, w);
    if (problem) throw hostile(owner, modeName, problem);
    if (typeof w === 'object' && w !== null) {
      const c = w as Color;
      return { r: c.r, g: c.g, b: c.b, a: c.a };
    }
    return w as Value;
  };
}

/** The variables in order; those the client cannot represent are kept whole, with the reason. */
function readVariables(
  wire: Wire,
  ordered: string[],
  keptWhy: Map<string, string>,
  modeNames: Map<string, ModeList>,
  toValue: ToValue,
): { variables: Variable[]; kept: KeptVariable[] } {
  const variables: Variable[] = [];
  const kept: KeptVariable[] = [];
  for (const vid of ordered) {
    const v = wire.vars[vid];
    const why = keptWhy.get(vid);
    if (v && why !== undefined) {
      const col = wire.cols[v.variableCollectionId];
      kept.push({
        id: vid,
        name: v.name,
        collection: col?.name ?? v.variableCollectionId,
        collectionId: v.variableCollectionId,
        reason: why,
        wire: v as Record<string, unknown>,
      });
      continue;
    }
    const col = v ? wire.cols[v.variableCollectionId] : undefined;
    const modes = v ? modeNames.get(v.variableCollectionId) : undefined;
    if (!v || !col || !modes) continue; // unreachable: filtered above
    variables.push(toVariable(v, col.name, modes, toValue));
  }
  return { variables, kept };
}

function toVariable(v: WireVariable, collection: string, modes: ModeList, toValue: ToValue): Variable {
  const values: Record<string, Value> = {};
  // Values in the collection's mode order, so the object's key order is stable.
  for (const m of modes) {
    const w = v.valuesByMode[m.id];
    if (w !== undefined) values[m.name] = toValue(v, m.name, w);
  }
  const variable: Variable = {
    collection,
    name: v.name,
    type: v.resolvedType as VariableType,
    description: v.description,
    scopes: [...v.scopes],
    values,
    id: v.id,
    key: v.key,
  };
  // Kept, not owned: the answer's extra fields, when set.
  const extra = v as { hiddenFromPublishing?: unknown; codeSyntax?: unknown };
  const meta = makeMeta(extra.hiddenFromPublishing, extra.codeSyntax);
  if (meta) variable.meta = meta;
  return variable;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isWireAlias = (x: unknown): x is { type: 'VARIABLE_ALIAS'; id: string } =>
  isObject(x) && x['type'] === 'VARIABLE_ALIAS' && typeof x['id'] === 'string';
const KNOWN_TYPES: ReadonlySet<string> = new Set(VARIABLE_TYPES);

/** Alias ids of a wire value: a whole alias, or the aliased parts of a composed color. */
function aliasIds(w: unknown): string[] {
  if (isWireAlias(w)) return [w.id];
  if (!isObject(w)) return [];
  return [w['color'], w['opacity']].filter(isWireAlias).map((a) => a.id);
}

/**
 * Why each variable the client cannot represent is kept (docs/sync.md "Nothing is dropped"); then,
 * until nothing changes, the variables that alias a kept one (their value could not be written).
 */
function keptReasons(
  ordered: string[],
  wireVars: Record<string, WireVariable>,
  wireCols: Record<string, unknown>,
  modeNames: Map<string, ModeList>,
): Map<string, string> {
  const why = new Map<string, string>();
  for (const vid of ordered) {
    const v = wireVars[vid]!;
    const modes = modeNames.get(v.variableCollectionId);
    if (!wireCols[v.variableCollectionId] || !modes) {
      why.set(vid, `its collection ${v.variableCollectionId} is not in the service's answer`);
    } else if (!KNOWN_TYPES.has(v.resolvedType)) {
      why.set(vid, `its type ${v.resolvedType} is not one tokensync knows`);
    } else {
      for (const m of modes) {
        const w = v.valuesByMode[m.id];
        if (isObject(w) && typeof w['type'] === 'string' && w['type'] !== 'VARIABLE_ALIAS') {
          why.set(vid, `its value in mode "${m.name}" has the shape ${w['type']}, which tokensync does not know`);
          break;
        }
      }
    }
  }
  for (let changed = why.size > 0; changed; ) {
    changed = false;
    for (const vid of ordered) {
      if (why.has(vid)) continue;
      const v = wireVars[vid]!;
      for (const w of Object.values(v.valuesByMode)) {
        const target = aliasIds(w).find((id) => why.has(id));
        if (target === undefined) continue;
        why.set(vid, `it aliases "${wireVars[target]?.name}", which is kept for the same reason`);
        changed = true;
        break;
      }
    }
  }
  return why;
}

/** A `VariableComposedColor` (@figma/rest-api-spec 0.43) of a COLOR variable; r/g/b/a filled in later. */
function toComposed(
  owner: WireVariableLike,
  modeName: string,
  w: Record<string, unknown>,
  toAlias: (owner: WireVariableLike, modeName: string, w: { id: string }, type: string, part: string) => Value,
): Value {
  if (owner.resolvedType !== 'COLOR')
    throw hostile(owner, modeName, `has a composed color value, but is ${owner.resolvedType}`);
  const { color, opacity } = w;
  if (!isWireAlias(color) && !isWireAlias(opacity))
    throw hostile(owner, modeName, 'has a composed color with no alias (one of color and opacity must be an alias)');
  let c: Value;
  if (isWireAlias(color)) c = toAlias(owner, modeName, color, 'COLOR', 'color');
  else {
    const lit = { a: 1, ...(color as object) } as Color;
    const problem = literalProblem('COLOR', lit);
    if (problem) throw hostile(owner, modeName, `in its composed color ${problem}`);
    c = { r: lit.r, g: lit.g, b: lit.b, a: lit.a } as Color;
  }
  let o: Value;
  if (isWireAlias(opacity)) o = toAlias(owner, modeName, opacity, 'FLOAT', 'opacity');
  else if (typeof opacity === 'number' && Number.isFinite(opacity) && opacity >= 0 && opacity <= 100) o = opacity;
  else throw hostile(owner, modeName, `has a composed color whose opacity is ${JSON.stringify(opacity)}, not 0 to 100`);
  return { r: 0, g: 0, b: 0, a: 1, composed: { color: c as Color, opacity: o as number } };
}

/**
 * The r/g/b/a of every composed color: its color part's channels, alpha times opacity / 100 (docs/sync.md
 * "Composed colors"). Aliases resolve as in the design tool: in the same mode within a collection, in
 * the target collection's default mode across collections. A chain longer than 64 is a cycle.
 */
function resolveComposed(variables: Variable[], collections: Collection[], index: NameIndex): void {
  const defaults = new Map(collections.map((c) => [c.name, c.defaultMode]));
  const follow = (from: Variable, value: Value, mode: string, depth: number): Value | undefined => {
    if (depth > 64) throw hostile(wireLike(from), mode, 'is part of a composed color cycle');
    if (!isAlias(value)) return value;
    const target = index.get(value.alias.collection)?.get(value.alias.name);
    if (!target) return undefined;
    const m = target.collection === from.collection ? mode : (defaults.get(target.collection) ?? mode);
    const next = target.values[m];
    if (next === undefined) return undefined;
    if (isColor(next) && next.composed) return resolveOne(target, next, m, depth + 1);
    return follow(target, next, m, depth + 1);
  };
  const resolveOne = (v: Variable, c: Color, mode: string, depth: number): Color => {
    const { color, opacity } = c.composed!;
    const base = follow(v, color, mode, depth);
    const op = follow(v, opacity, mode, depth);
    const b = base !== undefined && isColor(base) ? base : { r: 0, g: 0, b: 0, a: 1 };
    const pct = typeof op === 'number' ? Math.min(Math.max(op, 0), 100) : 100;
    c.r = b.r;
    c.g = b.g;
    c.b = b.b;
    c.a = b.a * (pct / 100);
    return c;
  };
  for (const v of variables) {
    if (v.type !== 'COLOR') continue;
    for (const mode in v.values) {
      const value = v.values[mode]!;
      if (isColor(value) && value.composed) resolveOne(v, value, mode, 0);
    }
    // An override's composition resolves as the parent's value in that mode would.
    if (v.overrides === undefined) continue;
    for (const byMode of Object.values(v.overrides))
      for (const [mode, value] of Object.entries(byMode))
        if (isColor(value) && value.composed) resolveOne(v, value, mode, 0);
  }
}

const wireLike = (v: Variable): WireVariableLike => ({ id: v.id ?? '', name: v.name, resolvedType: v.type });

type WireVariableLike = { id: string; name: string; resolvedType: string };

function hostile(v: WireVariableLike, modeName: string, problem: string): RemoteModelError {
  return new RemoteModelError(
    'REMOTE_INVALID',
    `The service's answer is invalid: variable "${v.name}" (${v.id}), mode "${modeName}", ${problem}.`,
    {
      hint: 'Nothing was written. Open the design file and repair that variable (or report the service answer to its operator), then retry.',
    },
  );
}

/** Why a literal does not fit the variable's type (spec "Variables": value shapes per resolvedType), or undefined. */
export function literalProblem(type: string, w: unknown): string | undefined {
  // Spelled only for a value that fails: every value of the answer passes through here.
  const shown = (): string => JSON.stringify(w)?.slice(0, 60) ?? String(w);
  switch (type) {
    case 'COLOR': {
      if (typeof w !== 'object' || w === null)
        return `has the value ${shown()}, which is not a color ({r,g,b,a} from 0 to 1)`;
      const c = w as Record<string, unknown>;
      for (const k of ['r', 'g', 'b', 'a']) {
        const n = c[k];
        if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1)
          return `has a color whose "${k}" is ${JSON.stringify(n) ?? 'missing'}, not a number from 0 to 1`;
      }
      return undefined;
    }
    case 'FLOAT':
      return typeof w === 'number' && Number.isFinite(w)
        ? undefined
        : `has the value ${shown()}, which is not a finite number`;
    case 'STRING':
      return typeof w === 'string' ? undefined : `has the value ${shown()}, which is not a string`;
    case 'BOOLEAN':
      return typeof w === 'boolean' ? undefined : `has the value ${shown()}, which is not true or false`;
    default:
      return `has the unknown type ${type}`;
  }
}

/** Variables by collection name, then by name: alias targets found without building a key string. */
type NameIndex = Map<string, Map<string, Variable>>;

function nameIndex(variables: Variable[]): NameIndex {
  const index: NameIndex = new Map();
  for (const v of variables) {
    let names = index.get(v.collection);
    if (!names) index.set(v.collection, (names = new Map()));
    names.set(v.name, v);
  }
  return index;
}

/**
 * Alias cycles (a -> b -> a) per mode: an alias within a collection resolves in the same mode, one
 * into another collection in that collection's default mode. Iterative, so a long chain cannot
 * overflow the stack. Each (variable, mode) holds the number of the walk that is on it, or DONE once
 * a walk through it ended without a cycle, so no set is built per walk.
 */
function refuseAliasCycles(variables: Variable[], collections: Collection[], index: NameIndex): void {
  const defaults = new Map(collections.map((c) => [c.name, c.defaultMode]));
  const DONE = -1;
  const marks = new Map<string, Map<Variable, number>>(); // mode -> variable -> walk number or DONE
  const marksOf = (mode: string): Map<Variable, number> => {
    let m = marks.get(mode);
    if (!m) marks.set(mode, (m = new Map()));
    return m;
  };
  const path: Variable[] = [];
  const pathModes: string[] = [];
  let walk = 0;
  for (const v of variables) {
    for (const mode in v.values) {
      // A literal is in no cycle: no walk (most values are literals).
      if (!isAliasValue(v.values[mode])) continue;
      walk += 1;
      path.length = 0;
      pathModes.length = 0;
      let cv: Variable | undefined = v;
      let cm = mode;
      while (cv) {
        const m = marksOf(cm);
        const mark = m.get(cv);
        if (mark === DONE) break;
        if (mark === walk) throw aliasCycle(path, pathModes, cv, cm);
        m.set(cv, walk);
        path.push(cv);
        pathModes.push(cm);
        const val: Value | undefined = cv.values[cm];
        const target: Variable | undefined = isAliasValue(val)
          ? index.get(val.alias.collection)?.get(val.alias.name)
          : undefined;
        if (target) cm = target.collection === cv.collection ? cm : (defaults.get(target.collection) ?? cm);
        cv = target;
      }
      for (let i = 0; i < path.length; i++) marksOf(pathModes[i]!).set(path[i]!, DONE);
    }
  }
}

const isAliasValue = (val: Value | undefined): val is Extract<Value, { alias: unknown }> =>
  typeof val === 'object' && val !== null && 'alias' in val;

function aliasCycle(path: Variable[], pathModes: string[], cv: Variable, cm: string): RemoteModelError {
  const start = path.findIndex((pv, i) => pv === cv && pathModes[i] === cm);
  const names = path.slice(start).map((pv) => pv.name);
  return new RemoteModelError(
    'REMOTE_ALIAS_CYCLE',
    `The service's answer is invalid: an alias cycle in mode "${cm}": ${[...names, names[0]].map((n) => `"${n}"`).join(' -> ')}.`,
    {
      hint: 'Nothing was written. Open the design file and point one of these variables at a value instead of an alias, then retry.',
    },
  );
}
