/**
 * Checked against Figma's own document (docs/emulator.md "Dialects"): every endpoint of Figma's OpenAPI
 * document that the local service serves in the figma dialect, its answers (successes and the errors it
 * gives) validated against the document's response schema for that operation and status. Answers may
 * carry fields the document does not name; everything it requires must be there, with the right types and
 * enums. (The OAuth token endpoints are not in the document, so they are not checked here.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator, type HttpResult, type TestEmulator } from '../helpers/emulator.js';
import { checkNode, checkResponse, type Mismatch } from './spec.js';

const emu = useEmulator({ api: 'figma' });

const mismatches: Mismatch[] = [];
beforeEach(() => {
  mismatches.length = 0;
});
const seen = new Set<string>();
/** Calls the service and checks the answer against the document; returns it for the next step. */
async function call(method: string, path: string, opts: Parameters<TestEmulator['call']>[2] = {}): Promise<HttpResult> {
  const res = await emu.call(method, path, opts);
  const m = checkResponse(method, path, res.status, res.json ?? (res.text === '' ? undefined : res.text));
  if (m) {
    // On a node tree the first error is deep inside a oneOf; each node against its own schema says more.
    const trees = [
      res.json?.document,
      ...Object.values((res.json?.nodes ?? {}) as Record<string, { document?: unknown }>).map((n) => n?.document),
    ].filter(Boolean);
    const nodeErrors: string[] = [];
    const walk = (n: Record<string, unknown>): void => {
      nodeErrors.push(...checkNode(n));
      for (const c of (n['children'] ?? []) as Record<string, unknown>[]) walk(c);
    };
    for (const t of trees) walk(t as Record<string, unknown>);
    mismatches.push({ ...m, errors: [...m.errors, ...nodeErrors].slice(0, 12) });
  }
  seen.add(`${method} ${res.status}`);
  return res;
}

