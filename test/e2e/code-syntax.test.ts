/**
 * End to end (docs/sync.md "Code names in the design file"): `sync.codeSyntax` writes the build's
 * names to the variables' codeSyntax on push, in both dialects, through the real CLI against the
 * local service. Off, nothing is sent; on, the names go in the same update requests as any other
 * field (figma: one POST, its body checked against @figma/rest-api-spec); a second push sends
 * nothing; a pull afterwards leaves the token files byte for byte; `diff` and `check --remote` are
 * in step. A name the token file sets, or a designer's edit since the lock, is not overwritten.
 */
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../figma-spec/spec.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator, type TestEmulator } from '../helpers/emulator.js';
import { pulledProject, type TestProject } from '../helpers/project.js';

const ALL = 'sync:\n  codeSyntax:\n    WEB: true\n    iOS: true\n    ANDROID: true\n';

interface WireVariable {
  id: string;
  name: string;
  variableCollectionId: string;
  codeSyntax?: Record<string, string>;
}
async function variables(emu: TestEmulator): Promise<WireVariable[]> {
  const meta = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta;
  return Object.values(meta.variables as Record<string, WireVariable>);
}
const byName = (vs: WireVariable[], name: string): WireVariable => vs.find((v) => v.name === name)!;
const writesOf = async (emu: TestEmulator): Promise<string[]> =>
  (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));

/** The token files without the lock (a push records what it sent in the lock, as every push does). */
const tokenFiles = (p: TestProject): Map<string, string> =>
  new Map([...p.snapshotTokens()].filter(([f]) => !f.endsWith('sync.lock.json')));

function enable(project: TestProject, yaml = ALL): void {
  project.write('config/tokensync.yaml', project.read('config/tokensync.yaml') + yaml);
}

