import { describe, expect, it } from 'vitest';
import { diff3 } from '../../src/sync/diff.js';
import { compilePlan } from '../../src/sync/plan.js';
import { describeOrphans, renderConflicts, renderPlanTable } from '../../src/sync/report.js';
import { baseSet, edit, hex, lockFor, ref, v, without } from './fixtures.js';

const R0 = baseSet(true);
const L0 = baseSet(false);
const LOCK = lockFor(L0, R0);

describe('report', () => {
  it('renders every kind of line grouped by collection, with hex colors, aliases and the request count', () => {
    let local = edit(L0, 'Primitives', 'space/4', (x) => (x.values.Light = 6));
    local = edit(local, 'Primitives', 'color/blue', (x) => (x.values.Dark = { r: 0, g: 0, b: 0, a: 0.5 }));
    local = without(local, 'Primitives', 'color/red');
    local.variables.push(v('Semantic', 'link', 'COLOR', { Value: ref('Primitives', 'color/blue') }));
    let remote = edit(R0, 'Primitives', 'space/4', (x) => (x.values.Light = 8));
    remote = edit(remote, 'Semantic', 'brand', (x) => (x.name = 'brand/primary'));
    remote.variables.push({ ...v('Semantic', 'danger', 'COLOR', { Value: hex('#ff0000') }), id: 'VariableID:2:9' });
    const d = diff3({ local, remote, base: LOCK });
    expect(renderPlanTable(d, compilePlan(remote, d.merged))).toMatchInlineSnapshot(`
      "Primitives
        ! space/4        Light: base 4 | repo 6 | service 8                     both changed since the lock
        ~ color/blue     Dark: #112244 -> #00000080                             -> service
        ? color/red      only in the design file (removed from the repository)  remove it in the design file
      Semantic
        + link           color: Value {Primitives/color/blue}                   -> service
        > brand/primary  renamed from brand                                     -> repo
        + danger         color: Value #ff0000                                   -> repo
      2 to push, 2 to pull, 1 conflict, 1 orphan; 2 requests (1 POST, 1 PUT)."
    `);
  });

  it('words orphans per dialect: removed by hand under dfs, deleted by push --delete-orphans under figma', () => {
    const local = without(L0, 'Primitives', 'color/red');
    const d = diff3({ local, remote: R0, base: LOCK });
    const figmaRows = renderPlanTable(d, compilePlan(R0, d.merged, { dialect: 'figma' }))
      .split('\n')
      .filter((l) => l.includes('?'));
    const dfsRows = renderPlanTable(d, compilePlan(R0, d.merged))
      .split('\n')
      .filter((l) => l.includes('?'));
    expect({ figma: figmaRows, dfs: dfsRows }).toMatchInlineSnapshot(`
      {
        "dfs": [
          "  ? color/red  only in the design file (removed from the repository)  remove it in the design file",
        ],
        "figma": [
          "  ? color/red  only in the design file (removed from the repository)  push --delete-orphans deletes it",
        ],
      }
    `);
    expect({ figma: describeOrphans(d.orphans, true), dfs: describeOrphans(d.orphans, false) }).toMatchInlineSnapshot(`
      {
        "dfs": "
      1 item(s) were removed from the repository but still exist in the design file (the API cannot delete): remove them there.
        ? Primitives/color/red (VariableID:1:2)",
        "figma": "
      1 item(s) were removed from the repository but still exist in the design file: \`tokensync push --delete-orphans\` (or \`sync.deleteOrphans: true\`) deletes them there.
        ? Primitives/color/red (VariableID:1:2)",
      }
    `);
  });

  it('says when everything is in step', () => {
    const d = diff3({ local: L0, remote: R0, base: LOCK });
    expect(renderPlanTable(d, compilePlan(R0, d.merged))).toMatchInlineSnapshot(`"In step: no changes, no requests."`);
  });

  it('renders conflicts with both values side by side', () => {
    const local = edit(
      edit(L0, 'Primitives', 'color/red', (x) => (x.values.Light = hex('#ff8800'))),
      'Primitives',
      'space/4',
      (x) => (x.description = 'Mine'),
    );
    const remote = edit(
      edit(R0, 'Primitives', 'color/red', (x) => (x.values.Light = hex('#00ff0080'))),
      'Primitives',
      'space/4',
      (x) => (x.description = 'Theirs'),
    );
    const d = diff3({ local, remote, base: LOCK });
    expect(renderConflicts(d.conflicts)).toMatchInlineSnapshot(`
      "2 conflicts: the repository and the design file changed the same thing differently.
      Primitives
        ! color/red  Light: base #ff0000 | repo #ff8800 | service #00ff0080          both changed since the lock
        ! space/4    description: base "Small gap" | repo "Mine" | service "Theirs"  both changed since the lock"
    `);
    expect(renderConflicts([])).toBe('No conflicts.');
  });

  it('shows every kind of base: none on a first sync, unknown from a lock older than base values', () => {
    const local = edit(L0, 'Primitives', 'space/4', (x) => (x.values.Light = 6));
    const remote = edit(R0, 'Primitives', 'space/4', (x) => (x.values.Light = 8));
    const old = structuredClone(LOCK);
    for (const x of Object.values(old.variables)) delete x.base;
    expect(renderConflicts(diff3({ local, remote, base: old }).conflicts)).toMatchInlineSnapshot(`
      "1 conflict: the repository and the design file changed the same thing differently.
      Primitives
        ! space/4  Light: base unknown (lock written before base values were kept) | repo 6 | service 8  both changed since the lock"
    `);
    expect(renderConflicts(diff3({ local, remote, base: undefined }).conflicts)).toMatchInlineSnapshot(`
      "1 conflict: the repository and the design file changed the same thing differently.
      Primitives
        ! space/4  Light: base (none) | repo 6 | service 8  no common base (first sync)"
    `);
  });
});
