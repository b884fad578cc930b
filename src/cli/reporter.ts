import type { Reporter } from './context.js';
import { colorEnabled, decorate, paint } from './ui/color.js';

export interface ReporterOptions {
  json: boolean;
  quiet: boolean;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  ci: boolean;
  /** For NO_COLOR / FORCE_COLOR; default: no color. */
  env?: NodeJS.ProcessEnv;
}

export function createReporter(opts: ReporterOptions): Reporter {
  const { json, quiet, stdout, stderr } = opts;
  const env = opts.env ?? { NO_COLOR: '1' };
  // With --json, stdout carries exactly one JSON document; everything human goes to stderr.
  const humanStream = json ? stderr : stdout;
  const colorOut = !json && colorEnabled(env, stdout);
  const colorErr = colorEnabled(env, stderr);
  // A line that redraws in place: only on a terminal, never in CI, never under --json or --quiet.
  const live = Boolean(stderr.isTTY) && !opts.ci && !quiet && env['TERM'] !== 'dumb';
  let shown = false;
  const clear = (): void => {
    if (shown) stderr.write('\r\u001b[K');
    shown = false;
  };
  return {
    interactive: Boolean(stdout.isTTY) && !opts.ci && !json,
    color: colorOut,
    info(message) {
      if (quiet) return;
      clear();
      humanStream.write(`${colorOut || (json && colorErr) ? decorate(message) : message}\n`);
    },
    status(message) {
      if (quiet) return;
      if (!live) {
        humanStream.write(`${message}\n`);
        return;
      }
      stderr.write(`\r\u001b[K${colorErr ? paint.dim(message) : message}`);
      shown = true;
    },
    done() {
      clear();
    },
    warn(message) {
      clear();
      stderr.write(`${colorErr ? paint.yellow('warning:') : 'warning:'} ${message}\n`);
    },
    result(human, data) {
      clear();
      if (json) stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      else if (human !== '') {
        const text = colorOut ? decorate(human) : human;
        stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      }
    },
    line(text) {
      clear();
      stdout.write(`${text}\n`);
    },
  };
}
