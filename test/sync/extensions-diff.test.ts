/**
 * The 3-way diff and the plan on overrides in extended collections (docs/overrides.md §5-§7): an
 * override edited in the repository, in the design file, on both (a conflict), removed (sent as null);
 * a new extension as one CREATE with its parent and mode mapping, its overrides in the same POST; never
 * a mode CREATE or UPDATE on an extension; per-mode overrides kept; dfs keeps extensions
 * repository-only. Pure: models built here; the bodies are checked against @figma/rest-api-spec.
 */
import { describe, expect, it } from 'vitest';
import type { FigmaVariablesBody } from '../../src/api/schemas/figma-variables.js';
import type { Color, TokenSet } from '../../src/model/types.js';
import { diff3 } from '../../src/sync/diff.js';
import { compilePlan } from '../../src/sync/plan.js';
import { describeExtensions } from '../../src/sync/report.js';
import { checkRequest } from '../figma-spec/spec.js';
import { hex, lockFor, v } from './fixtures.js';

const RED = hex('#ff0000') as Color;
const BLUE = hex('#0000ff') as Color;
const GREEN = hex('#00ff00') as Color;

/** The service: semantic (Light, Dark) and its extension `semantic / brand` overriding color/bg in both modes. */
function service(): TokenSet {
  return {
    collections: [
      {
        name: 'semantic',
        modes: [
          { name: 'Light', id: 'L' },
          { name: 'Dark', id: 'D' },
        ],
        defaultMode: 'Light',
        id: 'S',
        key: 'ks',
      },
      {
        name: 'semantic / brand',
        modes: [
          { name: 'Light', id: 'B/L' },
          { name: 'Dark', id: 'B/D' },
        ],
        defaultMode: 'Light',
        id: 'B',
        key: 'kb',
        parent: 'semantic',
      },
    ],
    variables: [
      v(
        'semantic',
        'color/bg',
        'COLOR',
        { Light: BLUE, Dark: BLUE },
        { id: 'v1', key: 'k1', overrides: { 'semantic / brand': { Light: RED, Dark: RED } } },
      ),
      v('semantic', 'color/fg', 'COLOR', { Light: BLUE, Dark: BLUE }, { id: 'v2', key: 'k2' }),
    ],
  };
}
const repo = (): TokenSet => structuredClone(service());
const figma = { dialect: 'figma' as const };
const bodyOf = (plan: ReturnType<typeof compilePlan>): FigmaVariablesBody =>
  plan.requests[0]?.body as FigmaVariablesBody;

