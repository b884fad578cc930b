/**
 * Builds dist/ once before the tests when it is missing or older than src/, so tests that spawn
 * `node bin/tokensync.js` (spawnEmulatorCli and others) run the current code. `npm test` builds first,
 * so there this is a quick up-to-date check.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installBrowserIfPossible } from './browser.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export default function setup(): void {
  // The browser tests need a Chromium; on a fresh Debian machine as root, install Debian's (browser.ts).
  const note = installBrowserIfPossible();
  if (note) process.stderr.write(`global-setup: ${note}\n`);

  let built = 0;
  try {
    built = statSync(join(ROOT, 'dist/cli/main.js')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built >= newest(join(ROOT, 'src'))) return;
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  } catch (err) {
    // tsc still emits on type errors; report them, and let the tests that spawn the CLI show the effect.
    const out = (err as { stdout?: Buffer }).stdout?.toString() ?? String(err);
    process.stderr.write(`global-setup: tsc -p tsconfig.build.json reported errors:\n${out}\n`);
  }
}
