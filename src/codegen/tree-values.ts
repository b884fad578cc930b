/**
 * A token's value as the renderers take it (render/context.ts), for the token tree (tree.ts):
 * literals normalized (colors as the model holds them, floats by kind), every composite sub-value a
 * `Sub` with its resolved literal and, when it is a reference, where it points.
 */
import type { DtcgType, Gradient } from '../model/dtcg.js';
import { isAlias, isColor, type Alias, type Value, type Variable } from '../model/types.js';
import { roundFloat } from '../model/values.js';
import type { Sub } from '../types/render/context.js';
import { weightNumber } from '../types/font-weight.js';
import { BuildError } from './errors.js';
import { COMPOSITE_TYPES } from './render/index.js';
import { defaultKind, entryOf, label, typeOf, valuesOf, who, type Entry, type TreeModel } from './tree-model.js';
import type { View } from './views.js';

/** One value being normalized: whose, in which view and mode, of which type, how deep in sub-values. */
interface At {
  model: TreeModel;
  holder: Entry;
  view: View;
  mode: string;
  value: unknown;
  type: DtcgType;
  depth: number;
}

/**
 * `value` of `type` held by `holder` in `view` and `mode`, normalized. `depth` guards against a
 * composite that contains itself through sub-value references.
 */
export function normalize(
  model: TreeModel,
  holder: Entry,
  view: View,
  mode: string,
  value: unknown,
  type: DtcgType,
  depth: number,
): unknown {
  if (depth > 32) {
    throw new BuildError(
      'BUILD_ALIAS_CYCLE',
      `${who(entryOf(holder))} (mode "${mode}") contains itself through sub-value references.`,
      {
        hint: 'Point one of the references in the cycle at a literal value.',
      },
    );
  }
  // A variable's literal (most tokens) makes no `At` unless it is wrong.
  if (holder.variable && !COMPOSITE_TYPES.has(type)) {
    const lit = variableLiteral(holder.variable, value as Value, model.remBase);
    return lit === WRONG ? wrong({ model, holder, view, mode, value, type, depth }) : lit;
  }
  const at: At = { model, holder, view, mode, value, type, depth };
  const composite = COMPOSITES[type];
  return composite ? composite(at, value) : literal(at);
}

function wrong(at: At): never {
  throw new BuildError(
    'BUILD_MODEL_INVALID',
    `${who(entryOf(at.holder))} (mode "${at.mode}") has a value that is not a ${at.type}: ${JSON.stringify(at.value)}.`,
    {
      hint: 'Fix the value in its token file so it matches the token $type.',
    },
  );
}

const obj = (at: At, x: unknown): Record<string, unknown> =>
  typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : wrong(at);

/** A repository token's literal of a simple type. */
function literal(at: At): unknown {
  const value = at.value;
  switch (at.type) {
    case 'color':
      return isColor(value as Value) ? value : wrong(at);
    case 'dimension':
    case 'duration':
      return typeof obj(at, value)['value'] === 'number' ? value : wrong(at);
    case 'number':
      return typeof value === 'number' ? value : wrong(at);
    case 'fontWeight':
      return typeof value === 'number' || typeof value === 'string' ? weightNumber(value) : wrong(at);
    case 'fontFamily':
      return typeof value === 'string' || Array.isArray(value) ? value : wrong(at);
    case 'string':
      return typeof value === 'string' ? value : wrong(at);
    case 'boolean':
      return typeof value === 'boolean' ? value : wrong(at);
    case 'cubicBezier':
      return Array.isArray(value) && value.length === 4 ? value : wrong(at);
  }
  return undefined;
}

/** A composite's sub-value of type `t`: its literal and, when written as a reference, where that points. */
function sub(at: At, x: unknown, t: DtcgType): Sub {
  const { model, holder, view, mode } = at;
  if (typeof x === 'object' && x !== null && isAlias(x as Value)) {
    const h = entryOf(holder);
    const a = x as Alias;
    const direct = model.target(h, mode, a, ' in a sub-value');
    const end = model.terminal(direct, model.modeIn(h, mode, entryOf(direct)));
    const endType = typeOf(end.entry);
    if (endType !== t && !(t === 'dimension' && endType === 'dimension')) {
      throw new BuildError(
        'BUILD_MODEL_INVALID',
        `${who(h)} (mode "${mode}") has a ${t} sub-value that references ${label(a.alias)}, a ${endType}.`,
        {
          hint: `Point the reference at a ${t} token.`,
        },
      );
    }
    const endView =
      model.views.find((vw) => vw.collection.name === entryOf(end.entry).collection && vw.mode === end.mode) ?? view;
    const lit = normalize(model, end.entry, endView, end.mode, valuesOf(end.entry)[end.mode], t, at.depth + 1);
    const tv = model.refView(view, a.alias.collection);
    return { $lit: lit, $ref: { view: tv.key, path: model.pathOf(a.alias) } };
  }
  return { $lit: normalize(model, holder, view, mode, x, t, at.depth + 1) };
}

