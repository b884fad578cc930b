/**
 * A baseline JPEG (ITU-T T.81) of one solid color, for `format=jpg` renders. A flat image needs only
 * the DC coefficient of each 8x8 block: quantisation by 1, the standard luminance DC Huffman table
 * (T.81 Table K.3) for every component, and an AC table holding only end-of-block.
 */
import type { Rgba } from './state.js';

const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
// Canonical codes of Table K.3, by category: [code, length].
const DC_CODES: [number, number][] = [
  [0b00, 2],
  [0b010, 3],
  [0b011, 3],
  [0b100, 3],
  [0b101, 3],
  [0b110, 3],
  [0b1110, 4],
  [0b11110, 5],
  [0b111110, 6],
  [0b1111110, 7],
  [0b11111110, 8],
  [0b111111110, 9],
];

function segment(marker: number, data: number[]): number[] {
  const len = data.length + 2;
  return [0xff, marker, len >> 8, len & 0xff, ...data];
}

class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private n = 0;
  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0x00); // byte stuffing (T.81 F.1.2.3)
    this.acc = 0;
    this.n = 0;
  }
  finish(): number[] {
    while (this.n !== 0) this.write(1, 1); // pad with 1-bits
    return this.bytes;
  }
}

function encodeDc(w: BitWriter, diff: number): void {
  const cat = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
  const [code, len] = DC_CODES[cat]!;
  w.write(code, len);
  if (cat > 0) w.write(diff > 0 ? diff : diff + (1 << cat) - 1, cat);
  w.write(0, 1); // AC: end of block (the only code of our AC table)
}

export function jpeg(color: Rgba, width: number, height: number): Buffer {
  const [r, g, b] = [color.r, color.g, color.b].map((c) => Math.round(Math.max(0, Math.min(1, c)) * 255)) as [
    number,
    number,
    number,
  ];
  const ycc = [
    0.299 * r + 0.587 * g + 0.114 * b,
    128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
    128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
  ];
  // DC of a flat block after the level shift: 8 * (value - 128).
  const dc = ycc.map((v) => Math.round(8 * (Math.max(0, Math.min(255, v)) - 128)));
  const w = new BitWriter();
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  for (let i = 0; i < blocks; i++) for (const d of dc) encodeDc(w, i === 0 ? d : 0);
  const out = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF 1.1
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES]),
    ...segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0x00]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...w.finish(),
    0xff,
    0xd9,
  ];
  return Buffer.from(out);
}
