/**
 * Every endpoint of the spec against the local service over HTTPS, with the service's own CA
 * (verification on), plus request accounting. Ends with the secret scan of everything printed,
 * emitted and thrown here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DesignFileClient, type RequestEvent } from '../../src/api/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { LeakScanner } from './helpers/leak-scan.js';

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;
let emu: Emu;
let client: DesignFileClient;
const events: RequestEvent[] = [];
const scan = new LeakScanner();

beforeAll(async () => {
  scan.start();
  emu = await startTestEmulator();
  client = createClient({
    baseUrl: emu.url,
    auth: { kind: 'token', token: emu.token },
    ca: emu.ca,
    env: {},
    timeScale: 0.001,
    onRequest: (e) => {
      events.push(e);
      scan.record(e);
    },
  });
});

afterAll(async () => {
  scan.stop();
  await client?.close();
  await emu?.close();
});

describe('users and files', () => {
  it('reads the current user', async () => {
    const me = await client.getMe();
    expect(me).toMatchObject({ handle: expect.any(String), email: expect.stringContaining('@') });
    expect(typeof me.id).toBe('string');
  });

  it('reads a file, and only the pages with depth=1', async () => {
    const file = await client.getFile(emu.fileKey);
    expect(file.document.type).toBe('DOCUMENT');
    const pages = file.document.children ?? [];
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((p) => p.type === 'CANVAS')).toBe(true);
    expect(pages.some((p) => (p.children ?? []).length > 0)).toBe(true);
    const shallow = await client.getFile(emu.fileKey, { depth: 1 });
    expect((shallow.document.children ?? []).map((p) => p.id)).toEqual(pages.map((p) => p.id));
    expect((shallow.document.children ?? []).every((p) => (p.children ?? []).length === 0)).toBe(true);
  });

  it('reads selected nodes', async () => {
    const file = await client.getFile(emu.fileKey);
    const first = file.document.children?.[0]?.children?.[0];
    expect(first).toBeDefined();
    const nodes = await client.getFileNodes(emu.fileKey, [first!.id]);
    expect(nodes.nodes[first!.id]?.document).toMatchObject({ id: first!.id, name: first!.name });
  });

  it('renders images and lists image fills', async () => {
    const file = await client.getFile(emu.fileKey);
    const id = file.document.children?.[0]?.children?.[0]?.id ?? '';
    const images = await client.getImages(emu.fileKey, [id], { format: 'svg', scale: 2 });
    expect(images.err).toBeNull();
    expect(images.images[id]).toMatch(/^https:\/\//);
    const missing = await client.getImages(emu.fileKey, ['999:999']);
    expect(missing.images).toEqual({}); // spec "Errors": 200 with an empty map for unknown ids
    const fills = await client.getImageFills(emu.fileKey);
    expect(fills.err).toBe(false);
    expect(Object.values(fills.images).every((u) => u.startsWith('https://'))).toBe(true);
  });
});

describe('comments', () => {
  it('posts a pinned comment and a reply, lists them, and deletes the thread', async () => {
    const file = await client.getFile(emu.fileKey);
    const nodeId = file.document.children?.[0]?.children?.[0]?.id ?? '';
    const parent = await client.postComment(emu.fileKey, {
      message: 'Is this blue right?',
      client_meta: { x: 10, y: 20, node_id: nodeId },
    });
    expect(parent).toMatchObject({ message: 'Is this blue right?', user: { handle: expect.any(String) } });
    const reply = await client.postComment(emu.fileKey, { message: 'Yes.', comment_id: parent.id });
    const listed = await client.getComments(emu.fileKey);
    const ids = listed.comments.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([parent.id, reply.id]));
    const pinned = listed.comments.find((c) => c.id === parent.id);
    expect(pinned?.client_meta?.node_id).toEqual([nodeId]);
    expect(pinned?.resolved_at).toBeNull();
    await client.deleteComment(emu.fileKey, parent.id);
    const after = (await client.getComments(emu.fileKey)).comments.map((c) => c.id);
    expect(after).not.toContain(parent.id);
    expect(after).not.toContain(reply.id); // replies go with their parent
  });
});

describe('styles and components', () => {
  it('pages through styles with page_size and cursor, and reads one style', async () => {
    const firstPage = await client.getFileStyles(emu.fileKey, { pageSize: 1 });
    expect(firstPage.meta.styles).toHaveLength(1);
    expect(firstPage.pagination.cursor).not.toBeNull();
    const all = [];
    for await (const s of client.iterateFileStyles(emu.fileKey, { pageSize: 1 })) all.push(s);
    const whole = await client.getFileStyles(emu.fileKey);
    expect(whole.pagination.cursor).toBeNull();
    expect(all.map((s) => s.key)).toEqual(whole.meta.styles.map((s) => s.key));
    const one = await client.getStyle(all[0]!.key);
    expect(one).toMatchObject({ key: all[0]!.key, name: all[0]!.name, file_key: emu.fileKey });
  });

  it('lists components and component sets across pages', async () => {
    const components = [];
    for await (const c of client.iterateFileComponents(emu.fileKey, { pageSize: 1 })) components.push(c);
    expect(components.length).toBe((await client.getFileComponents(emu.fileKey)).meta.components.length);
    expect(components.length).toBeGreaterThan(1);
    const sets = [];
    for await (const c of client.iterateFileComponentSets(emu.fileKey, { pageSize: 1 })) sets.push(c);
    expect(sets.map((s) => s.name)).toEqual(
      (await client.getFileComponentSets(emu.fileKey)).meta.component_sets.map((s) => s.name),
    );
    expect(sets[0]?.containing_frame.pageName).toEqual(expect.any(String));
  });
});

describe('variables', () => {
  it('creates with POST (temp ids mapped), updates with PUT, and reads the result', async () => {
    const created = await client.postVariables(emu.fileKey, {
      variableCollections: [{ action: 'CREATE', id: 'temp_c', name: 'Client test', initialModeId: 'temp_m' }],
      variableModes: [{ action: 'CREATE', id: 'temp_m', name: 'Default', variableCollectionId: 'temp_c' }],
      variables: [
        {
          action: 'CREATE',
          id: 'temp_v',
          name: 'space/4',
          variableCollectionId: 'temp_c',
          resolvedType: 'FLOAT',
          initialModeValue: 16,
        },
      ],
    });
    const map = created.meta.tempIdMapping;
    expect(map['temp_c']).toMatch(/^VariableCollectionId:/);
    expect(map['temp_v']).toMatch(/^VariableID:/);
    const modeId = map['temp_m'] ?? '';
    await client.putVariables(emu.fileKey, {
      variables: [
        { action: 'UPDATE', id: map['temp_v']!, name: 'space/4x', variableModeValues: [{ modeId, value: 18 }] },
      ],
    });
    const local = await client.getLocalVariables(emu.fileKey);
    const v = local.meta.variables[map['temp_v']!];
    expect(v).toMatchObject({ name: 'space/4x', resolvedType: 'FLOAT', variableCollectionId: map['temp_c'] });
    expect(v?.valuesByMode[modeId]).toBe(18);
    expect(local.meta.variableCollections[map['temp_c']!]?.modes).toEqual([{ modeId, name: 'Default' }]);
  });
});

describe('webhooks', () => {
  it('creates, lists and deletes a webhook; the passcode is never returned', async () => {
    const hook = await client.createWebhook({
      event_type: 'FILE_UPDATE',
      team_id: emu.teamId,
      endpoint: 'https://127.0.0.1:9/hook',
      passcode: 'passcode-endpoints-test-42',
      description: 'client test',
    });
    expect(hook).toMatchObject({
      event_type: 'FILE_UPDATE',
      team_id: emu.teamId,
      status: 'ACTIVE',
      description: 'client test',
    });
    expect(JSON.stringify(hook)).not.toContain('passcode-endpoints-test-42');
    expect((await client.listWebhooks(emu.teamId)).map((w) => w.id)).toContain(hook.id);
    await client.deleteWebhook(hook.id);
    expect((await client.listWebhooks(emu.teamId)).map((w) => w.id)).not.toContain(hook.id);
  });
});

describe('request accounting', () => {
  it('counts every attempt with bytes and time, by method, matching the events', () => {
    const stats = client.stats();
    expect(stats.requests).toBe(events.length);
    expect(stats.bytesSent).toBe(events.reduce((n, e) => n + e.bytesSent, 0));
    expect(stats.bytesReceived).toBe(events.reduce((n, e) => n + e.bytesReceived, 0));
    expect(stats.bytesReceived).toBeGreaterThan(1000);
    expect(stats.byMethod['POST']).toBe(events.filter((e) => e.method === 'POST').length);
    expect(stats.byMethod['DELETE']).toBe(2);
    expect(stats.ms).toBeGreaterThan(0);
    expect(events.every((e) => typeof e.status === 'number' && e.attempt === 1)).toBe(true);
  });
});

it('prints, emits and throws no secret', () => {
  expect(scan.size).toBeGreaterThan(10);
  expect(
    scan.leaks({
      token: emu.token,
      adminToken: emu.adminToken,
      clientSecret: emu.oauth.clientSecret,
      passcode: 'passcode-endpoints-test-42',
    }),
  ).toEqual([]);
});
