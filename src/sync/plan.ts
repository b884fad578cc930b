/**
 * The plan compiler (docs/architecture.md "Sync semantics", Plan): the fewest write requests that take the
 * service from `remote` (as read, with ids) to `target` (usually the diff's merged state). Pure.
 *
 * Shape, per the API spec ("Variables"): one POST that CREATEs collections, modes and variables with
 * unique `temp_` ids (a variable's `initialModeValue` is its default-mode value as a literal, an alias
 * being resolved along its chain first), then one PUT of UPDATEs carrying names, every other mode value,
 * aliases (`{type:'VARIABLE_ALIAS', id}`, temp ids allowed: the caller maps them with `applyTempIds`
 * after the POST), descriptions, scopes and collection/mode renames. The service gives a new variable
 * its `initialModeValue` in every mode and a new mode of an existing collection a copy of the default
 * mode's values (docs/architecture.md), so the PUT carries only values that differ from that. Bodies are split
 * only when one would pass `maxBodyBytes`; limits and names are checked before anything is sent.
 *
 * Dialects (docs/architecture.md "Dialects"): the same compiler spells the bodies for `service.api`. With `figma`
 * (Figma's REST API, @figma/rest-api-spec `postVariables`) everything goes in ONE POST: CREATE, UPDATE
 * and DELETE items in `variableCollections`, `variableModes` and `variables`, and every value in the
 * top-level `variableModeValues` (there is no `initialModeValue`). A new collection's first mode is the
 * one Figma makes with it (named "Mode 1"): its temp id is the collection's `initialModeId`, it is not
 * created again, only renamed. New variables and new modes get every value explicitly (Figma applies
 * "default values, consistent with the UI", which the OpenAPI document does not spell out), and
 * description/scopes of a new variable ride on its CREATE item. Orphans removed in the repository are
 * deleted only when asked (`deleteOrphans`) and only in a dialect that can delete; never a variable that
 * a surviving variable still aliases (PLAN_DELETE_ALIASED, before anything is sent).
 *
 * Choices where the spec is silent:
 * - description and scopes of a new variable go in the PUT, not the CREATE (the spec lists CREATE's
 *   fields and they are not among them); a new variable is assumed to start with description "" and
 *   scopes ["ALL_SCOPES"], as in the real service, so those are only sent when they differ.
 * - The mode CREATE named by a new collection's `initialModeId` is in the same body (API spec: "temporary
 *   ID of a mode in variableModes") and becomes the default mode, so it is the target's default mode.
 * - Remote objects the target lacks are left alone (the diff reports orphans), unless `deleteOrphans`
 *   names them and the dialect can delete (figma, above).
 * - When POSTs are split, a later POST may name a collection created by an earlier one by its temp id;
 *   `applyTempIds` maps POST bodies too, so callers map every request after the first.
 * - Size slack: a temp id (`temp_var_12`) in a body is later replaced by a permanent id that may be
 *   longer (`VariableID:1234:5678`), so each temp reference counts 40 extra bytes when measuring.
 */
import { Buffer } from 'node:buffer';
import { TokensyncError } from '../errors.js';
import type {
  CreateModeItem,
  CreateVariableItem,
  CreateCollectionItem,
  UpdateCollectionItem,
  UpdateModeItem,
  UpdateVariableItem,
  VariablesPostBody,
  VariablesPutBody,
  WireAlias,
  WireColor,
  WireValue,
} from '../api/schemas/variables.js';
import type { FigmaModeValue, FigmaVariableItem, FigmaVariablesBody } from '../api/schemas/figma-variables.js';
import { scopeProblem } from '../model/service-rules.js';
import { dialectOf, type ApiDialectName } from '../api/dialects/index.js';
import { ByName } from './by-name.js';
import { createdByRequest, itemCount, type CreatedNames } from './created.js';
import { extensionsInOrder, overrideValues, rootName, type ExtensionTarget } from './plan-extensions.js';
import type { Orphan } from './changes.js';
import {
  isAlias,
  isColor,
  type CodeSyntax,
  type Collection,
  type Literal,
  type TokenSet,
  type Value,
  type Variable,
} from '../model/types.js';
import { canonicalMeta } from '../model/meta.js';
import { valuesEqual } from '../model/values.js';

export const PLAN_VERSION = 1;

export interface PlanLimits {
  /** JSON byte length of one request body (default 4 MB). */
  maxBodyBytes: number;
  maxVariablesPerCollection: number;
  maxModesPerCollection: number;
  /** Characters in a mode name (Figma: "Mode names cannot be longer than 40 characters"). */
  maxModeNameLength: number;
}
export const DEFAULT_LIMITS: PlanLimits = {
  maxBodyBytes: 4 * 1024 * 1024,
  maxVariablesPerCollection: 5000,
  maxModesPerCollection: 40,
  maxModeNameLength: 40,
};

/** dfs: POST (CREATE) then PUT (UPDATE); figma: POST with every action and `variableModeValues`. */
export type PlannedRequest =
  | { method: 'POST'; body: VariablesPostBody }
  | { method: 'PUT'; body: VariablesPutBody }
  | { method: 'POST'; body: FigmaVariablesBody };

export interface PlanOptions {
  limits?: Partial<PlanLimits> | undefined;
  /** How the bodies are spelled (`service.api`); default `dfs`. */
  dialect?: ApiDialectName | undefined;
  /**
   * The diff's orphans to delete (`push --delete-orphans`, `sync.deleteOrphans`). Only those removed
   * in the repository (`removed-locally`) and still in `remote` are deleted, and only by a dialect
   * that can delete (figma); otherwise they stay reported orphans.
   */
  deleteOrphans?: Orphan[] | undefined;
}

export interface PlanSummary {
  collectionsCreated: number;
  modesCreated: number;
  variablesCreated: number;
  collectionsRenamed: number;
  modesRenamed: number;
  /** Variables with at least one field in a PUT (new ones included when they need more than the POST). */
  variablesUpdated: number;
  /** Mode values in PUTs (figma: in `variableModeValues`). */
  valuesSet: number;
  collectionsDeleted: number;
  modesDeleted: number;
  variablesDeleted: number;
  posts: number;
  puts: number;
  /** Variables whose codeSyntax this plan sets or clears, per platform; absent when none (docs/sync.md "Code names in the design file"). */
  codeSyntaxSet?: { WEB: number; iOS: number; ANDROID: number };
}

