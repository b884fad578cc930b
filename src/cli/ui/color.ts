/**
 * Color in the terminal: truecolor swatches before every color
 * value, colored change symbols in plan tables, red errors. Plain text in CI and under NO_COLOR;
 * FORCE_COLOR turns it on anywhere (https://no-color.org, https://force-color.org). Pure strings.
 */

export interface ColorEnv {
  NO_COLOR?: string | undefined;
  FORCE_COLOR?: string | undefined;
  CI?: string | undefined;
  TERM?: string | undefined;
}

/** Whether to color what goes to `stream`. */
export function colorEnabled(env: ColorEnv, stream: { isTTY?: boolean }): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return !(env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false');
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') return false;
  if (env.TERM === 'dumb') return false;
  return Boolean(stream.isTTY);
}

const ESC = '\u001b[';
export const paint = {
  red: (s: string): string => `${ESC}31m${s}${ESC}39m`,
  green: (s: string): string => `${ESC}32m${s}${ESC}39m`,
  yellow: (s: string): string => `${ESC}33m${s}${ESC}39m`,
  magenta: (s: string): string => `${ESC}35m${s}${ESC}39m`,
  cyan: (s: string): string => `${ESC}36m${s}${ESC}39m`,
  bold: (s: string): string => `${ESC}1m${s}${ESC}22m`,
  dim: (s: string): string => `${ESC}2m${s}${ESC}22m`,
};

/**
 * Two cells of the color itself (24-bit background). A translucent color is drawn over white, as
 * the docs page's checkerboard would average, so `#00000080` shows as mid grey, not black.
 */
export function swatch(hex: string): string {
  const h = hex.replace('#', '');
  const a = h.length === 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1;
  const ch = (i: number): number => Math.round(parseInt(h.slice(i, i + 2), 16) * a + 255 * (1 - a));
  return `${ESC}48;2;${ch(0)};${ch(2)};${ch(4)}m  ${ESC}49m`;
}

const SYMBOLS: Record<string, (s: string) => string> = {
  '+': paint.green,
  '~': paint.yellow,
  '>': paint.cyan,
  '-': paint.red,
  '!': (s) => paint.bold(paint.red(s)),
  '?': paint.magenta,
};

/** Adds color to text tokensync prints: swatches before hex colors, plan symbols, error words. */
export function decorate(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let out = line.replace(
        /(^|[\s({|:])(#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?)(?![0-9a-fA-F])/g,
        (_m, pre: string, hex: string) => `${pre}${swatch(hex)} ${hex}`,
      );
      const row = /^( {2})([+~>\-!?])( )/.exec(out);
      if (row) out = `${row[1]}${SYMBOLS[row[2]!]!(row[2]!)}${out.slice(row[0].length - 1)}`;
      out = out.replace(/^(\s*)(error:)/, (_m, sp: string, w: string) => `${sp}${paint.bold(paint.red(w))}`);
      out = out.replace(/^(\s*)(warning:)/, (_m, sp: string, w: string) => `${sp}${paint.yellow(w)}`);
      out = out.replace(/^(\s*)(fix:)/, (_m, sp: string, w: string) => `${sp}${paint.cyan(w)}`);
      out = out.replace(/ (->|→) /g, (_m, arrow: string) => ` ${paint.dim(arrow)} `);
      return out;
    })
    .join('\n');
}
