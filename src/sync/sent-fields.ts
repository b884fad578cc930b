/**
 * What a CREATE sent for each variable it creates (docs/sync.md "Unknown outcomes and resumption",
 * `sentFields`), journaled before the request goes out. A run stopped after the POST and before the
 * created fields were read back (`createdFields`) leaves the next run only this to tell tokensync's
 * own placeholder from a designer's edit made in that window: the base of a created variable is what
 * its CREATE made, never the service's current value. Pure.
 *
 * What the service makes of a CREATE:
 * - dfs: the `initialModeValue` in every mode, description "" and scopes ALL_SCOPES (the rest comes
 *   in the PUT, after the created fields are read back).
 * - figma: the description, scopes and kept fields of the CREATE item, and the values the same request
 *   sends for the variable; a mode the request sends nothing for holds a value Figma chose, which is
 *   unknown here.
 * An unknown field gets a fingerprint no value has, so a change of it on either side is a conflict
 * (unless both sides agree), never a silent overwrite.
 */
import { fingerprint, fingerprintFields, type LockVariableFields } from '../model/lock.js';
import type { Literal, TokenSet, Variable } from '../model/types.js';
import { canonicalValue } from '../model/values.js';
import type { PlannedRequest } from './plan.js';

/** The fields a CREATE gave a variable, as fingerprints (model/lock.ts). */
export interface SentFields {
  type: string;
  description: string;
  scopes: string;
  meta?: string | undefined;
  /** Mode name -> fingerprint of the value the request sent for that mode. */
  values: Record<string, string>;
  /** dfs: the fingerprint of the value the service gives every mode (the `initialModeValue`). */
  everyMode?: string | undefined;
}

/** A fingerprint no value has: the base of a field whose state after the CREATE is unknown. */
export const UNKNOWN_FIELD = 'unknown-after-create';

interface WireItem {
  action: string;
  id: string;
  name?: string;
  variableCollectionId?: string;
  resolvedType?: string;
  initialModeValue?: unknown;
}

/**
 * For each variable `requests[index]` CREATEs (`collection\u0000name`), what the service holds for it
 * once that request has landed and before anything else changes it.
 */
export function sentByRequest(
  requests: readonly PlannedRequest[],
  index: number,
  remote: TokenSet,
  target: TokenSet,
): Record<string, SentFields> {
  const body = requests[index]?.body as
    | { variables?: WireItem[]; variableModeValues?: { variableId: string; modeId: string }[] }
    | undefined;
  const out: Record<string, SentFields> = {};
  if (!body) return out;
  const { colName, modeName } = namesById(requests, remote);
  // figma only (a dfs CREATE says all in its item): built on first use, not for every POST's 10k keys.
  let targetVars: Map<string, Variable> | undefined;
  let modesSent: Map<string, string[]> | undefined;
  for (const item of body.variables ?? []) {
    if (item.action !== 'CREATE' || item.name === undefined || item.variableCollectionId === undefined) continue;
    const collection = colName.get(item.variableCollectionId);
    if (collection === undefined) continue;
    const key = `${collection}\u0000${item.name}`;
    if ('initialModeValue' in item) {
      out[key] = dfsCreated(item);
      continue;
    }
    targetVars ??= new Map(target.variables.map((v) => [`${v.collection}\u0000${v.name}`, v]));
    const tv = targetVars.get(key);
    if (!tv) continue;
    modesSent ??= modesByVariable(body.variableModeValues ?? [], modeName);
    out[key] = figmaCreated(tv, modesSent.get(item.id) ?? []);
  }
  return out;
}

/** The names of the modes each variable id is sent a value for, in the order sent (one pass, not one per variable). */
function modesByVariable(
  values: readonly { variableId: string; modeId: string }[],
  modeName: Map<string, string>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const mv of values) {
    const name = modeName.get(mv.modeId);
    if (name === undefined) continue;
    const list = out.get(mv.variableId);
    if (list === undefined) out.set(mv.variableId, [name]);
    else list.push(name);
  }
  return out;
}

/** The fields the base takes for a created variable, in the modes the service now holds for it. */
export function expectedFields(sent: SentFields, now: Variable): LockVariableFields {
  const values: Record<string, string> = {};
  for (const mode of Object.keys(now.values).sort())
    values[mode] = sent.values[mode] ?? sent.everyMode ?? UNKNOWN_FIELD;
  const fields: LockVariableFields = { type: sent.type, description: sent.description, scopes: sent.scopes, values };
  if (sent.meta !== undefined) fields.meta = sent.meta;
  return fields;
}

function dfsCreated(item: WireItem): SentFields {
  const initial = item.initialModeValue as Literal;
  // A wire color carries exactly the model's r, g, b, a; the other literals are the same on both sides.
  const literal: Literal =
    typeof initial === 'object' && initial !== null
      ? { r: initial.r, g: initial.g, b: initial.b, a: (initial as { a?: number }).a ?? 1 }
      : initial;
  return {
    type: item.resolvedType ?? '',
    description: fingerprint(''),
    scopes: fingerprint('ALL_SCOPES'),
    values: {},
    everyMode: fingerprint(canonicalValue(literal)),
  };
}

function figmaCreated(tv: Variable, modes: string[]): SentFields {
  const all = fingerprintFields(tv);
  const values: Record<string, string> = {};
  for (const m of modes) if (all.values[m] !== undefined) values[m] = all.values[m];
  return { type: all.type, description: all.description, scopes: all.scopes, meta: all.meta, values };
}

/** Collection and mode names by id: the service's, and those the plan's requests create or name. */
function namesById(
  requests: readonly PlannedRequest[],
  remote: TokenSet,
): { colName: Map<string, string>; modeName: Map<string, string> } {
  const colName = new Map<string, string>();
  const modeName = new Map<string, string>();
  for (const c of remote.collections) {
    if (c.id) colName.set(c.id, c.name);
    for (const m of c.modes) if (m.id) modeName.set(m.id, m.name);
  }
  for (const r of requests) {
    const body = r.body as {
      variableCollections?: { action: string; id: string; name?: string }[];
      variableModes?: { action: string; id: string; name?: string }[];
    };
    for (const c of body.variableCollections ?? [])
      if (c.action === 'CREATE' && c.name !== undefined) colName.set(c.id, c.name);
    for (const m of body.variableModes ?? []) if (m.name !== undefined) modeName.set(m.id, m.name);
  }
  return { colName, modeName };
}
