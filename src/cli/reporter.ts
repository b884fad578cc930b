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

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function createReporter(opts: ReporterOptions): Reporter {
  const { json, quiet, stdout, stderr } = opts;
  const env = opts.env ?? { NO_COLOR: '1' };
  // With --json, stdout carries exactly one JSON document; everything human goes to stderr.
  const humanStream = json ? stderr : stdout;
  const colorOut = !json && colorEnabled(env, stdout);
  const colorErr = colorEnabled(env, stderr);
  // A line that redraws in place: only on a terminal, never in CI, never under --json or --quiet.
  const live = Boolean(stderr.isTTY) && !opts.ci && !quiet && env['TERM'] !== 'dumb';
  // A live status line: a spinner and the seconds since it was set, redrawn every 100 ms, so a long
  // request (a push of 10,000 variables) visibly goes on.
  let shown = false;
  let text = '';
  let since = 0;
  let frame = 0;
  let elapsed = true;
  let timer: NodeJS.Timeout | undefined;
  const draw = (): void => {
    const secs = (Date.now() - since) / 1000;
    const line = `${SPINNER[frame++ % SPINNER.length]} ${text}${elapsed && secs >= 1 ? ` ${secs.toFixed(0)} s` : ''}`;
    stderr.write(`\r\u001b[K${colorErr ? paint.dim(line) : line}`);
  };
  const clear = (): void => {
    if (timer) clearInterval(timer);
    timer = undefined;
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
    status(message, opts) {
      if (quiet) return;
      if (!live) {
        humanStream.write(`${message}\n`);
        return;
      }
      if (message !== text || !shown) since = Date.now();
      text = message;
      elapsed = opts?.elapsed ?? true;
      shown = true;
      draw();
      if (!timer) {
        timer = setInterval(draw, 100);
        timer.unref();
      }
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
