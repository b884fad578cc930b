/**
 * A repository on the embedded local service never loses committed tokens. The local service's state lives in `.tokensync/service.json`, which is git-ignored,
 * while the lock (`tokens/sync.lock.json`) is committed. On a fresh clone the two disagree: a new demo
 * service knows nothing of what the lock records, and the 3-way diff would read every locked variable
 * it lacks as "deleted in the design file" and delete it from the files.
 *
 * What a user expects (docs/emulator.md "A fresh clone"):
 * - no saved state and a lock: the local service is **seeded from the repository**, with the lock's ids,
 *   keys, modes and version, and the values and kept service fields of the token files, extended
 *   collections as extensions with their overrides (the rest of the file, its pages and
 *   styles, is the demo's). A pull is then a no-op, `check --remote`
 *   sees no drift, and unpushed local edits stay local edits' values (seeded as they are in the files).
 * - saved state that knows less than the lock (an older version, or another file): **refuse**, naming
 *   both versions and the fix. That state belongs to another line of history (another branch, a copy
 *   of `.tokensync/`), and guessing which side is right could throw away work on either.
 * - no lock: a new file, empty unless the project is the demo (`service.seed: demo`): a team's own
 *   project never pulls the demo's variables or styles into its repository (docs/emulator.md).
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/schema.js';
import { TokensyncError } from '../errors.js';
import { stableKey } from '../emulator/ids.js';
import { loadState, saveState } from '../emulator/persist.js';
import { newIdentity, seedState } from '../emulator/seed.js';
import type { CollectionRecord, Rgba, VariableRecord, VariableValue } from '../emulator/state.js';
import type { Lock } from '../model/lock.js';
import {
  type Collection,
  isAlias,
  isColor,
  type TokenSet,
  type Value,
  type Variable,
  variableKey,
} from '../model/types.js';
import { readLock, readTokens } from '../tokens/index.js';
import { lockAgreementError } from '../tokens/lock-check.js';

export class LocalServiceError extends TokensyncError {
  override name = 'LocalServiceError';
}

export type LocalPreparation =
  | { kind: 'seeded'; variables: number; version: number }
  | { kind: 'kept' }
  | { kind: 'demo' }
  | { kind: 'empty' };

export async function prepareLocalService(root: string, config: Config, dataFile: string): Promise<LocalPreparation> {
  const lock = await readLock(root, config.tokens);
  if (!lock) {
    if (!existsSync(dataFile)) return { kind: config.service.seed === 'demo' ? 'demo' : 'empty' };
    if (config.service.seed === 'demo' && (await untouchedEmpty(dataFile))) {
      // A first command before `service.seed: demo` was set left an empty file nobody wrote to:
      // starting again from the demo loses nothing (docs/emulator.md "Whose file the embedded service holds").
      await rm(dataFile, { force: true });
      return { kind: 'demo' };
    }
    return { kind: 'kept' };
  }
  const shown = path.relative(root, dataFile).split(path.sep).join('/');
  const lockShown = `${config.tokens.dir}/sync.lock.json`;
  const lockVersion = Number.parseInt(lock.remoteVersion, 10);

  const saved = await loadState(dataFile);
  if (saved) {
    const file = saved.files[lock.fileKey];
    if (!file) {
      throw new LocalServiceError(
        'LOCAL_SERVICE_BEHIND',
        `The embedded local service (${shown}) holds file "${saved.identity.fileKey}", but ${lockShown} records file "${lock.fileKey}". A sync now would read every committed token as deleted in the design file.`,
        {
          hint: `Delete ${shown}: the next command seeds the local service from the repository. Or set service.fileKey to "${saved.identity.fileKey}" if that is the file you mean.`,
        },
      );
    }
    if (Number.isInteger(lockVersion) && file.version < lockVersion) {
      throw new LocalServiceError(
        'LOCAL_SERVICE_BEHIND',
        `The embedded local service (${shown}) is at version ${file.version} of file "${lock.fileKey}", older than version ${lockVersion} that ${lockShown} records: this state is not the one the last sync wrote (a copy from another branch or machine). A sync now could delete or revert committed tokens.`,
        {
          hint: `Delete ${shown} (edits made only in that local service are lost): the next command seeds the local service from the repository.`,
        },
      );
    }
    return { kind: 'kept' };
  }
  if (lock.fileKey !== config.service.fileKey) {
    throw new LocalServiceError(
      'LOCAL_SERVICE_BEHIND',
      `${lockShown} records file "${lock.fileKey}", but config key "service.fileKey" is "${config.service.fileKey}".`,
      {
        hint: `Set service.fileKey to "${lock.fileKey}", or delete ${lockShown} to start a new sync history with this file.`,
      },
    );
  }
  const { set } = await readTokens(root, config.tokens);
  // Never seed from a lock merged hunk by hunk: its ids would name the wrong tokens (docs/sync.md).
  const merged = await lockAgreementError(root, config.tokens.dir, lock, set);
  if (merged) throw merged;
  // The demo project keeps the demo file's pages, styles and components (it pulls its styles); any
  // other project starts from an empty file. Either way the variables are the repository's, under
  // the lock's ids.
  const state = seedState(newIdentity(lock.fileKey), config.service.seed === 'demo' ? 'demo' : 'empty', Date.now());
  const file = state.files[lock.fileKey]!;
  file.variableCollections = {};
  file.variables = {};
  const seeded = fillFromRepository(file, set, lock);
  file.version = Number.isInteger(lockVersion) && lockVersion > 0 ? lockVersion : 1;
  await saveState(dataFile, state);
  return { kind: 'seeded', variables: seeded, version: file.version };
}

type SeededFile = {
  key: string;
  variableCollections: Record<string, CollectionRecord>;
  variables: Record<string, VariableRecord>;
  nextId: number;
};

/** The lock's ids by name: collections by name, variables by `variableKey`. */
interface LockIds {
  collection: Map<string, string>;
  variable: Map<string, string>;
}

