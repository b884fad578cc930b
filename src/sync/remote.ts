/**
 * The service's variables/local response -> the model (docs/architecture.md "The flow": `remote` maps a
 * variables/local response to the model). Values are keyed by mode NAME and aliases name their target
 * (collection name + variable name), so the result compares directly with what the token files hold;
 * remote ids are kept on every object so the diff can match by id (docs/architecture.md "Sync semantics", identity).
 *
 * Choices where the spec is silent (API spec "Variables"):
 * - Order: collections in the order of the `variableCollections` map, variables by each collection's
 *   `variableIds` (the order the designer sees). A variable that names a collection but is missing from
 *   its `variableIds` is appended after the listed ones, in map order, rather than dropped.
 * - The real service (Figma) keeps variables that were deleted but are still referenced, flagged
 *   `deletedButReferenced: true`. They are not part of the file a designer sees, so they are left out;
 *   an alias to one is reported like an alias to a missing id, with a hint that says it was deleted.
 * - A value for a mode id the collection does not have is ignored (stale data); a missing value stays
 *   missing (the diff treats it as "no value").
 *
 * A hostile or broken answer is refused here, before anything is planned or written:
 * a value that does not fit the variable's resolvedType (a COLOR "banana", a FLOAT NaN), a color
 * channel outside 0..1, an alias to a variable of another type, and alias cycles. Writing such values
 * to files would give files that `check` then refuses.
 */
import { TokensyncError } from '../errors.js';
import type { LocalVariablesResponse, WireValue } from '../api/schemas/variables.js';
import { makeMeta } from '../model/meta.js';
import type { Collection, TokenSet, Value, Variable } from '../model/types.js';

export class RemoteModelError extends TokensyncError {
  override name = 'RemoteModelError';
}

export function remoteToModel(res: LocalVariablesResponse): TokenSet {
  const wireVars = res.meta.variables;
  const wireCols = res.meta.variableCollections;
  const isDeleted = (id: string): boolean =>
    (wireVars[id] as { deletedButReferenced?: unknown } | undefined)?.deletedButReferenced === true;
  // Figma lists the library variables a file uses among its local ones, flagged `remote: true`; they
  // belong to another file and cannot be changed here, so they are left out like deleted ones.
  const isRemote = (x: unknown): boolean => (x as { remote?: unknown } | undefined)?.remote === true;
  const skipped = (id: string): boolean => isDeleted(id) || isRemote(wireVars[id]);

  const collections: Collection[] = [];
  const modeNames = new Map<string, Map<string, string>>(); // collection id -> mode id -> name
  for (const [id, c] of Object.entries(wireCols)) {
    if (isRemote(c)) continue;
    const modes = c.modes.map((m) => ({ name: m.name, id: m.modeId }));
    const byId = new Map(modes.map((m) => [m.id, m.name]));
    const defaultMode = byId.get(c.defaultModeId);
    if (defaultMode === undefined) {
      throw new RemoteModelError(
        'REMOTE_INVALID',
        `Collection "${c.name}" (${id}) names default mode ${c.defaultModeId}, which is not one of its modes.`,
        {
          hint: 'The service sent an inconsistent collection; open the design file to repair it, then retry.',
        },
      );
    }
    modeNames.set(id, byId);
    collections.push({ name: c.name, modes, defaultMode, id: c.id, key: c.key });
  }

  // Variable order: listed ids first, then unlisted members of the collection in map order.
  const ordered: string[] = [];
  const seen = new Set<string>();
  for (const c of Object.values(wireCols)) {
    for (const vid of c.variableIds) {
      if (wireVars[vid] && !seen.has(vid) && !skipped(vid)) {
        seen.add(vid);
        ordered.push(vid);
      }
    }
  }
  for (const [vid, v] of Object.entries(wireVars)) {
    if (seen.has(vid) || skipped(vid)) continue;
    if (!wireCols[v.variableCollectionId]) {
      throw new RemoteModelError(
        'REMOTE_INVALID',
        `Variable "${v.name}" (${vid}) belongs to collection ${v.variableCollectionId}, which the service did not return.`,
        {
          hint: 'The service sent an inconsistent answer; retry, and if it persists open the design file to repair the variable.',
        },
      );
    }
    seen.add(vid);
    ordered.push(vid);
  }

  const aliasTarget = (owner: string, id: string): Value => {
    const target = wireVars[id];
    const col = target ? wireCols[target.variableCollectionId] : undefined;
    if (!target || !col || skipped(id)) {
      const which = !target
        ? 'is not a local variable of the file'
        : isRemote(target)
          ? `is "${target.name}" of another file's library`
          : 'was deleted in the design file';
      throw new RemoteModelError('REMOTE_ALIAS_MISSING', `Variable "${owner}" is an alias of ${id}, which ${which}.`, {
        hint: `Open the design file and point "${owner}" at an existing variable (aliases to other files' libraries are not synced), then retry.`,
      });
    }
    return { alias: { collection: col.name, name: target.name } };
  };
  const toValue = (owner: WireVariableLike, modeName: string, w: WireValue): Value => {
    if (typeof w === 'object' && w !== null && 'type' in w) {
      const target = wireVars[w.id];
      if (target && target.resolvedType !== owner.resolvedType) {
        throw hostile(
          owner,
          modeName,
          `is an alias of "${target.name}" (${w.id}), a ${target.resolvedType} variable, but is itself ${owner.resolvedType}`,
        );
      }
      return aliasTarget(owner.name, w.id);
    }
    const problem = literalProblem(owner.resolvedType, w);
    if (problem) throw hostile(owner, modeName, problem);
    if (typeof w === 'object') return { r: w.r, g: w.g, b: w.b, a: w.a };
    return w;
  };

  const variables: Variable[] = [];
  for (const vid of ordered) {
    const v = wireVars[vid];
    const col = v ? wireCols[v.variableCollectionId] : undefined;
    const modes = v ? modeNames.get(v.variableCollectionId) : undefined;
    if (!v || !col || !modes) continue; // unreachable: filtered above
    const values: Record<string, Value> = {};
    // Values in the collection's mode order, so the object's key order is stable.
    for (const [modeId, modeName] of modes) {
      const w = v.valuesByMode[modeId];
      if (w !== undefined) values[modeName] = toValue(v, modeName, w);
    }
    const variable: Variable = {
      collection: col.name,
      name: v.name,
      type: v.resolvedType,
      description: v.description,
      scopes: [...v.scopes],
      values,
      id: v.id,
      key: v.key,
    };
    // Kept, not owned: the answer's extra fields, when set.
    const extra = v as { hiddenFromPublishing?: unknown; codeSyntax?: unknown };
    const meta = makeMeta(extra.hiddenFromPublishing, extra.codeSyntax);
    if (meta) variable.meta = meta;
    variables.push(variable);
  }
  refuseAliasCycles(variables, collections);
  return { collections, variables };
}

