/**
 * `tokensync import style-dictionary` end to end on Style Dictionary's own legacy example (Apache-2.0;
 * test/fixtures/migrate/sd-complete/README.md): the real CLI imports it, `check` is clean, `build`
 * writes every platform, and a push into an empty design file (the local service) and a pull back
 * change no byte. The config's platforms come back as suggested build settings (docs/migration.md).
 */
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';

const COMPLETE = fileURLToPath(new URL('../fixtures/migrate/sd-complete/', import.meta.url));

describe('import style-dictionary: the "complete" example through check, build, push and pull', () => {
  const emu = useEmulator({ resetEach: 'empty' });

  it('imports, checks clean, builds, pushes into an empty file and pulls back the same bytes', async () => {
    const p = createProject({ url: emu.url, caFile: emu.caFile, token: emu.token, fileKey: emu.fileKey });
    cpSync(COMPLETE, path.join(p.root, 'legacy'), { recursive: true });
    const imported = await runCli(['--json', 'import', 'style-dictionary', 'legacy'], { cwd: p.root, env: p.env });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const report = JSON.parse(imported.stdout);
    expect(report.written).toEqual(['tokens/value.tokens.json', 'tokens.resolver.json']);
    expect(report.build).toEqual({ platforms: ['ios', 'android'], prefix: 'StyleDictionary' });
    expect(report.types).toEqual({
      asset: { string: 6 },
      color: { color: 325 },
      dimension: { dimension: 12 },
      duration: { duration: 10 },
      fontFamily: { fontFamily: 5 },
      fontSize: { dimension: 8 },
      string: { string: 970 },
    });
    const value = JSON.parse(readFileSync(path.join(p.root, 'tokens/tokens/value.tokens.json'), 'utf8'));
    expect(value.size.font.base).toEqual({ $type: 'dimension', $value: '{size.font.medium}' });
    expect(value.size.font.tiny.$value).toEqual({ value: 0.75, unit: 'rem' });
    expect(value.color.base.red['50'].$extensions['dev.tokensync.import']).toEqual({
      attributes: { font: 'base' },
      type: 'color',
    });

    const checked = await runCli(['check'], { cwd: p.root, env: p.env });
    expect(checked.stdout.trim()).toBe('1336 tokens in 1 collection: no problems.');
    expect((await runCli(['build'], { cwd: p.root, env: p.env })).code).toBe(0);

    const before = p.snapshotTokens();
    const pushed = await runCli(['push'], { cwd: p.root, env: p.env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    expect((await runCli(['pull'], { cwd: p.root, env: p.env })).code).toBe(0);
    const after = p.snapshotTokens();
    after.delete(path.join('tokens', 'sync.lock.json'));
    expect(after).toEqual(before);
  }, 120_000); // several CLI runs on a shared 2-core machine

  it('refuses a tokens folder that is not empty, before writing anything', async () => {
    const p = createProject({ url: emu.url, caFile: emu.caFile, token: emu.token, fileKey: emu.fileKey });
    cpSync(COMPLETE, path.join(p.root, 'tokens'), { recursive: true });
    const before = p.snapshotTokens();
    const refused = await runCli(['import', 'style-dictionary'], { cwd: p.root, env: p.env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatchInlineSnapshot(`
      "error: tokens/ already holds 4 entries (LICENSE, README.md, config.json, ...); an import never overwrites, so nothing was written.
        fix: Import into an empty folder with --out DIR (and point config key "tokens.dir" at it), or move the old files out of tokens/ first (for example to legacy-tokens/) and import from there: \`tokensync import <tool> legacy-tokens\`.
      "
    `);
    expect(p.snapshotTokens()).toEqual(before);
  }, 120_000); // several CLI runs on a shared 2-core machine

  it('names a file that is not JSON by its line and column, and writes nothing', async () => {
    const p = createProject({ url: emu.url, caFile: emu.caFile, token: emu.token, fileKey: emu.fileKey });
    p.write('legacy/color.json', '{\n  "color": { "red": { "value": "#ff0000", } }\n}\n');
    const refused = await runCli(['import', 'style-dictionary', 'legacy'], { cwd: p.root, env: p.env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatchInlineSnapshot(`
      "error: legacy/color.json:2:43: not valid JSON: expected a property after "," (trailing commas are not allowed in JSON) but found "}".
        fix: Fix the file (or remove it from the folder) and import again; nothing was written.
      "
    `);
    expect(p.snapshotTokens().size).toBe(0);
  }, 120_000);
});