/**
 * Puts every variable the lock knows (and the files still hold) into the file, under the lock's ids:
 * the collections (an extended one as an extension of its parent, docs/overrides.md §4), the
 * variables with their service fields, then each extension's overrides.
 */
function fillFromRepository(file: SeededFile, set: TokenSet, lock: Lock): number {
  const ids: LockIds = {
    collection: new Map(Object.entries(lock.collections).map(([id, c]) => [c.name, id])),
    variable: new Map(
      Object.entries(lock.variables).map(([id, v]) => [
        variableKey({ collection: lock.collections[v.collectionId]?.name ?? '', name: v.name }),
        id,
      ]),
    ),
  };
  const byKey = new Map(set.variables.map((v) => [variableKey(v), v]));
  let highest = 0;
  const note = (id: string): void => {
    const n = Number(/(\d+)$/.exec(id)?.[1] ?? 0);
    if (n > highest) highest = n;
  };
  for (const c of set.collections) {
    const id = ids.collection.get(c.name);
    const locked = id === undefined ? undefined : lock.collections[id];
    if (id === undefined || !locked) continue; // new locally: a push creates it
    note(id);
    for (const modeId of Object.keys(locked.modes)) note(modeId);
    file.variableCollections[id] = seededCollection(file.key, id, c, lock);
  }
  let count = 0;
  for (const v of set.variables) {
    const id = ids.variable.get(variableKey(v));
    const locked = id === undefined ? undefined : lock.variables[id];
    const collection = locked ? file.variableCollections[locked.collectionId] : undefined;
    if (id === undefined || !locked || !collection) continue;
    note(id);
    file.variables[id] = seededVariable(file.key, id, v, collection, locked.key, { ids, byKey });
    collection.variableIds.push(id);
    seedOverrides(file, id, v, { ids, byKey });
    count++;
  }
  file.nextId = highest + 1;
  return count;
}

