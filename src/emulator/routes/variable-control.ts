/**
 * `POST /_emulator/variables` (admin only, like every /_emulator/ route; docs/emulator.md "Control
 * endpoints"): plays the design tool's editor on variables. The editor can make what the REST API
 * cannot (a variable type the REST spec does not list yet, such as an easing; a composed color), so
 * its records are stored as given, without the write rules of variables/create.ts and variables/update.ts:
 * `{"variables"?: [record…], "variableCollections"?: [record…]}`, each record with its `id` and the
 * fields to set. A new variable gets the defaults of a variable made in the editor and joins its
 * collection's `variableIds`; a new collection likewise. Bumps the file's version, sends FILE_UPDATE.
 * In the figma dialect a collection record may be an extended collection (`isExtension`,
 * `parentVariableCollectionId`, `rootVariableCollectionId`, `variableOverrides`, modes with
 * `parentModeId`), stored as given; the dfs dialect refuses one (400), as its spec has none.
 */
import { fail, json, parseJson, route, type Reply, type Route } from '../http.js';
import type { CollectionRecord, FileRecord, VariableRecord } from '../state.js';
import { isObject } from '../variables/values.js';
import type { ControlCtx } from './control-context.js';

type Rec = Record<string, unknown>;

function listOf(b: Rec, key: string): Rec[] | Reply {
  const list = b[key] ?? [];
  if (!Array.isArray(list) || list.some((r) => !isObject(r) || typeof r['id'] !== 'string' || r['id'] === ''))
    return fail(400, `"${key}" must be an array of records, each with a non-empty string "id".`);
  return list as Rec[];
}

function putCollection(file: FileRecord, r: Rec): void {
  const id = r['id'] as string;
  const before: CollectionRecord = file.variableCollections[id] ?? {
    id,
    name: id,
    key: id.replace(/\W/g, '').toLowerCase(),
    modes: [],
    defaultModeId: '',
    variableIds: [],
    hiddenFromPublishing: false,
    remote: false,
  };
  file.variableCollections[id] = { ...before, ...r } as unknown as CollectionRecord;
}

function putVariable(file: FileRecord, r: Rec): Reply | undefined {
  const id = r['id'] as string;
  const before = file.variables[id];
  const collectionId = (r['variableCollectionId'] ?? before?.variableCollectionId) as string | undefined;
  const col = collectionId === undefined ? undefined : file.variableCollections[collectionId];
  if (!before && !col) return fail(400, `Variable ${id}: "variableCollectionId" must name a collection of the file.`);
  const base: VariableRecord = before ?? {
    id,
    name: id,
    key: id.replace(/\W/g, '').toLowerCase(),
    variableCollectionId: collectionId!,
    resolvedType: 'FLOAT',
    valuesByMode: {},
    scopes: ['ALL_SCOPES'],
    description: '',
    hiddenFromPublishing: false,
    remote: false,
    codeSyntax: {},
  };
  file.variables[id] = { ...base, ...r } as unknown as VariableRecord;
  if (col && !col.variableIds.includes(id)) col.variableIds.push(id);
  return undefined;
}

export const variableControlRoutes: Route<ControlCtx>[] = [
  route('POST', '/_emulator/variables', async (ctx) => {
    const parsed = parseJson(ctx.body);
    if (!parsed.ok) return parsed.reply;
    if (!isObject(parsed.value)) return fail(400, 'The body must be a JSON object.');
    const svc = ctx.host.svc;
    const file = svc.file(ctx.query.get('file_key') ?? svc.state.identity.fileKey);
    if (!file) return fail(404, 'No such file.');
    const cols = listOf(parsed.value, 'variableCollections');
    if (!Array.isArray(cols)) return cols;
    const vars = listOf(parsed.value, 'variables');
    if (!Array.isArray(vars)) return vars;
    // The dfs dialect (the published spec) has no extended collections (docs/emulator.md "Dialects").
    const ext = cols.find((c) => c['isExtension'] === true || c['parentVariableCollectionId'] !== undefined);
    if (ext && svc.options.api !== 'figma')
      return fail(
        400,
        `Collection ${String(ext['id'])}: the dfs service has no extended collections; start the local service with the figma dialect.`,
      );
    for (const c of cols) putCollection(file, c);
    for (const v of vars) {
      const bad = putVariable(file, v);
      if (bad) return bad;
    }
    await svc.fileEdited(file);
    return json(200, { ok: true, version: file.version });
  }),
];
