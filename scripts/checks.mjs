/**
 * `npm test`: the type check, Biome, knip, the build of dist/ and the tests (docs/architecture.md
 * "Testing"). The checks need nothing of each other, and the tests need only dist/ (the end-to-end
 * tests run the compiled CLI). So the build and the type check start at once,
 * and when the build is done vitest, Biome and knip start while the type check is still running: the
 * tests spend part of their time waiting on processes and timeouts, so the checks fill that time
 * instead of queueing before the tests. Biome and knip wait for the build only so that the build,
 * which the tests wait for, gets a core of its own. The checks run at a lower priority (nice 10) than the
 * build and the tests: on two cores the tests are the critical path, so a check takes the CPU the tests
 * leave (their waits, the tail where one worker is done) instead of slowing them down.
 *
 * Every check still decides the exit code: it is 1 when any check or the tests failed, naming which.
 * A failed build stops the run before the tests (they would run a stale dist/). A check's output is
 * printed when it ends, or after the tests when they are running, so vitest's report stays whole.
 * Arguments go to vitest: `npm test -- test/e2e` runs the checks and that folder.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The build passes `--noCheck`: it only emits (half its CPU), since the type check beside it checks
 * the same files with the same options. `npm run build:ts` on its own still checks.
 */
const BUILD = ['build:ts', '--noCheck'];
const BESIDE_BUILD = [['typecheck']];
const BESIDE_TESTS = [['lint'], ['deadcode']];
/** The niceness of the checks (0 is normal, 19 the lowest). */
const CHECK_PRIORITY = 10;
const VITEST = fileURLToPath(new URL('../node_modules/.bin/vitest', import.meta.url));
const VITEST_ARGS = ['run', '--exclude', 'test/install/**', ...process.argv.slice(2)];

const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Check reports held back while vitest prints, so its report is not cut in two. */
const held = [];
let testsRunning = false;

/** Prints a finished check's result now, or after the tests when they are running. */
function report({ script, code, out, ms }) {
  const text = `\n> npm run ${script}: ${code === 0 ? 'ok' : `exit ${code}`} (${seconds(ms)})\n${
    out.trim() === '' ? '' : out.endsWith('\n') ? out : `${out}\n`
  }`;
  if (!testsRunning) process.stdout.write(text);
  else {
    held.push(text);
    if (code !== 0) process.stderr.write(`\nnpm test: npm run ${script} failed (its output follows the tests)\n`);
  }
}

/**
 * Runs `npm run <script> [-- args]`; resolves with its exit code and everything it printed. With
 * `priority`, npm runs at that niceness and so does the check it starts (a child inherits it).
 */
function runScript([script, ...args], priority = 0) {
  return new Promise((resolve) => {
    const t = performance.now();
    const child = spawn('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (priority !== 0 && child.pid !== undefined) lower(child.pid, priority);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (out += d));
    const done = (code, text) => {
      const result = { script, code, out: text, ms: performance.now() - t };
      report(result);
      resolve(result);
    };
    child.on('error', (err) => done(1, String(err)));
    child.on('close', (code) => done(code ?? 1, out));
  });
}

/** Lowers a process's priority; where the system refuses, the check runs at normal priority, as before. */
function lower(pid, priority) {
  try {
    setPriority(pid, priority);
  } catch {
    // Not permitted here: only the order of the run changes, not its result.
  }
}

/** Runs vitest with the terminal as its output; resolves with its result. */
function runTests() {
  return new Promise((resolve) => {
    const t = performance.now();
    testsRunning = true;
    const child = spawn(VITEST, VITEST_ARGS, { stdio: 'inherit' });
    const done = (code) => {
      testsRunning = false;
      resolve({ script: 'vitest', code, ms: performance.now() - t });
    };
    child.on('error', (err) => {
      process.stderr.write(`${err}\n`);
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const asCheck = (script) => runScript(script, CHECK_PRIORITY);
const checks = BESIDE_BUILD.map(asCheck);
const build = await runScript(BUILD);
checks.push(...BESIDE_TESTS.map(asCheck));
const tests = build.code === 0 ? await runTests() : undefined;
const results = [build, ...(await Promise.all(checks)), ...(tests ? [tests] : [])];
for (const text of held) process.stdout.write(text);

const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
const total = seconds(performance.now() - started);
if (failed.length > 0) {
  const skipped = tests ? '' : '; the tests did not run';
  process.stderr.write(`\nnpm test: ${failed.join(', ')} failed${skipped} (${total}).\n`);
  process.exit(1);
}
process.stdout.write(`\nnpm test: every check and test passed in ${total} (the tests ${seconds(tests.ms)}).\n`);
