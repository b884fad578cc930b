/**
 * The no-op shortcut of a pull (src/sync/files-in-step.ts): token files tokensync wrote are recognised
 * as in step without rendering them, and every kind of layout drift sends the pull to the full render.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { filesInStep, inLayout } from '../../src/sync/files-in-step.js';
import { readTokens, renderTokens } from '../../src/tokens/index.js';
import { parseTokenFile } from '../../src/tokens/read/parse.js';

const FIXTURE = fileURLToPath(new URL('../e2e/fixtures/brand/', import.meta.url));
const config = configSchema.parse({}).tokens;
const PRIMITIVES = 'brand-primitives/default.tokens.json';

function project(edit?: (dir: string) => void): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-in-step-'));
  cpSync(FIXTURE, path.join(root, 'tokens'), { recursive: true });
  edit?.(path.join(root, 'tokens'));
  return root;
}

const tokenFiles = (root: string): string[] =>
  (readdirSync(path.join(root, 'tokens'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.tokens.json'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();

describe('inLayout', () => {
  const text = readFileSync(path.join(FIXTURE, PRIMITIVES), 'utf8');

  it('accepts what tokensync writes, integer-like keys in written order included ("500" before "300")', () => {
    expect(text.indexOf('"500"')).toBeLessThan(text.indexOf('"300"'));
    expect(inLayout(text)).toBe(true);
  });

  it('rejects hand-edited formatting: another indent, a missing final newline, a number spelled longer, an escaped character', () => {
    expect(inLayout(`${JSON.stringify(JSON.parse(text), null, 4)}\n`)).toBe(false);
    expect(inLayout(text.trimEnd())).toBe(false);
    expect(inLayout(text.replace('0.309804,', '0.3098040,'))).toBe(false);
    expect(inLayout(text.replace('"Brand indigo"', '"Brand \\u0069ndigo"'))).toBe(false);
    expect(inLayout(text.replace('"$type": "color",', '"$type":"color",'))).toBe(false);
  });

  it("gives the same verdicts from the reader's own parse as from parsing again (no second parse on a no-op pull)", () => {
    const variants = [
      text,
      `${JSON.stringify(JSON.parse(text), null, 4)}\n`,
      text.replace('0.309804,', '0.3098040,'),
      text.replace('"Brand indigo"', '"Brand \\u0069ndigo"'),
      text.replace('"$type": "color",', '"$type":"color",'),
      text.replace(/"(\d+)":/g, '"k$1":'),
      text.replace(/"(\d+)":/g, '"k$1":').replace('"$type": "color",', '"$type":  "color",'),
    ];
    for (const variant of variants) {
      const written = parseTokenFile(PRIMITIVES, variant, { files: new Map(), modeFiles: new Map() }, []);
      expect(inLayout(variant, written)).toBe(inLayout(variant));
    }
    expect(variants.map((v) => inLayout(v))).toEqual([true, false, false, false, false, true, false]);
    // A `\u0001` escape in a value: the reader marked with another character, so its parse can tell,
    // where the second parse (which marks with \u0001) gives up and sends the pull to the render.
    const escaped = text.replace('"Brand indigo"', '"Brand \\u0001 indigo"');
    const written = parseTokenFile(PRIMITIVES, escaped, { files: new Map(), modeFiles: new Map() }, []);
    expect([inLayout(escaped, written), inLayout(escaped)]).toEqual([true, false]);
  });
});

describe('filesInStep', () => {
  const inStep = async (root: string, onDisk = tokenFiles(root)): Promise<boolean> => {
    const { set, sources } = await readTokens(root, config);
    return filesInStep(set, sources, onDisk);
  };

  it('holds for files as tokensync renders them, and they are indeed what a render writes', async () => {
    const root = project();
    const { set, sources } = await readTokens(root, config);
    expect(filesInStep(set, sources, tokenFiles(root))).toBe(true);
    for (const [file, text] of renderTokens(set, config, sources))
      expect(text, file).toBe(sources.files.get(file)?.text);
  });

  it('fails when a token file is missing or a stray one is on disk (a pull adds or removes it)', async () => {
    const root = project();
    const files = tokenFiles(root);
    expect(
      await inStep(
        root,
        files.filter((f) => f !== PRIMITIVES),
      ),
    ).toBe(false);
    expect(await inStep(root, [...files, 'theme/old.tokens.json'])).toBe(false);
  });

  it('reads a file outside ASCII without decoding it, and tells a character from its escape', async () => {
    const DARK = 'theme/dark.tokens.json';
    // Every mode file of the collection: a description is one for all modes.
    const edit = (to: string) => (dir: string) => {
      for (const mode of ['dark', 'light', 'high-contrast']) {
        const p = path.join(dir, `theme/${mode}.tokens.json`);
        writeFileSync(p, readFileSync(p, 'utf8').replace('"Page background"', `"Page ${to} background…"`));
      }
    };
    const root = project(edit('é'));
    const { set, sources } = await readTokens(root, config);
    expect(sources.files.get(DARK)?.written?.textIs).toBeTypeOf('function');
    expect(filesInStep(set, sources, tokenFiles(root))).toBe(true);
    // The same model, but JSON.stringify writes the character itself, not its escape: out of layout.
    expect(await inStep(project(edit('\\u00e9')))).toBe(false);
    expect(await inStep(project(edit('é\\u2026')))).toBe(false);
    // Decoded first (a problem placed, an edit): the same verdicts from the text.
    expect(sources.files.get(DARK)?.text).toContain('Page é background…');
    expect(filesInStep(set, sources, tokenFiles(root))).toBe(true);
  });

  it('fails when a file or the resolver document is reformatted by hand', async () => {
    const reindent = (file: string) => (dir: string) => {
      const p = path.join(dir, file);
      // 4 spaces, as an editor might reformat it.
      writeFileSync(p, `${JSON.stringify(JSON.parse(readFileSync(p, 'utf8')), null, 4)}\n`);
    };
    expect(await inStep(project(reindent('theme/dark.tokens.json')))).toBe(false);
    expect(await inStep(project(reindent('tokens.resolver.json')))).toBe(false);
  });
});
