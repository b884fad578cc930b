/**
 * `tokensync login`: OAuth sign-in (spec "OAuth 2.0" steps 2–4). Prints the authorize URL, receives
 * the code on a loopback redirect, exchanges it and stores the token pair (0600) in
 * `service.oauth.tokenFile`. Later commands refresh the pair by themselves (src/api/auth.ts).
 *
 * The authorize page is `{auth_url}/oauth`. The config has no key for auth_url, so it is the origin of
 * service.url unless TOKENSYNC_AUTH_URL is set (the real service has it on a different host).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authorizeUrl, exchangeAuthorizationCode } from '../../api/oauth-login.js';
import { startCallbackServer } from '../../api/oauth-callback.js';
import { loadConfig } from '../../config/load.js';
import { resolveSecret } from '../../config/secrets.js';
import { TokensyncError } from '../../errors.js';
import { requireProject } from '../project.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

/** What tokensync needs: read files and variables, write variables, manage webhooks. */
export const LOGIN_SCOPES = ['files:read', 'file_variables:read', 'file_variables:write', 'webhooks:write'];

export async function run(options: { port?: string }, ctx: CommandContext): Promise<ExitCode> {
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(loaded.file, ctx.cwd);
  const { service } = loaded.config;
  if (!service.oauth) {
    throw new TokensyncError(
      'LOGIN_NO_OAUTH',
      'config key "service.oauth" is not set, so there is no OAuth app to sign in with.',
      {
        hint: 'Add service.oauth with clientId and clientSecret (env:NAME or file:PATH) to config/tokensync.yaml, or use a personal token in service.token.',
      },
    );
  }
  if (service.url === 'local') {
    throw new TokensyncError('LOGIN_LOCAL', 'service.url is "local": the embedded local service needs no sign-in.', {
      hint: 'Set service.url to the https:// address of the service you want to sign in to.',
    });
  }
  const port = Number(options.port ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TokensyncError('LOGIN_BAD_PORT', `--port ${options.port ?? ''} is not a port number.`, {
      hint: 'Pass a number from 0 (any free port) to 65535.',
    });
  }
  const clientSecret = resolveSecret(service.oauth.clientSecret, {
    key: 'service.oauth.clientSecret',
    root: loaded.root,
    env: ctx.env,
  });
  const tokenFile = path.resolve(loaded.root, service.oauth.tokenFile);
  const ca = service.caFile ? readFileSync(path.resolve(loaded.root, service.caFile), 'utf8') : undefined;
  const authUrl = ctx.env['TOKENSYNC_AUTH_URL'] ?? service.url;

  const state = randomBytes(16).toString('hex');
  const callback = await startCallbackServer({ port, state });
  try {
    const { url: pageUrl } = authorizeUrl({
      authUrl,
      clientId: service.oauth.clientId,
      redirectUri: callback.redirectUri,
      scopes: LOGIN_SCOPES,
      state,
    });
    ctx.out.info(
      `Open this address in a browser and approve access:\n\n  ${pageUrl}\n\nWaiting for the redirect to ${callback.redirectUri} (Ctrl-C to cancel)…`,
    );
    const code = await Promise.race([callback.code, ctx.interrupted.then(() => undefined)]);
    if (code === undefined) {
      ctx.out.warn('Sign-in cancelled; nothing was stored.');
      return EXIT.error;
    }
    const { expiresAt } = await exchangeAuthorizationCode({
      baseUrl: service.url,
      ...(ca === undefined ? {} : { ca }),
      env: ctx.env,
      clientId: service.oauth.clientId,
      clientSecret,
      redirectUri: callback.redirectUri,
      code,
      tokenFile,
      timeoutMs: service.timeoutMs,
    });
    ctx.out.result(
      `Signed in. The token pair is stored in ${tokenFile} (mode 0600); the access token is renewed automatically.`,
      {
        tokenFile,
        accessTokenExpiresAt: expiresAt.toISOString(),
      },
    );
    return EXIT.ok;
  } finally {
    await callback.close();
  }
}