export interface Plan {
  version: typeof PLAN_VERSION;
  dialect: ApiDialectName;
  requests: PlannedRequest[];
  /** Remote ids of the orphans this plan deletes (figma with deleteOrphans); absent when none. */
  deletes?: string[];
  summary: PlanSummary;
  /**
   * Per request (same index): what it creates, by name, and how many items it holds. The journal
   * records these; a write whose outcome is unknown is settled by its creates appearing.
   */
  effects: RequestEffects[];
}

export interface RequestEffects {
  creates: CreatedNames;
  items: number;
}

export class PlanError extends TokensyncError {
  override name = 'PlanError';
}

/** Characters the service refuses in variable names (they clash with alias syntax `{a.b}`). */
const FORBIDDEN = /[.{}]/;
const TEMP_SLACK = 40;

export function compilePlan(remote: TokenSet, target: TokenSet, opts: PlanOptions = {}): Plan {
  const dialect = opts.dialect ?? 'dfs';
  // Only a dialect that can delete deletes (docs/sync.md "Deletion"); elsewhere orphans stay reported.
  const deletes = dialectOf(dialect).canDelete
    ? (opts.deleteOrphans ?? []).filter((o) => o.reason === 'removed-locally')
    : [];
  const plan = new Compiler(remote, target, { ...DEFAULT_LIMITS, ...opts.limits }, dialect, deletes).compile();
  plan.effects = plan.requests.map((r, i) => ({
    creates: createdByRequest(plan.requests, i, remote),
    items: itemCount(r.body),
  }));
  return plan;
}

/** The plan of a run that sends nothing (a pull): no request, every count zero. */
export function emptyPlan(opts: PlanOptions = {}): Plan {
  const summary: PlanSummary = {
    collectionsCreated: 0,
    modesCreated: 0,
    variablesCreated: 0,
    collectionsRenamed: 0,
    modesRenamed: 0,
    variablesUpdated: 0,
    valuesSet: 0,
    collectionsDeleted: 0,
    modesDeleted: 0,
    variablesDeleted: 0,
    posts: 0,
    puts: 0,
  };
  return { version: PLAN_VERSION, dialect: opts.dialect ?? 'dfs', requests: [], summary, effects: [] };
}

/** Replaces temp ids that `mapping` (the POST responses' `tempIdMapping`) knows, in every reference field. */
export function applyTempIds(body: VariablesPutBody, mapping: Record<string, string>): VariablesPutBody;
export function applyTempIds(body: VariablesPostBody, mapping: Record<string, string>): VariablesPostBody;
export function applyTempIds(body: FigmaVariablesBody, mapping: Record<string, string>): FigmaVariablesBody;
export function applyTempIds<B extends PlannedRequest['body']>(body: B, mapping: Record<string, string>): B;
export function applyTempIds(body: PlannedRequest['body'], mapping: Record<string, string>): PlannedRequest['body'] {
  // Nothing to map (the first POST): the body as it is, not a copy of every item.
  if (Object.keys(mapping).length === 0) return body;
  const map = (id: string): string => (id.startsWith('temp_') ? (mapping[id] ?? id) : id);
  // Decide by the items' action: CREATE items keep their own (new) temp id, UPDATE items are renamed.
  const out: Record<string, unknown[]> = {};
  for (const [key, items] of Object.entries(body) as [string, Record<string, unknown>[]][]) {
    out[key] = items.map((item) => {
      const copy: Record<string, unknown> = { ...item };
      if ((copy.action === 'UPDATE' || copy.action === 'DELETE') && typeof copy.id === 'string') copy.id = map(copy.id);
      // figma's top-level variableModeValues: {variableId, modeId, value}.
      if (typeof copy.variableId === 'string') copy.variableId = map(copy.variableId);
      if (key === 'variableModeValues' && typeof copy.modeId === 'string') {
        copy.modeId = map(copy.modeId);
        copy.value = mapWireValue(copy.value as WireValue, map);
      }
      if (typeof copy.variableCollectionId === 'string') copy.variableCollectionId = map(copy.variableCollectionId);
      // An extended collection's parent and the parent's modes may be temp ids of an earlier body.
      if (typeof copy.parentVariableCollectionId === 'string')
        copy.parentVariableCollectionId = map(copy.parentVariableCollectionId);
      if (typeof copy.initialModeIdToParentModeIdMapping === 'object' && copy.initialModeIdToParentModeIdMapping) {
        copy.initialModeIdToParentModeIdMapping = Object.fromEntries(
          Object.entries(copy.initialModeIdToParentModeIdMapping as Record<string, string>).map(([k, v]) => [
            k,
            map(v),
          ]),
        );
      }
      if (Array.isArray(copy.variableModeValues)) {
        copy.variableModeValues = (copy.variableModeValues as { modeId: string; value: WireValue }[]).map((mv) => ({
          modeId: map(mv.modeId),
          value: mapWireValue(mv.value, map),
        }));
      }
      return copy;
    });
  }
  return out as PlannedRequest['body'];
}

interface ColInfo {
  target: Collection;
  remote: Collection | undefined;
  id: string;
  /** Target mode name -> mode id (permanent or temp). */
  modeIds: Map<string, string>;
  /** Target mode names that the POST creates in an existing collection. */
  newModes: Set<string>;
  /** An extended collection: the name of its root (the collection whose variables it overrides). */
  root?: string;
  /**
   * A new extension whose parent is new or gains modes in this plan: Figma applies collections before
   * modes, so it is created (with its overrides) in a second POST, once the parent's modes exist.
   */
  late?: boolean;
}

class Compiler {
  private readonly counters = { col: 0, mode: 0, var: 0 };
  private readonly cols = new Map<string, ColInfo>();
  private readonly targetVars = new ByName<Variable>();
  private readonly varIds = new Map<Variable, string>();
  private readonly remoteVarOf = new Map<Variable, Variable>();
  private readonly remoteVarsByKey = new ByName<Variable>();
  private readonly figma: boolean;
  /** The dialect has extended collections (figma); elsewhere the target's are repository-only. */
  private readonly extensions: boolean;
  /** Root collection name -> its extended collections in the target. */
  private readonly extensionsOf = new Map<string, (ExtensionTarget & { late?: boolean })[]>();
  /** figma: what goes in a POST after the first (new extensions of new parents, ColInfo.late). */
  private readonly laterUnits: Unit[] = [];
  private readonly deleted: string[] = [];
  private readonly summary: PlanSummary = emptyPlan().summary;

