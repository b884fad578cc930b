/** The later-read rule of src/sync/empty-guard.ts (`checkEmptiedUnderRun`), branch by branch. */
import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../src/model/types.js';
import { checkEmptiedUnderRun } from '../../src/sync/empty-guard.js';
import { baseSet } from './fixtures.js';

const empty: TokenSet = { collections: [], variables: [] };
const full = baseSet();
const input = { mode: 'push' as const, fileKey: 'KEY', sent: 0, allowEmpty: false };

function message(f: () => void): string {
  try {
    f();
  } catch (err) {
    const e = err as Error & { code: string; exitCode: number; hint: string };
    return `${e.code} exit ${e.exitCode}: ${e.message}`;
  }
  return 'no error';
}

describe('a later read that finds the file empty', () => {
  it('stops the run when the read before had variables and the plan keeps some (exit 3)', () => {
    expect(
      message(() => checkEmptiedUnderRun({ ...input, before: full, after: empty, target: full })),
    ).toMatchInlineSnapshot(
      `"REMOTE_EMPTY exit 3: The design file "KEY" answered with no variables while this push was writing to it (it had variables at the read before). Nothing was written to the repository. Nothing was sent."`,
    );
  });

  it('says what was sent before, when writes landed', () => {
    expect(
      message(() =>
        checkEmptiedUnderRun({ ...input, mode: 'sync', sent: 2, before: full, after: empty, target: full }),
      ),
    ).toMatchInlineSnapshot(
      `"REMOTE_EMPTY exit 3: The design file "KEY" answered with no variables while this sync was writing to it (it had variables at the read before). Nothing was written to the repository. The 2 write request(s) this run sent before it are kept in the journal; the next run settles them."`,
    );
  });

  it('goes on when the file was already empty, the plan empties it itself, --allow-empty, or the answer has variables', () => {
    const cases: Parameters<typeof checkEmptiedUnderRun>[0][] = [
      { ...input, before: empty, after: empty, target: full },
      { ...input, before: full, after: empty, target: empty },
      { ...input, allowEmpty: true, before: full, after: empty, target: full },
      { ...input, before: full, after: full, target: full },
    ];
    for (const c of cases) expect(message(() => checkEmptiedUnderRun(c))).toBe('no error');
  });
});