function shadowLayer(at: At, x: unknown): Record<string, unknown> {
  const o = obj(at, x);
  return {
    color: sub(at, o['color'], 'color'),
    offsetX: sub(at, o['offsetX'], 'dimension'),
    offsetY: sub(at, o['offsetY'], 'dimension'),
    blur: sub(at, o['blur'], 'dimension'),
    spread: sub(at, o['spread'], 'dimension'),
    inset: o['inset'] === true,
  };
}

function gradient(at: At, value: unknown): unknown {
  const stops = (Array.isArray(value) ? value : wrong(at)).map((x: unknown) => {
    if (isAlias(x as Value)) return sub(at, x, 'gradient');
    const o = obj(at, x);
    // Format §9.6: a position outside [0, 1] is taken as clamped to it.
    const position = sub(at, o['position'], 'number');
    if (typeof position.$lit === 'number') position.$lit = Math.min(1, Math.max(0, position.$lit));
    return { color: sub(at, o['color'], 'color'), position };
  });
  // The kind and angle ride on the model array (Gradient `shape`, from $extensions); the
  // renderer gets them in an object, which Style Dictionary's copies keep (an array's own
  // properties they would drop).
  const shape = (value as Gradient).shape;
  return shape ? { stops, shape } : { stops };
}

/** Each composite type's value, its sub-values normalized. */
const COMPOSITES: Partial<Record<DtcgType, (at: At, value: unknown) => unknown>> = {
  strokeStyle: (at, value) => {
    if (typeof value === 'string') return value;
    const o = obj(at, value);
    return {
      dashArray: (Array.isArray(o['dashArray']) ? o['dashArray'] : wrong(at)).map((d: unknown) =>
        sub(at, d, 'dimension'),
      ),
      lineCap: o['lineCap'],
    };
  },
  border: (at, value) => {
    const o = obj(at, value);
    return {
      color: sub(at, o['color'], 'color'),
      width: sub(at, o['width'], 'dimension'),
      style: sub(at, o['style'], 'strokeStyle'),
    };
  },
  transition: (at, value) => {
    const o = obj(at, value);
    return {
      duration: sub(at, o['duration'], 'duration'),
      delay: sub(at, o['delay'], 'duration'),
      timingFunction: sub(at, o['timingFunction'], 'cubicBezier'),
    };
  },
  // An array item may reference another shadow token (format §9 "Array aliasing").
  shadow: (at, value) =>
    Array.isArray(value)
      ? value.map((x: unknown) => (isAlias(x as Value) ? sub(at, x, 'shadow') : shadowLayer(at, x)))
      : shadowLayer(at, value),
  gradient,
  typography: (at, value) => {
    const o = obj(at, value);
    return {
      fontFamily: sub(at, o['fontFamily'], 'fontFamily'),
      fontSize: sub(at, o['fontSize'], 'dimension'),
      fontWeight: sub(at, o['fontWeight'], 'fontWeight'),
      letterSpacing: sub(at, o['letterSpacing'], 'dimension'),
      lineHeight: sub(at, o['lineHeight'], 'number'),
    };
  },
};

/** What variableLiteral gives for a value that is not of the variable's type. */
const WRONG: unique symbol = Symbol('wrong');

/** A variable's literal in the tree: colors in hex, floats by kind (px, rem over remBase, ms/s); WRONG for a value of another type. */
function variableLiteral(v: Variable, value: Value, remBase: number): unknown {
  const kind = defaultKind(v);
  switch (kind.type) {
    case 'color':
      return isColor(value) ? value : WRONG;
    case 'boolean':
      return typeof value === 'boolean' ? value : WRONG;
    case 'string':
    case 'fontFamily':
      return typeof value === 'string' ? value : WRONG;
    case 'dimension':
      if (typeof value !== 'number') return WRONG;
      return kind.unit === 'rem'
        ? { value: roundFloat(value / remBase), unit: 'rem' }
        : { value: roundFloat(value), unit: 'px' };
    case 'duration':
      if (typeof value !== 'number') return WRONG;
      return { value: roundFloat(value), unit: kind.unit };
    case 'number':
    case 'fontWeight':
      return typeof value === 'number' ? roundFloat(value) : WRONG;
  }
}
