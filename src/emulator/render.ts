/**
 * Rendered images (spec "GET /v1/images/:file_key"): real, small files in the node's first solid fill
 * color, so a client can download and decode what it gets: PNG, SVG, baseline JPEG (jpeg.ts) and a
 * one-page PDF with the filled rectangle.
 */
import { crc32, deflateSync } from 'node:zlib';
import { jpeg } from './jpeg.js';
import type { DocNode, Rgba } from './state.js';

export type ImageFormat = 'png' | 'svg' | 'jpg' | 'pdf';

export function fillOf(node: DocNode | undefined): Rgba {
  const fills = node?.['fills'];
  if (Array.isArray(fills)) {
    for (const f of fills as { type?: string; color?: Rgba }[]) if (f.type === 'SOLID' && f.color) return f.color;
  }
  return { r: 0.85, g: 0.85, b: 0.85, a: 1 };
}

export function sizeOf(node: DocNode | undefined, scale: number): { width: number; height: number } {
  const box = node?.['absoluteBoundingBox'] as { width?: number; height?: number } | undefined;
  // Kept small on purpose (at most 256 px a side): the emulator serves test fixtures, not artwork.
  const clamp = (n: number): number => Math.max(1, Math.min(256, Math.round(n)));
  return { width: clamp((box?.width ?? 100) * scale), height: clamp((box?.height ?? 100) * scale) };
}

const byte = (c: number): number => Math.round(Math.max(0, Math.min(1, c)) * 255);

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

export function png(color: Rgba, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const row = Buffer.alloc(1 + width * 4);
  for (let x = 0; x < width; x++) row.set([byte(color.r), byte(color.g), byte(color.b), byte(color.a)], 1 + x * 4);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function svg(color: Rgba, width: number, height: number): Buffer {
  const hex = `#${[color.r, color.g, color.b].map((c) => byte(c).toString(16).padStart(2, '0')).join('')}`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${hex}" fill-opacity="${color.a}"/></svg>\n`,
  );
}

export function pdf(color: Rgba, width: number, height: number): Buffer {
  const content = `${color.r.toFixed(3)} ${color.g.toFixed(3)} ${color.b.toFixed(3)} rg 0 0 ${width} ${height} re f\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}endstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

export function render(
  format: ImageFormat,
  color: Rgba,
  width: number,
  height: number,
): { body: Buffer; contentType: string } {
  switch (format) {
    case 'svg':
      return { body: svg(color, width, height), contentType: 'image/svg+xml' };
    case 'pdf':
      return { body: pdf(color, width, height), contentType: 'application/pdf' };
    case 'jpg':
      return { body: jpeg(color, width, height), contentType: 'image/jpeg' };
    case 'png':
      return { body: png(color, width, height), contentType: 'image/png' };
  }
}