/** A collection as the lock records it; an extended one with its parent, root and inherited modes. */
function seededCollection(fileKey: string, id: string, c: Collection, lock: Lock): CollectionRecord {
  const locked = lock.collections[id]!;
  const record: CollectionRecord = {
    id,
    name: c.name,
    key: locked.key ?? stableKey(fileKey, id),
    modes: Object.entries(locked.modes).map(([modeId, name]) => {
      const parentModeId = locked.parentModes?.[modeId];
      return parentModeId === undefined ? { modeId, name } : { modeId, name, parentModeId };
    }),
    defaultModeId: locked.defaultModeId,
    variableIds: [],
    hiddenFromPublishing: c.hiddenFromPublishing === true,
    remote: false,
  };
  if (locked.parentId === undefined) return record;
  let root = locked.parentId;
  for (let up = lock.collections[root]; up?.parentId !== undefined; up = lock.collections[root]) root = up.parentId;
  return {
    ...record,
    isExtension: true,
    parentVariableCollectionId: locked.parentId,
    rootVariableCollectionId: root,
    variableOverrides: {},
  };
}

/** A variable with the files' values and the service fields they keep (tokens/service-meta.ts). */
function seededVariable(
  fileKey: string,
  id: string,
  v: Variable,
  collection: CollectionRecord,
  key: string | undefined,
  refs: { ids: LockIds; byKey: Map<string, Variable> },
): VariableRecord {
  const defaultName = collection.modes.find((m) => m.modeId === collection.defaultModeId)?.name ?? '';
  const valuesByMode: Record<string, VariableValue> = {};
  for (const m of collection.modes) {
    const value = v.values[m.name] ?? v.values[defaultName];
    if (value !== undefined) valuesByMode[m.modeId] = wire(value, m.name, refs.ids.variable, refs.byKey);
  }
  return {
    id,
    name: v.name,
    key: key ?? stableKey(fileKey, id),
    variableCollectionId: collection.id,
    resolvedType: v.type,
    valuesByMode,
    scopes: [...v.scopes],
    description: v.description,
    // Left out, a clone's first pull would read these as removed in the design file.
    hiddenFromPublishing: v.meta?.hiddenFromPublishing === true,
    remote: false,
    codeSyntax: { ...v.meta?.codeSyntax },
  };
}

/** The variable's overrides, into each extended collection the lock knows, by that collection's mode ids. */
function seedOverrides(
  file: SeededFile,
  variableId: string,
  v: Variable,
  refs: { ids: LockIds; byKey: Map<string, Variable> },
): void {
  for (const [extension, byMode] of Object.entries(v.overrides ?? {})) {
    const ext = file.variableCollections[refs.ids.collection.get(extension) ?? ''];
    if (ext?.isExtension !== true) continue; // not in the lock yet: a push creates it
    for (const [modeName, value] of Object.entries(byMode)) {
      const mode = ext.modes.find((m) => m.name === modeName);
      if (!mode) continue;
      const wired = wire(value, modeName, refs.ids.variable, refs.byKey);
      ((ext.variableOverrides ??= {})[variableId] ??= {})[mode.modeId] = wired;
    }
  }
}

/** A model value as the service stores it; an alias to a token the lock does not know yet is resolved to its value. */
function wire(
  value: Value,
  mode: string,
  ids: Map<string, string>,
  byKey: Map<string, Variable>,
  depth = 0,
): VariableValue {
  if (isAlias(value)) {
    const key = variableKey({ collection: value.alias.collection, name: value.alias.name });
    const id = ids.get(key);
    if (id !== undefined) return { type: 'VARIABLE_ALIAS', id };
    const target = byKey.get(key);
    const next = target?.values[mode] ?? (target ? Object.values(target.values)[0] : undefined);
    if (next === undefined || depth > 50) return 0;
    return wire(next, mode, ids, byKey, depth + 1);
  }
  if (isColor(value)) return { r: value.r, g: value.g, b: value.b, a: value.a } satisfies Rgba;
  return value;
}

/** Saved state that started empty and holds no variable or collection in any file: nothing to lose. */
async function untouchedEmpty(dataFile: string): Promise<boolean> {
  const saved = await loadState(dataFile);
  if (saved?.seed !== 'empty') return false;
  return Object.values(saved.files).every(
    (f) => Object.keys(f.variables).length === 0 && Object.keys(f.variableCollections).length === 0,
  );
}
