/**
 * One headless Chromium for a test file, driven over the DevTools protocol on a pipe
 * (`--remote-debugging-pipe`: JSON messages ended by a NUL byte, ours on its fd 3, its own on fd 4), so
 * a file launches the browser once (a launch costs about 2 s of CPU) and each test opens a page of its
 * own (docs/architecture.md "Testing"). Only the protocol's stable domains are used: Target (a page),
 * Page (navigate, load, screenshot), Runtime (evaluate), Emulation (viewport, prefers-color-scheme).
 * test/helpers/browser.ts finds the browser.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

type Params = Record<string, unknown>;
type Listener = (method: string, params: Params, sessionId: string | undefined) => void;

export interface PageOptions {
  /** The viewport (CSS pixels); Chromium's default otherwise. */
  size?: { width: number; height: number };
  /** The page's prefers-color-scheme. */
  colorScheme?: 'light' | 'dark';
}

export interface Page {
  /** Navigates to `url` and resolves once its load event fired. */
  open(url: string): Promise<void>;
  /** The value of a JavaScript expression in the page (promises awaited), as JSON. */
  evaluate<T>(expression: string): Promise<T>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface Browser {
  page(opts?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

/** Chromium headless, offline and quiet: no sandbox (root in CI), no GPU, no network of its own. */
export const HEADLESS_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches `executable` headless with `flags` added; closes with `close()` (the profile folder goes too). */
export async function launchChromium(executable: string, flags: string[] = []): Promise<Browser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'tokensync-chromium-'));
  const child = spawn(
    executable,
    [
      ...HEADLESS_FLAGS,
      '--hide-scrollbars',
      `--user-data-dir=${profile}`,
      '--remote-debugging-pipe',
      ...flags,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  const wire = connect(child);
  return {
    page: (opts = {}) => openPage(wire, opts),
    async close() {
      await wire.send('Browser.close').catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

interface Wire {
  send(method: string, params?: Params, sessionId?: string): Promise<Params>;
  on(listener: Listener): () => void;
}

/** The protocol over fds 3 and 4: requests by id, answers matched back, events to the listeners. */
function connect(child: ChildProcess): Wire {
  const out = child.stdio[3] as Writable;
  const input = child.stdio[4] as Readable;
  const pending = new Map<number, { resolve: (r: Params) => void; reject: (e: Error) => void }>();
  const listeners = new Set<Listener>();
  let stderr = '';
  let buffered = '';
  let next = 1;
  (child.stdio[2] as Readable).setEncoding('utf8').on('data', (d: string) => (stderr += d));
  input.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (buffered + chunk).split('\0');
    buffered = parts.pop() ?? '';
    for (const text of parts) {
      const msg = JSON.parse(text) as { id?: number; result?: Params; error?: { message: string } } & {
        method?: string;
        params?: Params;
        sessionId?: string;
      };
      if (msg.id === undefined) {
        for (const l of listeners) l(msg.method ?? '', msg.params ?? {}, msg.sessionId);
        continue;
      }
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(`Chromium: ${msg.error.message}`));
      else p?.resolve(msg.result ?? {});
    }
  });
  child.on('exit', (code, signal) => {
    const err = new Error(`Chromium exited (${signal ?? code}) with requests unanswered:\n${stderr.slice(-2000)}`);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  });
  return {
    send(method, params = {}, sessionId) {
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        out.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function openPage(wire: Wire, opts: PageOptions): Promise<Page> {
  const { targetId } = (await wire.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
  const { sessionId } = (await wire.send('Target.attachToTarget', { targetId, flatten: true })) as {
    sessionId: string;
  };
  const send = (method: string, params?: Params): Promise<Params> => wire.send(method, params, sessionId);
  await send('Page.enable');
  if (opts.size)
    await send('Emulation.setDeviceMetricsOverride', { ...opts.size, deviceScaleFactor: 1, mobile: false });
  if (opts.colorScheme)
    await send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: opts.colorScheme }] });
  return {
    async open(url) {
      let off = (): void => undefined;
      const loaded = new Promise<void>((resolve) => {
        off = wire.on((method, _params, id) => {
          if (id === sessionId && method === 'Page.loadEventFired') resolve();
        });
      });
      try {
        const nav = (await send('Page.navigate', { url })) as { errorText?: string };
        if (nav.errorText) throw new Error(`Chromium could not open ${url}: ${nav.errorText}`);
        await loaded;
      } finally {
        off();
      }
    },
    async evaluate<T>(expression: string): Promise<T> {
      const r = (await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
        result: { value?: unknown };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      };
      if (r.exceptionDetails)
        throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
      return r.result.value as T;
    },
    async screenshot() {
      const { data } = (await send('Page.captureScreenshot', { format: 'png' })) as { data: string };
      return Buffer.from(data, 'base64');
    },
    async close() {
      await wire.send('Target.closeTarget', { targetId });
    },
  };
}
