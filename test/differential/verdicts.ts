/** Accept/refuse verdicts on one token document, by tokensync and by Terrazzo's parser. */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { Logger, defineConfig, parse, type LogEntry } from '@terrazzo/parser';
import { configSchema } from '../../src/config/schema.js';
import { checkTokens, formatDiagnostic } from '../../src/tokens/index.js';
import { project } from '../tokens/helpers.js';

export interface Verdict {
  ok: boolean;
  /** The first few error messages, for the failure report. */
  why: string[];
  /** Each refused file (relative to tokens/) with its first message. */
  files: Map<string, string>;
  /** Every error's first line, sorted (Terrazzo's only). */
  messages?: string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : `${JSON.stringify(v, null, 2)}\n`);
const defaults = configSchema.parse({}).tokens;

/** tokensync's verdict: `check` has no error (warnings are fine). */
export async function ours(files: Record<string, unknown>): Promise<Verdict> {
  const root = await project(Object.fromEntries(Object.entries(files).map(([f, v]) => [f, text(v)])), 'tokens');
  const errors = (await checkTokens(root, defaults)).filter((d) => d.severity === 'error');
  const byFile = new Map<string, string>();
  for (const d of errors)
    if (!byFile.has(d.file.replace(/^tokens\//, '')))
      byFile.set(d.file.replace(/^tokens\//, ''), `${d.tokenPath}: ${d.message}`);
  return { ok: errors.length === 0, why: errors.slice(0, 3).map(formatDiagnostic), files: byFile };
}

/** A logger that keeps every error instead of throwing at the first, so a verdict names them all. */
class Recorder extends Logger {
  entries: LogEntry[] = [];
  override error(...entries: LogEntry[]): void {
    this.entries.push(...entries);
  }
}

/**
 * Terrazzo's verdict: parse() plus its core lint rules at their defaults (`tz check`), which is where
 * Terrazzo 2 validates each type's $value.
 */
export async function terrazzo(files: Record<string, unknown>, dir = '/virtual/tokens'): Promise<Verdict> {
  const cwd = pathToFileURL(`${dir}/`);
  const logger = new Recorder({ level: 'silent' });
  const inputs = Object.entries(files).map(([f, v]) => ({ filename: pathToFileURL(path.join(dir, f)), src: text(v) }));
  try {
    await parse(inputs, { config: defineConfig({}, { cwd, logger }), logger, continueOnError: true });
  } catch (e) {
    logger.entries.push({ group: 'parser', message: (e as Error).message });
  }
  const byFile = new Map<string, string>();
  for (const e of logger.entries) {
    const f = e.filename ? path.relative(dir, e.filename.pathname) : '(no file)';
    if (!byFile.has(f)) byFile.set(f, e.message.split('\n')[0]!);
  }
  return {
    ok: logger.entries.length === 0,
    why: logger.entries
      .slice(0, 3)
      .map((e) => `${e.filename ? `${path.relative(dir, e.filename.pathname)}: ` : ''}${e.message.split('\n')[0]}`),
    files: byFile,
    messages: logger.entries.map((e) => e.message.split('\n')[0]!).sort(),
  };
}

const isGroup = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The documents of a set deep-merged in order, as Terrazzo's parser merges its inputs before it reads
 * any token: objects merge member by member, anything else (a string, number, array, or an object
 * meeting a non-object) is replaced by the later document's. Terrazzo does that merge by copying the
 * whole merged syntax tree once per file, which costs it about 35 s of CPU for the 61 files of GitHub
 * Primer and 4 s for the one merged document; its verdict on the merged document is its verdict on the
 * files, message by message (checked in terrazzo.test.ts on the sets where the files are cheap).
 */
export function mergedSet(files: Record<string, unknown>): Record<string, unknown> {
  const merge = (a: unknown, b: unknown): unknown => {
    if (!isGroup(a) || !isGroup(b)) return b;
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  };
  return { 'merged.tokens.json': Object.values(files).reduce(merge, {}) };
}
