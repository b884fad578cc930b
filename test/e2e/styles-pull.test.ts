/**
 * Pulling styles (docs/styles.md "What a pull does"): the real CLI against the real local service over
 * HTTPS. Several pages of styles, bound variables as references, a renamed and a deleted style,
 * repository edits that cannot be pushed, and a no-op pull that sends only what it needs and changes no
 * byte.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { designer } from '../styles/designer.js';

const emu = useEmulator({ resetEach: 'demo' });

const STYLES_ON = 'styles:\n  pull: true\n';
const run = (project: TestProject, ...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
const json = (project: TestProject, rel: string): any => JSON.parse(project.read(rel));
const at = (tree: any, dotted: string): any =>
  dotted.split('.').reduce((n, k) => (n === undefined ? undefined : n[k]), tree);

async function pulled(extra = ''): Promise<TestProject> {
  const project = createProject(emu, STYLES_ON + extra);
  const r = await run(project, 'pull');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  await emu.admin.clearRequests();
  return project;
}

/** 25 more text styles, so the list is two pages of the service's default 30. */
async function addTypeScale(): Promise<void> {
  const d = designer(emu);
  for (let i = 1; i <= 25; i++) {
    await d.add({
      style_type: 'TEXT',
      name: `Scale/Step ${String(i).padStart(2, '0')}`,
      fields: {
        style: {
          fontFamily: 'Inter',
          fontWeight: 400,
          fontSize: 10 + i,
          letterSpacing: 0,
          lineHeightPx: (10 + i) * 1.5,
          lineHeightUnit: 'PIXELS',
        },
      },
    });
  }
}

