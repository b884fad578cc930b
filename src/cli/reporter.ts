import type { Reporter } from './context.js';

export function createReporter(opts: {
  json: boolean;
  quiet: boolean;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  ci: boolean;
}): Reporter {
  const { json, quiet, stdout, stderr } = opts;
  // With --json, stdout carries exactly one JSON document; everything human goes to stderr.
  const humanStream = json ? stderr : stdout;
  return {
    interactive: Boolean(stdout.isTTY) && !opts.ci && !json,
    info(message) {
      if (!quiet) humanStream.write(`${message}\n`);
    },
    warn(message) {
      stderr.write(`warning: ${message}\n`);
    },
    result(human, data) {
      if (json) stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      else if (human !== '') stdout.write(human.endsWith('\n') ? human : `${human}\n`);
    },
    line(text) {
      stdout.write(`${text}\n`);
    },
  };
}
