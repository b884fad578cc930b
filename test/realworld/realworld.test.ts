/**
 * Real design systems' published DTCG token sets (dtcg-examples, see README.md beside this file), run
 * through the real CLI as a user arriving with them would: `init` on the plain folder, `check`, then,
 * once the tokens `check` refuses are taken out (as the user would fix or drop them), `build` for every
 * platform, `push` to the local service, a second `push` that sends nothing and a `pull` that changes
 * no byte. The counts land in inline snapshots so any change in what is read, built or sent shows.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { copySet } from './sets.js';

const emu = useEmulator({ resetEach: 'empty' });

interface Diagnostic {
  severity: 'error' | 'warning';
  file: string;
  line: number;
  column: number;
  tokenPath: string;
  message: string;
}

const writes = async (): Promise<string[]> => (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));
const cli = (project: TestProject, ...args: string[]) => runCli(args, { cwd: project.root, env: project.env });

async function checkJson(project: TestProject): Promise<Diagnostic[]> {
  const r = await cli(project, '--json', 'check');
  return (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

/** What `check` refuses in a set, by message (numbers and quoted names folded), most frequent first. */
function profile(diags: Diagnostic[]): string[] {
  const counts = new Map<string, number>();
  for (const d of diags.filter((x) => x.severity === 'error')) {
    const kind = d.message
      .split(d.tokenPath)
      .join('<token>')
      .replace(/"[^"]*"/g, (q) => (/^"[$a-zA-Z]+"$/.test(q) ? q : '"…"'))
      .replace(/-?\d+(\.\d+)?/g, 'N');
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `${n} × ${k}`);
}

/** Takes a token out of its file, as a user who cannot fix it yet would. */
function dropToken(project: TestProject, d: Diagnostic): boolean {
  const file = path.join(project.root, d.file);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const keys = d.tokenPath.split('.');
  let node: Record<string, unknown> | undefined = doc;
  for (const k of keys.slice(0, -1)) node = node?.[k] as Record<string, unknown> | undefined;
  if (!node || !(keys.at(-1)! in node)) return false;
  delete node[keys.at(-1)!];
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return true;
}

/** Token paths whose CSS or Tailwind name (case and punctuation folded) an earlier token already has. */
function sameCssName(project: TestProject): string[][] {
  // The same path in several files is one token (the folder is one set, later files win), not a clash.
  const seen = new Map<string, string>();
  const out: string[][] = [];
  const walk = (node: unknown, keys: string[]): void => {
    if (typeof node !== 'object' || node === null) return;
    if ('$value' in node) {
      // Tailwind puts every color under --color-*, so "color.x" and "x" meet there too.
      const css = keys
        .join('-')
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^color-/, '');
      const dotted = keys.join('.');
      if (seen.has(css) && seen.get(css) !== dotted) out.push(keys);
      else seen.set(css, dotted);
      return;
    }
    for (const [k, v] of Object.entries(node)) if (!k.startsWith('$')) walk(v, [...keys, k]);
  };
  for (const [rel, text] of project.snapshotTokens()) if (rel.endsWith('.tokens.json')) walk(JSON.parse(text), []);
  return out;
}

/** Takes a token out of whichever token file holds it. */
function dropByPath(project: TestProject, keys: string[]): boolean {
  for (const rel of project.snapshotTokens().keys()) {
    if (!rel.endsWith('.tokens.json')) continue;
    if (dropToken(project, { file: rel, tokenPath: keys.join('.') } as Diagnostic)) return true;
  }
  return false;
}

function countFiles(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir))
    n += statSync(path.join(dir, name)).isDirectory() ? countFiles(path.join(dir, name)) : 1;
  return n;
}

interface Run {
  /** `check` on the set as published. */
  profile: string[];
  /** Tokens taken out until `check` was clean. */
  dropped: number;
  summary: string;
  built: number;
  /** Tokens dropped because the build gave them one platform name (and the first few). */
  buildClashes: number;
  firstClashes: string[];
  requests: string[];
  variables: number;
  firstErrors: string;
  draftForms: string[];
}