  constructor(
    private readonly remote: TokenSet,
    private readonly target: TokenSet,
    private readonly limits: PlanLimits,
    private readonly dialect: ApiDialectName,
    private readonly orphans: Orphan[],
  ) {
    this.figma = dialect === 'figma';
    this.extensions = dialectOf(dialect).extensions;
  }

  /**
   * An extended collection of the target (plan-extensions.ts): a new one is one CREATE with its
   * parent and a temp id per inherited mode; an existing one may be renamed, never its modes.
   */
  private extension(tc: Collection, postUnits: Unit[], putUnits: Unit[]): void {
    const parent = this.cols.get(tc.parent as string);
    if (!parent)
      throw this.invalid(`Extended collection "${tc.name}" extends "${tc.parent}", which the token set does not have.`);
    const rc =
      (tc.id !== undefined ? this.remote.collections.find((c) => c.id === tc.id) : undefined) ??
      this.remote.collections.find((c) => c.name === tc.name && c.parent !== undefined);
    const info = this.colInfo(tc, rc);
    info.root = rootName(this.target, tc);
    const list = this.extensionsOf.get(info.root) ?? [];
    list.push(info);
    this.extensionsOf.set(info.root, list);
    if (!rc) {
      info.late = parent.late === true || (parent.root === undefined && (!parent.remote || parent.newModes.size > 0));
      const mapping: Record<string, string> = {};
      for (const m of tc.modes) {
        const parentMode = parent.modeIds.get(m.name);
        if (parentMode === undefined)
          throw this.invalid(
            `Extended collection "${tc.name}" has mode "${m.name}", which its parent "${tc.parent}" does not have.`,
          );
        const id = this.temp('mode');
        info.modeIds.set(m.name, id);
        mapping[id] = parentMode;
      }
      (info.late ? this.laterUnits : postUnits).push({
        variableCollections: [
          {
            action: 'CREATE',
            id: info.id,
            name: tc.name,
            parentVariableCollectionId: parent.id,
            initialModeIdToParentModeIdMapping: mapping,
          },
        ],
      });
      this.summary.collectionsCreated += 1;
      return;
    }
    if (rc.name !== tc.name) {
      putUnits.push({
        variableCollections: [{ action: 'UPDATE', id: info.id, name: tc.name } satisfies UpdateCollectionItem],
      });
      this.summary.collectionsRenamed += 1;
    }
    // The service's own mode ids, by id then by name; a mode it has not made yet gets no override now.
    for (const m of tc.modes) {
      const rm = rc.modes.find((x) => m.id !== undefined && x.id === m.id) ?? rc.modes.find((x) => x.name === m.name);
      if (rm?.id !== undefined) info.modeIds.set(m.name, rm.id);
    }
  }

  /** Whether the service holds `value` as `current` for `tv` (aliases by identity, as serviceHolds). */
  private sameOverride(tv: Variable, value: Value, current: Value): boolean {
    if (isAlias(value) && isAlias(current)) {
      const now = this.remoteVarsByKey.get(current.alias);
      return now !== undefined && this.varIds.get(this.aliasTarget(tv, value)) === now.id;
    }
    return !isAlias(value) && !isAlias(current) && valuesEqual(value, current);
  }

  /** The platforms whose codeSyntax differs between the service and the target, counted for the summary. */
  private countCodeSyntax(from: CodeSyntax | undefined, to: CodeSyntax | undefined): void {
    for (const p of ['WEB', 'iOS', 'ANDROID'] as const) {
      if (from?.[p] === to?.[p]) continue;
      this.summary.codeSyntaxSet ??= { WEB: 0, iOS: 0, ANDROID: 0 };
      this.summary.codeSyntaxSet[p] += 1;
    }
  }

  /** A target collection's entry: the service's id when it has the collection, a temp id when created. */
  private colInfo(tc: Collection, rc: Collection | undefined): ColInfo {
    const info: ColInfo = {
      target: tc,
      remote: rc,
      id: rc?.id ?? this.temp('col'),
      modeIds: new Map(),
      newModes: new Set(),
    };
    this.cols.set(tc.name, info);
    return info;
  }

  private temp(kind: 'col' | 'mode' | 'var'): string {
    this.counters[kind] += 1;
    return `temp_${kind}_${this.counters[kind]}`;
  }

  compile(): Plan {
    this.checkLimits();
    // dfs: CREATEs go in POSTs, everything else in PUTs after them. figma: one list of units in one
    // body (deletes first, then creates, then updates and values), split only past maxBodyBytes.
    const u: Units = { deletes: [], posts: [], puts: [] };
    // Collections and modes; extended collections after the others, parents first (plan-extensions).
    for (const tc of this.target.collections) if (tc.parent === undefined) this.collection(tc, u);
    if (this.extensions) for (const tc of extensionsInOrder(this.target)) this.extension(tc, u.posts, u.puts);
    // Variables: identities first (aliases may point forward), then items.
    this.identities();
    for (const tv of this.target.variables) this.variable(tv, u);
    this.deletions(u.deletes);
    return this.plan(u);
  }

  /** A collection of the target: created with its modes, or matched with the service's and updated. */
  private collection(tc: Collection, u: Units): void {
    const remoteCols = this.remote.collections;
    const rc =
      (tc.id !== undefined ? remoteCols.find((c) => c.id === tc.id) : undefined) ??
      remoteCols.find((c) => c.name === tc.name);
    const info = this.colInfo(tc, rc);
    if (rc) this.existingCollection(tc, rc, info, u);
    else this.newCollection(tc, info, u);
  }

