/** Markdown for bench/RESULTS.md: figures side by side, each with its ratio to the tool a user would pick instead. */

export function fmtMs(ms) {
  if (ms === undefined) return 'n/a';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function fmtMB(mb) {
  return mb === undefined ? 'n/a' : `${Math.round(mb)} MB`;
}

export function fmtBytes(b) {
  if (b === undefined) return 'n/a';
  if (b >= 1024 * 1024) return `${(b / 1024 / 1024).toFixed(1)} MiB`;
  if (b >= 1024) return `${Math.round(b / 1024)} KiB`;
  return `${b} B`;
}

/** `x1.25` = 25% more than the reference (slower / larger); below 1 is better. */
export function fmtRatio(value, reference) {
  if (value === undefined || reference === undefined || reference === 0) return 'n/a';
  return `x${(value / reference).toFixed(2)}`;
}

export function table(header, rows) {
  const esc = (c) => String(c).replace(/\|/g, '\\|');
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** Time cell: median with the spread of the runs, or the error that stopped the leg. */
export function timeCell(m) {
  if (!m.ok) return `failed: ${m.error}`;
  return m.runs > 1 ? `${fmtMs(m.ms)} (${fmtMs(m.msMin)}–${fmtMs(m.msMax)})` : fmtMs(m.ms);
}
