/**
 * `tokensync import tokens-studio` binds tokens to the variables a Tokens Studio repository records by
 * key (docs/migration.md "Variables kept"), end to end with the real CLI and the local service (figma
 * dialect). The design file holds Workday Canvas's `Brand` collection as Tokens Studio made it: the
 * collection and mode ids and the variable keys of `$themes.json`, with two variables renamed by a
 * designer since, and stale values. The import reads the file and writes a lock; the first push then
 * updates those variables (no CREATE for any of them, the renamed ones included) and the file keeps
 * exactly its variables' ids.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';

const WORKDAY = fileURLToPath(new URL('../fixtures/migrate/workday-canvas/tokens/', import.meta.url));

interface Theme {
  name: string;
  group?: string;
  $figmaCollectionId?: string;
  $figmaModeId?: string;
  $figmaVariableReferences?: Record<string, string>;
}

interface RemoteVariable {
  id: string;
  key: string;
  name: string;
  variableCollectionId: string;
  valuesByMode: Record<string, unknown>;
}

const themes = JSON.parse(readFileSync(path.join(WORKDAY, '$themes.json'), 'utf8')) as Theme[];
const brand = themes.filter((t) => t.group === 'Brand');
const COLLECTION = brand[0]!.$figmaCollectionId!;
const references = Object.entries(brand[0]!.$figmaVariableReferences!);
/** Token path -> the name a designer gave its variable after the export. */
const RENAMED: Record<string, string> = {
  [references[0]![0]]: 'brand/primary/palest',
  [references[5]![0]]: 'accent/brand',
};
const BLACK = { r: 0, g: 0, b: 0, a: 1 };

