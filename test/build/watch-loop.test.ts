/**
 * `build --watch`'s loop (src/cli/commands/watch-loop.ts, docs/architecture.md "Watch"): one rebuild
 * after the quiet wait; the warm-up runs before any rebuild; a rebuild that fails while the files are
 * still changing is not reported (the later rebuild reports for itself), and one that fails with the
 * files quiet is reported.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { HOLD_ERROR_MS, watchLoop } from '../../src/cli/commands/watch-loop.js';
import { context } from './watch-helpers.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !ok(); i++) await sleep(5);
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
}

test('a failed rebuild followed by a change is not reported; a failed one with the files quiet is', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-watch-loop-'));
  dirs.push(root);
  const file = path.join(root, 'a.tokens.json');
  await writeFile(file, '{}\n');
  const info: string[] = [];
  const warn: string[] = [];
  let stop!: () => void;
  const ctx = {
    ...context(root),
    interrupted: new Promise<void>((r) => (stop = r)),
    out: {
      interactive: false,
      info: (s: string) => info.push(s),
      warn: (s: string) => warn.push(s),
      result: () => {},
      line: () => {},
    },
  };
  const order: string[] = [];
  /** Each rebuild's outcome, in turn: a failure or a success. */
  const outcomes: ('ok' | 'fails' | 'fails, then the burst ends')[] = [];
  let rebuilds = 0;
  const session = {
    rebuild: async () => {
      order.push('rebuild');
      rebuilds++;
      const outcome = outcomes.shift();
      if (outcome === 'fails, then the burst ends') {
        await writeFile(file, '{"a": 1}\n');
        await sleep(30);
      }
      if (outcome !== undefined && outcome !== 'ok') throw new Error('half-written');
      return { human: 'Built 1 file.' };
    },
    stats: () => undefined,
  };
  const loop = watchLoop(session, { root, tokensDir: root, configFile: undefined }, ctx, async () => {
    await sleep(50);
    order.push('warm');
  });
  await until(() => info.some((l) => l.startsWith('Watching')), 'the watchers');
  expect(order).toEqual(['warm']);

  // A rebuild that read a half-written file fails; the write that ends the burst comes during it
  // (a writer slower than the quiet wait): its rebuild succeeds and the failure is never reported.
  outcomes.push('fails, then the burst ends', 'ok');
  await writeFile(file, '{"a":');
  await until(() => rebuilds === 2, 'the rebuild after the burst');
  await sleep(HOLD_ERROR_MS + 50);
  expect(warn).toEqual([]);
  // One rebuild for the burst; two where a loaded box splits the write (truncation, then bytes), never more.
  const built = info.filter((l) => l.startsWith('Built')).length;
  expect(built).toBeGreaterThanOrEqual(1);
  expect(built).toBeLessThanOrEqual(2);

  // A failure with the files quiet is reported once the hold is over.
  // (Twice: under load the write's truncation and its bytes may come as two rebuilds.)
  outcomes.push('fails', 'fails');
  await writeFile(file, '{"a":');
  await until(() => warn.length === 1, 'the report');
  expect(warn[0]).toMatch(/half-written[\s\S]*keeping the last good build/);
  stop();
  await loop;
});
