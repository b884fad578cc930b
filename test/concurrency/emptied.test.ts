/**
 * The design file emptied while a run is under way (docs/sync.md "An empty design file"): the first
 * read's guard (src/sync/empty-guard.ts) holds for every later read too. A designer (or a script)
 * deletes every collection while a push or a sync is held between its first read and its write; the
 * run must not take the empty answer at its word on its re-plan: a sync would delete every token file,
 * a push would create every variable again. It stops (exit 3, the code of a concurrent edit), writes
 * nothing, and the service keeps what the designer left. Played in the figma dialect, whose API can
 * delete (the dfs spec has no deletion; its designer deletes in the editor).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import type { TestProject } from '../helpers/project.js';
import { writers } from '../helpers/writers.js';
import { serviceState } from '../reliability/helpers.js';
import { holdFreshRead, releaseHeld } from './actors.js';

vi.setConfig({ testTimeout: 120_000 });
const { cli, twoClones } = writers({ runs: 0, actors: 0 });

/** The designer: deletes every collection of the file (and so every variable), in one POST (figma: the dfs spec deletes nothing). */
async function designerEmpties(emu: TestEmulator): Promise<void> {
  const state = await serviceState(emu);
  const put = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
    body: {
      variableCollections: Object.keys(state.variableCollections).map((id) => ({ action: 'DELETE', id })),
    },
  });
  if (put.status !== 200) throw new Error(`designer POST answered ${put.status}: ${put.text}`);
}

/** The developer: a new collection "Extra" (its own set): no conflict with the deletion, so the run plans again. */
function addCollection(p: TestProject): void {
  p.write('tokens/extra/default.tokens.json', JSON.stringify({ gap: { $type: 'number', $value: 3 } }, null, 2));
  const resolver = JSON.parse(p.read('tokens/tokens.resolver.json'));
  resolver.sets.extra = {
    sources: [{ $ref: 'extra/default.tokens.json' }],
    $extensions: { 'dev.tokensync': { collection: 'Extra', mode: 'Default' } },
  };
  resolver.resolutionOrder.unshift({ $ref: '#/sets/extra' });
  p.write('tokens/tokens.resolver.json', JSON.stringify(resolver, null, 2));
}

function tokenFiles(root: string): string[] {
  return readdirSync(path.join(root, 'tokens'), { recursive: true, encoding: 'utf8' }).sort();
}

describe('the file emptied between a run’s first read and its write', () => {
  it.each(['push', 'sync'])(
    '%s: stops before any write, exit 3, names it; files and service untouched',
    async (command) => {
      const emu = await startTestEmulator({ seed: 'empty', api: 'figma' });
      try {
        const [a] = await twoClones(emu);
        addCollection(a);
        const before = tokenFiles(a.root);
        const lock = a.read('tokens/sync.lock.json');
        await emu.admin.clearRequests();
        // Reads: the one the plan is made from (1), the fresh one before the write (2), held while the file is emptied.
        const { running } = await holdFreshRead(emu, () => cli(a, [command]));
        await designerEmpties(emu);
        await releaseHeld(emu);
        const r = await running;
        expect(r.code, r.stderr).toBe(3);
        expect(r.stderr.replaceAll(emu.fileKey, 'KEY').replace(/\b(push|sync)\b/g, 'CMD')).toMatchInlineSnapshot(`
        "error: The design file "KEY" answered with no variables while this CMD was writing to it (it had variables at the read before). Nothing was written to the repository. Nothing was sent.
          fix: Someone emptied the file, or the token lost its access, while this run was under way. Check the file; once it holds what it should, run \`tokensync CMD\` again. If it was emptied on purpose, run \`tokensync CMD --allow-empty\`.
        "
      `);
        const state = await serviceState(emu);
        expect(Object.keys(state.variables)).toEqual([]);
        // The journal written before the fresh read stays, as after any conflict (docs/sync.md "Unknown outcomes and resumption").
        expect(tokenFiles(a.root)).toEqual([...before, 'sync.journal.json'].sort());
        expect(a.read('tokens/sync.lock.json')).toBe(lock);
        expect((await emu.admin.calls()).filter((c) => !c.startsWith('GET'))).toHaveLength(1); // the designer's POST
        // The next run meets the empty file at its first read: the first read's guard, exit 1, nothing sent.
        const again = await cli(a, [command]);
        expect(again.code, again.stderr).toBe(1);
        expect(again.stderr).toContain('answered with no variables, but the lock binds 17 of its variables');
        expect(Object.keys((await serviceState(emu)).variables)).toEqual([]);
        expect(a.read('tokens/sync.lock.json')).toBe(lock);
      } finally {
        await emu.close();
      }
    },
  );
});
