/**
 * The client speaks the service's dialect (docs/architecture.md "Dialects"): the same functions, the
 * figma dialect spelled as Figma's REST API. Against the local service in that dialect over HTTPS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAuthError, createClient, type DesignFileClient } from '../../src/api/index.js';
import { Redactor } from '../../src/api/redact.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let client: DesignFileClient;
beforeAll(async () => {
  emu = await startTestEmulator({ api: 'figma' });
  client = createClient({
    baseUrl: emu.url,
    ca: emu.ca,
    auth: { kind: 'token', token: emu.token },
    api: 'figma',
    timeScale: 0.001,
  });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

describe('the client in the figma dialect', () => {
  it('authenticates with X-Figma-Token; a dfs client is refused by the same service', async () => {
    expect(client.dialect.name).toBe('figma');
    expect((await client.getLocalVariables(emu.fileKey)).meta.variables).toBeDefined();
    const dfs = createClient({
      baseUrl: emu.url,
      ca: emu.ca,
      auth: { kind: 'token', token: emu.token },
      timeScale: 0.001,
    });
    try {
      await expect(dfs.getMe()).rejects.toBeInstanceOf(ApiAuthError);
    } finally {
      await dfs.close();
    }
  });

  it('writes with one POST and returns tempIdToRealId as the mapping; PUT is not part of the dialect', async () => {
    const local = await client.getLocalVariables(emu.fileKey);
    const col = Object.values(local.meta.variableCollections)[0]!;
    await emu.admin.clearRequests();
    const mapping = await client.writeVariables(emu.fileKey, {
      method: 'POST',
      body: {
        variables: [
          { action: 'CREATE', id: 'temp_x', name: 'x/new', variableCollectionId: col.id, resolvedType: 'FLOAT' },
        ],
        variableModeValues: [{ variableId: 'temp_x', modeId: col.defaultModeId, value: 3 }],
      },
    });
    expect(Object.keys(mapping)).toEqual(['temp_x']);
    expect(mapping['temp_x']).toMatch(/^VariableID:/);
    expect(await emu.admin.calls()).toEqual(['POST /v1/files/:key/variables']);
    await expect(client.writeVariables(emu.fileKey, { method: 'PUT', body: { variables: [] } })).rejects.toThrow(
      'The figma dialect has no PUT /v1/files/:file_key/variables.',
    );
  });

  it('names the file_variables:write scope when a write is refused', async () => {
    const readOnly = await emu.admin.mintToken({ scopes: ['file_variables:read'] });
    const c = createClient({
      baseUrl: emu.url,
      ca: emu.ca,
      auth: { kind: 'token', token: readOnly },
      api: 'figma',
      timeScale: 0.001,
    });
    try {
      const err = await c
        .writeVariables(emu.fileKey, { method: 'POST', body: { variables: [] } })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiAuthError);
      expect((err as ApiAuthError).hint).toContain('file_variables:write');
      expect(String((err as Error).message) + String((err as ApiAuthError).hint)).not.toContain(readOnly);
    } finally {
      await c.close();
    }
  });

  it('registers webhooks with context/context_id and lists them at /v2/teams/:team_id/webhooks', async () => {
    await emu.admin.clearRequests();
    const hook = await client.createWebhook({
      event_type: 'FILE_UPDATE',
      team_id: emu.teamId,
      endpoint: 'https://127.0.0.1:9/hook',
      passcode: 'our-passcode-123',
    });
    expect(hook).toMatchObject({
      event_type: 'FILE_UPDATE',
      team_id: emu.teamId,
      status: 'ACTIVE',
      context: 'team',
      context_id: emu.teamId,
    });
    const listed = await client.listWebhooks(emu.teamId);
    expect(listed.map((h) => h.id)).toContain(hook.id);
    await client.deleteWebhook(hook.id);
    expect(await emu.admin.calls()).toEqual([
      'POST /v2/webhooks',
      `GET /v2/teams/${emu.teamId}/webhooks`,
      `DELETE /v2/webhooks/${hook.id}`,
    ]);
  });

  it('redacts an X-Figma-Token it was never told about, as it does X-Service-Token', () => {
    expect(new Redactor().redact('x-figma-token: figd_secret_value_123 and X-Service-Token=abcdef123456')).toBe(
      'x-figma-token: [redacted] and X-Service-Token=[redacted]',
    );
  });
});
