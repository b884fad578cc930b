/**
 * End to end (docs/token-files.md "Repository-owned tokens"): a repository that tokensync did not write,
 * with composites and wide-gamut colors beside variable-backed tokens, runs check, diff, push and build
 * against the local service (real CLI from dist/, HTTPS on port 0, every request recorded by the
 * service); and `init` on a plain folder of DTCG files, followed by check, push and build.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';

const emu = useEmulator({ resetEach: 'empty' });

const writes = async (): Promise<string[]> => (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));
const text = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;
const px = (value: number) => ({ value, unit: 'px' });

interface Remote {
  names: string[];
  values: Record<string, unknown>;
}
async function remote(): Promise<Remote> {
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  const vars = Object.values(
    res.json.meta.variables as Record<string, { name: string; valuesByMode: Record<string, unknown> }>,
  );
  return {
    names: vars.map((v) => v.name).sort(),
    values: Object.fromEntries(vars.map((v) => [v.name, Object.values(v.valuesByMode)[0]])),
  };
}

const primitives = {
  color: {
    $type: 'color',
    ink: { $value: { colorSpace: 'srgb', components: [0.1, 0.1, 0.1], hex: '#1a1a1a' } },
    brand: { $value: { colorSpace: 'oklch', components: [0.62, 0.19, 260] }, $description: 'Brand blue, in OKLCH' },
    vivid: { $value: { colorSpace: 'display-p3', components: [1, 0, 0] } },
  },
  size: { $type: 'dimension', sm: { $value: px(4) }, md: { $value: { value: 1, unit: 'rem' } } },
  font: {
    body: { $type: 'fontFamily', $value: ['Inter', 'sans-serif'] },
    bold: { $type: 'fontWeight', $value: 'bold' },
  },
  motion: {
    fast: { $type: 'duration', $value: { value: 120, unit: 'ms' } },
    ease: { $type: 'cubicBezier', $value: [0.4, 0, 0.2, 1] },
  },
  shadow: {
    card: {
      $type: 'shadow',
      $value: [{ color: '{color.ink}', offsetX: px(0), offsetY: '{size.sm}', blur: px(8), spread: px(0) }],
    },
  },
  border: { focus: { $type: 'border', $value: { color: '{color.brand}', width: px(2), style: 'solid' } } },
  gradient: {
    hero: {
      $type: 'gradient',
      $value: [
        { color: '{color.brand}', position: 0 },
        { color: '{color.vivid}', position: 1 },
      ],
    },
  },
  type: {
    body: {
      $type: 'typography',
      $value: {
        fontFamily: '{font.body}',
        fontSize: '{size.md}',
        fontWeight: '{font.bold}',
        letterSpacing: px(0),
        lineHeight: 1.5,
      },
    },
  },
  transition: {
    quick: {
      $type: 'transition',
      $value: { duration: '{motion.fast}', delay: { value: 0, unit: 'ms' }, timingFunction: '{motion.ease}' },
    },
  },
};
const resolver = {
  $schema: 'https://www.designtokens.org/schemas/2025.10/resolver.json',
  name: 'design system',
  version: '2025.10',
  sets: { primitives: { sources: [{ $ref: 'primitives.tokens.json' }] } },
  modifiers: {
    theme: {
      contexts: { light: [{ $ref: 'theme/light.tokens.json' }], dark: [{ $ref: 'theme/dark.tokens.json' }] },
      default: 'light',
    },
  },
  resolutionOrder: [{ $ref: '#/sets/primitives' }, { $ref: '#/modifiers/theme' }],
};
const theme = (bg: string) => ({
  bg: { $type: 'color', $value: bg },
  elevated: { $type: 'shadow', $value: '{shadow.card}' },
});

describe('a hand-written DTCG 2025.10 repository with composites and wide-gamut colors', () => {
  it('checks, diffs and pushes the variables; composites stay repository-only and a second push sends nothing', async () => {
    const project = createProject(emu);
    project.write('tokens/tokens.resolver.json', text(resolver));
    project.write('tokens/primitives.tokens.json', text(primitives));
    project.write('tokens/theme/light.tokens.json', text(theme('#ffffff')));
    project.write('tokens/theme/dark.tokens.json', text(theme('#101010')));
    const before = project.snapshotTokens();

    const check = await runCli(['check'], { cwd: project.root, env: project.env });
    expect(check.code).toBe(0);
    expect(check.stdout).toMatchInlineSnapshot(`
      "tokens/primitives.tokens.json:27:17  color.vivid  warning: this display-p3 color lies outside sRGB; the design file gets it clipped to #ff0000
          fix: Nothing to do if that is intended: the token files and the build keep the original color. Otherwise pick a color inside sRGB.
      16 tokens (7 repository-only) in 2 collections: no problems (1 warning).
      "
    `);

    const diff = await runCli(['diff'], { cwd: project.root, env: project.env });
    expect(diff.code).toBe(2);
    expect(diff.stdout).toContain(
      'Repository only: 7 tokens (1 cubicBezier, 2 shadow, 1 border, 1 gradient, 1 typography, 1 transition) the design file cannot hold; built, never pushed.',
    );
    const json = JSON.parse((await runCli(['--json', 'diff'], { cwd: project.root, env: project.env })).stdout);
    expect(json.repoOnly.map((t: { name: string; owner: string }) => `${t.name}:${t.owner}`)).toEqual([
      'motion/ease:repository',
      'shadow/card:repository',
      'border/focus:repository',
      'gradient/hero:repository',
      'type/body:repository',
      'transition/quick:repository',
      'elevated:repository',
    ]);
    expect(json.toService.map((c: { kind: string; variable?: string }) => c.variable ?? c.kind)).not.toContain(
      'shadow/card',
    );

    await emu.admin.clearRequests();
    const push = await runCli(['push'], { cwd: project.root, env: project.env });
    // The push says which color it clipped for the design file.
    expect(push.stderr).toMatchInlineSnapshot(`
      "warning: tokens/primitives.tokens.json:27:17  color.vivid  this display-p3 color lies outside sRGB; the design file gets it clipped to #ff0000
      "
    `);
    expect(push.code).toBe(0);
    expect((await writes()).map((c) => c.split(' ')[0])).toMatchInlineSnapshot(`
      [
        "POST",
        "PUT",
      ]
    `);
    const r = await remote();
    expect(r.names).toEqual([
      'bg',
      'color/brand',
      'color/ink',
      'color/vivid',
      'font/body',
      'font/bold',
      'motion/fast',
      'size/md',
      'size/sm',
    ]);
    // The P3 red went to the design file as sRGB red (clipped), the OKLCH blue as its sRGB conversion.
    expect(r.values['color/vivid']).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(r.values['size/md']).toBe(16);

    await emu.admin.clearRequests();
    const again = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('push: already in step, nothing to do.');
    expect(await writes()).toEqual([]);

    // Shown once: the lock now lists them, so the next diff is quiet about them; --json still marks them.
    const inStep = await runCli(['diff'], { cwd: project.root, env: project.env });
    expect(inStep.code).toBe(0);
    expect(inStep.stdout).not.toContain('Repository only');
    expect(JSON.parse(project.read('tokens/sync.lock.json')).repoOnly).toEqual({
      primitives: ['border/focus', 'gradient/hero', 'motion/ease', 'shadow/card', 'transition/quick', 'type/body'],
      theme: ['elevated'],
    });
    const quiet = JSON.parse((await runCli(['--json', 'diff'], { cwd: project.root, env: project.env })).stdout);
    expect(quiet.repoOnly).toHaveLength(7);
    expect(quiet.repoOnly.every((t: { owner: string; new: boolean }) => t.owner === 'repository' && !t.new)).toBe(true);

    // The build takes the same files: composites and the original color spaces are in the CSS.
    const build = await runCli(['build', '--platform', 'css'], { cwd: project.root, env: project.env });
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    const css = project.read('build/css/tokens.css');
    expect(css).toContain('--shadow-card: ');
    expect(css).toContain('--type-body: ');
    expect(css).toContain('color(display-p3 1 0 0)');
    expect(css).toContain('oklch(0.62 0.19 260)');

    // A pull keeps every token file as written (the lock is the only new file).
    const pull = await runCli(['pull'], { cwd: project.root, env: project.env });
    expect(pull.code).toBe(0);
    const after = project.snapshotTokens();
    after.delete('tokens/sync.lock.json');
    expect(after).toEqual(before);
  });
});

describe('a plain folder of DTCG files, no resolver document', () => {
  it('diffs and pushes it as one collection; a pull writes a change back to the file that holds it', async () => {
    const project = createProject(emu);
    project.write(
      'tokens/a.tokens.json',
      text({ color: { $type: 'color', bg: { $value: '#ffffff' }, fg: { $value: '{color.bg}' } } }),
    );
    project.write('tokens/b.tokens.json', text({ gap: { $type: 'dimension', $value: px(8) } }));
    const before = project.snapshotTokens();

    const diff = await runCli(['diff'], { cwd: project.root, env: project.env });
    expect(diff.code).toBe(2);
    expect(diff.stdout).toContain('+ (collection)');
    const push = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect((await remote()).names).toEqual(['color/bg', 'color/fg', 'gap']);
    await emu.admin.clearRequests();
    expect((await runCli(['push'], { cwd: project.root, env: project.env })).code).toBe(0);
    expect(await writes()).toEqual([]);

    // The design file changes a value.
    const vars = Object.values(
      (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables as Record<
        string,
        { id: string; name: string; valuesByMode: Record<string, unknown> }
      >,
    );
    const gap = vars.find((v) => v.name === 'gap')!;
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [
          {
            action: 'UPDATE',
            id: gap.id,
            variableModeValues: [{ modeId: Object.keys(gap.valuesByMode)[0], value: 12 }],
          },
        ],
      },
    });
    expect(put.status).toBe(200);
    await emu.admin.clearRequests();
    const diffAfter = await runCli(['diff'], { cwd: project.root, env: project.env });
    expect(diffAfter.code).toBe(2);
    expect(diffAfter.stdout).toContain('gap');
    const pull = await runCli(['pull'], { cwd: project.root, env: project.env });
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    // Written back to the file that holds it, in place; the other file and the folder's layout stay.
    const after = project.snapshotTokens();
    after.delete('tokens/sync.lock.json');
    expect(after).toEqual(
      new Map(
        [...before].map(([f, t]) => [f, f.endsWith('b.tokens.json') ? t.replace('"value": 8', '"value": 12') : t]),
      ),
    );
  });
});

describe('init on a plain folder of DTCG files', () => {
  it('writes a resolver describing them, then check and push work', async () => {
    const project = createProject(emu);
    project.write(
      'tokens/color.tokens.json',
      text({
        color: {
          $type: 'color',
          primary: { $value: '#3366ff' },
          accent: { $value: { colorSpace: 'display-p3', components: [0.3, 0.6, 0.5] } },
        },
      }),
    );
    project.write(
      'tokens/size.tokens.json',
      text({
        space: { $type: 'dimension', sm: { $value: px(4) }, lg: { $value: px(16) } },
        card: {
          $type: 'shadow',
          $value: { color: '{color.primary}', offsetX: px(0), offsetY: '{space.sm}', blur: px(4), spread: px(0) },
        },
      }),
    );
    // Without a resolver, check and diff already read the folder as one set.
    expect((await runCli(['check'], { cwd: project.root, env: project.env })).code).toBe(0);

    const init = await runCli(['init', '--force'], { cwd: project.root, env: project.env });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('tokens/tokens.resolver.json, which describes the 2 token file(s) found as one set');
    expect(JSON.parse(project.read('tokens/tokens.resolver.json')).sets.tokens.sources).toEqual([
      { $ref: 'color.tokens.json' },
      { $ref: 'size.tokens.json' },
    ]);
    // A second init clobbers nothing: the resolver document (hand-edited since) and the token files stay.
    project.write(
      'tokens/tokens.resolver.json',
      project.read('tokens/tokens.resolver.json').replace('"name": "tokens"', '"name": "mine"'),
    );
    const tokensBefore = project.snapshotTokens();
    expect((await runCli(['init', '--force'], { cwd: project.root, env: project.env })).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(tokensBefore);
    // init --force rewrote the config with the defaults: point it at the test service again.
    const service = createProject(emu);
    project.write('config/tokensync.yaml', service.read('config/tokensync.yaml'));

    const check = await runCli(['check'], { cwd: project.root, env: project.env });
    expect(check.stdout).toContain('5 tokens (1 repository-only) in 1 collection: no problems');
    const push = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect((await remote()).names).toEqual(['color/accent', 'color/primary', 'space/lg', 'space/sm']);
    const build = await runCli(['build'], { cwd: project.root, env: project.env });
    expect(build.code).toBe(0);
    expect(project.read('build/css/tokens.css')).toContain('--card: ');
    await emu.admin.clearRequests();
    expect((await runCli(['push'], { cwd: project.root, env: project.env })).code).toBe(0);
    expect(await writes()).toEqual([]);
  });
});
