/**
 * The local Design File Service (docs/architecture.md "The local service"): every endpoint of the spec
 * over HTTPS with a certificate made at start, in-memory state optionally saved to a JSON file.
 * `startEmulator` is the contract the CLI command, the test helper and the embedded `local` service use.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { TokensyncError } from '../errors.js';
import { createCertificateAuthority } from './cert.js';
import { FaultTable } from './faults.js';
import { loadState } from './persist.js';
import { RateLimiter } from './rate-limit.js';
import { commentRoutes } from './routes/comments.js';
import type { Endpoint } from './routes/context.js';
import { fileRoutes } from './routes/files.js';
import { libraryRoutes } from './routes/library.js';
import { oauthRoutes } from './routes/oauth.js';
import { runEnv } from '../run-scope.js';
import { timeScaleFromEnv } from '../time-scale.js';
import { variableRoutes } from './routes/variables.js';
import { webhookRoutes } from './routes/webhooks.js';
import { newIdentity, seedState } from './seed.js';
import { digest } from './ids.js';
import { type EmulatorState, PERSONAL_SCOPES } from './state.js';
import { createFront, type Front } from './server.js';
import { Service } from './service.js';
import { WebhookDispatcher } from './webhook-delivery.js';

export interface EmulatorOptions {
  port?: number; // default 0 (any free port)
  host?: string; // default '127.0.0.1'
  dataFile?: string; // load at start if it exists; save atomically after every change
  seed?: 'demo' | 'empty'; // used when there is no saved state; default 'demo'
  rateLimitPerMinute?: number; // per token; default 600; variables batch = one call; /v1/me exempt
  timeScale?: number; // multiplies every wait and timeout (webhook 10 s, Retry-After windows, token expiry), default 1
  stateDir?: string; // where the CA certificate file is written; default a fresh temp dir
  /** Extra CA certificates (PEM) trusted when delivering webhooks; NODE_EXTRA_CA_CERTS is trusted too. */
  trustCa?: string[];
  /**
   * The seeded file's key (random when omitted). Applies when seeding, not to saved state. The embedded
   * service passes the config's `service.fileKey`, so with the deterministic seed a fresh clone's
   * committed lock matches what its local service holds.
   */
  fileKey?: string;
  /**
   * Which API it speaks (docs/emulator.md "Dialects"): `dfs` (default, the published spec)
   * or `figma` (Figma's REST API as in @figma/rest-api-spec). One dialect per running service.
   */
  api?: 'dfs' | 'figma';
}

export interface RunningEmulator {
  url: string; // https://127.0.0.1:PORT
  caFile: string; // PEM of the CA that signed the server cert; in a temporary folder close() removes, unless stateDir was given
  ca: string; // same PEM as text
  token: string; // personal token with all scopes, owner of the seeded file
  fileKey: string; // the seeded file
  teamId: string;
  api: 'dfs' | 'figma';
  adminToken: string; // for /_emulator/ only
  /** A registered OAuth app; its redirect URIs are any loopback URI (see docs/emulator.md). */
  oauth: { clientId: string; clientSecret: string };
  close(): Promise<void>;
}

export class EmulatorOptionsError extends TokensyncError {
  override name = 'EmulatorOptionsError';
}

function extraCaFromEnv(): string[] {
  const file = runEnv()['NODE_EXTRA_CA_CERTS'];
  if (!file) return [];
  try {
    return [readFileSync(file, 'utf8')];
  } catch {
    return [];
  }
}

/** The options with their defaults, each checked before anything starts. */
function checkedOptions(options: EmulatorOptions) {
  const timeScale = options.timeScale ?? timeScaleFromEnv();
  if (!(timeScale > 0) || !Number.isFinite(timeScale))
    throw new EmulatorOptionsError('EMULATOR_OPTIONS', `timeScale must be a positive number (got ${timeScale}).`);
  const limit = options.rateLimitPerMinute ?? 600;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new EmulatorOptionsError(
      'EMULATOR_OPTIONS',
      `The rate limit must be a whole number of at least 1 request per minute (got ${limit}).`,
      { hint: 'Pass --rate-limit with a positive whole number.' },
    );
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EmulatorOptionsError(
      'EMULATOR_OPTIONS',
      `The port must be a whole number from 0 to 65535 (got ${port}).`,
      { hint: 'Pass --port 0 for any free port.' },
    );
  }
  if (options.fileKey !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(options.fileKey)) {
    throw new EmulatorOptionsError(
      'EMULATOR_OPTIONS',
      `The file key must be 1 to 64 letters, digits, "-" or "_" (got ${JSON.stringify(options.fileKey)}).`,
      { hint: 'File keys appear in URL paths; pick a plain key such as "demo".' },
    );
  }
  const api = options.api ?? 'dfs';
  if (api !== 'dfs' && api !== 'figma')
    throw new EmulatorOptionsError(
      'EMULATOR_OPTIONS',
      `The API dialect must be "dfs" or "figma" (got ${JSON.stringify(api)}).`,
      { hint: 'Pass --api dfs or --api figma.' },
    );
  return { timeScale, limit, port, host: options.host ?? '127.0.0.1', api };
}

