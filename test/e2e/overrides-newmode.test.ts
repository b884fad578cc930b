/**
 * End to end, figma dialect (docs/sync.md "Extended collections and overrides"): an extension's
 * override in a mode its parent gains in the same push. The service makes the extension's inherited
 * mode only once the parent's exists, so its id is unknown when the push plans: the run creates the
 * mode, reads the service again and sets the override, exit 0, and a second push sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject } from '../helpers/project.js';
import { DOCUMENTS } from '../overrides/documents.js';

const text = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;
interface Ext {
  name: string;
  modes: { modeId: string; name: string }[];
  variableOverrides?: Record<string, Record<string, unknown>>;
}

describe('an override in a mode the parent gains in the same push (figma)', () => {
  const emu = useEmulator({ api: 'figma', resetEach: 'empty' });
  const writes = async (): Promise<string[]> => (await emu.admin.calls()).filter((c) => !c.startsWith('GET'));
  it('creates the mode, then sets the override, in one run', async () => {
    const project = createProject(emu);
    const files = DOCUMENTS['two axes: mode then brand (an empty context too)']!;
    for (const [f, v] of Object.entries(files)) project.write(`tokens/${f}`, text(v));
    const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });
    expect((await run('push')).code).toBe(0);

    // A new context of `mode`: the collection gains mode "dim"; brand acme overrides in every mode.
    const doc = JSON.parse(project.read('tokens/tokens.resolver.json'));
    doc.modifiers.mode.contexts.dim = [{ $ref: 'mode/dim.tokens.json' }];
    project.write('tokens/tokens.resolver.json', text(doc));
    project.write(
      'tokens/mode/dim.tokens.json',
      text({ size: { gap: { $type: 'dimension', $value: { value: 6, unit: 'px' } } } }),
    );
    const diff = await run('diff');
    expect(diff.stdout.replace(/^reading variables of \S+\n/, '')).toMatchInlineSnapshot(`
      "tokens
        + (mode dim)    new mode                                       -> service
        ~ color/accent  override tokens / acme dim: (none) -> #ff0000  -> service
        ~ size/radius   override tokens / acme dim: (none) -> 0        -> service
      3 to push, 0 to pull, 0 conflicts, 0 orphans; 1 request (1 POST).
      2 overrides of extended collections are in modes this push creates: the service makes an extension's mode once its parent's exists, so push sets them in one more request, in the same run.
      "
    `);
    await emu.admin.clearRequests();
    const push = await run('push');
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    expect(push.stdout.replace(/^reading variables of \S+\n/, '')).toMatchInlineSnapshot(`
      "POST variables (1/1)
      the new modes exist now; setting 2 override(s) of extended collections in them
      POST variables (1/1)
      push: sent 2 write request(s), wrote 1 file(s).
      Changed in the design file (3 changes):
        tokens
          + (mode dim)    new mode                                       -> service
          ~ color/accent  override tokens / acme dim: (none) -> #ff0000  -> service
          ~ size/radius   override tokens / acme dim: (none) -> 0        -> service
        wrote   tokens/sync.lock.json
      "
    `);
    // The mode with its values, then the overrides in the extensions' new modes: two requests.
    expect((await writes()).map((c) => c.split(' ')[0])).toEqual(['POST', 'POST']);
    const meta = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta;
    const acme = Object.values(meta.variableCollections as Record<string, Ext>).find(
      (c) => c.name === 'tokens / acme',
    )!;
    const accent = Object.values(meta.variables as Record<string, { id: string; name: string }>).find(
      (v) => v.name === 'color/accent',
    )!;
    const dim = acme.modes.find((m) => m.name === 'dim')!.modeId;
    expect(acme.variableOverrides?.[accent.id]?.[dim]).toEqual({ r: 1, g: 0, b: 0, a: 1 });

    await emu.admin.clearRequests();
    const before = project.snapshotTokens();
    expect((await run('push')).code).toBe(0);
    expect(await writes()).toEqual([]);
    expect((await run('pull')).code).toBe(0);
    expect(project.snapshotTokens()).toEqual(before);
  });
});