describe('pull with styles', () => {
  it('reads every page of styles and their nodes in one batch, and writes one file per style type', async () => {
    await addTypeScale();
    await emu.admin.clearRequests();
    const project = createProject(emu, STYLES_ON);
    const r = await run(project, 'pull');
    expect(r.code).toBe(0);

    const log = await emu.admin.requests();
    const styleReads = log.filter((q) => q.path.endsWith('/styles'));
    expect(styleReads).toHaveLength(2);
    expect(styleReads[1]!.query).toMatch(/^cursor=/);
    const nodeReads = log.filter((q) => q.path.endsWith('/nodes'));
    expect(nodeReads).toHaveLength(1);
    expect(new URLSearchParams(nodeReads[0]!.query).get('ids')!.split(',')).toHaveLength(36);

    for (const f of ['text', 'effect', 'paint', 'grid'])
      expect(existsSync(path.join(project.root, `tokens/styles/${f}.tokens.json`))).toBe(true);
    const text = json(project, 'tokens/styles/text.tokens.json');
    expect(at(text, 'typography.Scale.Step 25.$value')).toEqual({
      fontFamily: 'Inter',
      fontSize: { value: 35, unit: 'px' },
      fontWeight: 400,
      letterSpacing: { value: 0, unit: 'px' },
      lineHeight: 1.5,
    });
    // Bound variables are references to the variables' tokens.
    expect(at(text, 'typography.Body.Regular.$value.fontFamily')).toBe('{font.body}');
    expect(at(text, 'typography.Heading.H1.$value')).toMatchObject({
      fontFamily: '{font.body}',
      fontWeight: '{font.weight.bold}',
      lineHeight: 1.2,
      letterSpacing: { value: -0.5, unit: 'px' },
    });
    const effect = json(project, 'tokens/styles/effect.tokens.json');
    expect(at(effect, 'shadow.Focus.Ring.$value.color')).toBe('{color.primary}');
    expect(at(effect, 'shadow.Elevation.Card.$value')).toHaveLength(2);
    expect(at(effect, 'shadow.Inset.Well.$value.inset')).toBe(true);
    const paint = json(project, 'tokens/styles/paint.tokens.json');
    expect(at(paint, 'paint.Surface.Default')).toMatchObject({
      $type: 'color',
      $value: '{color.background}',
      $extensions: { 'dev.tokensync': { owner: 'design' } },
    });
    expect(at(paint, 'paint.Brand.Gradient')).toMatchObject({
      $type: 'gradient',
      $extensions: { 'dev.tokensync': { gradient: { type: 'linear', angle: 90 } } },
    });
    // A grid is a group with its layout grids in the extension, not a token.
    const grid = at(json(project, 'tokens/styles/grid.tokens.json'), 'grid.Layout.12 columns');
    expect(grid.$value).toBeUndefined();
    expect(grid.$extensions['dev.tokensync'].layoutGrids).toEqual([
      {
        pattern: 'columns',
        count: 12,
        alignment: 'stretch',
        gutter: { value: 24, unit: 'px' },
        offset: { value: 32, unit: 'px' },
        color: '#ff00001a',
      },
    ]);

    // The resolver describes the style files as design-owned sets, after the collections.
    const resolver = json(project, 'tokens/tokens.resolver.json');
    expect(resolver.resolutionOrder.map((o: { $ref: string }) => o.$ref)).toEqual([
      '#/sets/primitives',
      '#/modifiers/semantic',
      '#/sets/text-styles',
      '#/sets/effect-styles',
      '#/sets/paint-styles',
      '#/sets/grid-styles',
    ]);
    expect(resolver.sets['text-styles']).toEqual({
      sources: [{ $ref: 'styles/text.tokens.json' }],
      $extensions: {
        'dev.tokensync': { collection: 'text styles', mode: 'Value', owner: 'design', styleType: 'TEXT' },
      },
    });
    // check reads the project without a warning about the style files.
    const check = await run(project, 'check');
    expect(check.code).toBe(0);
    expect(check.stdout + check.stderr).not.toContain('does not list');
  });

  it('a large library is a few requests: 120 styles are 4 pages and 2 nodes reads of at most 100 ids', async () => {
    const d = designer(emu);
    for (let i = 0; i < 109; i++)
      await d.add({
        style_type: 'FILL',
        name: `Palette/Swatch ${i}`,
        fields: {
          fills: [
            {
              type: 'SOLID',
              visible: true,
              opacity: 1,
              blendMode: 'NORMAL',
              color: { r: i / 109, g: 0.5, b: 0.5, a: 1 },
            },
          ],
        },
      });
    await emu.admin.clearRequests();
    const project = createProject(emu, STYLES_ON);
    expect((await run(project, 'pull')).code).toBe(0);
    const log = await emu.admin.requests();
    expect(log.filter((q) => q.path.endsWith('/styles'))).toHaveLength(4);
    const batches = log
      .filter((q) => q.path.endsWith('/nodes'))
      .map((q) => new URLSearchParams(q.query).get('ids')!.split(',').length);
    expect(batches).toEqual([100, 20]);
    expect(Object.keys(at(json(project, 'tokens/styles/paint.tokens.json'), 'paint.Palette'))).toHaveLength(109);
  });

  it('with tokens.namespace: collection, references carry the collection and built names follow the files', async () => {
    const project = await pulled('tokens:\n  namespace: collection\n');
    expect(at(json(project, 'tokens/styles/text.tokens.json'), 'typography.Body.Regular.$value.fontFamily')).toBe(
      '{semantic.font.body}',
    );
    expect(at(json(project, 'tokens/styles/effect.tokens.json'), 'shadow.Elevation.Card.$value.1.color')).toBe(
      '{primitives.color.black.alpha-50}',
    );
    const built = await run(project, 'build', '--platform', 'css,ts,tailwind');
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const css = project.read('build/css/tokens.css');
    expect(css).toContain('var(--semantic-font-body)');
    // A style token's built name is its path in its file (typography.Body.Regular), as with
    // namespace: none: the file's top-level group is the style's namespace, not its set's collection.
    expect(css).toMatch(/^\s*--typography-body-regular: /m);
    expect(css).toMatch(/^\s*--shadow-elevation-card: /m);
    expect(css).not.toContain('--text-styles-');
    expect(css).not.toContain('--effect-styles-');
    expect(project.read('build/ts/tokens.ts')).toContain('typographyBodyRegular');
  });

  it('a renamed style keeps its identity: its token moves and the lock keeps its key', async () => {
    const project = await pulled();
    const card = (await designer(emu).list()).find((s) => s.name === 'Elevation/Card')!;
    const before = at(json(project, 'tokens/styles/effect.tokens.json'), 'shadow.Elevation.Card');
    await designer(emu).edit(card.key, { name: 'Elevation/Raised' });

    const r = await run(project, 'pull');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('renamed  effect style "Elevation/Card" -> "Elevation/Raised"');
    const effect = json(project, 'tokens/styles/effect.tokens.json');
    expect(at(effect, 'shadow.Elevation.Card')).toBeUndefined();
    expect(at(effect, 'shadow.Elevation.Raised')).toEqual(before);
    const lock = json(project, 'tokens/styles.lock.json');
    expect(lock.styles[card.key]).toMatchObject({ name: 'Elevation/Raised', path: ['shadow', 'Elevation', 'Raised'] });
  });

  it('a deleted style leaves the file; the last style of a type takes its file and resolver set along', async () => {
    const project = await pulled();
    const d = designer(emu);
    const grids = (await d.list()).filter((s) => s.style_type === 'GRID');
    const spotlight = (await d.list()).find((s) => s.name === 'Spotlight')!;
    await d.remove(spotlight.key);
    for (const g of grids) await d.remove(g.key);

    const r = await run(project, 'pull');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('deleted  paint style "Spotlight"');
    expect(at(json(project, 'tokens/styles/paint.tokens.json'), 'paint.Spotlight')).toBeUndefined();
    expect(existsSync(path.join(project.root, 'tokens/styles/grid.tokens.json'))).toBe(false);
    const resolver = json(project, 'tokens/tokens.resolver.json');
    expect(resolver.sets['grid-styles']).toBeUndefined();
    expect(resolver.resolutionOrder.map((o: { $ref: string }) => o.$ref)).not.toContain('#/sets/grid-styles');
    expect(Object.values(json(project, 'tokens/styles.lock.json').styles).map((s: any) => s.name)).not.toContain(
      'Spotlight',
    );
  });

  it('a pull with nothing new sends only the variables and styles reads and changes no byte', async () => {
    await addTypeScale();
    const project = await pulled();
    const before = project.snapshotTokens();
    const mtimes = [...before.keys()].map((f) => statSync(path.join(project.root, f)).mtimeMs);

    const r = await run(project, 'pull');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('already in step');
    expect(await emu.admin.calls()).toEqual([
      'GET /v1/files/:key/variables/local',
      'GET /v1/files/:key/styles',
      'GET /v1/files/:key/styles',
    ]);
    expect(project.snapshotTokens()).toEqual(before);
    expect([...before.keys()].map((f) => statSync(path.join(project.root, f)).mtimeMs)).toEqual(mtimes);
  });

  it('a style changed in the design file is pulled; a variable rename moves the references', async () => {
    const project = await pulled();
    const d = designer(emu);
    const ring = (await d.list()).find((s) => s.name === 'Focus/Ring')!;
    const node = (await emu.call('GET', `/v1/files/${emu.fileKey}/nodes?ids=${ring.node_id}`)).json.nodes[ring.node_id]
      .document;
    await d.edit(ring.key, { fields: { effects: [{ ...node.effects[0], spread: 4 }] } });
    const r = await run(project, 'pull');
    expect(r.stdout).toContain('updated  effect style "Focus/Ring"');
    expect(at(json(project, 'tokens/styles/effect.tokens.json'), 'shadow.Focus.Ring.$value.spread')).toEqual({
      value: 4,
      unit: 'px',
    });

    // The designer renames the bound variable: the style token follows it.
    const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables as Record<
      string,
      { name: string }
    >;
    const primary = Object.entries(vars).find(([, v]) => v.name === 'color/primary')![0];
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: { variables: [{ action: 'UPDATE', id: primary, name: 'color/accent' }] },
    });
    expect(put.status).toBe(200);
    expect((await run(project, 'pull')).code).toBe(0);
    expect(at(json(project, 'tokens/styles/effect.tokens.json'), 'shadow.Focus.Ring.$value.color')).toBe(
      '{color.accent}',
    );
  });
});

