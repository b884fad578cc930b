/**
 * A team's first day, in real git repositories against the embedded local service, through the real
 * CLI: a themes folder without a resolver becomes modes (built and round-tripped), every silent pass
 * of the tokens folder is an error or a warning, and a fresh project never sees the demo file.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createGitRepo, gitEnv, type GitRepo } from '../cli/git-repo.js';
import { runCli } from '../helpers/cli.js';

const CONFIG = 'tokens:\n  dir: tokens\n';
const cli = (repo: GitRepo, ...args: string[]) => runCli(args, { cwd: repo.root, env: gitEnv() });

const color = (hex: string, c: number) => ({ colorSpace: 'srgb', components: [c, c, c], hex });
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const alias = (target: string) => ({ $type: 'color', $value: `{color.${target}}` });

function themesRepo(): GitRepo {
  const repo = createGitRepo({ withTokens: false });
  repo.write(
    'tokens/base.tokens.json',
    json({
      color: {
        white: { $type: 'color', $value: color('#ffffff', 1) },
        black: { $type: 'color', $value: color('#000000', 0) },
      },
    }),
  );
  repo.write('tokens/themes/light.tokens.json', json({ bg: alias('white'), fg: alias('black') }));
  repo.write('tokens/themes/dark.tokens.json', json({ bg: alias('black'), fg: alias('white') }));
  return repo;
}

describe('themes found, never merged away', () => {
  test('a folder without a resolver warns, naming both files, when one overrides the other', async () => {
    const repo = themesRepo();
    repo.write('config/tokensync.yaml', CONFIG);
    const res = await cli(repo, 'check');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatchInlineSnapshot(`
      "tokens/themes/light.tokens.json:1:1  -  warning: redefines 2 token(s) of themes/dark.tokens.json (bg, fg); without a resolver document the folder is one set, so themes/light.tokens.json wins and the values in themes/dark.tokens.json are lost
          fix: If the two are themes or brands, run \`tokensync init --resolver\` (it writes tokens.resolver.json with one mode per file); if themes/light.tokens.json overrides on purpose, write a resolver document that says so; otherwise remove the duplicates.
      4 tokens in 1 collection: no problems (1 warning).
      "
    `);
  });

  test('init makes light and dark modes; both build, and push then pull round-trips byte for byte', async () => {
    const repo = themesRepo();
    const init = await cli(repo, 'init');
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(
      'collection "themes", one mode per file: light (tokens/themes/light.tokens.json), dark (tokens/themes/dark.tokens.json); default light',
    );
    const checked = await cli(repo, 'check');
    expect(checked.stdout).toBe('4 tokens in 2 collections: no problems.\n');

    const built = await cli(repo, 'build', '--platform', 'css');
    expect(built.code).toBe(0);
    const css = readFileSync(path.join(repo.root, 'build/css/tokens.css'), 'utf8');
    expect(css).toContain('[data-themes="dark"] {\n  --bg: var(--color-black);\n  --fg: var(--color-white);\n}');

    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'init');
    const files = ['tokens/base.tokens.json', 'tokens/themes/light.tokens.json', 'tokens/themes/dark.tokens.json'];
    const before = files.map((f) => repo.read(f));
    const pushed = await cli(repo, 'push');
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const pulled = await cli(repo, 'pull');
    expect(pulled.code).toBe(0);
    expect(files.map((f) => repo.read(f))).toEqual(before);
    expect((await cli(repo, 'diff')).code).toBe(0);
  }, 120_000);

  test('files that share some tokens but not all: refused in CI with the choices, nothing written', async () => {
    const repo = themesRepo();
    repo.write('tokens/themes/dark.tokens.json', json({ bg: alias('black') }));
    const res = await cli(repo, 'init');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatchInlineSnapshot(`
      "error: Cannot tell whether these token files are themes or layers of one set:
        tokens/themes/dark.tokens.json and tokens/themes/light.tokens.json share 1 token(s) (e.g. bg) but not all
      Nothing was written.
        fix: Choose: \`tokensync init --themes modes\` reads each such file as a mode of one collection (themes, brands); \`--themes merge\` reads the whole folder as one set, the later file overriding the earlier (as Style Dictionary does).
      "
    `);
    expect(repo.tryGit('status', '--porcelain').out).toBe('?? tokens/\n');
    const modes = await cli(repo, 'init', '--themes', 'modes');
    expect(modes.code).toBe(0);
    expect(modes.stdout).toContain('collection "themes", one mode per file: light');
  });
});

describe('no silent pass', () => {
  const cases: [string, (repo: GitRepo) => void][] = [
    ['a misspelt tokens.dir', (r) => r.write('config/tokensync.yaml', 'tokens:\n  dir: tokns\n')],
    ['an empty tokens folder', (r) => r.write('tokens/.gitkeep', '')],
    [
      'a resolver document with no set',
      (r) =>
        r.write(
          'tokens/tokens.resolver.json',
          '{ "name": "empty", "version": "2025.10", "sets": {}, "modifiers": {}, "resolutionOrder": [] }\n',
        ),
    ],
    [
      'DTCG tokens in a *.json file',
      (r) => r.write('tokens/color.json', '{ "red": { "$type": "color", "$value": "#ff0000" } }\n'),
    ],
    [
      'legacy Style Dictionary tokens',
      (r) => r.write('tokens/color/base.json', '{ "color": { "red": { "value": "#ff0000", "type": "color" } } }\n'),
    ],
    [
      'a Tokens Studio repository',
      (r) => {
        r.write('tokens/$themes.json', '[]\n');
        r.write('tokens/$metadata.json', '{ "tokenSetOrder": ["global"] }\n');
        r.write('tokens/global.json', '{ "red": { "value": "#ff0000", "type": "color" } }\n');
      },
    ],
  ];
  const results: Record<string, string> = {};
  for (const [name, make] of cases) {
    test(name, async () => {
      const repo = createGitRepo({ withTokens: false });
      repo.write('config/tokensync.yaml', CONFIG);
      make(repo);
      const res = await cli(repo, 'check');
      expect(res.code).toBe(1);
      results[name] = res.stdout;
      const built = await cli(repo, 'build');
      expect(built.code).toBe(1);
      expect(built.stderr).toMatch(/^error: Nothing to build: /);
    });
  }
  test('each names what it saw and the fix', () => {
    expect(results).toMatchInlineSnapshot(`
      {
        "DTCG tokens in a *.json file": "tokens/color.json:1:1  -  this file holds DTCG tokens but is not named *.tokens.json, so tokensync does not read it
          fix: Rename it to tokens/color.tokens.json.
      1 error in tokens/.
      ",
        "a Tokens Studio repository": "tokens/$metadata.json:1:1  -  this is a Tokens Studio repository ($metadata.json, $themes.json, 1 token set file); tokensync reads DTCG 2025.10 *.tokens.json files and a resolver document, so it read nothing
          fix: Move the folder aside (\`mv tokens tokens-legacy\`), then run \`tokensync import tokens-studio tokens-legacy\`: it writes the sets and themes into tokens/ as DTCG files and a resolver document (docs/migration.md).
      1 error in tokens/.
      ",
        "a misspelt tokens.dir": "config/tokensync.yaml:2:3  -  config key "tokens.dir" is "tokns", and tokns/ does not exist, so there are no tokens to check
          fix: Fix tokens.dir (relative to the project root), or run \`tokensync pull\` to create the folder from the design file.
      1 error in tokns/.
      ",
        "a resolver document with no set": "tokens:1:1  -  no tokens in tokens/: tokens.resolver.json holds no token that tokensync reads
          fix: Run \`tokensync pull\` to write the design file's variables here, or add tokens (a "$value" and a "$type") to *.tokens.json files that the sets of tokens/tokens.resolver.json name (docs/token-files.md).
      1 error in tokens/.
      ",
        "an empty tokens folder": "tokens:1:1  -  no token files in tokens/: no *.tokens.json file and no tokens.resolver.json
          fix: Run \`tokensync pull\` to write the design file's variables here, add *.tokens.json files, or point config key "tokens.dir" at the folder that holds them.
      1 error in tokens/.
      ",
        "legacy Style Dictionary tokens": "tokens/color/base.json:1:1  -  this file holds tokens in the legacy Style Dictionary form ("value"/"type", no "$"), which tokensync does not read
          fix: Move the folder aside (\`mv tokens tokens-legacy\`), then run \`tokensync import style-dictionary tokens-legacy\`: it writes DTCG 2025.10 files into tokens/ (docs/migration.md). Or rewrite them by hand as tokens/color/base.tokens.json (docs/token-files.md "Files tokensync does not read").
      1 error in tokens/.
      ",
      }
    `);
  });

  test('a collection whose files hold no token is a warning, not "0 tokens: no problems"', async () => {
    const repo = createGitRepo({ withTokens: false });
    repo.write('config/tokensync.yaml', CONFIG);
    repo.write('tokens/a.tokens.json', '{ "color": {} }\n');
    const res = await cli(repo, 'check');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatchInlineSnapshot(`
      "tokens:1:1  -  warning: no token in tokens/: its collection has no token in any file
          fix: If a file was emptied by mistake (a script, a merge), restore it from git; if the collection is empty in the design file too, this is expected.
      0 tokens in 1 collection: no problems (1 warning).
      "
    `);
  });

  test('token-like *.json beside read token files is a warning', async () => {
    const repo = createGitRepo({ withTokens: false });
    repo.write('config/tokensync.yaml', CONFIG);
    repo.write('tokens/a.tokens.json', '{ "blue": { "$type": "color", "$value": "#0000ff" } }\n');
    repo.write('tokens/b.json', '{ "red": { "$type": "color", "$value": "#ff0000" } }\n');
    const res = await cli(repo, 'check');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatchInlineSnapshot(`
      "tokens/b.json:1:1  -  warning: this file holds DTCG tokens but is not named *.tokens.json, so tokensync does not read it
          fix: Rename it to tokens/b.tokens.json.
      1 tokens in 1 collection: no problems (1 warning).
      "
    `);
  });
});

describe('the local service belongs to the project', () => {
  test('a fresh project sees no demo variable: diff offers only its own tokens, pull finds nothing to pull', async () => {
    const repo = createGitRepo({ withTokens: false });
    repo.write('tokens/a.tokens.json', '{ "brand": { "$type": "color", "$value": "#0000ff" } }\n');
    expect((await cli(repo, 'init')).code).toBe(0);
    const diff = await cli(repo, 'diff', '--json');
    const plan = JSON.stringify(JSON.parse(diff.stdout));
    expect(plan).toContain('brand');
    expect(plan).not.toMatch(/Primitives|Semantic|color\/blue/);
    // The file is empty, not the demo: a pull says there is nothing to pull (docs/sync.md "An empty
    // design file") and points at push; no demo collection, variable or style file arrived.
    const pulled = await cli(repo, 'pull');
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toContain('has no variables: there is nothing to pull.');
    expect(pulled.stderr).toContain('run `tokensync push`');
    expect(readdirSync(path.join(repo.root, 'tokens')).sort()).toEqual(['a.tokens.json', 'tokens.resolver.json']);
    expect(Object.keys(JSON.parse(repo.read('tokens/a.tokens.json')))).toEqual(['brand']);
  }, 120_000);
});

describe('$extensions.mode converted', () => {
  test('init turns per-token modes (Terrazzo 1 / Cobalt) into a modifier with a context file per mode, and reports it', async () => {
    const repo = createGitRepo({ withTokens: false });
    const mode = (light: unknown, dark: unknown) => ({ $extensions: { mode: { light, dark } } });
    repo.write(
      'tokens/colors.tokens.json',
      json({
        color: {
          $type: 'color',
          bg: { $value: color('#ffffff', 1), ...mode(color('#ffffff', 1), color('#000000', 0)) },
          fg: { $value: color('#000000', 0), ...mode(color('#000000', 0), color('#ffffff', 1)) },
          brand: { $value: color('#808080', 128 / 255) },
        },
      }),
    );
    const before = repo.read('tokens/colors.tokens.json');
    // Read without a resolver, the folder says what it does not read and how to convert it.
    repo.write('config/tokensync.yaml', CONFIG);
    const checked = await cli(repo, 'check');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatchInlineSnapshot(`
      "tokens/colors.tokens.json:1:1  -  warning: its tokens give per-mode values in $extensions.mode (light, dark), as Terrazzo 1 and Cobalt write them; without a resolver document only "$value" is read, so the other modes are not built
          fix: Run \`tokensync init --resolver\`: it converts them into a collection with one mode each (a context file per mode beside this file) and reports what it converted.
      3 tokens in 1 collection: no problems (1 warning).
      "
    `);
    rmSync(path.join(repo.root, 'config/tokensync.yaml'));
    const init = await cli(repo, 'init');
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toMatchInlineSnapshot(`
      "Created config/tokensync.yaml and tokens/tokens.resolver.json, which describes the 1 token file(s) found:
        collection "colors", modes converted from $extensions.mode in tokens/colors.tokens.json: light (default: the file's $value), dark (tokens/colors.dark.tokens.json, 2 token(s))
      Installed the pre-commit hook .git/hooks/pre-commit: every commit runs \`tokensync check --staged\`.
      Next: \`tokensync check\`, then \`tokensync push\` to create the collection in the design file
      (the embedded local service until you set service.url), and \`tokensync build\`.
      For CI: \`tokensync init --ci\` writes a GitHub workflow (docs/ci.md in the package).
      "
    `);
    // The file itself is untouched (the default mode); the dark values are in a context file of their own.
    expect(repo.read('tokens/colors.tokens.json')).toBe(before);
    expect(JSON.parse(repo.read('tokens/colors.dark.tokens.json'))).toEqual({
      color: {
        bg: { $type: 'color', $value: color('#000000', 0) },
        fg: { $type: 'color', $value: color('#ffffff', 1) },
      },
    });
    expect((await cli(repo, 'check')).stdout).toBe('3 tokens in 1 collection: no problems.\n');
    expect((await cli(repo, 'build', '--platform', 'css')).code).toBe(0);
    const css = readFileSync(path.join(repo.root, 'build/css/tokens.css'), 'utf8');
    expect(css).toContain(
      '[data-colors="dark"] {\n  --color-bg: #000000;\n  --color-brand: #808080;\n  --color-fg: #ffffff;\n}',
    );
  }, 120_000);
});

describe('build hygiene', () => {
  test('a stale output is gone after a rebuild; files tokensync did not write stay; one-mode names are not doubled', async () => {
    const repo = createGitRepo({ withTokens: false });
    repo.write('config/tokensync.yaml', 'tokens:\n  dir: tokens\nbuild:\n  outDir: build\n  platforms: [ios, css]\n');
    const resolver = (name: string) =>
      json({
        name: 'tokens',
        version: '2025.10',
        sets: { [name]: { sources: [{ $ref: `${name}.tokens.json` }] } },
        resolutionOrder: [{ $ref: `#/sets/${name}` }],
      });
    const token = json({ red: { $type: 'color', $value: color('#ffffff', 1) } });
    repo.write('tokens/color.tokens.json', token);
    repo.write('tokens/tokens.resolver.json', resolver('color'));
    repo.write('build/ios/Mine.swift', "// not tokensync's\n");
    const first = await cli(repo, 'build');
    expect(first.stderr).toBe('');
    expect(readdirSync(path.join(repo.root, 'build/ios')).sort()).toEqual(['Color.swift', 'Mine.swift']);

    // The collection renamed: its old Swift file goes, the user's own file stays.
    repo.write('tokens/palette.tokens.json', token);
    repo.write('tokens/tokens.resolver.json', resolver('palette'));
    rmSync(path.join(repo.root, 'tokens/color.tokens.json'));
    const second = await cli(repo, 'build');
    expect(second.stdout).toBe('Built 2 files in build (1 changed, 1 unchanged, 1 removed: ios/Color.swift).\n');
    expect(readdirSync(path.join(repo.root, 'build/ios')).sort()).toEqual(['Mine.swift', 'Palette.swift']);

    // A build of some platforms leaves the others' outputs alone.
    expect((await cli(repo, 'build', '--platform', 'css')).code).toBe(0);
    expect(readdirSync(path.join(repo.root, 'build/ios')).sort()).toEqual(['Mine.swift', 'Palette.swift']);
  }, 120_000);
});

describe('conflicts shown whole', () => {
  test('other pending changes are listed beside a conflict, and sync lists what it changed on each side', async () => {
    const repo = themesRepo();
    expect((await cli(repo, 'init')).code).toBe(0);
    expect((await cli(repo, 'push')).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'pushed');
    // The designer changes bg (light); the developer changes bg and fg (light) too.
    const designer = await cli(repo, 'designer', 'set', 'bg', '#112233', '--collection', 'themes', '--mode', 'light');
    expect(designer.code).toBe(0);
    repo.edit('tokens/themes/light.tokens.json', '"{color.white}"', '"{color.black}"');
    repo.edit(
      'tokens/themes/light.tokens.json',
      '"$value": "{color.black}"\n  }\n}',
      '"$value": "{color.white}"\n  }\n}',
    );
    const diff = await cli(repo, 'diff');
    expect(diff.code).toBe(3);
    expect(diff.stdout).toMatchInlineSnapshot(`
      "reading variables of demo
      1 conflict: the repository and the design file changed the same thing differently.
      themes
        ! bg  light: base {Tokens/color/white} | repo {Tokens/color/black} | service #112233  both changed since the lock
      Also pending, applied once the conflicts are resolved: 1 to push, 0 to pull (1 change):
      themes
        ~ fg  light: {Tokens/color/black} -> {Tokens/color/white}  -> service
      Nothing was written and nothing was sent. Resolve the conflicts in the files or the design file, or rerun with --prefer repo|service.
      "
    `);

    const json = JSON.parse((await cli(repo, '--json', 'diff')).stdout);
    expect(json.conflicts).toEqual([
      expect.objectContaining({ variable: 'bg', mode: 'light', inBase: true, base: '{Tokens/color/white}' }),
    ]);

    const synced = await cli(repo, 'sync', '--prefer', 'repo');
    expect(synced.code).toBe(0);
    expect(synced.stdout).toMatchInlineSnapshot(`
      "reading variables of demo
      PUT variables (1/1)
      sync: sent 1 write request(s), wrote 1 file(s).
      Changed in the design file (2 changes):
        themes
          ~ bg  light: #112233 -> {Tokens/color/black}               -> service (--prefer repo)
          ~ fg  light: {Tokens/color/black} -> {Tokens/color/white}  -> service
        wrote   tokens/sync.lock.json
      "
    `);
  }, 120_000);
});

describe('--prefer service over a local edit', () => {
  test('refuses over an uncommitted edit, naming it; --force replaces it and names what it replaced', async () => {
    const repo = themesRepo();
    expect((await cli(repo, 'init')).code).toBe(0);
    expect((await cli(repo, 'push')).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'pushed');
    expect(
      (await cli(repo, 'designer', 'set', 'bg', '#112233', '--collection', 'themes', '--mode', 'light')).code,
    ).toBe(0);
    repo.edit('tokens/themes/light.tokens.json', '"{color.white}"', '"{color.black}"');
    const before = repo.read('tokens/themes/light.tokens.json');
    const refused = await cli(repo, 'sync', '--prefer', 'service');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatchInlineSnapshot(`
      "error: sync --prefer service would replace 1 edit of the repository with the design file's (uncommitted: tokens/themes/light.tokens.json): bg light: {Tokens/color/black} -> #112233. Nothing was written and nothing was sent.
        fix: Commit the token files first (git then keeps the edits), or rerun with --force to replace them.
      "
    `);
    expect(repo.read('tokens/themes/light.tokens.json')).toBe(before);

    const synced = await cli(repo, 'sync', '--prefer', 'service', '--force');
    expect(synced.code).toBe(0);
    expect(synced.stdout).toMatchInlineSnapshot(`
      "reading variables of demo
      sync: wrote 2 file(s).
      Changed in the repository (1 change):
        themes
          ~ bg  light: {Tokens/color/black} -> #112233  -> repo (--prefer service)
      Replaced 1 edit of the repository with the design file's (--prefer service): bg light: {Tokens/color/black} -> #112233. The repository's values were overwritten: if they were not committed, this line is their only record.
        wrote   tokens/themes/light.tokens.json
        wrote   tokens/sync.lock.json
      "
    `);
  }, 120_000);

  test('a committed edit is replaced without --force (git keeps it)', async () => {
    const repo = themesRepo();
    expect((await cli(repo, 'init')).code).toBe(0);
    expect((await cli(repo, 'push')).code).toBe(0);
    expect(
      (await cli(repo, 'designer', 'set', 'bg', '#112233', '--collection', 'themes', '--mode', 'light')).code,
    ).toBe(0);
    repo.edit('tokens/themes/light.tokens.json', '"{color.white}"', '"{color.black}"');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'edited');
    const pulled = await cli(repo, 'pull', '--prefer', 'service');
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain('Replaced 1 edit of the repository');
  }, 120_000);
});