for (const api of ['dfs', 'figma'] as const) {
  describe(`sync.codeSyntax, ${api} dialect`, () => {
    const emu = useEmulator({ api, resetEach: 'demo' });
    const run = (project: TestProject, ...args: string[]) => runCli(args, { cwd: project.root, env: project.env });

    it('off: a push sends nothing', async () => {
      const project = await pulledProject(emu);
      const push = await run(project, 'push');
      expect(push.stderr).toBe('');
      expect(push.code).toBe(0);
      expect(await writesOf(emu)).toEqual([]);
      expect((await variables(emu)).every((v) => Object.keys(v.codeSyntax ?? {}).length === 0)).toBe(true);
    });

    it('on: one push writes the names, the next sends nothing, and pull, diff and check --remote stay in step', async () => {
      const project = await pulledProject(emu);
      const before = tokenFiles(project);
      enable(project);

      const plan = await run(project, 'diff', '--json');
      const json = JSON.parse(plan.stdout);
      const requests = json.plan.requests as { method: string; body: any }[];
      if (api === 'figma') {
        expect(requests.map((r) => r.method)).toEqual(['POST']);
        for (const r of requests)
          expect(checkRequest(r.method, `/v1/files/${emu.fileKey}/variables`, r.body)).toBeNull();
      } else {
        expect(requests.map((r) => r.method)).toEqual(['PUT']);
      }
      const count = (await variables(emu)).length;
      expect(json.plan.summary.codeSyntaxSet).toEqual({ WEB: count, iOS: count, ANDROID: count });
      const table = (await run(project, 'diff')).stdout;
      expect(table).toContain(`codeSyntax: ${count} WEB, ${count} iOS, ${count} ANDROID.`);
      expect(table).toMatch(
        /~ color\/primary +meta: \(none\) -> \{"codeSyntax":\{"WEB":"var\(--color-primary\)","ANDROID":"color_primary","iOS":"colorPrimary"\}\} +-> service/,
      );

      const push = await run(project, 'push');
      expect(push.stderr).toBe('');
      expect(push.code).toBe(0);
      expect(await writesOf(emu)).toEqual([
        api === 'figma' ? 'POST /v1/files/:key/variables' : 'PUT /v1/files/:key/variables',
      ]);
      const vs = await variables(emu);
      expect(byName(vs, 'color/primary').codeSyntax).toEqual({
        WEB: 'var(--color-primary)',
        iOS: 'colorPrimary',
        ANDROID: 'color_primary',
      });
      expect(vs.every((v) => Object.keys(v.codeSyntax ?? {}).length === 3)).toBe(true);
      expect(tokenFiles(project)).toEqual(before);
      const pushed = project.snapshotTokens();

      await emu.admin.clearRequests();
      const again = await run(project, 'push');
      expect(again.stdout).toContain('already in step');
      expect(await writesOf(emu)).toEqual([]);

      const pull = await run(project, 'pull');
      expect(pull.stderr).toBe('');
      expect(pull.code).toBe(0);
      expect(pull.stdout).toContain('already in step');
      expect(project.snapshotTokens()).toEqual(pushed);
      const diff = await run(project, 'diff');
      expect(diff.stdout).toContain('In step');
      expect(diff.code).toBe(0);
      const check = await run(project, 'check', '--remote', '--strict');
      expect(check.stdout).toContain('In step with the design file.');
      expect(check.code).toBe(0);
    });

    it("keeps a name the token file sets and a designer's edit since the lock", async () => {
      const project = await pulledProject(emu);
      // Every mode's file holds the token; the name is written beside it in each, as a pull writes it.
      for (const file of tokenFilesOf(project, 'color', 'primary')) {
        const doc = JSON.parse(project.read(file));
        doc.color.primary.$extensions = { 'dev.tokensync': { codeSyntax: { WEB: 'var(--brand)' } } };
        project.write(file, `${JSON.stringify(doc, null, 2)}\n`);
      }
      enable(project);
      const push = await run(project, 'push');
      expect(push.stderr).toBe('');
      expect(push.code).toBe(0);
      let vs = await variables(emu);
      expect(byName(vs, 'color/primary').codeSyntax).toEqual({
        WEB: 'var(--brand)',
        iOS: 'colorPrimary',
        ANDROID: 'color_primary',
      });

      // A designer renames the web code name of another variable after the write-back.
      const other = byName(vs, 'color/background');
      const edit = { ...other.codeSyntax, WEB: 'var(--page)' };
      const path = `/v1/files/${emu.fileKey}/variables`;
      const body = { variables: [{ action: 'UPDATE', id: other.id, codeSyntax: edit }] };
      const res = await emu.call(api === 'figma' ? 'POST' : 'PUT', path, { body });
      expect(res.status, res.text).toBe(200);
      await emu.admin.clearRequests();

      // A push does not write the build's name over it; a pull writes it into the token file.
      const again = await run(project, 'push');
      expect(again.code).toBe(0);
      expect(await writesOf(emu)).toEqual([]);
      const pull = await run(project, 'pull');
      expect(pull.stderr).toBe('');
      expect(pull.code).toBe(0);
      for (const bg of tokenFilesOf(project, 'color', 'background'))
        expect(JSON.parse(project.read(bg)).color.background.$extensions['dev.tokensync'].codeSyntax).toEqual({
          WEB: 'var(--page)',
        });
      vs = await variables(emu);
      expect(byName(vs, 'color/background').codeSyntax).toEqual(edit);
      const diff = await run(project, 'diff');
      expect(diff.stdout).toContain('In step');
      expect(diff.code).toBe(0);
    });

    it('pulls a designer edit made before the first write-back instead of conflicting, then names the rest', async () => {
      const project = await pulledProject(emu);
      enable(project, 'sync:\n  codeSyntax:\n    WEB: true\n');
      const primary = byName(await variables(emu), 'color/primary');
      const path = `/v1/files/${emu.fileKey}/variables`;
      const body = { variables: [{ action: 'UPDATE', id: primary.id, codeSyntax: { iOS: 'brand' } }] };
      const res = await emu.call(api === 'figma' ? 'POST' : 'PUT', path, { body });
      expect(res.status, res.text).toBe(200);

      const sync = await run(project, 'sync');
      expect(sync.code).toBe(0);
      expect(byName(await variables(emu), 'color/primary').codeSyntax).toEqual({ iOS: 'brand' });
      expect(byName(await variables(emu), 'color/background').codeSyntax).toEqual({ WEB: 'var(--color-background)' });
      for (const f of tokenFilesOf(project, 'color', 'primary'))
        expect(JSON.parse(project.read(f)).color.primary.$extensions['dev.tokensync'].codeSyntax).toEqual({
          iOS: 'brand',
        });

      const push = await run(project, 'push');
      expect(push.code).toBe(0);
      expect(byName(await variables(emu), 'color/primary').codeSyntax).toEqual({
        iOS: 'brand',
        WEB: 'var(--color-primary)',
      });
      const diff = await run(project, 'diff');
      expect(diff.stdout).toContain('In step');
      expect(diff.code).toBe(0);
    });
  });
}

/** The token files (one per mode) that hold `group.name`. */
function tokenFilesOf(project: TestProject, group: string, name: string): string[] {
  return [...project.snapshotTokens()]
    .filter(([f, text]) => f.endsWith('.tokens.json') && JSON.parse(text)[group]?.[name] !== undefined)
    .map(([f]) => f);
}
