/**
 * Finds a Chromium-family browser for the browser tests, so they run on a fresh machine and on GitHub's
 * runners alike, in this order:
 * 1. CHROME_PATH (or CHROME_BIN, which GitHub's runners set), when it names an executable file;
 * 2. a browser on PATH: chromium, chromium-browser, google-chrome, google-chrome-stable, chrome;
 * 3. the usual install places (Debian/Ubuntu, macOS);
 * 4. on a Debian-like machine as root with apt-get (as .ci/run does): `apt-get install -y chromium`,
 *    once, from the vitest global setup. Nothing is downloaded from anywhere but Debian's packages.
 * Otherwise the tests fail with `missingBrowserMessage()`, which names what to install.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
/** Places off PATH (what is in /usr/bin is found through PATH, so hiding PATH hides it). */
export const KNOWN_PLACES = [
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

function executable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface FindOptions {
  env?: NodeJS.ProcessEnv;
  places?: readonly string[];
}

/** The browser to use, or undefined when none is installed. */
export function findBrowser(opts: FindOptions = {}): string | undefined {
  const env = opts.env ?? process.env;
  for (const key of ['CHROME_PATH', 'CHROME_BIN']) {
    const given = env[key];
    if (given && executable(given)) return given;
  }
  for (const dir of (env['PATH'] ?? '').split(path.delimiter).filter((d) => d !== '')) {
    for (const name of PATH_NAMES) {
      const file = path.join(dir, name);
      if (executable(file)) return file;
    }
  }
  return (opts.places ?? KNOWN_PLACES).find(executable);
}

export function missingBrowserMessage(env: NodeJS.ProcessEnv = process.env): string {
  const given = env['CHROME_PATH'];
  return [
    'No Chromium or Chrome found for the browser tests (test/build/browser.test.ts).',
    given ? `CHROME_PATH is set to ${given}, which is not an executable file.` : 'CHROME_PATH is not set.',
    `Looked on PATH for ${PATH_NAMES.join(', ')} and in ${KNOWN_PLACES.join(', ')}.`,
    'Install one: on Debian or Ubuntu `sudo apt-get install chromium` (as root, `npm test` does this by itself),',
    'on macOS Google Chrome or Chromium, or point CHROME_PATH at any Chromium-based browser.',
  ].join('\n');
}

/**
 * As root on a machine with apt-get: install Debian's `chromium` (quietly). Returns what was done, for
 * the global setup to print. Never runs when a browser is already there.
 */
export function installBrowserIfPossible(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (findBrowser({ env })) return undefined;
  if (env['TOKENSYNC_NO_BROWSER_INSTALL'])
    return 'no browser, and TOKENSYNC_NO_BROWSER_INSTALL is set: not installing one';
  if (typeof process.getuid !== 'function' || process.getuid() !== 0)
    return 'no browser, and not root: not installing one';
  if (!executable('/usr/bin/apt-get')) return 'no browser, and no apt-get: not installing one';
  try {
    execFileSync('/usr/bin/apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 300_000 });
    execFileSync('/usr/bin/apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'ignore',
      timeout: 600_000,
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (err) {
    return `apt-get install chromium failed: ${(err as Error).message}`;
  }
  return findBrowser({ env })
    ? "installed Debian's chromium for the browser tests"
    : 'apt-get install chromium ran, but no browser was found after it';
}