describe("the figma dialect answers as Figma's OpenAPI document says", () => {
  it('every success answer of every served operation', async () => {
    const key = emu.fileKey;
    expect((await call('GET', '/v1/me')).status).toBe(200);
    const file = await call('GET', `/v1/files/${key}`);
    expect(file.status).toBe(200);
    expect((await call('GET', `/v1/files/${key}?depth=1`)).status).toBe(200);
    const ids: string[] = [];
    const walk = (n: { id: string; children?: unknown[] }): void => {
      ids.push(n.id);
      for (const c of (n.children ?? []) as { id: string }[]) walk(c);
    };
    walk(file.json.document);
    expect(ids.length).toBeGreaterThan(5);
    expect((await call('GET', `/v1/files/${key}/nodes?ids=${encodeURIComponent(ids.join(','))}`)).status).toBe(200);
    expect(
      (await call('GET', `/v1/images/${key}?ids=${encodeURIComponent(ids.slice(1, 3).join(','))}&format=svg&scale=2`))
        .status,
    ).toBe(200);
    expect((await call('GET', `/v1/files/${key}/images`)).status).toBe(200);
    expect((await call('GET', `/v1/files/${key}/comments`)).status).toBe(200);
    const posted = await call('POST', `/v1/files/${key}/comments`, {
      body: { message: 'Checked against the document', client_meta: { x: 1, y: 2, node_id: ids[2] } },
    });
    expect(posted.status).toBe(200);
    const reply = await call('POST', `/v1/files/${key}/comments`, {
      body: { message: 'A reply', comment_id: posted.json.id },
    });
    expect(reply.status).toBe(200);
    expect((await call('DELETE', `/v1/files/${key}/comments/${posted.json.id}`)).status).toBe(200);
    const styles = await call('GET', `/v1/files/${key}/styles`);
    expect(styles.status).toBe(200);
    expect((await call('GET', `/v1/styles/${styles.json.meta.styles[0].key}`)).status).toBe(200);
    // Style nodes (on no page) through the nodes endpoint, as a client reading styles asks for them.
    const styleNodes = (styles.json.meta.styles as { node_id: string }[]).map((x) => x.node_id);
    expect((await call('GET', `/v1/files/${key}/nodes?ids=${encodeURIComponent(styleNodes.join(','))}`)).status).toBe(
      200,
    );
    expect((await call('GET', `/v1/files/${key}/components`)).status).toBe(200);
    expect((await call('GET', `/v1/files/${key}/component_sets`)).status).toBe(200);
    const local = await call('GET', `/v1/files/${key}/variables/local`);
    expect(local.status).toBe(200);
    const col = Object.values(
      local.json.meta.variableCollections as Record<string, { id: string; defaultModeId: string }>,
    )[0]!;
    const written = await call('POST', `/v1/files/${key}/variables`, {
      body: {
        variableCollections: [
          {
            action: 'CREATE',
            id: 'new-collection',
            name: 'Checked',
            initialModeId: 'first-mode',
            hiddenFromPublishing: true,
          },
        ],
        variableModes: [{ action: 'CREATE', id: 'second-mode', name: 'Dense', variableCollectionId: 'new-collection' }],
        variables: [
          {
            action: 'CREATE',
            id: 'gap',
            name: 'gap',
            variableCollectionId: 'new-collection',
            resolvedType: 'FLOAT',
            scopes: ['GAP'],
            codeSyntax: { WEB: 'var(--gap)' },
            hiddenFromPublishing: true,
          },
          {
            action: 'CREATE',
            id: 'fade',
            name: 'fade',
            variableCollectionId: col.id,
            resolvedType: 'FLOAT',
            scopes: ['COLOR_OPACITY'],
          },
        ],
        variableModeValues: [
          { variableId: 'gap', modeId: 'first-mode', value: 8 },
          { variableId: 'gap', modeId: 'second-mode', value: 4 },
          { variableId: 'fade', modeId: col.defaultModeId, value: 0.5 },
        ],
      },
    });
    expect(written.status, written.text).toBe(200);
    expect(Object.keys(written.json.meta.tempIdToRealId).sort()).toEqual([
      'fade',
      'first-mode',
      'gap',
      'new-collection',
      'second-mode',
    ]);
    expect((await call('GET', `/v1/files/${key}/variables/local`)).status).toBe(200);

    const hook = await call('POST', '/v2/webhooks', {
      body: {
        event_type: 'FILE_UPDATE',
        context: 'team',
        context_id: emu.teamId,
        endpoint: 'https://127.0.0.1:9/hook',
        passcode: 'a-passcode-of-ours',
        description: 'checked',
      },
    });
    expect(hook.status, hook.text).toBe(200);
    expect(hook.text).not.toContain('a-passcode-of-ours');
    expect((await call('GET', `/v2/webhooks/${hook.json.id}`)).status).toBe(200);
    expect((await call('GET', `/v2/teams/${emu.teamId}/webhooks`)).status).toBe(200);
    // A context's webhooks, where Figma lists them (OpenAPI `getWebhooks`).
    const listed = await call('GET', `/v2/webhooks?context=team&context_id=${emu.teamId}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.webhooks.map((w: { id: string }) => w.id)).toContain(hook.json.id);
    expect((await call('DELETE', `/v2/webhooks/${hook.json.id}`)).status).toBe(200);

    expect(mismatches).toEqual([]);
  });

  it('every error the service gives, in the shape the document gives for that operation and status', async () => {
    const key = emu.fileKey;
    const noToken = { token: null };
    const reads = [
      `/v1/me`,
      `/v1/files/${key}`,
      `/v1/files/${key}/nodes?ids=0:1`,
      `/v1/images/${key}?ids=0:1`,
      `/v1/files/${key}/images`,
      `/v1/files/${key}/comments`,
      `/v1/files/${key}/styles`,
      `/v1/files/${key}/components`,
      `/v1/files/${key}/component_sets`,
      `/v1/files/${key}/variables/local`,
      `/v2/teams/${emu.teamId}/webhooks`,
    ];
    for (const path of reads) expect((await call('GET', path, noToken)).status).toBe(403);
    expect((await call('POST', `/v1/files/${key}/variables`, { ...noToken, body: { variables: [] } })).status).toBe(
      403,
    );
    expect((await call('POST', '/v2/webhooks', { ...noToken, body: {} })).status).toBe(403);
    // A token without the variables scope.
    const readOnly = await emu.admin.mintToken({ scopes: ['file_content:read'] });
    expect((await call('GET', `/v1/files/${key}/variables/local`, { token: readOnly })).status).toBe(403);
    expect(
      (await call('POST', `/v1/files/${key}/variables`, { token: readOnly, body: { variables: [] } })).status,
    ).toBe(403);

    for (const path of [
      `/v1/files/nope`,
      `/v1/files/nope/nodes?ids=0:1`,
      `/v1/images/nope?ids=0:1`,
      `/v1/files/nope/images`,
      `/v1/files/nope/comments`,
      `/v1/files/nope/styles`,
      `/v1/files/nope/components`,
      `/v1/files/nope/component_sets`,
      `/v1/files/nope/variables/local`,
      `/v1/styles/nope`,
    ]) {
      expect((await call('GET', path)).status).toBe(404);
    }
    expect((await call('POST', `/v1/files/nope/variables`, { body: { variables: [] } })).status).toBe(404);
    expect((await call('GET', `/v2/webhooks/404404`)).status).toBe(404);
    expect((await call('DELETE', `/v2/webhooks/404404`)).status).toBe(404);
    expect((await call('DELETE', `/v1/files/${key}/comments/404404`)).status).toBe(404);

    // 400s: a bad batch, a bad comment, a bad webhook, a bad node list.
    expect(
      (
        await call('POST', `/v1/files/${key}/variables`, {
          body: { variableModes: [{ action: 'CREATE', name: 'x'.repeat(41), variableCollectionId: 'nope' }] },
        })
      ).status,
    ).toBe(400);
    expect((await call('POST', `/v1/files/${key}/comments`, { body: { message: '' } })).status).toBe(400);
    expect(
      (
        await call('POST', '/v2/webhooks', {
          body: {
            event_type: 'FILE_UPDATE',
            context: 'team',
            context_id: emu.teamId,
            endpoint: 'http://plain',
            passcode: 'p',
          },
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', `/v1/files/${key}/nodes`)).status).toBe(400);
    expect((await call('GET', `/v1/images/${key}?ids=0:1&format=gif`)).status).toBe(400);

    // 429 and 500 (injected), on a variables endpoint and a files endpoint.
    for (const path of [`/v1/files/${key}/variables/local`, `/v1/files/${key}`]) {
      await emu.admin.addFault({ method: 'GET', path: path.replace(key, '*'), fault: 'rate-limit', retryAfter: 1 });
      expect((await call('GET', path)).status).toBe(429);
      await emu.admin.addFault({ method: 'GET', path: path.replace(key, '*'), fault: 'error-500' });
      expect((await call('GET', path)).status).toBe(500);
    }
    expect(mismatches).toEqual([]);
  });

  it('the check can fail: dfs spellings are refused where Figma spells otherwise', () => {
    expect(
      checkResponse('POST', '/v1/files/k/variables', 200, { status: 200, error: false, meta: { tempIdMapping: {} } }),
    ).not.toBeNull();
    expect(checkResponse('GET', '/v1/me', 403, { status: 403, error: true, message: 'Invalid token' })).not.toBeNull();
    expect(
      checkResponse('GET', '/v1/files/k/variables/local', 403, { status: 403, err: 'Invalid token' }),
    ).not.toBeNull();
    const variable = {
      id: 'VariableID:1:1',
      name: 'a',
      key: 'k',
      variableCollectionId: 'c',
      resolvedType: 'FLOAT',
      valuesByMode: { '1:0': 1 },
      remote: false,
      description: '',
      hiddenFromPublishing: false,
      scopes: ['ALL_SCOPES'],
    };
    const answer = (v: object) => ({
      status: 200,
      error: false,
      meta: { variableCollections: {}, variables: { 'VariableID:1:1': v } },
    });
    expect(checkResponse('GET', '/v1/files/k/variables/local', 200, answer(variable))).not.toBeNull(); // codeSyntax is required
    expect(
      checkResponse('GET', '/v1/files/k/variables/local', 200, answer({ ...variable, codeSyntax: {} })),
    ).toBeNull();
    expect(
      checkResponse(
        'GET',
        '/v1/files/k/variables/local',
        200,
        answer({ ...variable, codeSyntax: {}, scopes: ['NOT_A_SCOPE'] }),
      ),
    ).not.toBeNull();
  });
});
