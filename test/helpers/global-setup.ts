/**
 * Builds dist/ once before the tests when it is missing or older than src/, so tests that spawn
 * `node bin/tokensync.js` (spawnEmulatorCli and others) run the current code. `npm test` builds first,
 * so there this is a quick up-to-date check.
 *
 * Every temporary folder of the run (test projects, git repositories, the local service's state, the
 * folders of spawned CLIs) goes under one folder of its own, removed when the run ends: TMPDIR is set
 * here, before the workers start, and `os.tmpdir()` and every child process follow it. A run used to
 * leave ~300 folders in the system's temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

export default function setup(): () => void {
  const runTmp = mkdtempSync(join(tmpdir(), 'tokensync-test-run-'));
  process.env['TMPDIR'] = runTmp;
  const teardown = () => {
    try {
      rmSync(runTmp, { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      // A process a test left running may still write there: say so, the tests' verdict stands.
      process.stderr.write(`global-setup: could not remove ${runTmp}: ${(err as Error).message}\n`);
    }
  };
  buildIfStale();
  return teardown;
}

function buildIfStale(): void {
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
