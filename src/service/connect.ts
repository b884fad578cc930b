/**
 * Opens the design file's service as the config says (docs/architecture.md "The local service"):
 * - `service.url: local` (the default) starts the embedded local service in this process, with its
 *   state under `<root>/.tokensync/` (git-ignored), so a fresh clone works with no account;
 * - an https:// URL uses the real service with the personal token (or OAuth pair) from the config.
 * Either way the caller gets the same typed client; nothing else in tokensync knows the difference.
 */
import path from 'node:path';
// The client module, not the api index: the index re-exports the zod schemas (docs/benchmarks.md "Fast paths").
import { createClient } from '../api/client.js';
import type { ClientOptions, DesignFileClient } from '../api/index.js';
import type { LoadedConfig } from '../config/find.js';
import { ConfigError } from '../config/find.js';
import { resolveSecret } from '../config/secrets.js';
import { TokensyncError } from '../errors.js';
import { readTextFileSync } from '../fs/read.js';

export interface ServiceConnection {
  client: DesignFileClient;
  fileKey: string;
  /** Where the variables live, for messages: the URL, or "the embedded local service". */
  label: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  env: NodeJS.ProcessEnv;
  /** Passed to the client: tests shrink waits with it. */
  timeScale?: number;
  onRequest?: ClientOptions['onRequest'];
  onWait?: ClientOptions['onWait'];
  /** Told when the embedded local service was seeded from the repository (a fresh clone). */
  onLocalSeed?: (info: { variables: number; version: number }) => void;
  /** SIGINT/SIGTERM: no new request once aborted; waits end at once (cli/signals.ts). */
  signal?: AbortSignal;
}

export const LOCAL_STATE_DIR = '.tokensync';

export async function connect(loaded: LoadedConfig, opts: ConnectOptions): Promise<ServiceConnection> {
  const { config, root } = loaded;
  const service = config.service;
  const common = {
    timeoutMs: service.timeoutMs,
    maxRetries: service.maxRetries,
    retryBudgetSeconds: service.retryBudgetSeconds,
    api: service.api,
    // The run's environment, not the process's (NODE_EXTRA_CA_CERTS, TOKENSYNC_TIME_SCALE): docs/architecture.md "Testing".
    env: opts.env,
    ...(opts.timeScale === undefined ? {} : { timeScale: opts.timeScale }),
    ...(opts.onRequest ? { onRequest: opts.onRequest } : {}),
    ...(opts.onWait ? { onWait: opts.onWait } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  } satisfies Partial<ClientOptions>;

  if (service.url === 'local') {
    // Imported lazily: commands that do not talk to the service never load the server code.
    const { startEmulator } = await import('../emulator/index.js');
    const stateDir = path.join(root, LOCAL_STATE_DIR);
    const dataFile = path.join(stateDir, 'service.json');
    // A fresh clone seeds the local service from the repository; state behind the lock is refused
    // (local-seed.ts), so no committed token is ever read as deleted in the design file.
    const prepared = await (await import('./local-seed.js')).prepareLocalService(root, config, dataFile);
    if (prepared.kind === 'seeded') opts.onLocalSeed?.(prepared);
    const emulator = await startEmulator({
      port: 0,
      dataFile,
      // The demo file only where the project asks for it (service.seed); a team's own project never
      // sees the demo's variables or styles (docs/emulator.md "Whose file the embedded service holds").
      seed: config.service.seed === 'demo' ? 'demo' : 'empty',
      stateDir,
      fileKey: service.fileKey,
      api: service.api,
    });
    const client = createClient({
      ...common,
      baseUrl: emulator.url,
      ca: emulator.ca,
      auth: { kind: 'token', token: emulator.token },
    });
    return {
      client,
      fileKey: emulator.fileKey,
      label: `the embedded local service (${path.join(LOCAL_STATE_DIR, 'service.json')})`,
      async close() {
        await client.close();
        await emulator.close();
      },
    };
  }

  let ca: string | undefined;
  if (service.caFile) {
    const caPath = path.resolve(root, service.caFile);
    try {
      ca = readTextFileSync(caPath);
      if (ca === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    } catch (cause) {
      const why =
        cause instanceof TokensyncError && cause.code !== 'FS_ERROR'
          ? cause.message
          : `${caPath}, which cannot be read.`;
      throw new ConfigError('CA_FILE_UNREADABLE', `config key "service.caFile" points at ${why}`, {
        hint: 'Fix the path (relative to the project root) or remove the key to use the system certificates.',
        cause,
      });
    }
    // A file with no certificate in it would silently trust nothing extra.
    if (!/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.test(ca)) {
      throw new ConfigError(
        'CA_FILE_EMPTY',
        `config key "service.caFile" points at ${caPath}, which holds no PEM certificate.`,
        {
          hint: 'Point service.caFile at the CA certificate in PEM form (a block starting with "-----BEGIN CERTIFICATE-----"), or remove the key to use the system certificates.',
        },
      );
    }
  }
  const auth: ClientOptions['auth'] = service.oauth
    ? {
        kind: 'oauth',
        clientId: service.oauth.clientId,
        clientSecret: resolveSecret(service.oauth.clientSecret, {
          key: 'service.oauth.clientSecret',
          root,
          env: opts.env,
        }),
        tokenFile: path.resolve(root, service.oauth.tokenFile),
      }
    : { kind: 'token', token: resolveSecret(service.token, { key: 'service.token', root, env: opts.env }) };
  const client = createClient({ ...common, baseUrl: service.url, auth, ...(ca ? { ca } : {}) });
  return { client, fileKey: service.fileKey, label: service.url, close: () => client.close() };
}