describe('repository edits to style tokens', () => {
  it('diff shows them as changes the API cannot push (exit 2); pull puts the design file back', async () => {
    const project = await pulled();
    const before = project.snapshotTokens();
    const file = 'tokens/styles/effect.tokens.json';
    const effect = json(project, file);
    effect.shadow.Focus.Ring.$value.spread = { value: 9, unit: 'px' };
    effect.shadow.Extra = { $type: 'shadow', $value: effect.shadow.Focus.Ring.$value };
    project.write(file, `${JSON.stringify(effect, null, 2)}\n`);

    const diff = await run(project, 'diff');
    expect(diff.code).toBe(2);
    expect(diff.stdout).toContain('Variables in step: no changes, no requests.');
    expect(diff.stdout).toContain('cannot be pushed (the service has no style write endpoint)');
    expect(diff.stdout).toContain(`edited   shadow.Focus.Ring (${file})`);
    expect(diff.stdout).toContain(`added    shadow.Extra (${file})`);
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual([]);
    const asJson = JSON.parse((await run(project, '--json', 'diff')).stdout);
    expect(asJson.styles.localEdits).toEqual([
      { file, path: 'shadow.Extra', kind: 'added' },
      { file, path: 'shadow.Focus.Ring', kind: 'edited' },
    ]);

    const push = await run(project, 'push');
    expect(push.code).toBe(0);
    expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toEqual([]);

    const pull = await run(project, 'pull');
    expect(pull.code).toBe(0);
    expect(pull.stdout).toContain('Overwrote 2 repository edit(s) to design-owned style tokens');
    expect(project.snapshotTokens()).toEqual(before);
  });

  it('check counts the style tokens, and check and build name a broken style token by file:line:column', async () => {
    const project = await pulled();
    const ok = await run(project, 'check');
    expect(ok.code).toBe(0);
    // 11 styles: 9 tokens, and 2 grids (groups) whose 9 parts build as tokens (src/styles/grid-tokens.ts).
    expect(ok.stdout).toContain('21 tokens in 2 collections, 18 style tokens: no problems.');
    const file = 'tokens/styles/text.tokens.json';
    project.write(file, project.read(file).replace('"fontFamily": "{font.body}"', '"fontFamily": "{font.nope}"'));
    const check = await run(project, 'check');
    expect(check.code).toBe(1);
    expect(check.stdout.split('\n').slice(0, 2).join('\n')).toMatchInlineSnapshot(`
      "tokens/styles/text.tokens.json:8:25  typography.Body.Regular  reference {font.nope} names no token
          fix: Style tokens are design-owned: change the style in the design file, or run \`tokensync pull\` to restore the file."
    `);
    const build = await run(project, 'build', '--platform', 'css');
    expect(build.code).toBe(1);
    expect(build.stderr).toContain(`${file}:8:25  typography.Body.Regular: reference {font.nope} names no token`);
  });

  it('refuses, before any request, to pull styles into a folder read without a resolver document', async () => {
    const project = createProject(emu, STYLES_ON);
    project.write(
      'tokens/colors.tokens.json',
      `${JSON.stringify({ brand: { $type: 'color', $value: { colorSpace: 'srgb', components: [0, 0, 1], hex: '#0000ff' } } }, null, 2)}\n`,
    );
    await emu.admin.clearRequests();
    const r = await run(project, 'pull');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('styles.pull is on, but tokens/tokens.resolver.json does not exist');
    expect(r.stderr).toContain('or set styles.pull: false');
    expect(await emu.admin.calls()).toEqual([]);
    expect(existsSync(path.join(project.root, 'tokens/styles'))).toBe(false);
  });

  it('a file without styles leaves no style file, styles lock or resolver set behind', async () => {
    await emu.admin.reset('empty');
    const project = createProject(emu, STYLES_ON);
    const first = await run(project, 'pull');
    expect(first.code).toBe(0);
    const files = [...project.snapshotTokens().keys()];
    expect(files.filter((f) => f.includes('styles'))).toEqual([]);
    await emu.admin.clearRequests();
    expect((await run(project, 'pull')).stdout).toContain('already in step');
    expect(await emu.admin.calls()).toEqual(['GET /v1/files/:key/variables/local', 'GET /v1/files/:key/styles']);
    expect([...project.snapshotTokens().keys()]).toEqual(files);
  });
});
