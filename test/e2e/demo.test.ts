/**
 * The README's promise: on a fresh clone, `npm start` runs the demo against the embedded local
 * service. A copy of this repository's config/ and tokens/ (no .tokensync/ state, as after a clone)
 * must pull to the very bytes committed, find nothing to sync, and build every platform.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

describe('npm start on a fresh clone', () => {
  it('pulls the committed tokens byte for byte from a freshly seeded local service, is in step, and builds', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-clone-'));
    cpSync(path.join(REPO, 'config'), path.join(root, 'config'), { recursive: true });
    cpSync(path.join(REPO, 'tokens'), path.join(root, 'tokens'), { recursive: true });
    const committed = (rel: string): string => readFileSync(path.join(REPO, 'tokens', rel), 'utf8');
    const now = (rel: string): string => readFileSync(path.join(root, 'tokens', rel), 'utf8');

    // Spawned, as `npm start` runs it: the smoke test of the real process for build (docs/architecture.md "Testing").
    const res = await runCli(['demo'], { cwd: root, process: true });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('pull: tokens/ already matches the design file');
    expect(res.stdout).toContain('diff: in step, nothing to push or pull');
    // The demo file's styles too (docs/styles.md "The files"): their files, resolver sets and lock.
    const styleFiles = [
      'styles/text.tokens.json',
      'styles/effect.tokens.json',
      'styles/paint.tokens.json',
      'styles/grid.tokens.json',
      'styles.lock.json',
    ];
    for (const rel of [
      'primitives/value.tokens.json',
      'semantic/light.tokens.json',
      'semantic/dark.tokens.json',
      'tokens.resolver.json',
      'sync.lock.json',
      ...styleFiles,
    ]) {
      expect(now(rel), rel).toBe(committed(rel));
    }
    expect(JSON.parse(committed('tokens.resolver.json')).sets).toHaveProperty('text-styles');
    expect(res.stdout).toContain('styles: text styles (3); effect styles (3); paint styles (3)');
    expect(existsSync(path.join(root, 'build', 'docs', 'index.html'))).toBe(true);
    // The docs page shows a specimen per text style and a preview per effect style.
    const docs = readFileSync(path.join(root, 'build', 'docs', 'index.html'), 'utf8');
    expect(docs.match(/class="spec" style="font:[^"]*"[^>]*>[^<]*<\/span>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(docs).toContain('--typography-body-regular');
    expect(docs).toContain('--shadow-focus-ring');
    expect(docs).toContain('radial-gradient(');
    expect(existsSync(path.join(root, '.tokensync', 'service.json'))).toBe(true);
    // The demo builds what `tokensync build` builds (the docs page's title included): nothing to rewrite.
    const again = await runCli(['build'], { cwd: root });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\(0 changed, \d+ unchanged\)/);
  });
});