  private newCollection(tc: Collection, info: ColInfo, u: Units): void {
    const figma = this.figma;
    if (!tc.modes.some((m) => m.name === tc.defaultMode))
      throw this.invalid(
        `Collection "${tc.name}" has default mode "${tc.defaultMode}", which is not one of its modes.`,
      );
    for (const m of tc.modes) info.modeIds.set(m.name, this.temp('mode'));
    const initialModeId = info.modeIds.get(tc.defaultMode) as string;
    const create: CreateCollectionItem = { action: 'CREATE', id: info.id, name: tc.name, initialModeId };
    if (tc.hiddenFromPublishing) create.hiddenFromPublishing = true;
    const unit: Unit = { variableCollections: [create] };
    // figma: the collection comes with its first mode ("Mode 1"), named here, not created again.
    const modeItems: object[] = tc.modes
      .filter((m) => !figma || m.name !== tc.defaultMode)
      .map(
        (m): CreateModeItem => ({
          action: 'CREATE',
          id: info.modeIds.get(m.name) as string,
          name: m.name,
          variableCollectionId: info.id,
        }),
      );
    if (figma && tc.defaultMode !== FIGMA_FIRST_MODE_NAME)
      modeItems.unshift({
        action: 'UPDATE',
        id: initialModeId,
        name: tc.defaultMode,
        variableCollectionId: info.id,
      } satisfies UpdateModeItem);
    if (modeItems.length > 0) unit.variableModes = modeItems;
    u.posts.push(unit);
    this.summary.collectionsCreated += 1;
    this.summary.modesCreated += tc.modes.length;
  }

  private existingCollection(tc: Collection, rc: Collection, info: ColInfo, u: Units): void {
    if (rc.name !== tc.name) {
      u.puts.push({
        variableCollections: [{ action: 'UPDATE', id: info.id, name: tc.name } satisfies UpdateCollectionItem],
      });
      this.summary.collectionsRenamed += 1;
    }
    // The collection's own hiddenFromPublishing: a collection UPDATE (Figma's VariableCollectionUpdate).
    if ((rc.hiddenFromPublishing === true) !== (tc.hiddenFromPublishing === true)) {
      u.puts.push({
        variableCollections: [
          { action: 'UPDATE', id: info.id, hiddenFromPublishing: tc.hiddenFromPublishing === true },
        ],
      });
    }
    const freeModes = new Set(rc.modes);
    const matched = tc.modes.map((m) => {
      const rm =
        (m.id !== undefined ? rc.modes.find((x) => x.id === m.id && freeModes.has(x)) : undefined) ??
        rc.modes.find((x) => x.name === m.name && freeModes.has(x));
      if (rm) freeModes.delete(rm);
      return [m, rm] as const;
    });
    for (const [m, rm] of matched) {
      if (rm?.id !== undefined) {
        info.modeIds.set(m.name, rm.id);
        if (rm.name !== m.name) {
          u.puts.push({
            variableModes: [
              { action: 'UPDATE', id: rm.id, variableCollectionId: info.id, name: m.name } satisfies UpdateModeItem,
            ],
          });
          this.summary.modesRenamed += 1;
        }
      } else {
        const id = this.temp('mode');
        info.modeIds.set(m.name, id);
        info.newModes.add(m.name);
        u.posts.push({ variableModes: [{ action: 'CREATE', id, name: m.name, variableCollectionId: info.id }] });
        this.summary.modesCreated += 1;
      }
    }
  }

  /** Each target variable's service id: the matched remote variable's (by id, then by name), or a temporary one. */
  private identities(): void {
    for (const rv of this.remote.variables) this.remoteVarsByKey.set(rv);
    const remoteById = new Map(this.remote.variables.filter((v) => v.id !== undefined).map((v) => [v.id as string, v]));
    const taken = new Set<Variable>();
    for (const tv of this.target.variables) {
      this.targetVars.set(tv);
      const info = this.colOf(tv);
      const byId = tv.id !== undefined ? remoteById.get(tv.id) : undefined;
      const rv =
        (byId && byId.collection === info.remote?.name ? byId : undefined) ??
        (info.remote ? this.remoteVarsByKey.get({ collection: info.remote.name, name: tv.name }) : undefined);
      if (rv && !taken.has(rv) && rv.id !== undefined) {
        taken.add(rv);
        this.remoteVarOf.set(tv, rv);
        this.varIds.set(tv, rv.id);
      } else {
        this.varIds.set(tv, this.temp('var'));
      }
    }
  }

  /** A target variable: its CREATE or UPDATE item and the mode values the service does not hold yet. */
  private variable(tv: Variable, u: Units): void {
    const info = this.colOf(tv);
    const rv = this.remoteVarOf.get(tv);
    const id = this.varIds.get(tv) as string;
    const item: UpdateVariableItem = { action: 'UPDATE', id };
    let initial: Literal | undefined;
    if (!rv) initial = this.createVariable(tv, info, id, item, u);
    else this.updateVariable(tv, rv, item);
    const modeValues: { modeId: string; value: WireValue }[] = [];
    for (const m of info.target.modes) {
      const value = tv.values[m.name];
      if (value === undefined) continue;
      const modeId = info.modeIds.get(m.name) as string;
      if (this.serviceHolds(tv, rv, info, m.name, value, initial)) continue;
      modeValues.push({ modeId, value: this.wire(tv, value) });
    }
    if (this.figma) {
      this.figmaVariableUnit(tv, rv, item, modeValues, u);
      return;
    }
    if (modeValues.length > 0) item.variableModeValues = modeValues;
    if (Object.keys(item).length > 2) {
      u.puts.push({ variables: [item] });
      this.summary.variablesUpdated += 1;
      this.summary.valuesSet += modeValues.length;
    }
  }

