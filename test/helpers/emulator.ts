/**
 * The local service for everyone's tests: `useEmulator` gives a test file one service (started before
 * its tests, optionally reset before each, stopped after), `startTestEmulator` runs one in process
 * (port 0, fast clock) for tests that manage it themselves, `spawnEmulatorCli` runs the real `tokensync emulator` command as a child process (needs dist/, built
 * by test/helpers/global-setup.ts). Requests go over real HTTPS, trusting the emulator's CA.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request as undiciRequest } from 'undici';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import type { FaultRule } from '../../src/emulator/faults.js';

export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  fault?: string;
  at: string;
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: any;
}

export interface CallOptions {
  /** Personal token (X-Service-Token, figma: X-Figma-Token); default the emulator's all-scopes token. `null` sends none. */
  token?: string | null;
  /** OAuth access token (Authorization: Bearer); when set, no personal token is sent. */
  bearer?: string;
  body?: unknown;
  /** Raw body (sent as is), e.g. a form. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestEmulator extends RunningEmulator {
  /** undici dispatcher that trusts the emulator's CA. */
  dispatcher: Agent;
  call(method: string, path: string, opts?: CallOptions): Promise<HttpResult>;
  admin: {
    requests(): Promise<LoggedRequest[]>;
    /** The request log as `METHOD /path` lines, the file key as `:key`, an injected fault in brackets. */
    calls(): Promise<string[]>;
    clearRequests(): Promise<void>;
    addFault(rule: FaultRule): Promise<{ id: string }>;
    clearFaults(): Promise<void>;
    reset(seed?: 'demo' | 'empty'): Promise<void>;
    /** A new credential with these scopes (personal by default). */
    mintToken(opts: {
      scopes: string[];
      kind?: 'personal' | 'oauth';
      user?: 'owner' | 'collaborator';
      expiresInSeconds?: number;
    }): Promise<string>;
    /** Moves the emulator clock forward by service seconds. */
    advanceClock(seconds: number): Promise<void>;
    /** Webhook delivery attempts, after the ones in flight have finished. */
    deliveries(): Promise<
      {
        webhookId: string;
        eventType: string;
        attempt: number;
        status: number | null;
        ok: boolean;
        error: string | null;
      }[]
    >;
  };
}

async function call(
  url: string,
  dispatcher: Agent,
  defaultToken: string,
  method: string,
  path: string,
  opts: CallOptions = {},
  tokenHeader = 'x-service-token',
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.bearer !== undefined) headers['authorization'] = `Bearer ${opts.bearer}`;
  else if (opts.token !== null) headers[tokenHeader] = opts.token ?? defaultToken;
  let body: string | Buffer | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await undiciRequest(`${url}${path}`, {
    method: method as 'GET',
    headers,
    body: body ?? null,
    dispatcher,
  });
  const text = await res.body.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json: parsed };
}

export async function startTestEmulator(opts: EmulatorOptions = {}): Promise<TestEmulator> {
  const emu = await startEmulator({ timeScale: 0.01, rateLimitPerMinute: 100_000, ...opts });
  const dispatcher = new Agent({ connect: { ca: emu.ca } });
  // The personal token goes in the dialect's header (figma: X-Figma-Token); admin calls accept either.
  const tokenHeader = emu.api === 'figma' ? 'x-figma-token' : 'x-service-token';
  const c = (method: string, path: string, o?: CallOptions): Promise<HttpResult> =>
    call(emu.url, dispatcher, emu.token, method, path, o, tokenHeader);
  const admin = async (method: string, path: string, body?: unknown): Promise<any> => {
    const r = await c(method, path, { token: emu.adminToken, ...(body === undefined ? {} : { body }) });
    if (r.status !== 200) throw new Error(`${method} ${path} answered ${r.status}: ${r.text}`);
    return r.json;
  };
  return {
    ...emu,
    dispatcher,
    call: c,
    async close() {
      await emu.close();
      await dispatcher.close();
    },
    admin: {
      requests: async () => (await admin('GET', '/_emulator/requests')).requests,
      calls: async () =>
        ((await admin('GET', '/_emulator/requests')).requests as LoggedRequest[]).map(
          (r) => `${r.method} ${r.path.replace(emu.fileKey, ':key')}${r.fault ? ` (${r.fault})` : ''}`,
        ),
      clearRequests: async () => void (await admin('DELETE', '/_emulator/requests')),
      addFault: async (rule) => (await admin('POST', '/_emulator/faults', rule)).fault,
      clearFaults: async () => void (await admin('DELETE', '/_emulator/faults')),
      reset: async (seed) => void (await admin('POST', '/_emulator/reset', seed ? { seed } : {})),
      mintToken: async (o) => (await admin('POST', '/_emulator/tokens', o)).token,
      advanceClock: async (seconds) => void (await admin('POST', '/_emulator/clock', { advanceSeconds: seconds })),
      deliveries: async () => (await admin('GET', '/_emulator/deliveries?wait=1')).deliveries,
    },
  };
}

