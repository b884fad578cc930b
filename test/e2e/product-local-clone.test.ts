/**
 * A repository on the embedded local service (`service.url: local`) never loses committed tokens on a
 * fresh clone (docs/emulator.md "A fresh clone never loses tokens"). The local service's state
 * (.tokensync/) is git-ignored, the lock is not: a clone seeds its local service from the repository, so
 * pull changes nothing and check --remote sees no drift; state that is behind the lock is refused before
 * anything is written.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { DOCUMENTS } from '../overrides/documents.js';
import { createGitRepo, gitEnv } from '../cli/git-repo.js';

function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      const r = path.join(rel, name);
      if (statSync(path.join(root, r)).isDirectory()) walk(r);
      else out.set(r, readFileSync(path.join(root, r), 'utf8'));
    }
  };
  walk('tokens');
  return out;
}

describe('a fresh clone of a repository on the local service', () => {
  test('pulls without losing a token, and check --remote / diff see no drift', async () => {
    // The first machine: edits a value, adds a token, pushes to its local service, commits the lock.
    const a = createGitRepo();
    const env = gitEnv();
    expect((await runCli(['pull'], { cwd: a.root, env })).code).toBe(0);
    const file = 'tokens/primitives/value.tokens.json';
    const json = JSON.parse(a.read(file)) as {
      radius: Record<string, unknown>;
      color: { blue: Record<string, { $value: { hex: string; components: number[] } }> };
    };
    json.radius['lg'] = {
      $type: 'dimension',
      $value: { value: 12, unit: 'px' },
      $description: 'Large corner radius',
      // Service fields the seed must bring back too: a clone's pull must not drop them from the files.
      $extensions: {
        'dev.tokensync': {
          scopes: ['CORNER_RADIUS'],
          hiddenFromPublishing: true,
          codeSyntax: { WEB: 'var(--radius-lg)', iOS: 'Radius.lg' },
        },
      },
    };
    a.write(file, `${JSON.stringify(json, null, 2)}\n`);
    const pushed = await runCli(['push'], { cwd: a.root, env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    a.git('add', '-A');
    a.git('commit', '-q', '-m', 'radius/lg');
    const lock = JSON.parse(a.read('tokens/sync.lock.json')) as {
      remoteVersion: string;
      variables: Record<string, { name: string }>;
    };
    expect(Number(lock.remoteVersion)).toBeGreaterThan(1);
    expect(Object.values(lock.variables).map((v) => v.name)).toContain('radius/lg');

    // The fresh clone: no .tokensync/, so a new local service.
    const b = mkdtempSync(path.join(tmpdir(), 'tokensync-clone-'));
    execFileSync('git', ['clone', '-q', a.root, b], { env });
    mkdirSync(path.join(b, 'node_modules'), { recursive: true });
    cpSync(path.join(a.root, 'node_modules'), path.join(b, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    expect(existsSync(path.join(b, '.tokensync'))).toBe(false);
    const before = tree(b);

    const pulled = await runCli(['pull'], { cwd: b, env });
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain('pull: already in step, nothing to do.');
    expect(pulled.stdout).toContain('seeded it from the repository');
    expect(tree(b)).toEqual(before);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: b, env, encoding: 'utf8' })).toBe('');

    const drift = await runCli(['check', '--remote'], { cwd: b, env });
    expect(drift.stdout).toContain('In step with the design file.');
    expect(drift.code).toBe(0);
    expect((await runCli(['diff'], { cwd: b, env })).code).toBe(0);

    // Work goes on in the clone: an edit pushes as an edit, not a conflict with a phantom deletion.
    const text = readFileSync(path.join(b, 'tokens/primitives/value.tokens.json'), 'utf8').replace(
      '"value": 12',
      '"value": 14',
    );
    writeFileSync(path.join(b, 'tokens/primitives/value.tokens.json'), text);
    const push2 = await runCli(['push'], { cwd: b, env });
    expect(push2.code).toBe(0);
    expect(push2.stdout).toContain('sent 1 write request(s)');
  });

  test('a brand axis pushed as an extended collection (figma dialect) is seeded back as one, overrides included', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-clone-brand-'));
    mkdirSync(path.join(root, 'config'));
    writeFileSync(
      path.join(root, 'config', 'tokensync.yaml'),
      'service:\n  url: local\n  api: figma\n  fileKey: brand\n',
    );
    for (const [file, doc] of Object.entries(DOCUMENTS['two axes: mode then brand (an empty context too)']!)) {
      mkdirSync(path.dirname(path.join(root, 'tokens', file)), { recursive: true });
      writeFileSync(path.join(root, 'tokens', file), `${JSON.stringify(doc, null, 2)}\n`);
    }
    const pushed = await runCli(['push'], { cwd: root, env: {} });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const saved = JSON.parse(readFileSync(path.join(root, '.tokensync', 'service.json'), 'utf8'));
    const before = tree(root);
    // The clone: the same files and lock, no saved state.
    rmSync(path.join(root, '.tokensync'), { recursive: true });
    const pulled = await runCli(['pull'], { cwd: root, env: {} });
    expect(pulled.stderr).toBe('');
    expect(pulled.stdout).toContain('seeded it from the repository');
    expect(pulled.stdout).toContain('pull: already in step, nothing to do.');
    expect(tree(root)).toEqual(before);
    // The seeded collections are what the push made: the extension, its parent and its overrides.
    const seeded = JSON.parse(readFileSync(path.join(root, '.tokensync', 'service.json'), 'utf8'));
    const collections = (state: { files: Record<string, { variableCollections: object }> }) =>
      state.files['brand']!.variableCollections;
    expect(collections(seeded)).toEqual(collections(saved));
    expect((await runCli(['diff'], { cwd: root, env: {} })).code).toBe(0);
  });

  test('saved local state that is behind the lock is refused, and nothing is written', async () => {
    const a = createGitRepo();
    const env = gitEnv();
    expect((await runCli(['pull'], { cwd: a.root, env })).code).toBe(0);
    const stale = path.join(mkdtempSync(path.join(tmpdir(), 'tokensync-stale-')), 'service.json');
    cpSync(path.join(a.root, '.tokensync', 'service.json'), stale); // version 1
    a.edit('tokens/primitives/value.tokens.json', '"value": 6', '"value": 7');
    expect((await runCli(['push'], { cwd: a.root, env })).code).toBe(0); // version 2 in the lock
    cpSync(stale, path.join(a.root, '.tokensync', 'service.json')); // e.g. a copy from another branch
    const before = tree(a.root);
    const pulled = await runCli(['pull'], { cwd: a.root, env });
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toMatch(
      /error: The embedded local service \(\.tokensync\/service\.json\) is at version 1 of file "demo", older than version 2 that tokens\/sync\.lock\.json records/,
    );
    expect(pulled.stderr).toContain('fix: Delete .tokensync/service.json');
    expect(tree(a.root)).toEqual(before);
    // The fix works: delete the state, and the next pull seeds from the repository and changes nothing.
    rmSync(path.join(a.root, '.tokensync', 'service.json'));
    const again = await runCli(['pull'], { cwd: a.root, env });
    expect(again.code).toBe(0);
    expect(tree(a.root)).toEqual(before);
  });

  test('playing the designer: `designer set` edits the local service, and pull brings the edit in', async () => {
    const a = createGitRepo();
    const env = gitEnv();
    const set = await runCli(['designer', 'set', 'color/blue/500', '#1d4ed8'], { cwd: a.root, env });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Set primitives/color/blue/500 (Value) to #1d4ed8');
    const dark = await runCli(['designer', 'set', 'color/primary', '{color/blue/500}', '--mode', 'Dark'], {
      cwd: a.root,
      env,
    });
    expect(dark.code).toBe(0);
    const diff = await runCli(['diff'], { cwd: a.root, env });
    expect(diff.code).toBe(2);
    expect(diff.stdout).toMatch(/~ color\/blue\/500 +Value: #2563eb -> #1d4ed8 +-> repo/);
    expect(diff.stdout).toMatch(
      /~ color\/primary +Dark: \{primitives\/color\/blue\/400\} -> \{primitives\/color\/blue\/500\} +-> repo/,
    );
    expect((await runCli(['pull'], { cwd: a.root, env })).code).toBe(0);
    expect(a.read('tokens/primitives/value.tokens.json')).toContain('"hex": "#1d4ed8"');
    const bad = await runCli(['designer', 'set', 'color/blue/500', 'blue'], { cwd: a.root, env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      '"blue" is not a hex color (#rrggbb or #rrggbbaa), which color/blue/500 (COLOR) holds.',
    );
  });
});