  /** The CREATE item of a variable the service lacks; dfs: the initial value it carries. */
  private createVariable(
    tv: Variable,
    info: ColInfo,
    id: string,
    item: UpdateVariableItem,
    u: Units,
  ): Literal | undefined {
    const figma = this.figma;
    this.checkName(tv);
    const base = {
      action: 'CREATE' as const,
      id,
      name: tv.name,
      variableCollectionId: info.id,
      resolvedType: tv.type,
    };
    // figma: VariableCreate carries description, scopes and the kept fields; values go in
    // variableModeValues. dfs: CREATE has initialModeValue, the rest goes in the PUT's UPDATE.
    const extras: Pick<UpdateVariableItem, 'description' | 'scopes' | 'hiddenFromPublishing' | 'codeSyntax'> = figma
      ? {}
      : item;
    if (tv.description !== '') extras.description = tv.description;
    if (!sameScopes(tv.scopes, ['ALL_SCOPES'])) {
      this.checkScopes(tv);
      extras.scopes = [...tv.scopes];
    }
    if (tv.meta?.hiddenFromPublishing) extras.hiddenFromPublishing = true;
    if (tv.meta?.codeSyntax) {
      extras.codeSyntax = { ...tv.meta.codeSyntax };
      this.countCodeSyntax(undefined, tv.meta.codeSyntax);
    }
    let create: CreateVariableItem | FigmaVariableItem;
    let initial: Literal | undefined;
    if (figma) {
      create = { ...base, ...extras };
    } else {
      initial = this.literal(tv, info.target.defaultMode, [tv]);
      create = { ...base, initialModeValue: toWireLiteral(initial) };
    }
    u.posts.push({ variables: [create] });
    this.summary.variablesCreated += 1;
    return initial;
  }

  /** The fields of a matched variable that differ, on its UPDATE item. */
  private updateVariable(tv: Variable, rv: Variable, item: UpdateVariableItem): void {
    if (rv.type !== tv.type) {
      throw new PlanError(
        'PLAN_TYPE_CHANGE',
        `Variable "${tv.name}" in collection "${tv.collection}" is ${rv.type} in the design file but ${tv.type} in the repository; the API cannot change a variable's type.`,
        {
          hint: 'Give the token a new name (a new variable is created), or change its type back to match the design file.',
        },
      );
    }
    if (rv.name !== tv.name) {
      this.checkName(tv);
      item.name = tv.name;
    }
    if (rv.description !== tv.description) item.description = tv.description;
    if (!sameScopes(rv.scopes, tv.scopes)) {
      this.checkScopes(tv);
      item.scopes = [...tv.scopes];
    }
    // Kept service fields: sent only when the target differs (a pull-then-push never does).
    if (Boolean(rv.meta?.hiddenFromPublishing) !== Boolean(tv.meta?.hiddenFromPublishing))
      item.hiddenFromPublishing = Boolean(tv.meta?.hiddenFromPublishing);
    if (
      canonicalMeta({ ...(rv.meta?.codeSyntax ? { codeSyntax: rv.meta.codeSyntax } : {}) }) !==
      canonicalMeta({ ...(tv.meta?.codeSyntax ? { codeSyntax: tv.meta.codeSyntax } : {}) })
    ) {
      item.codeSyntax = { ...tv.meta?.codeSyntax };
      this.countCodeSyntax(rv.meta?.codeSyntax, tv.meta?.codeSyntax);
    }
  }

  /** figma: values are not part of the variable item: one unit with the UPDATE (when it says anything) and the values. */
  private figmaVariableUnit(
    tv: Variable,
    rv: Variable | undefined,
    item: UpdateVariableItem,
    modeValues: { modeId: string; value: WireValue }[],
    u: Units,
  ): void {
    const id = item.id;
    const unit: Unit = {};
    if (Object.keys(item).length > 2) unit.variables = [item];
    const extensions = this.extensionsOf.get(tv.collection) ?? [];
    const overridesIn = (late: boolean) =>
      overrideValues(
        tv,
        rv,
        id,
        extensions.filter((e) => (e.late === true) === late),
        (value, current) => this.sameOverride(tv, value, current),
        (value) => this.wire(tv, value),
      );
    const overrides = overridesIn(false);
    const later = overridesIn(true);
    if (later.length > 0) this.laterUnits.push({ variableModeValues: later });
    this.summary.valuesSet += later.length;
    if (modeValues.length > 0 || overrides.length > 0)
      unit.variableModeValues = [
        ...modeValues.map((mv): FigmaModeValue => ({ variableId: id, modeId: mv.modeId, value: mv.value })),
        ...overrides,
      ];
    this.summary.valuesSet += overrides.length;
    if (unit.variables || unit.variableModeValues) {
      u.puts.push(unit);
      if (rv || unit.variables) this.summary.variablesUpdated += 1;
      this.summary.valuesSet += modeValues.length;
    }
  }

  /** The units chunked into the dialect's requests, with the summary. */
  private plan(u: Units): Plan {
    let requests: PlannedRequest[];
    if (this.figma) {
      requests = [...this.chunk([...u.deletes, ...u.posts, ...u.puts]), ...this.chunk(this.laterUnits)].map((body) => ({
        method: 'POST' as const,
        body: body as FigmaVariablesBody,
      }));
      this.summary.posts = requests.length;
    } else {
      requests = [
        ...this.chunk(u.posts).map((body) => ({ method: 'POST' as const, body: body as VariablesPostBody })),
        ...this.chunk(u.puts).map((body) => ({ method: 'PUT' as const, body: body as VariablesPutBody })),
      ];
      this.summary.posts = requests.filter((r) => r.method === 'POST').length;
      this.summary.puts = requests.length - this.summary.posts;
    }
    const plan: Plan = { version: PLAN_VERSION, dialect: this.dialect, requests, summary: this.summary, effects: [] };
    if (this.deleted.length > 0) plan.deletes = this.deleted;
    return plan;
  }

