/**
 * Test-only preload (`NODE_OPTIONS=--require …/kill-at-write.cjs`) for the kill schedules
 * (test/concurrency/kills.test.ts): counts every file write under TOKENSYNC_TEST_KILL_UNDER (each
 * fs/promises writeFile and rename: a temporary file written, a rename that puts it in place) and
 * SIGKILLs its own process just before write number TOKENSYNC_TEST_KILL_AT. With
 * TOKENSYNC_TEST_WRITES_FILE, the count is written there at exit (a run that was not killed).
 * Nothing in src/ reads these variables.
 */
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');

const under = process.env.TOKENSYNC_TEST_KILL_UNDER;
const killAt = Number(process.env.TOKENSYNC_TEST_KILL_AT ?? '0');
const countFile = process.env.TOKENSYNC_TEST_WRITES_FILE;
let count = 0;

function step(target) {
  if (!under || typeof target !== 'string' || !path.resolve(target).startsWith(under)) return;
  count += 1;
  if (count === killAt) process.kill(process.pid, 'SIGKILL');
}
for (const name of ['writeFile', 'rename']) {
  const original = fsp[name];
  fsp[name] = (...args) => {
    step(name === 'rename' ? args[1] : args[0]);
    return original(...args);
  };
}
require('node:module').syncBuiltinESMExports();
if (countFile) process.on('exit', () => fs.writeFileSync(countFile, String(count)));