describe('the 3-way diff on overrides', () => {
  it('is in step after a sync: no change, no request', () => {
    const base = lockFor(repo(), service());
    const d = diff3({ local: repo(), remote: service(), base });
    expect([d.toService, d.toRepo, d.conflicts]).toEqual([[], [], []]);
    expect(d.merged.variables[0]?.overrides).toEqual({ 'semantic / brand': { Light: RED, Dark: RED } });
    expect(compilePlan(service(), d.merged, figma).requests).toEqual([]);
  });

  it('an override edited in the repository is pushed to the extension mode; removed, it is sent as null', () => {
    const base = lockFor(repo(), service());
    const local = repo();
    local.variables[0]!.overrides = { 'semantic / brand': { Light: GREEN } };
    const d = diff3({ local, remote: service(), base });
    expect(d.toService.map((c) => c.kind === 'update-variable' && [c.field, c.extension, c.mode, c.after])).toEqual([
      ['override', 'semantic / brand', 'Light', GREEN],
      ['override', 'semantic / brand', 'Dark', null],
    ]);
    const body = bodyOf(compilePlan(service(), d.merged, figma));
    expect(body).toEqual({
      variableModeValues: [
        { variableId: 'v1', modeId: 'B/L', value: { r: 0, g: 1, b: 0, a: 1 } },
        { variableId: 'v1', modeId: 'B/D', value: null },
      ],
    });
    expect(checkRequest('POST', '/v1/files/k/variables', body)).toBeNull();
  });

  it('an override edited in the design file is pulled; edited on both differently, it is a conflict', () => {
    const base = lockFor(repo(), service());
    const remote = service();
    remote.variables[0]!.overrides = { 'semantic / brand': { Light: GREEN, Dark: GREEN } };
    const pulled = diff3({ local: repo(), remote, base });
    expect(pulled.toRepo.map((c) => c.kind === 'update-variable' && `${c.field} ${c.extension} ${c.mode}`)).toEqual([
      'override semantic / brand Light',
      'override semantic / brand Dark',
    ]);
    expect(pulled.merged.variables[0]?.overrides).toEqual({ 'semantic / brand': { Light: GREEN, Dark: GREEN } });
    const local = repo();
    local.variables[0]!.overrides = { 'semantic / brand': { Light: BLUE, Dark: BLUE } };
    const both = diff3({ local, remote, base });
    expect(both.conflicts.map((c) => c.kind === 'variable-field' && c.mode)).toEqual(['Light', 'Dark']);
    expect(both.conflicts[1]).toEqual({
      kind: 'variable-field',
      collection: 'semantic',
      variable: 'color/bg',
      field: 'override',
      extension: 'semantic / brand',
      mode: 'Dark',
      local: BLUE,
      remote: GREEN,
      inBase: true,
    });
  });

  it('a new extension is one POST: CREATE with its parent and mode mapping, its overrides against the temp mode ids, no mode item', () => {
    const remote = service();
    const local = repo();
    local.collections.push({
      name: 'semantic / promo',
      modes: [{ name: 'Light' }, { name: 'Dark' }],
      defaultMode: 'Light',
      parent: 'semantic',
    });
    local.variables[1]!.overrides = { 'semantic / promo': { Light: GREEN, Dark: GREEN } };
    const base = lockFor(repo(), remote);
    const d = diff3({ local, remote, base });
    expect(d.conflicts).toEqual([]);
    const plan = compilePlan(remote, d.merged, figma);
    expect(plan.requests).toHaveLength(1);
    const body = bodyOf(plan);
    expect(body).toEqual({
      variableCollections: [
        {
          action: 'CREATE',
          id: 'temp_col_1',
          name: 'semantic / promo',
          parentVariableCollectionId: 'S',
          initialModeIdToParentModeIdMapping: { temp_mode_1: 'L', temp_mode_2: 'D' },
        },
      ],
      variableModeValues: [
        { variableId: 'v2', modeId: 'temp_mode_1', value: { r: 0, g: 1, b: 0, a: 1 } },
        { variableId: 'v2', modeId: 'temp_mode_2', value: { r: 0, g: 1, b: 0, a: 1 } },
      ],
    });
    expect(body.variableModes).toBeUndefined();
    expect(checkRequest('POST', '/v1/files/k/variables', body)).toBeNull();
  });

  it("never sends a mode CREATE or UPDATE for an extension: a parent's new or renamed mode is the parent's change", () => {
    const remote = service();
    const base = lockFor(repo(), remote);
    const local = repo();
    local.collections[0]!.modes.push({ name: 'Dim' });
    local.collections[0]!.modes[1]!.name = 'Night';
    for (const x of local.variables) {
      x.values = { Light: BLUE, Night: BLUE, Dim: BLUE };
    }
    local.collections[1]!.modes = [{ name: 'Light', id: 'B/L' }, { name: 'Night', id: 'B/D' }, { name: 'Dim' }];
    local.variables[0]!.overrides = { 'semantic / brand': { Light: RED, Night: RED } };
    const d = diff3({ local, remote, base });
    expect(d.toService.filter((c) => c.collection === 'semantic / brand')).toEqual([]);
    const body = bodyOf(compilePlan(remote, d.merged, figma));
    expect(
      body.variableModes?.map((m) => [m.action, 'variableCollectionId' in m ? m.variableCollectionId : m.id]),
    ).toEqual([
      ['CREATE', 'S'],
      ['UPDATE', 'S'],
    ]);
    expect(checkRequest('POST', '/v1/files/k/variables', body)).toBeNull();
  });

  it('keeps per-mode overrides the files cannot hold: no change, listed once, locked as the service holds them; an override the repository then adds is its edit', () => {
    const remote = service();
    remote.variables[0]!.overrides = { 'semantic / brand': { Light: RED } }; // Dark inherits
    const local = repo();
    delete local.variables[0]!.overrides; // the files hold no per-mode override
    const base = lockFor(local, remote);
    expect(base.variables['v1']?.fields.overrides?.['B']).toEqual({ Light: expect.any(String) });
    const d = diff3({ local, remote, base });
    expect([d.toService, d.toRepo, d.conflicts]).toEqual([[], [], []]);
    expect(d.merged.variables[0]?.overrides).toEqual({ 'semantic / brand': { Light: RED } });
    expect(compilePlan(remote, d.merged, figma).requests).toEqual([]);
    const edited = structuredClone(local);
    edited.variables[0]!.overrides = { 'semantic / brand': { Light: GREEN, Dark: GREEN } };
    const e = diff3({ local: edited, remote, base });
    expect(e.conflicts).toEqual([]);
    expect(e.toService.map((c) => c.kind === 'update-variable' && `${c.mode} ${JSON.stringify(c.after)}`)).toEqual([
      `Light ${JSON.stringify(GREEN)}`,
      `Dark ${JSON.stringify(GREEN)}`,
    ]);
    expect(describeExtensions(d)).toMatchInlineSnapshot(
      `"Per-mode overrides kept as the design file holds them (token files hold one value per context; docs/overrides.md §4): semantic / brand: color/bg (Light #ff0000, Dark inherits). They stay in the design file and in sync.lock.json; never pushed over or deleted."`,
    );
  });

  it('push --delete-orphans: an extension removed in the repository is one DELETE; removed with its parent, only the parent is deleted', () => {
    const remote = service();
    const base = lockFor(repo(), remote);
    const noBrand = repo();
    noBrand.collections.pop();
    delete noBrand.variables[0]!.overrides;
    const d = diff3({ local: noBrand, remote, base });
    expect(d.orphans.map((o) => o.collection)).toEqual(['semantic / brand']);
    const plan = compilePlan(remote, d.merged, { ...figma, deleteOrphans: d.orphans });
    expect(bodyOf(plan)).toEqual({ variableCollections: [{ action: 'DELETE', id: 'B' }] });
    const empty: TokenSet = { collections: [], variables: [] };
    const gone = diff3({ local: empty, remote, base });
    const both = compilePlan(remote, gone.merged, { ...figma, deleteOrphans: gone.orphans });
    expect(bodyOf(both)).toEqual({ variableCollections: [{ action: 'DELETE', id: 'S' }] });
  });

  it('dfs: an extension only the repository holds is repository-only: one line, no change, kept in merged, no request', () => {
    const remote = service();
    remote.collections.pop();
    delete remote.variables[0]!.overrides;
    const local = repo();
    const d = diff3({ local, remote, base: lockFor(local, remote), extensions: false });
    expect([d.toService, d.toRepo, d.conflicts]).toEqual([[], [], []]);
    expect(d.merged.collections.map((c) => c.name)).toEqual(['semantic', 'semantic / brand']);
    expect(d.merged.variables[0]?.overrides).toEqual({ 'semantic / brand': { Light: RED, Dark: RED } });
    expect(compilePlan(remote, d.merged).requests).toEqual([]);
    expect(describeExtensions(d)).toMatchInlineSnapshot(
      `"Repository only: semantic: 1 context (semantic / brand), 2 overrides: the dfs service has no extended collections; built, never pushed."`,
    );
  });
});
