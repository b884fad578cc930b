/**
 * End to end, docs/overrides.md with the dfs local service (which has no extended collections): a
 * resolver with a set, a `mode` modifier (an empty light context) and a second axis `brand`: check
 * passes, build gives the resolved values in every context (CSS, and native per input), push sends the mode collection (the brand
 * stays repository-only), a second push sends nothing, and pull gives every file back byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';
import { DOCUMENTS } from '../overrides/documents.js';

const emu = useEmulator({ resetEach: 'empty' });
const writes = async (): Promise<string[]> => (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));
const text = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

describe('a resolver with overriding modifiers against the dfs local service', () => {
  it('checks, builds every context, pushes the modes, and pulls back byte for byte', async () => {
    const project = createProject(emu);
    for (const [f, v] of Object.entries(DOCUMENTS['two axes: mode then brand (an empty context too)']!))
      project.write(`tokens/${f}`, text(v));
    const before = project.snapshotTokens();
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });

    const check = await run('check');
    expect(check.stdout).toMatchInlineSnapshot(`
      "9 tokens in 1 collection and 2 overriding contexts: no problems.
      "
    `);
    expect(check.code).toBe(0);

    const build = await run('build', '--platform', 'css');
    expect(build.stderr).toBe('');
    expect(project.read('build/css/tokens.css')).toMatchInlineSnapshot(`
      "/**
       * Do not edit directly, this file was auto-generated.
       */

      :root {
        --color-black: #000000;
        --color-blue: #0000ff;
        --color-white: #ffffff;
        --size-gap: 8px;
        --size-radius: 2;
        --color-accent: var(--color-blue);
        --color-bg: var(--color-white);
        --color-fg: var(--color-black);
        --color-link: var(--color-accent);
      }

      [data-mode="dark"] {
        --color-black: #000000;
        --color-blue: #6666ff;
        --color-fg: #eeeeee;
        --color-white: #ffffff;
        --size-gap: 8px;
        --size-radius: 2;
        --color-accent: var(--color-blue);
        --color-bg: var(--color-black);
        --color-link: var(--color-accent);
      }

      [data-brand="acme"] {
        --color-accent: #ff0000;
        --size-radius: 0;
        --color-link: var(--color-accent);
      }
      "
    `);
    // Native platforms: one output per resolver input, the brand's override in its own.
    const native = await run('build', '--platform', 'ios', 'android', 'compose');
    expect(native.stderr).toBe('');
    expect(project.read('build/android/permutations/brand-acme/values/tokens.xml')).toContain(
      '<color name="color_link">#ffff0000</color>',
    );
    expect(project.read('build/android/permutations/default/values/tokens.xml')).toContain(
      '<color name="color_link">#ff0000ff</color>',
    );
    expect(project.read('build/ios/permutations/TokensForModeDark.swift')).toContain(
      'public static let colorBg = UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 1)',
    );
    expect(project.read('build/compose/permutations/TokensForBrandAcme.kt')).toContain('val sizeRadius = 0f');

    const diff = await run('diff');
    expect(diff.stdout.replace(/^reading variables of \S+\n/, '')).toMatchInlineSnapshot(`
      "tokens
        + (collection)  new, modes: light, dark                                         -> service
        + color/blue    color: light #0000ff, dark #6666ff                              -> service
        + color/white   color: light #ffffff, dark #ffffff                              -> service
        + color/black   color: light #000000, dark #000000                              -> service
        + color/bg      color: light {tokens/color/white}, dark {tokens/color/black}    -> service
        + color/fg      color: light {tokens/color/black}, dark #eeeeee                 -> service
        + color/accent  color: light {tokens/color/blue}, dark {tokens/color/blue}      -> service
        + color/link    color: light {tokens/color/accent}, dark {tokens/color/accent}  -> service
        + size/gap      float: light 8, dark 8                                          -> service
        + size/radius   float: light 2, dark 2                                          -> service
      10 to push, 0 to pull, 0 conflicts, 0 orphans; 2 requests (1 POST, 1 PUT).
      Repository only: tokens: 2 contexts (tokens / acme, tokens / zen), 4 overrides: the dfs service has no extended collections; built, never pushed.
      "
    `);
    await emu.admin.clearRequests();
    const push = await run('push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect((await writes()).map((c) => c.split(' ')[0])).toEqual(['POST', 'PUT']);
    const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    const collections = Object.values(
      res.json.meta.variableCollections as Record<string, { name: string; modes: { name: string }[] }>,
    );
    expect(collections.map((c) => [c.name, c.modes.map((m) => m.name)])).toEqual([['tokens', ['light', 'dark']]]);

    await emu.admin.clearRequests();
    const again = await run('push');
    expect(again.code).toBe(0);
    expect(await writes()).toEqual([]);

    const pull = await run('pull');
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    const after = project.snapshotTokens();
    after.delete('tokens/sync.lock.json');
    expect(after).toEqual(before);

    // A designer edits size/gap in dark (the base value so far): the pull adds it to the dark file only.
    const vars = res.json.meta.variables as Record<string, { id: string; name: string }>;
    const gap = Object.values(vars).find((v) => v.name === 'size/gap')!;
    const tokens = Object.values(
      res.json.meta.variableCollections as Record<string, { modes: { modeId: string; name: string }[] }>,
    )[0]!;
    const dark = tokens.modes.find((m) => m.name === 'dark')!.modeId;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: { variables: [{ action: 'UPDATE', id: gap.id, variableModeValues: [{ modeId: dark, value: 12 }] }] },
    });
    expect(put.status).toBe(200);
    const edited = await run('pull');
    expect(edited.stderr).toBe('');
    expect(edited.code).toBe(0);
    const changed = [...project.snapshotTokens()].filter(
      ([f, t]) => f !== 'tokens/sync.lock.json' && before.get(f) !== t,
    );
    expect(changed.map(([f]) => f)).toEqual(['tokens/mode/dark.tokens.json']);
    expect(JSON.parse(project.read('tokens/mode/dark.tokens.json')).size).toEqual({
      gap: { $type: 'dimension', $value: { value: 12, unit: 'px' } },
    });
  });
});