  /**
   * DELETE items for the orphans asked for (figma only): collections whole, modes (never a
   * collection's default mode, which the service cannot delete: it stays an orphan), variables.
   * A variable that a surviving variable still aliases is an error before anything is sent.
   */
  private deletions(units: Unit[]): void {
    if (this.orphans.length === 0) return;
    const remoteCols = new Map(
      this.remote.collections.filter((c) => c.id !== undefined).map((c) => [c.id as string, c]),
    );
    const remoteVars = new Map(this.remote.variables.filter((v) => v.id !== undefined).map((v) => [v.id as string, v]));
    const targetColIds = new Set(
      [...this.cols.values()].map((c) => c.remote?.id).filter((id): id is string => id !== undefined),
    );
    const matchedVarIds = new Set([...this.remoteVarOf.values()].map((v) => v.id as string));
    const usedModeIds = new Set([...this.cols.values()].flatMap((c) => [...c.modeIds.values()]));
    const goneCols = new Set<string>();
    const goneModes = new Set<string>();
    const goneVars = new Set<string>();
    // Never what the pull could not represent (docs/sync.md "Nothing is dropped"): a collection or mode
    // holding a kept variable, or a variable a kept one aliases, stays (an orphan) rather than going.
    const kept = this.remote.kept ?? [];
    const keptCols = new Set(kept.map((k) => k.collectionId));
    const keptTargets = new Set(kept.flatMap((k) => keptAliasIds(k.wire)));
    for (const o of this.orphans) {
      if (o.kind === 'collection' && remoteCols.has(o.id) && !targetColIds.has(o.id) && !keptCols.has(o.id))
        goneCols.add(o.id);
    }
    // An extended collection goes with its parent (the service deletes the extensions below a
    // collection, docs/emulator.md "Dialects"): a DELETE of it too would name a collection already gone.
    for (const id of [...goneCols]) if (this.ancestorGone(remoteCols.get(id), goneCols)) goneCols.delete(id);
    for (const o of this.orphans) {
      if (o.kind === 'mode') {
        const col = this.remote.collections.find((c) => c.modes.some((m) => m.id === o.id));
        if (!col || goneCols.has(col.id ?? '') || usedModeIds.has(o.id) || keptCols.has(col.id ?? '')) continue;
        if (col.modes.find((m) => m.id === o.id)?.name === col.defaultMode) continue;
        goneModes.add(o.id);
      } else if (o.kind === 'variable') {
        const rv = remoteVars.get(o.id);
        if (!rv || matchedVarIds.has(o.id) || keptTargets.has(o.id)) continue;
        const col = this.remote.collections.find((c) => c.name === rv.collection);
        if (col && goneCols.has(col.id ?? '')) continue;
        goneVars.add(o.id);
      }
    }
    // Everything in a deleted collection goes with it.
    const deletedVarIds = new Set(goneVars);
    for (const v of this.remote.variables) {
      const col = this.remote.collections.find((c) => c.name === v.collection);
      if (col?.id !== undefined && goneCols.has(col.id) && v.id !== undefined) deletedVarIds.add(v.id);
    }
    // Never a variable that a surviving variable still aliases (in a mode that survives and whose value
    // the plan does not replace).
    if (deletedVarIds.size > 0) {
      const targetOf = new Map([...this.remoteVarOf].map(([t, r]) => [r, t]));
      for (const rv of this.remote.variables) {
        if (rv.id === undefined || deletedVarIds.has(rv.id)) continue;
        const col = this.remote.collections.find((c) => c.name === rv.collection);
        const tv = targetOf.get(rv);
        for (const m of col?.modes ?? []) {
          const value = rv.values[m.name];
          if (value === undefined || !isAlias(value) || (m.id !== undefined && goneModes.has(m.id))) continue;
          if (tv && m.id !== undefined && usedModeIds.has(m.id)) continue; // the plan sets this value
          const target = this.remoteVarsByKey.get(value.alias);
          if (target?.id === undefined || !deletedVarIds.has(target.id)) continue;
          throw new PlanError(
            'PLAN_DELETE_ALIASED',
            `Variable "${target.name}" in collection "${target.collection}" was removed from the repository, but "${rv.name}" in collection "${rv.collection}" still aliases it (mode "${m.name}"), so it cannot be deleted.`,
            {
              hint: `Point "${rv.name}" at another variable (or keep "${target.name}" in the repository), or run without --delete-orphans. Nothing was sent.`,
            },
          );
        }
      }
    }
    for (const id of goneCols) units.push({ variableCollections: [{ action: 'DELETE', id }] });
    for (const id of goneModes) units.push({ variableModes: [{ action: 'DELETE', id }] });
    for (const id of goneVars) units.push({ variables: [{ action: 'DELETE', id }] });
    this.deleted.push(...goneCols, ...goneModes, ...goneVars);
    this.summary.collectionsDeleted = goneCols.size;
    this.summary.modesDeleted = goneModes.size;
    this.summary.variablesDeleted = goneVars.size;
  }

  /** Whether a collection above this extension (its parent, up the chain) is deleted by this plan. */
  private ancestorGone(c: Collection | undefined, gone: Set<string>): boolean {
    const byName = new Map(this.remote.collections.map((x) => [x.name, x]));
    for (let cur = c, n = 0; cur?.parent !== undefined && n < 64; n++) {
      cur = byName.get(cur.parent);
      if (cur?.id !== undefined && gone.has(cur.id)) return true;
    }
    return false;
  }

  /** Whether the service will hold `value` in this mode once the POST is done (no PUT needed). */
  private serviceHolds(
    tv: Variable,
    rv: Variable | undefined,
    info: ColInfo,
    mode: string,
    value: Value,
    initial: Literal | undefined,
  ): boolean {
    // A composed color is never the POST's literal initialModeValue: its composition goes in the PUT.
    if (!rv)
      return (
        initial !== undefined && !isAlias(value) && !(isColor(value) && value.composed) && valuesEqual(value, initial)
      );
    let current: Value | undefined;
    if (info.newModes.has(mode)) {
      // figma: "default values, consistent with the UI" are not spelled out; send the value.
      if (this.figma) return false;
      // A new mode of an existing collection starts as a copy of the default mode.
      current = info.remote ? rv.values[info.remote.defaultMode] : undefined;
    } else {
      const remoteMode = info.remote?.modes.find((m) => m.id !== undefined && m.id === info.modeIds.get(mode));
      current = remoteMode ? rv.values[remoteMode.name] : undefined;
    }
    if (current === undefined) return false;
    if (isAlias(value) && isAlias(current)) {
      // Compare by identity: the same remote variable, whatever either side calls it now.
      const target = this.aliasTarget(tv, value);
      const now = this.remoteVarsByKey.get(current.alias);
      return now !== undefined && this.varIds.get(target) === now.id;
    }
    return valuesEqual(value, current);
  }

  private wire(owner: Variable, value: Value): WireValue {
    if (isAlias(value))
      return { type: 'VARIABLE_ALIAS', id: this.varIds.get(this.aliasTarget(owner, value)) as string };
    if (isColor(value) && value.composed) {
      // Figma's VariableComposedColor (docs/sync.md "Composed colors").
      const { color, opacity } = value.composed;
      return {
        color: isAlias(color) ? (this.wire(owner, color) as WireAlias) : (toWireLiteral(color) as WireColor),
        opacity: isAlias(opacity) ? (this.wire(owner, opacity) as WireAlias) : opacity,
      };
    }
    return toWireLiteral(value);
  }

