/**
 * GET variables/local reuses its last answer while the file's version is unchanged (routes/variables.ts,
 * for speed at 10k variables). What a user relies on: every read shows the variables as they are now:
 * after a POST, a PUT, a refused batch and a reset.
 */
import { beforeAll, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

const emu = useEmulator();
let path: string;
beforeAll(() => {
  path = `/v1/files/${emu.fileKey}/variables`;
});

type Meta = {
  variables: Record<string, { name: string; valuesByMode: Record<string, unknown> }>;
  variableCollections: Record<string, { modes: { modeId: string }[] }>;
};
const read = async (): Promise<{ text: string; meta: Meta }> => {
  const r = await emu.call('GET', `${path}/local`);
  expect(r.status).toBe(200);
  return { text: JSON.stringify(r.json), meta: r.json.meta as Meta };
};
const names = (m: Meta) =>
  Object.values(m.variables)
    .map((v) => v.name)
    .sort();

it('shows every write, and only writes change the answer', async () => {
  await emu.admin.reset('empty');
  const empty = await read();
  expect(names(empty.meta)).toEqual([]);
  expect((await read()).text).toBe(empty.text);

  const created = await emu.call('POST', path, {
    body: {
      variableCollections: [{ action: 'CREATE', id: 'temp_c', name: 'Base', initialModeId: 'temp_m' }],
      variableModes: [{ action: 'CREATE', id: 'temp_m', name: 'Light', variableCollectionId: 'temp_c' }],
      variables: [
        {
          action: 'CREATE',
          id: 'temp_v',
          name: 'space/1',
          variableCollectionId: 'temp_c',
          resolvedType: 'FLOAT',
          initialModeValue: 4,
        },
      ],
    },
  });
  expect(created.status).toBe(200);
  const after = await read();
  expect(names(after.meta)).toEqual(['space/1']);
  const id = created.json.meta.tempIdMapping.temp_v as string;
  const mode = created.json.meta.tempIdMapping.temp_m as string;

  // A refused batch changes nothing, and the answer stays the same.
  const refused = await emu.call('PUT', path, {
    body: { variables: [{ action: 'UPDATE', id, variableModeValues: [{ modeId: mode, value: 'not a number' }] }] },
  });
  expect(refused.status).toBe(400);
  expect((await read()).text).toBe(after.text);

  const updated = await emu.call('PUT', path, {
    body: { variables: [{ action: 'UPDATE', id, variableModeValues: [{ modeId: mode, value: 8 }] }] },
  });
  expect(updated.status).toBe(200);
  expect((await read()).meta.variables[id]?.valuesByMode[mode]).toBe(8);

  await emu.admin.reset('empty');
  expect(names((await read()).meta)).toEqual([]);
});
