/**
 * A composed color in a token file (docs/token-files.md "Composed colors"): the token's `$value` is
 * the color it resolves to (so every tool reads a plain color), and
 * `$extensions["dev.tokensync"].composed` holds its parts as the design file has them:
 * `{"color": "{color.blue}" | "#rrggbb[aa]", "opacity": "{opacity.50}" | 0-100}`, at least one a
 * reference. Read here into the parts; the references are resolved with the others (resolve.ts).
 */
import { hexToColor } from '../../model/values.js';
import type { Alias, Color } from '../../model/types.js';
import { refText } from '../../types/common.js';

export interface ComposedRead {
  color: Alias | Color;
  opacity: Alias | number;
  /** References still to resolve: the placeholder alias, the dotted target, the DTCG type it needs. */
  refs: { alias: Alias; target: string; type: 'color' | 'number' }[];
}

const placeholder = (): Alias => ({ alias: { collection: '', name: '' } });

/** The parts, or the problem as a message and its fix. */
export function readComposed(raw: unknown): ComposedRead | { message: string; hint: string } {
  const bad = (message: string) => ({
    message,
    hint: 'Write "composed": {"color": "{color.blue}", "opacity": 50} (opacity in percent; at least one part a reference), or remove it.',
  });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('"composed" must be an object');
  const { color, opacity, ...rest } = raw as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return bad(`"composed" has the unknown key "${extra}"`);
  const refs: ComposedRead['refs'] = [];
  let c: Alias | Color;
  const colorRef = refText(color);
  if (colorRef !== undefined) {
    c = placeholder();
    refs.push({ alias: c, target: colorRef, type: 'color' });
  } else {
    const lit = typeof color === 'string' ? hexToColor(color) : undefined;
    if (!lit) return bad(`"composed.color" must be a reference or a hex color, not ${JSON.stringify(color)}`);
    c = lit;
  }
  let o: Alias | number;
  const opacityRef = refText(opacity);
  if (opacityRef !== undefined) {
    o = placeholder();
    refs.push({ alias: o, target: opacityRef, type: 'number' });
  } else if (typeof opacity === 'number' && Number.isFinite(opacity) && opacity >= 0 && opacity <= 100) {
    o = opacity;
  } else {
    return bad(`"composed.opacity" must be a reference or a number from 0 to 100, not ${JSON.stringify(opacity)}`);
  }
  if (refs.length === 0) return bad('"composed" needs at least one reference (else it is a plain color)');
  return { color: c, opacity: o, refs };
}