/** The saved state (`dataFile`) or a fresh seed; the ready line's token gets every personal scope. */
async function initialState(options: EmulatorOptions): Promise<EmulatorState> {
  const saved = options.dataFile === undefined ? null : await loadState(options.dataFile);
  const state = saved ?? seedState(newIdentity(options.fileKey), options.seed ?? 'demo', Date.now());
  // State saved before the figma dialect's scopes (file_variables:*) existed gets them, so `--data`
  // files keep working in either dialect.
  const own = state.tokens[digest(state.identity.token)];
  if (own && own.kind === 'personal') own.scopes = [...new Set([...own.scopes, ...PERSONAL_SCOPES])];
  return state;
}

/**
 * A fresh CA and the server certificate it signs for `host`; the CA's PEM is written (atomically) to
 * `ca.pem` in `stateDirOption`, or in a temporary folder of its own, which `ownDir` names so that
 * `close()` removes it (every embedded service would otherwise leave one behind).
 */
async function tlsMaterial(host: string, stateDirOption: string | undefined) {
  const ca = createCertificateAuthority();
  const leaf = ca.issue([
    '127.0.0.1',
    'localhost',
    '::1',
    ...(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host) ? [] : [host]),
  ]);
  const stateDir = stateDirOption ?? (await mkdtemp(join(tmpdir(), 'tokensync-emulator-')));
  await mkdir(stateDir, { recursive: true });
  const caFile = join(stateDir, 'ca.pem');
  const tmp = `${caFile}.${process.pid}.tmp`;
  await writeFile(tmp, ca.cert);
  await rename(tmp, caFile);
  return { ca, leaf, caFile, ownDir: stateDirOption === undefined ? stateDir : undefined };
}

/** Listens on host:port; a failure to (a port in use) is an EmulatorOptionsError that says what to change. */
function listen(net: Front['net'], host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    net.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new EmulatorOptionsError(
          'EMULATOR_LISTEN',
          `The local service could not listen on ${host}:${port} (${err.code ?? err.message}).`,
          {
            hint:
              err.code === 'EADDRINUSE'
                ? 'Another program uses that port; pick another with --port, or --port 0 for any free port.'
                : 'Check --host and --port.',
            cause: err,
          },
        ),
      ),
    );
    net.listen(port, host, () => resolve());
  });
}

const ROUTES: Endpoint[] = [
  ...fileRoutes,
  ...commentRoutes,
  ...libraryRoutes,
  ...variableRoutes,
  ...webhookRoutes,
  ...oauthRoutes,
];

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { timeScale, limit, port, host, api } = checkedOptions(options);
  const state = await initialState(options);
  // `POST /_emulator/reset` without a seed goes back to the content this run started from.
  const startSeed = state.seed;
  const { ca, leaf, caFile, ownDir } = await tlsMaterial(host, options.stateDir);

  const faults = new FaultTable();
  const limiter = new RateLimiter(limit, 60_000 * timeScale);
  const extraCa = [ca.cert, ...(options.trustCa ?? []), ...extraCaFromEnv()];
  const svc = new Service(
    state,
    { timeScale, dataFile: options.dataFile, api },
    faults,
    limiter,
    (service) =>
      new WebhookDispatcher({
        timeScale,
        extraCa,
        webhook: (id) => (Object.hasOwn(service.state.webhooks, id) ? service.state.webhooks[id] : undefined),
        changed: () => service.commit(),
        nowIso: () => service.nowIso(),
      }),
  );
  const front = createFront({ cert: leaf.cert, key: leaf.key }, ROUTES, {
    svc,
    async reset(next) {
      svc.restartWebhooks();
      svc.state = seedState(svc.state.identity, next ?? startSeed, Date.now());
      faults.clear();
      limiter.reset();
      svc.requests.length = 0;
      await svc.commit();
    },
  });

  await listen(front.net, host, port);
  const actual = (front.net.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' || host === '::1' ? '[::1]' : host;
  svc.origin = `https://${urlHost}:${actual}`;
  await svc.commit();

  let closed = false;
  return {
    url: svc.origin,
    caFile,
    ca: ca.cert,
    token: state.identity.token,
    fileKey: state.identity.fileKey,
    teamId: state.identity.teamId,
    api,
    adminToken: state.identity.adminToken,
    oauth: { clientId: state.identity.oauthClient.clientId, clientSecret: state.identity.oauthClient.clientSecret },
    async close() {
      if (closed) return;
      closed = true;
      try {
        svc.webhooks.close();
        await front.close();
        await svc.commit();
      } finally {
        if (ownDir !== undefined) await rm(ownDir, { recursive: true, force: true });
      }
    },
  };
}
