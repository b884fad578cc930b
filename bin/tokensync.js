#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` through the `prepare` script).
// The process around the CLI (signals, draining the streams, the exit code) is dist/cli/process.js.
// V8's compile cache first (Node >= 22.1; Node 20 has no `enableCompileCache`, and there this does
// nothing): a later run reuses the compiled code of every module instead of compiling it again
// (docs/benchmarks.md "Warm paths: what they load"). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import module from 'node:module';

try {
  module.enableCompileCache?.();
} catch {
  // A cache that cannot be set up (a read-only temporary folder) only costs the time it would save.
}
const { runAsProcess } = await import('../dist/cli/process.js');

await runAsProcess();
