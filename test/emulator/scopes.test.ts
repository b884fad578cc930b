/**
 * Every endpoint against the scope table: the personal-token scopes of the spec and the agreed OAuth
 * mapping (files:read for file content except variables, file_variables:read/write for variables).
 * A token with exactly the needed scope gets through (not 403); one with every other scope gets 403.
 */
import { describe, expect, it } from 'vitest';
import { type TestEmulator, useEmulator } from '../helpers/emulator.js';
import { OAUTH_SCOPES, PERSONAL_SCOPES } from '../../src/emulator/state.js';

const emu = useEmulator();

type Call = (e: TestEmulator) => [string, string, unknown?];
const endpoints: [string, Call, string, string][] = [
  ['GET file', (e) => ['GET', `/v1/files/${e.fileKey}`], 'file_content:read', 'files:read'],
  ['GET nodes', (e) => ['GET', `/v1/files/${e.fileKey}/nodes?ids=1:2`], 'file_content:read', 'files:read'],
  ['GET images', (e) => ['GET', `/v1/images/${e.fileKey}?ids=1:2`], 'file_content:read', 'files:read'],
  ['GET image fills', (e) => ['GET', `/v1/files/${e.fileKey}/images`], 'file_content:read', 'files:read'],
  ['GET comments', (e) => ['GET', `/v1/files/${e.fileKey}/comments`], 'file_content:read', 'files:read'],
  [
    'POST comment',
    (e) => ['POST', `/v1/files/${e.fileKey}/comments`, { message: 'hi' }],
    'file_comments:write',
    'file_comments:write',
  ],
  [
    'DELETE comment',
    (e) => ['DELETE', `/v1/files/${e.fileKey}/comments/404`],
    'file_comments:write',
    'file_comments:write',
  ],
  ['GET styles', (e) => ['GET', `/v1/files/${e.fileKey}/styles`], 'file_content:read', 'files:read'],
  ['GET style', () => ['GET', '/v1/styles/0000'], 'file_content:read', 'files:read'],
  ['GET components', (e) => ['GET', `/v1/files/${e.fileKey}/components`], 'file_content:read', 'files:read'],
  ['GET component sets', (e) => ['GET', `/v1/files/${e.fileKey}/component_sets`], 'file_content:read', 'files:read'],
  [
    'GET variables',
    (e) => ['GET', `/v1/files/${e.fileKey}/variables/local`],
    'file_content:read',
    'file_variables:read',
  ],
  [
    'POST variables',
    (e) => ['POST', `/v1/files/${e.fileKey}/variables`, {}],
    'file_content:write',
    'file_variables:write',
  ],
  [
    'PUT variables',
    (e) => ['PUT', `/v1/files/${e.fileKey}/variables`, {}],
    'file_content:write',
    'file_variables:write',
  ],
  ['POST webhook', (_e) => ['POST', '/v2/webhooks', {}], 'webhooks:write', 'webhooks:write'],
  ['GET webhooks', (e) => ['GET', `/v2/webhooks/${e.teamId}`], 'webhooks:write', 'webhooks:write'],
  ['DELETE webhook', () => ['DELETE', '/v2/webhooks/404'], 'webhooks:write', 'webhooks:write'],
];

describe.each(endpoints)('%s', (_name, call, personal, oauth) => {
  it(`needs ${personal} with a personal token`, async () => {
    const [method, path, body] = call(emu);
    const ok = await emu.admin.mintToken({ scopes: [personal] });
    expect((await emu.call(method, path, { token: ok, body })).status).not.toBe(403);
    const others = await emu.admin.mintToken({ scopes: PERSONAL_SCOPES.filter((s) => s !== personal) });
    const denied = await emu.call(method, path, { token: others, body });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe(
      `Invalid scope: this endpoint needs the ${personal} scope, which the token does not have.`,
    );
  });

  it(`needs ${oauth} with an OAuth token`, async () => {
    const [method, path, body] = call(emu);
    const ok = await emu.admin.mintToken({ kind: 'oauth', scopes: [oauth] });
    expect((await emu.call(method, path, { bearer: ok, body })).status).not.toBe(403);
    const others = await emu.admin.mintToken({ kind: 'oauth', scopes: OAUTH_SCOPES.filter((s) => s !== oauth) });
    expect((await emu.call(method, path, { bearer: others, body })).status).toBe(403);
  });
});

describe('GET /v1/me', () => {
  it('accepts any valid token, whatever its scopes', async () => {
    const pat = await emu.admin.mintToken({ scopes: [] });
    expect((await emu.call('GET', '/v1/me', { token: pat })).status).toBe(200);
    const oat = await emu.admin.mintToken({ kind: 'oauth', scopes: ['file_comments:write'] });
    expect((await emu.call('GET', '/v1/me', { bearer: oat })).status).toBe(200);
  });
});