export interface UseEmulatorOptions extends EmulatorOptions {
  /**
   * Before each test, reset the service (which also clears its faults, rate-limit window and request
   * log): to the content it started with (`true`), or to the `demo` or `empty` seed. Omitted: the
   * file's tests share one state.
   */
  resetEach?: true | 'demo' | 'empty';
}

/**
 * One local service for the tests of a file (or of the `describe` it is called in): started in
 * `beforeAll`, reset before each test when `resetEach` says so, stopped in `afterAll`. The handle it
 * returns forwards to the running service, so it can be declared at the top of the file and used in
 * tests and later hooks.
 */
export function useEmulator(options: UseEmulatorOptions = {}): TestEmulator {
  const { resetEach, ...start } = options;
  let current: TestEmulator | undefined;
  beforeAll(async () => {
    current = await startTestEmulator(start);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  if (resetEach !== undefined)
    beforeEach(async () => {
      await running().admin.reset(resetEach === true ? undefined : resetEach);
    });
  const running = (): TestEmulator => {
    if (current === undefined)
      throw new Error('useEmulator(): the service runs from beforeAll to afterAll; use it in a test or a hook.');
    return current;
  };
  return new Proxy({} as TestEmulator, {
    get: (_target, key) => Reflect.get(running(), key),
    has: (_target, key) => Reflect.has(running(), key),
  });
}

export interface ReadyLine {
  url: string;
  caFile: string;
  token: string;
  fileKey: string;
  teamId: string;
  adminToken: string;
}

export interface SpawnedEmulator {
  ready: ReadyLine;
  /** Every stdout line, the ready line first. */
  stdout: string[];
  child: ChildProcess;
  /** Sends a signal (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `node bin/tokensync.js emulator --port 0 ...args` and waits for its ready line. */
export function spawnEmulatorCli(args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<SpawnedEmulator> {
  const child = spawn(process.execPath, ['bin/tokensync.js', 'emulator', '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      stdout.push(line);
      if (stdout.length !== 1) return;
      try {
        const ready = JSON.parse(line) as ReadyLine;
        resolve({
          ready,
          stdout,
          child,
          stop: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      } catch (err) {
        child.kill();
        reject(new Error(`The emulator's first stdout line is not JSON: ${line}`, { cause: err }));
      }
    });
    void exited.then((code) => {
      if (stdout.length === 0)
        reject(new Error(`tokensync emulator exited (${code}) before its ready line. stderr:\n${stderr}`));
    });
  });
}

const GET_FILE = 'GET /v1/files/:key';
const GET_VARIABLES = 'GET /v1/files/:key/variables/local';

/**
 * The requests of a push that sends `writes` in order, as `admin.calls()` lists them (docs/sync.md
 * "Several writers"): the read the plan is made from; before the first write the file's version, then
 * the variables (the base the next count starts from); between two writes the version, the variables
 * and the version again (the count of the window just closed and the base of the next); after the last
 * write the variables, then the version (the count, and the version for the lock).
 */
export function pushCalls(writes: string[]): string[] {
  const before = (i: number): string[] => (i === 0 ? [GET_FILE, GET_VARIABLES] : [GET_FILE, GET_VARIABLES, GET_FILE]);
  return [GET_VARIABLES, ...writes.flatMap((w, i) => [...before(i), w]), GET_VARIABLES, GET_FILE];
}
