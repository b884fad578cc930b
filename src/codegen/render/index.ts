/**
 * Every DTCG type's renderer by `$type` (one file per type), and the render context the
 * transforms and formats hand them.
 */
import type { DtcgType } from '../../model/dtcg.js';
import { TYPE_MODULES } from '../../types/index.js';
import { fontSizeRender } from '../../types/dimension.js';
import type { RenderContext, RenderKey, RenderTarget, Sub, SubRef, TypeRender } from '../../types/render/context.js';

/** Each type's renderer: the `render` member of its module (src/types/<type>.ts), plus a dimension as a font size. */
export const renders = Object.fromEntries([
  ...Object.entries(TYPE_MODULES).map(([type, m]) => {
    if (m.render === undefined) throw new Error(`src/types: the ${type} module has no render`);
    return [type, m.render];
  }),
  ['fontSize', fontSizeRender],
]) as Record<RenderKey, TypeRender>;

/**
 * Types Style Dictionary has no transform for here: their whole value goes through the renderer
 * (transforms.ts `tokensync/<target>/composite`). The others keep Style Dictionary's transforms.
 */
export const COMPOSITE_TYPES: ReadonlySet<string> = new Set<DtcgType>([
  'cubicBezier',
  'strokeStyle',
  'border',
  'transition',
  'shadow',
  'gradient',
  'typography',
]);

/** Order of composites in files that define before use (SCSS): a border uses a strokeStyle. */
export const COMPOSITE_RANK: Record<string, number> = {
  cubicBezier: 1,
  strokeStyle: 1,
  transition: 2,
  shadow: 2,
  gradient: 2,
  typography: 2,
  border: 2,
};

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

export type {
  RenderContext,
  RenderTarget,
  SubRef,
  TypeRender,
} from '../../types/render/context.js';
