/**
 * Every DTCG type's renderer by `$type` (one file per type), and the render context the
 * transforms and formats hand them.
 */
import type { DtcgType } from '../../model/dtcg.js';
import { booleanRender } from './boolean.js';
import { borderRender } from './border.js';
import { colorRender } from './color.js';
import type { RenderContext, RenderKey, RenderTarget, Sub, SubRef, TypeRender } from './context.js';
import { cubicBezierRender } from './cubicBezier.js';
import { dimensionRender, fontSizeRender } from './dimension.js';
import { durationRender } from './duration.js';
import { fontFamilyRender } from './fontFamily.js';
import { fontWeightRender } from './fontWeight.js';
import { gradientRender } from './gradient.js';
import { numberRender } from './number.js';
import { shadowRender } from './shadow.js';
import { stringRender } from './string.js';
import { strokeStyleRender } from './strokeStyle.js';
import { transitionRender } from './transition.js';
import { typographyRender } from './typography.js';

export const renders: Record<RenderKey, TypeRender> = {
  color: colorRender,
  dimension: dimensionRender,
  fontSize: fontSizeRender,
  fontFamily: fontFamilyRender,
  fontWeight: fontWeightRender,
  duration: durationRender,
  cubicBezier: cubicBezierRender,
  number: numberRender,
  strokeStyle: strokeStyleRender,
  border: borderRender,
  transition: transitionRender,
  shadow: shadowRender,
  gradient: gradientRender,
  typography: typographyRender,
  string: stringRender,
  boolean: booleanRender,
};

/**
 * Types Style Dictionary has no transform for here: their whole value goes through the renderer
 * (transforms.ts `tokensync/<target>/composite`). The others keep Style Dictionary's transforms.
 */
export const COMPOSITE_TYPES: ReadonlySet<string> = new Set<DtcgType>(['cubicBezier', 'strokeStyle', 'border', 'transition', 'shadow', 'gradient', 'typography']);

/** Order of composites in files that define before use (SCSS): a border uses a strokeStyle. */
export const COMPOSITE_RANK: Record<string, number> = { cubicBezier: 1, strokeStyle: 1, transition: 2, shadow: 2, gradient: 2, typography: 2, border: 2 };

export interface ContextOptions {
  target: RenderTarget;
  remBase: number;
  refs?: RenderContext['refs'];
  wide?: boolean;
  refName?: (ref: SubRef) => string;
}

export function renderContext(o: ContextOptions): RenderContext {
  const ctx: RenderContext = {
    target: o.target,
    remBase: o.remBase,
    refs: o.refs ?? 'resolve',
    wide: o.wide ?? false,
    refName: o.refName ?? ((r) => r.path.join('-')),
    sub(s: Sub, key: RenderKey): string {
      if (s.$ref !== undefined && ctx.target === 'css' && ctx.refs !== 'resolve') {
        const name = ctx.refName(s.$ref);
        return ctx.refs === 'var' ? `var(--${name})` : `$${name}`;
      }
      const r = renders[key];
      if (ctx.target === 'android') return r.android(s.$lit, ctx)[0]!.value;
      if (ctx.target === 'js') return String(r.js(s.$lit, ctx));
      return r[ctx.target](s.$lit, ctx);
    },
    subJs: (s: Sub, key: RenderKey): unknown => renders[key].js(s.$lit, ctx),
  };
  return ctx;
}

export type { AndroidResource, RenderContext, RenderTarget, Sub, SubRef, TypeRender } from './context.js';
