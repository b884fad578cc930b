/**
 * How the browser tests find a browser (test/helpers/browser.ts), including the machine with none:
 * the browser is hidden through PATH, CHROME_PATH and the list of install places, never uninstalled.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { findBrowser, installBrowserIfPossible, missingBrowserMessage } from '../helpers/browser.js';

function fakeBrowser(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-fake-browser-'));
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, 0o755);
  return file;
}

test('CHROME_PATH wins, then PATH, then the usual places', () => {
  const given = fakeBrowser('my-chrome');
  const onPath = fakeBrowser('google-chrome');
  expect(findBrowser({ env: { CHROME_PATH: given, PATH: path.dirname(onPath) }, places: [] })).toBe(given);
  expect(findBrowser({ env: { PATH: path.dirname(onPath) }, places: [] })).toBe(onPath);
  expect(findBrowser({ env: { CHROME_BIN: given, PATH: '' }, places: [] })).toBe(given);
  expect(findBrowser({ env: { PATH: '' }, places: ['/nonexistent/chrome', given] })).toBe(given);
});

test('with no browser anywhere: undefined, and a message that names what to install', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'tokensync-empty-path-'));
  const env = { PATH: empty, CHROME_PATH: path.join(empty, 'chromium') };
  expect(findBrowser({ env, places: [] })).toBeUndefined();
  const message = missingBrowserMessage(env);
  expect(message).toContain('No Chromium or Chrome found');
  expect(message).toContain('is not an executable file');
  expect(message).toContain('apt-get install chromium');
  expect(message).toContain('CHROME_PATH');
});

test('the installer stays out of the way when a browser is present, or when told to', () => {
  const onPath = fakeBrowser('chromium');
  expect(installBrowserIfPossible({ PATH: path.dirname(onPath) })).toBeUndefined();
  const empty = mkdtempSync(path.join(tmpdir(), 'tokensync-empty-path-'));
  // The system browser hidden through PATH, and the opt-out: it reports instead of installing.
  expect(installBrowserIfPossible({ PATH: empty, TOKENSYNC_NO_BROWSER_INSTALL: '1' })).toBe(
    'no browser, and TOKENSYNC_NO_BROWSER_INSTALL is set: not installing one',
  );
});

test('this machine has a browser the tests use', () => {
  expect(findBrowser()).toBeDefined();
});
