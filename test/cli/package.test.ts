/**
 * Installing tokensync into another project (docs/ci.md "Install routes"): every relative link in the
 * README and docs resolves (file and heading), the places `init` and the workflow point at exist in the
 * package, the package holds a LICENSE, and no source map points at a file the package does not ship.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { INITIAL_CONFIG } from '../../src/cli/commands/init.js';
import { workflowYaml } from '../../src/cli/ci-workflow.js';
import { REPO_ROOT } from './git-repo.js';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

const markdown = [
  'README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('links', () => {
  test.each(markdown)('every relative link in %s resolves, anchors included', (rel) => {
    const file = path.join(REPO_ROOT, rel);
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue; // absolute URLs are not checked offline
      const [p, hash] = target.split('#') as [string, string | undefined];
      const resolved = p === '' ? file : path.resolve(path.dirname(file), p);
      if (!existsSync(resolved)) broken.push(`${target}: no such file`);
      else if (hash && resolved.endsWith('.md') && !anchors(resolved).has(hash))
        broken.push(`${target}: no heading #${hash}`);
    }
    expect(broken).toEqual([]);
  });

  test('what init and the workflow point at exists', () => {
    expect(INITIAL_CONFIG).toContain('node_modules/tokensync/schema/tokensync.schema.json');
    expect(existsSync(path.join(REPO_ROOT, 'schema/tokensync.schema.json'))).toBe(true);
    expect(INITIAL_CONFIG).toContain('README.md ("Configuration")');
    expect(anchors(path.join(REPO_ROOT, 'README.md'))).toContain('configuration');
    expect(anchors(path.join(REPO_ROOT, 'README.md'))).toContain('point-it-at-a-real-design-file');
    expect(workflowYaml({ project: '', tokensDir: 'tokens', branch: 'main' })).toContain("tokensync's docs/ci.md");
    expect(existsSync(path.join(REPO_ROOT, 'docs/ci.md'))).toBe(true);
  });
});

describe('the package', () => {
  test('ships LICENSE, README, docs, the Action and its script; every source map points at shipped files', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const files = new Set((JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
    for (const f of [
      'LICENSE',
      'README.md',
      'package.json',
      'action.yml',
      'scripts/github-action.sh',
      'docs/ci.md',
      'schema/tokensync.schema.json',
      'bin/tokensync.js',
      'dist/cli/main.js',
    ]) {
      expect(files, f).toContain(f);
    }
    expect(readFileSync(path.join(REPO_ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).license).toBe('MIT');
    const unshipped: string[] = [];
    const maps = [...files].filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(path.join(REPO_ROOT, map), 'utf8')) as { sources: string[] };
      for (const s of sources) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(map), s));
        if (!files.has(target)) unshipped.push(`${map} -> ${target}`);
      }
    }
    expect(unshipped).toEqual([]);
    // Nothing from the tests or the machine leaks in.
    expect([...files].filter((f) => /^(test|bench|node_modules|\.tokensync|test-artifacts)\//.test(f))).toEqual([]);
  }, 180_000); // npm pack --dry-run waits on npm itself: over 40 s on a loaded shared machine
});
