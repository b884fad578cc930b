/**
 * The bad-input corpus (README "Reliability"): each case starts from a copy of a freshly pulled project,
 * breaks one thing, runs the real CLI and asserts the exit code, that the output names the file and
 * position (or the config key), and that no file changed. The service's request log must stay empty over
 * the whole corpus: refused input sends no request.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  lstatSync,
  readlinkSync,
  writeFileSync,
  mkdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, type CliResult } from '../helpers/cli.js';

export interface CaseProject {
  root: string;
  env: NodeJS.ProcessEnv;
  read(rel: string): string;
  write(rel: string, text: string | Buffer): void;
  /** Replaces the first occurrence of `from` in a file (fails when absent, so a case cannot rot). */
  edit(rel: string, from: string, to: string): void;
  remove(rel: string): void;
  mkdir(rel: string): void;
  fifo(rel: string): void;
  symlink(rel: string, target: string): void;
}

export interface BadCase {
  name: string;
  setup(p: CaseProject): void;
  args: string[];
  /** Expected exit code (default 1). */
  code?: number;
  /** Each must appear in the output (stdout + stderr): the file with its position, or the key. */
  names: (string | RegExp)[];
  /** Must not appear anywhere in the output (secrets). */
  hidden?: string[];
}

export function caseProject(template: string, env: NodeJS.ProcessEnv): CaseProject {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-bad-'));
  cpSync(template, root, { recursive: true });
  const abs = (rel: string): string => path.join(root, rel);
  return {
    root,
    env: { ...env },
    read: (rel) => readFileSync(abs(rel), 'utf8'),
    write(rel, text) {
      mkdirSync(path.dirname(abs(rel)), { recursive: true });
      writeFileSync(abs(rel), text);
    },
    edit(rel, from, to) {
      const text = readFileSync(abs(rel), 'utf8');
      if (!text.includes(from)) throw new Error(`case setup: ${rel} does not contain ${JSON.stringify(from)}`);
      writeFileSync(abs(rel), text.replace(from, to));
    },
    remove: (rel) => rmSync(abs(rel), { recursive: true, force: true }),
    mkdir: (rel) => mkdirSync(abs(rel), { recursive: true }),
    fifo: (rel) => execFileSync('mkfifo', [abs(rel)]),
    symlink: (rel, target) => symlinkSync(target, abs(rel)),
  };
}

/** Every entry under root: files by content, links by target, special files by kind. */
export function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      const r = path.join(rel, name);
      const st = lstatSync(path.join(root, r));
      if (st.isSymbolicLink()) out.set(r, `-> ${readlinkSync(path.join(root, r))}`);
      else if (st.isDirectory()) {
        out.set(r, 'dir');
        walk(r);
      } else if (st.isFile()) out.set(r, readFileSync(path.join(root, r), 'utf8'));
      else out.set(r, 'special');
    }
  };
  walk('');
  return out;
}

export async function runCase(
  c: BadCase,
  template: string,
  env: NodeJS.ProcessEnv,
): Promise<{ result: CliResult; before: Map<string, string>; after: Map<string, string>; output: string }> {
  const p = caseProject(template, env);
  c.setup(p);
  const before = snapshot(p.root);
  const result = await runCli(c.args, { cwd: p.root, env: p.env });
  const after = snapshot(p.root);
  rmSync(p.root, { recursive: true, force: true });
  return { result, before, after, output: `${result.stdout}${result.stderr}` };
}

/** Runs `fn` over `items` with at most `limit` at a time (CLI processes on a 2-core box). */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}
