/**
 * Published resolver documents (dtcg-examples 1.1.3, MIT; each design system's own licence in
 * test/realworld/README.md and test/overrides/README.md), read with their own resolver document through
 * the real CLI: `check` refuses no part of the resolver mapping (only token values the 2025.10 format
 * refuses, which are taken out round by round as test/realworld does), and `build` prints each
 * overriding context under its own selector.
 */
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/tokens/index.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLES, tokenFiles } from '../realworld/sets.js';

const cli = (root: string, ...args: string[]) => runCli(args, { cwd: root });

function project(set: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-published-'));
  mkdirSync(path.join(root, 'config'));
  writeFileSync(path.join(root, 'config', 'tokensync.yaml'), 'build:\n  platforms: [css, ts, json]\n');
  for (const f of tokenFiles(set)) cpSync(path.join(EXAMPLES, set, f), path.join(root, 'tokens', set, f));
  cpSync(path.join(EXAMPLES, `${set}.resolver.json`), path.join(root, 'tokens', 'tokens.resolver.json'));
  return root;
}

/** Takes a refused token out of its file (a user who cannot fix it yet). */
function drop(root: string, d: Diagnostic): void {
  const file = path.join(root, d.file);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const keys = (d.tokenPath ?? '').split('.');
  let node = doc as Record<string, unknown> | undefined;
  for (const k of keys.slice(0, -1)) node = node?.[k] as Record<string, unknown> | undefined;
  if (node && keys.at(-1)! in node) delete node[keys.at(-1)!];
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
}

async function pruned(root: string): Promise<string[]> {
  const seen: string[] = [];
  for (let round = 0; round < 8; round++) {
    const r = await cli(root, '--json', 'check');
    const errors = (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter(
      (d) => d.severity === 'error',
    );
    if (errors.length === 0) break;
    for (const d of errors) {
      seen.push(d.message);
      if (d.tokenPath && d.tokenPath !== '-') drop(root, d);
    }
  }
  return seen;
}

const MAPPING = /defined by collection|has no token|default context|resolver/;

describe('published resolver documents with overriding contexts', () => {
  it.each([
    ['ibm-carbon', 'breakpoint', ['lg', 'xlg', 'max']],
    ['figma-sds', 'theme', ['dark']],
    ['microsoft-fluent', 'theme', ['inverted']],
  ])('%s: check refuses nothing of the mapping, build prints each context', async (set, modifier, contexts) => {
    const root = project(set);
    const refused = await pruned(root);
    expect(refused.filter((m) => MAPPING.test(m))).toEqual([]);
    const check = await cli(root, 'check');
    expect(check.stdout).toMatch(/no problems/);
    expect(check.code).toBe(0);
    const build = await cli(root, 'build');
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    const css = readFileSync(path.join(root, 'build/css/tokens.css'), 'utf8');
    for (const c of contexts) expect(css).toContain(`[data-${modifier}="${c}"] {`);
  });
});