type WireVariableLike = { id: string; name: string; resolvedType: string };

function hostile(v: WireVariableLike, modeName: string, problem: string): RemoteModelError {
  return new RemoteModelError(
    'REMOTE_INVALID',
    `The service's answer is invalid: variable "${v.name}" (${v.id}), mode "${modeName}", ${problem}.`,
    {
      hint: 'Nothing was written. Open the design file and repair that variable (or report the service answer to its operator), then retry.',
    },
  );
}

/** Why a literal does not fit the variable's type (spec "Variables": value shapes per resolvedType), or undefined. */
export function literalProblem(type: string, w: unknown): string | undefined {
  const shown = JSON.stringify(w)?.slice(0, 60) ?? String(w);
  switch (type) {
    case 'COLOR': {
      if (typeof w !== 'object' || w === null)
        return `has the value ${shown}, which is not a color ({r,g,b,a} from 0 to 1)`;
      const c = w as Record<string, unknown>;
      for (const k of ['r', 'g', 'b', 'a']) {
        const n = c[k];
        if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1)
          return `has a color whose "${k}" is ${JSON.stringify(n) ?? 'missing'}, not a number from 0 to 1`;
      }
      return undefined;
    }
    case 'FLOAT':
      return typeof w === 'number' && Number.isFinite(w)
        ? undefined
        : `has the value ${shown}, which is not a finite number`;
    case 'STRING':
      return typeof w === 'string' ? undefined : `has the value ${shown}, which is not a string`;
    case 'BOOLEAN':
      return typeof w === 'boolean' ? undefined : `has the value ${shown}, which is not true or false`;
    default:
      return `has the unknown type ${type}`;
  }
}

/**
 * Alias cycles (a -> b -> a) per mode: an alias within a collection resolves in the same mode, one
 * into another collection in that collection's default mode. Iterative, so a long chain cannot
 * overflow the stack.
 */
function refuseAliasCycles(variables: Variable[], collections: Collection[]): void {
  const defaults = new Map(collections.map((c) => [c.name, c.defaultMode]));
  const byName = new Map(variables.map((v) => [`${v.collection}\u0000${v.name}`, v]));
  const next = (v: Variable, mode: string): [Variable, string] | undefined => {
    const val = v.values[mode];
    if (!val || typeof val !== 'object' || !('alias' in val)) return undefined;
    const target = byName.get(`${val.alias.collection}\u0000${val.alias.name}`);
    if (!target) return undefined;
    return [target, target.collection === v.collection ? mode : (defaults.get(target.collection) ?? mode)];
  };
  const done = new Set<string>();
  for (const v of variables) {
    for (const mode of Object.keys(v.values)) {
      const path: string[] = [];
      const onPath = new Set<string>();
      let cur: [Variable, string] | undefined = [v, mode];
      while (cur) {
        const key = `${cur[0].collection}\u0000${cur[0].name}\u0000${cur[1]}`;
        if (done.has(key)) break;
        if (onPath.has(key)) {
          const start = path.indexOf(key);
          const names = path.slice(start).map((k) => k.split('\u0000')[1]!);
          throw new RemoteModelError(
            'REMOTE_ALIAS_CYCLE',
            `The service's answer is invalid: an alias cycle in mode "${cur[1]}": ${[...names, names[0]].map((n) => `"${n}"`).join(' -> ')}.`,
            {
              hint: 'Nothing was written. Open the design file and point one of these variables at a value instead of an alias, then retry.',
            },
          );
        }
        onPath.add(key);
        path.push(key);
        cur = next(cur[0], cur[1]);
      }
      for (const k of path) done.add(k);
    }
  }
}