  private aliasTarget(owner: Variable, value: Value & { alias: { collection: string; name: string } }): Variable {
    const t = this.targetVars.get(value.alias);
    if (!t && this.remoteVarsByKey.has(value.alias)) {
      // Still in the design file but removed from the repository: it is never deleted while aliased.
      throw new PlanError(
        'PLAN_DELETE_ALIASED',
        `Variable "${owner.name}" in collection "${owner.collection}" aliases "${value.alias.collection}/${value.alias.name}", which was removed from the repository but is still in the design file; an aliased variable is not removed.`,
        {
          hint: `Point "${owner.name}" at another variable (in the design file or the repository), or keep "${value.alias.name}" in the repository. Nothing was sent.`,
        },
      );
    }
    if (!t) {
      throw new PlanError(
        'PLAN_ALIAS_MISSING',
        `Variable "${owner.name}" in collection "${owner.collection}" is an alias of "${value.alias.collection}/${value.alias.name}", which does not exist.`,
        {
          hint: 'Point the alias at an existing token, or add the missing token.',
        },
      );
    }
    return t;
  }

  /** A variable's value in a mode as a literal, following aliases (each hop in its collection's default mode). */
  private literal(v: Variable, mode: string, chain: Variable[]): Literal {
    const value = v.values[mode];
    if (value === undefined)
      throw this.invalid(`Variable "${v.name}" in collection "${v.collection}" has no value for mode "${mode}".`);
    if (!isAlias(value)) return value;
    const t = this.aliasTarget(v, value);
    if (chain.includes(t)) {
      throw new PlanError(
        'PLAN_ALIAS_CYCLE',
        `Aliases form a cycle: ${[...chain, t].map((x) => `${x.collection}/${x.name}`).join(' -> ')}.`,
        {
          hint: 'Make one of these tokens a literal value.',
        },
      );
    }
    return this.literal(t, this.colOf(t).target.defaultMode, [...chain, t]);
  }

  private colOf(v: Variable): ColInfo {
    const info = this.cols.get(v.collection);
    if (!info)
      throw this.invalid(
        `Variable "${v.name}" belongs to collection "${v.collection}", which the token set does not have.`,
      );
    return info;
  }

  /**
   * Scopes about to be sent, against Figma's enum per type (model/service-rules.ts), before anything is
   * sent. Only sent ones: scopes the service already holds are its business (a newer enum value must
   * not stop a pull).
   */
  private checkScopes(v: Variable): void {
    const problem = scopeProblem(v.type, v.scopes);
    if (problem) {
      throw new PlanError('PLAN_INVALID_SCOPE', `Variable "${v.name}" in collection "${v.collection}" ${problem}.`, {
        hint: 'Fix "scopes" in its $extensions["dev.tokensync"] (or remove them to allow all scopes), then run again. Nothing was sent.',
      });
    }
  }

  private checkName(v: Variable): void {
    const bad = FORBIDDEN.exec(v.name);
    if (bad) {
      throw new PlanError(
        'PLAN_INVALID_NAME',
        `Variable "${v.name}" in collection "${v.collection}" has "${bad[0]}" in its name, which the service does not allow.`,
        {
          hint: 'Rename the token without ".", "{" or "}" (use "/" to group), then run again. Nothing was sent.',
        },
      );
    }
  }

  private checkLimits(): void {
    const counts = new Map<string, number>();
    for (const v of this.target.variables) counts.set(v.collection, (counts.get(v.collection) ?? 0) + 1);
    for (const c of this.target.collections) {
      if (c.modes.length > this.limits.maxModesPerCollection) {
        throw new PlanError(
          'PLAN_LIMIT',
          `Collection "${c.name}" would have ${c.modes.length} modes; the service allows at most ${this.limits.maxModesPerCollection}.`,
          {
            hint: 'Remove modes from the collection (or split it in two), then run again. Nothing was sent.',
          },
        );
      }
      const long = c.modes.find((m) => [...m.name].length > this.limits.maxModeNameLength);
      if (long) {
        throw new PlanError(
          'PLAN_LIMIT',
          `Mode "${long.name}" of collection "${c.name}" has ${[...long.name].length} characters; the service allows at most ${this.limits.maxModeNameLength}.`,
          {
            hint: 'Give the mode a shorter name (the resolver document names it), then run again. Nothing was sent.',
          },
        );
      }
      const n = counts.get(c.name) ?? 0;
      if (n > this.limits.maxVariablesPerCollection) {
        throw new PlanError(
          'PLAN_LIMIT',
          `Collection "${c.name}" would have ${n} variables; the service allows at most ${this.limits.maxVariablesPerCollection}.`,
          {
            hint: 'Split the collection in two, then run again. Nothing was sent.',
          },
        );
      }
    }
  }

  private invalid(message: string): PlanError {
    return new PlanError('PLAN_INVALID', message, {
      hint: 'Fix the token files (run `tokensync check`), then run again. Nothing was sent.',
    });
  }

  /** Packs units into as few bodies as fit `maxBodyBytes`, keeping their order. */
  private chunk(units: Unit[]): Record<string, unknown[]>[] {
    if (units.length === 0) return [];
    // Usually everything fits one body: measure it whole, once (the same byte count the Sizer adds
    // up unit by unit, at a fraction of the cost of ~30k small stringifies at 10k variables).
    const whole = mergeUnits(units);
    if (bodySize(whole) <= this.limits.maxBodyBytes) return [whole];
    const bodies: Record<string, unknown[]>[] = [];
    let current = new Sizer();
    let items: Unit[] = [];
    const flush = (): void => {
      if (items.length > 0) bodies.push(mergeUnits(items));
      current = new Sizer();
      items = [];
    };
    for (const unit of units) {
      const sized = Sizer.measure(unit);
      if (current.sizeWith(sized) > this.limits.maxBodyBytes && items.length > 0) flush();
      if (current.sizeWith(sized) > this.limits.maxBodyBytes) {
        throw new PlanError(
          'PLAN_LIMIT',
          `${describeUnit(unit)} alone needs ${current.sizeWith(sized)} bytes, more than the ${this.limits.maxBodyBytes}-byte request limit.`,
          {
            hint: 'Shorten its values or description, then run again. Nothing was sent.',
          },
        );
      }
      current.add(sized);
      items.push(unit);
    }
    flush();
    return bodies;
  }
}

