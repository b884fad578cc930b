/**
 * `tokensync login` end to end against the local service: the printed authorize page is approved as a
 * browser would, the loopback redirect delivers the code, and the pair is stored 0600. Output is
 * scanned for the secrets.
 */
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readTokenPair } from '../../src/api/index.js';
import type { CommandContext, Reporter } from '../../src/cli/context.js';
import { run } from '../../src/cli/commands/login.js';
import { startTestEmulator } from '../helpers/emulator.js';

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;
let emu: Emu;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => emu?.close());

function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-login-'));
  mkdirSync(path.join(root, 'config'));
  writeFileSync(path.join(root, 'ca.pem'), emu.ca);
  writeFileSync(
    path.join(root, 'config', 'tokensync.yaml'),
    `service:\n  url: ${emu.url}\n  fileKey: ${emu.fileKey}\n  caFile: ./ca.pem\n  oauth:\n    clientId: ${emu.oauth.clientId}\n    clientSecret: env:DFS_CLIENT_SECRET\n`,
  );
  return root;
}

function context(root: string, lines: string[], onInfo: (m: string) => void): CommandContext {
  const out: Reporter = {
    interactive: false,
    info: (m) => {
      lines.push(m);
      onInfo(m);
    },
    warn: (m) => lines.push(`warning: ${m}`),
    result: (human, data) => lines.push(human, JSON.stringify(data)),
    line: (t) => lines.push(t),
  };
  return {
    cwd: root,
    env: { DFS_CLIENT_SECRET: emu.oauth.clientSecret },
    global: { json: false, quiet: false },
    out,
    interrupted: new Promise(() => undefined),
  };
}

/** What a person does in the browser: open the page, press "Allow access", follow the redirect. */
async function approve(pageUrl: string): Promise<void> {
  const page = await emu.call('GET', pageUrl.slice(emu.url.length), { token: null });
  expect(page.text).toContain('Allow access');
  const q = new URL(pageUrl).searchParams;
  q.set('decision', 'allow');
  const approved = await emu.call('POST', '/oauth/approve', {
    token: null,
    raw: q.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(approved.status).toBe(302);
  const back = await request(String(approved.headers['location']));
  expect(await back.body.text()).toContain('Signed in');
}

it('signs in through the authorize page and stores the pair 0600, printing no secret', async () => {
  const root = project();
  const lines: string[] = [];
  let browsing: Promise<void> | undefined;
  const code = await run(
    { port: '0' },
    context(root, lines, (m) => {
      const url = /https:\/\/\S+\/oauth\?\S+/.exec(m)?.[0];
      if (url) browsing = approve(url);
    }),
  );
  await browsing;
  expect(code).toBe(0);
  const file = path.join(root, '.tokensync', 'oauth.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const pair = readTokenPair(file)!;
  const me = await emu.call('GET', '/v1/me', { bearer: pair.access_token });
  expect(me.status).toBe(200);
  const printed = lines.join('\n');
  expect(printed).toContain(`Signed in. The token pair is stored in ${file}`);
  for (const secret of [emu.oauth.clientSecret, pair.access_token, pair.refresh_token])
    expect(printed).not.toContain(secret);
});

it('explains what is missing when the config has no OAuth app', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-login-'));
  mkdirSync(path.join(root, 'config'));
  writeFileSync(path.join(root, 'config', 'tokensync.yaml'), `service:\n  url: ${emu.url}\n`);
  const err = await run(
    {},
    context(root, [], () => undefined),
  ).catch((e: unknown) => e);
  expect(`${(err as Error).message}\nfix: ${(err as { hint?: string }).hint}`).toMatchInlineSnapshot(`
    "config key "service.oauth" is not set, so there is no OAuth app to sign in with.
    fix: Add service.oauth with clientId and clientSecret (env:NAME or file:PATH) to config/tokensync.yaml, or use a personal token in service.token."
  `);
});
