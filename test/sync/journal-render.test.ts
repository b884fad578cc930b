import { describe, expect, it } from 'vitest';
import { compilePlan } from '../../src/sync/plan.js';
import { newPushJournal, type PushJournal, journalBytes } from '../../src/sync/journal.js';
import { baseSet } from './fixtures.js';

function journal(): PushJournal {
  const set = baseSet(true);
  const empty = { collections: [], variables: [] };
  return newPushJournal({
    root: '/project',
    mode: 'push',
    fileKey: 'FILE',
    plan: compilePlan(empty, set),
    created: {
      collections: ['Primitives'],
      modes: [['Primitives', 'Default']],
      variables: [
        ['Primitives', 'a'],
        ['Primitives', 'größe/ü — 間'],
      ],
    },
    pendingValues: [['Primitives', 'a']],
  });
}

describe('journalBytes', () => {
  it('is JSON.stringify of the journal, fields left undefined omitted', () => {
    const j: PushJournal = { ...journal(), unknown: undefined, tempIds: { temp_col_1: 'VariableCollectionId:1:1' } };
    expect(journalBytes(j).toString('utf8')).toBe(`${JSON.stringify(j)}\n`);
    expect(JSON.parse(journalBytes(j).toString('utf8'))).toEqual(JSON.parse(JSON.stringify(j)));
  });

  it('shows every field a later copy replaces, and keeps the ones it shares', () => {
    const first = journal();
    expect(journalBytes(first).toString('utf8')).toBe(`${JSON.stringify(first)}\n`);
    // What sendOne and recordCreated do between writes: a copy with fields replaced.
    const second: PushJournal = {
      ...first,
      sent: 1,
      tempIds: { ...first.tempIds, temp_var_1: 'VariableID:1:2' },
      createdFields: {
        'Primitives\u0000a': { type: 'FLOAT', description: 'd', scopes: 's', values: { Default: 'v' } },
      },
      unknown: {
        method: 'PUT',
        request: 2,
        sentAt: '2026-01-01T00:00:00.000Z',
        settleUntil: '2026-01-01T00:01:00.000Z',
        creates: { collections: [], modes: [], variables: [] },
      },
    };
    expect(journalBytes(second).toString('utf8')).toBe(`${JSON.stringify(second)}\n`);
    const third: PushJournal = { ...second, unknown: undefined, pending: [] };
    expect(journalBytes(third).toString('utf8')).toBe(`${JSON.stringify(third)}\n`);
    // The first is unchanged by its copies.
    expect(journalBytes(first).toString('utf8')).toBe(`${JSON.stringify(first)}\n`);
  });
});