/** The name figma gives a new collection's first mode. */
const FIGMA_FIRST_MODE_NAME = 'Mode 1';

type ArrayName = 'variableCollections' | 'variableModes' | 'variables' | 'variableModeValues';
/** In Figma's order of application (collections, modes, variables, values). */
const ARRAYS: ArrayName[] = ['variableCollections', 'variableModes', 'variables', 'variableModeValues'];
/** Items that must travel in the same body (a new collection with its modes), or a single item. */
type Unit = Partial<Record<ArrayName, object[]>>;
/** The units of a plan by where they go: deletes first (figma), then creates (dfs: POST), then the rest (dfs: PUT). */
interface Units {
  deletes: Unit[];
  posts: Unit[];
  puts: Unit[];
}

function mergeUnits(units: Unit[]): Record<string, unknown[]> {
  const body: Record<string, unknown[]> = {};
  for (const name of ARRAYS) {
    const items = units.flatMap((u) => u[name] ?? []);
    if (items.length > 0) body[name] = items;
  }
  return body;
}

/**
 * The JSON text `bodySize` measured each body by, kept so the request sends it instead of stringifying
 * the same body again (3.4 MB at 10k x 2: docs/benchmarks.md "No-op pull and push, and the initial
 * push: the service and the lock (fifth round)"). Plans are never changed once compiled, so the text
 * stays the body's.
 */
const bodyTexts = new WeakMap<object, string>();

/** `JSON.stringify(body)` when the plan compiler made it already (a body sized whole), else undefined. */
export function bodyText(body: object): string | undefined {
  return bodyTexts.get(body);
}

/** JSON byte length of a body plus the temp-id slack: what `Sizer` adds up for the same units. */
function bodySize(body: Record<string, unknown[]>): number {
  const json = JSON.stringify(body);
  bodyTexts.set(body, json);
  let temps = 0;
  for (let i = json.indexOf('"temp_'); i >= 0; i = json.indexOf('"temp_', i + 6)) temps += 1;
  return Buffer.byteLength(json, 'utf8') + temps * TEMP_SLACK;
}

/** Exact JSON byte length of a body built by `mergeUnits`, kept incrementally (plus temp-id slack). */
class Sizer {
  private readonly count: Record<ArrayName, number> = {
    variableCollections: 0,
    variableModes: 0,
    variables: 0,
    variableModeValues: 0,
  };
  private readonly bytes: Record<ArrayName, number> = {
    variableCollections: 0,
    variableModes: 0,
    variables: 0,
    variableModeValues: 0,
  };
  private slack = 0;

  static measure(unit: Unit): { count: Record<ArrayName, number>; bytes: Record<ArrayName, number>; slack: number } {
    const count = { variableCollections: 0, variableModes: 0, variables: 0, variableModeValues: 0 };
    const bytes = { variableCollections: 0, variableModes: 0, variables: 0, variableModeValues: 0 };
    let slack = 0;
    for (const name of ARRAYS) {
      for (const item of unit[name] ?? []) {
        const json = JSON.stringify(item);
        count[name] += 1;
        bytes[name] += Buffer.byteLength(json, 'utf8');
        slack += (json.match(/"temp_/g)?.length ?? 0) * TEMP_SLACK;
      }
    }
    return { count, bytes, slack };
  }

  sizeWith(extra: ReturnType<typeof Sizer.measure>): number {
    let size = 2; // {}
    let arrays = 0;
    for (const name of ARRAYS) {
      const n = this.count[name] + extra.count[name];
      if (n === 0) continue;
      arrays += 1;
      size += name.length + 5 + this.bytes[name] + extra.bytes[name] + (n - 1); // "name":[...] and commas
    }
    return size + Math.max(0, arrays - 1) + this.slack + extra.slack;
  }

  add(extra: ReturnType<typeof Sizer.measure>): void {
    for (const name of ARRAYS) {
      this.count[name] += extra.count[name];
      this.bytes[name] += extra.bytes[name];
    }
    this.slack += extra.slack;
  }
}

function describeUnit(unit: Unit): string {
  const first = (unit.variableCollections?.[0] ??
    unit.variables?.[0] ??
    unit.variableModes?.[0] ??
    unit.variableModeValues?.[0]) as { name?: string; id?: string; variableId?: string } | undefined;
  const what = unit.variableCollections
    ? 'Collection'
    : unit.variables || unit.variableModeValues
      ? 'Variable'
      : 'Mode';
  return `${what} "${first?.name ?? first?.id ?? first?.variableId ?? '?'}"`;
}

/** A wire value with its alias ids (whole, or a composed color's parts) passed through `map`. */
function mapWireValue(value: WireValue, map: (id: string) => string): WireValue {
  if (typeof value !== 'object' || value === null) return value;
  if ('type' in value) return { type: value.type, id: map(value.id) };
  if ('opacity' in value) {
    const { color, opacity } = value;
    return {
      color: 'type' in color ? { type: color.type, id: map(color.id) } : color,
      opacity: typeof opacity === 'object' ? { type: opacity.type, id: map(opacity.id) } : opacity,
    };
  }
  return value;
}

function toWireLiteral(v: Literal): boolean | number | string | { r: number; g: number; b: number; a: number } {
  if (isColor(v)) return { r: v.r, g: v.g, b: v.b, a: v.a };
  return v;
}

function sameScopes(a: string[], b: string[]): boolean {
  return [...a].sort().join(',') === [...b].sort().join(',');
}

/** Ids a kept variable's values alias (whole aliases and composed parts), whatever its shape. */
function keptAliasIds(wire: Record<string, unknown>): string[] {
  const out: string[] = [];
  const visit = (x: unknown, depth: number): void => {
    if (typeof x !== 'object' || x === null || depth > 8) return;
    const o = x as Record<string, unknown>;
    if (o['type'] === 'VARIABLE_ALIAS' && typeof o['id'] === 'string') out.push(o['id']);
    for (const v of Object.values(o)) visit(v, depth + 1);
  };
  visit(wire['valuesByMode'], 0);
  return out;
}