describe('import tokens-studio binds the recorded variables by key', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'empty' });

  /** The Brand collection as Tokens Studio made it, as the design tool's editor would hold it. */
  async function seedBrand(): Promise<Map<string, string>> {
    const modes = brand.map((t) => ({ modeId: t.$figmaModeId!, name: t.name }));
    const ids = new Map<string, string>();
    const variables = references.map(([p, key], i) => {
      const id = `VariableID:2711:${100 + i}`;
      ids.set(p, id);
      return {
        id,
        key,
        name: RENAMED[p] ?? p.split('.').join('/'),
        variableCollectionId: COLLECTION,
        resolvedType: 'COLOR',
        valuesByMode: Object.fromEntries(modes.map((m) => [m.modeId, BLACK])),
      };
    });
    const res = await emu.call('POST', '/_emulator/variables', {
      token: emu.adminToken,
      body: {
        variableCollections: [{ id: COLLECTION, name: 'Brand', modes, defaultModeId: modes[0]!.modeId }],
        variables,
      },
    });
    expect(res.status, res.text).toBe(200);
    return ids;
  }

  const remoteVariables = async (): Promise<RemoteVariable[]> => {
    const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
    expect(res.status).toBe(200);
    return Object.values(res.json.meta.variables as Record<string, RemoteVariable>);
  };

  it('writes a lock from the file, and the first push updates the linked variables, renamed ones included', async () => {
    const ids = await seedBrand();
    const p = createProject({ url: emu.url, caFile: emu.caFile, token: emu.token, fileKey: emu.fileKey, api: 'figma' });
    cpSync(WORKDAY, path.join(p.root, 'legacy'), { recursive: true });
    const imported = await runCli(['--json', 'import', 'tokens-studio', 'legacy'], { cwd: p.root, env: p.env });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const report = JSON.parse(imported.stdout);
    expect(report.written).toContain('sync.lock.json');
    expect(report.notes.map((l: { message: string }) => l.message)).toContain(
      `${references.length} tokens bound by key to their variables in design file ${emu.fileKey} (sync.lock.json): the first push updates them, a variable renamed there included`,
    );
    // Base and System are not in this file: each recorded variable of theirs is a line, none silent.
    const unbound = report.needsPerson.filter((l: { file: string }) => l.file === '$themes.json');
    expect(unbound.length).toBe(2);
    expect(unbound.map((l: { message: string }) => l.message.replace(/\d+ recorded/, 'N recorded'))).toEqual([
      `collection VariableCollectionId:2630:12251 is not in design file ${emu.fileKey}: its N recorded variables are not bound; the first push pairs them by name and creates those the file lacks`,
      `collection VariableCollectionId:2682:14289 is not in design file ${emu.fileKey}: its N recorded variables are not bound; the first push pairs them by name and creates those the file lacks`,
    ]);
    const lock = JSON.parse(readFileSync(path.join(p.root, 'tokens', 'sync.lock.json'), 'utf8'));
    expect(Object.keys(lock.variables).sort()).toEqual([...ids.values()].sort());
    expect((await runCli(['check'], { cwd: p.root, env: p.env })).code).toBe(0);

    // Stale values on both sides with no common base: a conflict, as with no lock, until --prefer.
    expect((await runCli(['push'], { cwd: p.root, env: p.env })).code).toBe(3);
    const dry = await runCli(['push', '--prefer', 'repo', '--dry-run'], { cwd: p.root, env: p.env });
    expect(dry.code).toBe(0);
    const creates = [...dry.stdout.matchAll(/"action": "CREATE",\s*"id": "([^"]+)",\s*"name": "([^"]+)"/g)];
    expect(creates.length).toBeGreaterThan(0); // Base and System, which the file lacks
    const names = new Set(creates.map((m) => m[2]));
    for (const [p2] of references) expect(names.has(RENAMED[p2] ?? p2.split('.').join('/')), p2).toBe(false);
    for (const name of Object.values(RENAMED)) expect(names.has(name)).toBe(false);
    expect(creates.some((m) => m[2] === 'Brand')).toBe(false);

    const pushed = await runCli(['push', '--prefer', 'repo'], { cwd: p.root, env: p.env });
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);
    const linked = new Set(ids.values());
    const inBrand = (await remoteVariables()).filter((v) => v.variableCollectionId === COLLECTION);
    expect(inBrand.filter((v) => linked.has(v.id))).toHaveLength(references.length);
    for (const v of inBrand) expect(Object.values(v.valuesByMode)).not.toContainEqual(BLACK);
    // Created: only the tokens the repository added after the export (no reference recorded for them).
    expect(inBrand.filter((v) => !linked.has(v.id)).map((v) => v.name)).toEqual(
      ['lightest', 'light', 'base', 'dark', 'darkest', 'accent'].map((n) => `brand/action/${n}`),
    );
    // The designer's renames are the design file's change: kept there, and a pull moves the tokens.
    const renamed = inBrand.filter((v) => Object.values(RENAMED).includes(v.name));
    expect(renamed.map((v) => v.id).sort()).toEqual(
      Object.keys(RENAMED)
        .map((k) => ids.get(k)!)
        .sort(),
    );
    expect((await runCli(['pull'], { cwd: p.root, env: p.env })).code).toBe(0);
    const canvas = JSON.parse(readFileSync(path.join(p.root, 'tokens', 'brand', 'canvas.tokens.json'), 'utf8'));
    expect(canvas.brand.primary.palest.$type).toBe('color');
    expect(canvas.brand.primary.lightest).toBeUndefined();
  }, 180_000); // several CLI runs on a shared 2-core machine

  it('binds nothing where no design file is configured, and says so', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-migrate-'));
    cpSync(WORKDAY, path.join(root, 'legacy'), { recursive: true });
    const imported = await runCli(['--json', 'import', 'tokens-studio', 'legacy'], { cwd: root });
    expect(imported.code).toBe(0);
    const report = JSON.parse(imported.stdout);
    expect(existsSync(path.join(root, 'tokens', 'sync.lock.json'))).toBe(false);
    expect(report.needsPerson.filter((l: { file: string }) => l.file === '$themes.json')).toMatchInlineSnapshot(`
      [
        {
          "file": "$themes.json",
          "message": "364 variables of the design file are recorded here, but no design file is configured (service.url is local, the embedded service): none bound, the first push pairs them by name. To bind them by key, set service.url, service.fileKey and service.token to the file Tokens Studio synced, and import again into an empty folder",
          "path": "",
        },
      ]
    `);
  }, 60_000);
});
