/**
 * The checks `npm test` runs before vitest: the type check, Biome, knip and the build of dist/ (the
 * end-to-end tests run the compiled CLI). They need nothing of each other, so they run at once: tsc is
 * single-threaded, and on a 2-core machine the type check and the build side by side take the wall time
 * of the slower one (docs/architecture.md "Testing"). Each one's output is printed when it ends; the
 * exit code is 1 when any failed, naming which.
 */
import { spawn } from 'node:child_process';

/**
 * The build passes `--noCheck`: it only emits (half its CPU), since the type check beside it checks
 * the same files with the same options. `npm run build:ts` on its own still checks.
 */
const SCRIPTS = [['build:ts', '--noCheck'], ['typecheck'], ['lint'], ['deadcode']];

/** Runs `npm run <script> [-- args]`; resolves with its exit code and everything it printed. */
function run([script, ...args]) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (out += d));
    child.on('error', (err) => resolve({ script, code: 1, out: String(err), ms: 0 }));
    child.on('close', (code) => {
      const result = { script, code: code ?? 1, out, ms: performance.now() - started };
      const seconds = (result.ms / 1000).toFixed(1);
      process.stdout.write(
        `\n> npm run ${script}: ${result.code === 0 ? 'ok' : `exit ${result.code}`} (${seconds} s)\n`,
      );
      if (out.trim() !== '') process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      resolve(result);
    });
  });
}

const results = await Promise.all(SCRIPTS.map(run));
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
  process.stderr.write(`\nnpm test: ${failed.join(', ')} failed; the tests did not run.\n`);
  process.exit(1);
}