/** init, check, drop what is refused, build, push, push again, pull: the whole life of a real set. */
async function lifeOf(set: string): Promise<Run> {
  const project = createProject(emu);
  const serviceConfig = project.read('config/tokensync.yaml');
  rmSync(path.join(project.root, 'config'), { recursive: true });
  copySet(set, path.join(project.root, 'tokens'));

  // Published sets are read as one set, files merged in path order (docs/token-files.md "Themes").
  const init = await cli(project, 'init', '--themes', 'merge');
  expect(init.stderr).toBe('');
  expect(init.code).toBe(0);
  expect(init.stdout).toMatch(
    /tokens\/tokens\.resolver\.json, which describes the \d+ token file\(s\) found as one set/,
  );
  // init wrote the defaults: point the config at the test service.
  project.write('config/tokensync.yaml', serviceConfig);

  const check = await cli(project, 'check');
  const diags = await checkJson(project);
  const errors = diags.filter((d) => d.severity === 'error');
  expect(check.code).toBe(errors.length > 0 ? 1 : 0);
  const lines = check.stdout.split('\n');
  const firstErrors = lines.slice(0, 4).join('\n');
  // A pre-2025.10 draft value ("16px", a bare number): the first of each kind, with its fix.
  const draftForms = [/needs \{ "value", "unit" \}, not "/, /needs \{ "value", "unit" \}, not -?\d/].flatMap((re) => {
    const i = lines.findIndex((l) => re.test(l));
    return i < 0 ? [] : [`${lines[i]}\n${lines[i + 1]}`];
  });

  /** Drops what check refuses, round after round (a dropped token breaks the aliases to it). */
  let dropped = 0;
  const pruneUntilClean = async (): Promise<void> => {
    for (let round = 0; round < 8; round++) {
      const refused = (await checkJson(project)).filter((d) => d.severity === 'error' && d.tokenPath !== '-');
      if (refused.length === 0) return;
      for (const d of refused) if (dropToken(project, d)) dropped++;
    }
  };
  await pruneUntilClean();
  const clean = await cli(project, 'check');
  expect(clean.stdout).toMatch(/no problems/);
  expect(clean.code).toBe(0);
  const summary = clean.stdout.trim().split('\n').at(-1)!;

  // Two names that only differ in case or punctuation become one CSS name: the build refuses them
  // (check does not build names); the user drops the second one it names (in Primer, the deprecated
  // one), and what aliased it.
  const buildClashes: string[] = [];
  let build = await cli(project, 'build');
  if (build.code !== 0 && /both become/.test(build.stderr)) {
    // The build names one clash per run; find them all at once, as the user would after the first.
    for (const keys of sameCssName(project)) if (dropByPath(project, keys)) buildClashes.push(keys.join('.'));
    await pruneUntilClean();
    build = await cli(project, 'build');
  }
  for (let round = 0; round < 5 && build.code !== 0; round++) {
    const clash = /^error: Tokens "[^"]+" and "[^"/]+\/([^"]+)" both become ([^ ]+) /m.exec(build.stderr);
    if (!clash || !dropByPath(project, clash[1]!.split('/'))) break;
    buildClashes.push(clash[1]!.split('/').join('.'));
    await pruneUntilClean();
    build = await cli(project, 'build');
  }
  expect(build.stderr).toBe('');
  expect(build.code).toBe(0);
  const built = countFiles(path.join(project.root, 'build'));

  const before = project.snapshotTokens();
  await emu.admin.clearRequests();
  const push = await cli(project, 'push');
  expect(push.code, push.stderr).toBe(0);
  const requests = (await writes()).map((c) => c.split(' ')[0]!);
  const remote = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  const variables = Object.keys(remote.json.meta.variables as object).length;

  await emu.admin.clearRequests();
  const again = await cli(project, 'push');
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('push: already in step, nothing to do.');
  expect(await writes()).toEqual([]);

  const pull = await cli(project, 'pull');
  expect(pull.code, pull.stderr).toBe(0);
  expect(await writes()).toEqual([]);
  const after = project.snapshotTokens();
  after.delete('tokens/sync.lock.json');
  before.delete('tokens/sync.lock.json');
  expect(after).toEqual(before);

  return {
    profile: profile(diags),
    dropped,
    summary,
    built,
    buildClashes: buildClashes.length,
    firstClashes: buildClashes.slice(0, 3),
    requests,
    variables,
    firstErrors,
    draftForms,
  };
}

