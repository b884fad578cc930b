#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` through the `prepare` script).
// The process around the CLI (signals, draining the streams, the exit code) is dist/cli/process.js.
import { runAsProcess } from '../dist/cli/process.js';

await runAsProcess();
