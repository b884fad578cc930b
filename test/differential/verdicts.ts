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
  };
}