/** A real set runs a dozen CLI commands, more where it needs rounds of fixes; 2 shared cores on CI. */
const LIFE_TIMEOUT = 240_000;

describe('real design systems, as published in dtcg-examples 1.1.3', () => {
  it(
    'Shopify Polaris (MIT): every token is read, built and pushed as published',
    async () => {
      const run = await lifeOf('shopify-polaris');
      expect(run).toMatchInlineSnapshot(`
        {
          "buildClashes": 0,
          "built": 10,
          "draftForms": [],
          "dropped": 0,
          "firstClashes": [],
          "firstErrors": "67 tokens in 1 collection: no problems.
        ",
          "profile": [],
          "requests": [
            "POST",
          ],
          "summary": "67 tokens in 1 collection: no problems.",
          "variables": 67,
        }
      `);
    },
    LIFE_TIMEOUT,
  );

  it(
    'Adobe Spectrum (Apache-2.0): "em" and "dp" dimensions are refused (format §8.2), the rest goes through',
    async () => {
      const run = await lifeOf('adobe-spectrum');
      expect(run).toMatchInlineSnapshot(`
        {
          "buildClashes": 0,
          "built": 10,
          "draftForms": [],
          "dropped": 33,
          "firstClashes": [],
          "firstErrors": "tokens/base.tokens.json:77:15  android-elevation  the dimension's unit must be "px" or "rem", not "dp"
            fix: Use one of those units, e.g. { "value": 16, "unit": "px" }.
        tokens/base.tokens.json:117:14  black  the color's "hex" must have 6 digits, not 3: "#000"
            fix: Write "hex": "#000000".",
          "profile": [
            "8 × the color's "hex" must have N digits, not N: "…"",
            "2 × the dimension's unit must be "px" or "rem", not "em"",
            "1 × the dimension's unit must be "px" or "rem", not "dp"",
          ],
          "requests": [
            "POST",
            "PUT",
          ],
          "summary": "1558 tokens in 1 collection: no problems.",
          "variables": 1558,
        }
      `);
    },
    LIFE_TIMEOUT,
  );

  it(
    'Figma SDS (MIT): "em" letter spacings are refused (format §8.2), the rest goes through',
    async () => {
      const run = await lifeOf('figma-sds');
      expect(run).toMatchInlineSnapshot(`
        {
          "buildClashes": 0,
          "built": 10,
          "draftForms": [],
          "dropped": 19,
          "firstClashes": [],
          "firstErrors": "tokens/typography.tokens.json:10:48  typography.titleHero  the dimension's unit must be "px" or "rem", not "em"
            fix: Use one of those units, e.g. { "value": 16, "unit": "px" }.
        tokens/typography.tokens.json:21:50  typography.titlePage.small  the dimension's unit must be "px" or "rem", not "em"
            fix: Use one of those units, e.g. { "value": 16, "unit": "px" }.",
          "profile": [
            "19 × the dimension's unit must be "px" or "rem", not "em"",
          ],
          "requests": [
            "POST",
            "PUT",
          ],
          "summary": "279 tokens in 1 collection: no problems.",
          "variables": 279,
        }
      `);
    },
    LIFE_TIMEOUT,
  );

  it(
    'IBM Carbon (Apache-2.0): draft "0.16px" strings and bare 0s get the exact object to write (format §8.2)',
    async () => {
      const run = await lifeOf('ibm-carbon');
      expect(run).toMatchInlineSnapshot(`
        {
          "buildClashes": 0,
          "built": 10,
          "draftForms": [
            "tokens/typography.tokens.json:15:26  type.body01  a dimension token needs { "value", "unit" }, not "0.16px"
            fix: Write it as { "value": 0.16, "unit": "px" }: DTCG 2025.10 no longer reads "0.16px" strings.",
            "tokens/typography.tokens.json:31:26  type.body02  a dimension token needs { "value", "unit" }, not 0
            fix: Write it as { "value": 0, "unit": "px" }: DTCG 2025.10 requires the unit with every number, 0 included.",
          ],
          "dropped": 128,
          "firstClashes": [],
          "firstErrors": "tokens/colors.tokens.json:15:18  color.black.100  the color's "hex" must have 6 digits, not 3: "#000"
            fix: Write "hex": "#000000".
        tokens/colors.tokens.json:703:18  color.cyanHover.10  the color's "hex" must have 6 digits, not 3: "#cef"
            fix: Write "hex": "#cceeff".",
          "profile": [
            "40 × a dimension token needs { "value", "unit" }, not N",
            "18 × a dimension token needs { "value", "unit" }, not "…"",
            "6 × the color's "hex" must have N digits, not N: "…"",
            "3 × the dimension's unit must be "px" or "rem", not "vw"",
            "1 × the dimension's unit must be "px" or "rem", not "…"",
          ],
          "requests": [
            "POST",
          ],
          "summary": "288 tokens in 1 collection: no problems.",
          "variables": 288,
        }
      `);
    },
    LIFE_TIMEOUT,
  );

  it(
    'Microsoft Fluent 2 (MIT): typography with vendor properties is refused (format §9 "Composite types")',
    async () => {
      const run = await lifeOf('microsoft-fluent');
      expect(run).toMatchInlineSnapshot(`
        {
          "buildClashes": 0,
          "built": 12,
          "draftForms": [],
          "dropped": 47,
          "firstClashes": [],
          "firstErrors": "tokens/fonts.tokens.json:15:32  fonts.tiny  a typography has no property "MozOsxFontSmoothing"
            fix: Remove it; a typography holds "fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight".
        tokens/fonts.tokens.json:16:32  fonts.tiny  a typography has no property "WebkitFontSmoothing"
            fix: Remove it; a typography holds "fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight".",
          "profile": [
            "19 × the color's "hex" must have N digits, not N: "…"",
            "13 × a typography has no property "MozOsxFontSmoothing"",
            "13 × a typography has no property "WebkitFontSmoothing"",
          ],
          "requests": [
            "POST",
          ],
          "summary": "147 tokens (7 repository-only) in 1 collection: no problems.",
          "variables": 140,
        }
      `);
    },
    LIFE_TIMEOUT,
  );

  it(
    'GitHub Primer (MIT): custom $types, incomplete composites and tokens with extra members are refused',
    async () => {
      const run = await lifeOf('github-primer');
      expect(run).toMatchInlineSnapshot(`
        {
          "buildClashes": 57,
          "built": 12,
          "draftForms": [],
          "dropped": 157,
          "firstClashes": [
            "focus.outlineColor",
            "prettylights.syntax.constant-other-reference-link",
            "prettylights.syntax.storage.modifier.import",
          ],
          "firstErrors": "tokens/base/color/dark/dark.tokens.json:64:9  base.color.transparent  the token base.color.transparent also has child "alpha"; a token cannot be a group
            fix: Move "alpha" out of the token, or rename one of them (a variable name cannot be both "a/b" and "a/b/c").
        tokens/base/color/light/light.tokens.json:47:9  base.color.transparent  the token base.color.transparent also has child "alpha"; a token cannot be a group
            fix: Move "alpha" out of the token, or rename one of them (a variable name cannot be both "a/b" and "a/b/c").",
          "profile": [
            "36 × the token <token> also has child "alpha"; a token cannot be a group",
            "11 × a typography is missing "letterSpacing"",
            "9 × unknown "$type": "…"",
            "4 × a transition is missing "delay"",
            "1 × a typography is missing "lineHeight"",
            "1 × the dimension's unit must be "px" or "rem", not "em"",
          ],
          "requests": [
            "POST",
            "PUT",
          ],
          "summary": "1332 tokens (34 repository-only) in 1 collection: no problems.",
          "variables": 1241,
        }
      `);
    },
    LIFE_TIMEOUT,
  );
});
