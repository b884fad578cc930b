/**
 * Style Dictionary prints its warnings (broken references, collisions, filtered references) with
 * console.log/console.error and offers no other channel: its `log.verbosity: silent` drops them.
 * We want them silent on the terminal but surfaced in BuildOutput.warnings, so while Style
 * Dictionary runs, console output is captured (colours stripped) instead of printed.
 */
const ANSI = /\u001b\[[0-9;]*m/g;

export async function captureConsole<T>(sink: string[], fn: () => Promise<T>): Promise<T> {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const grab = (...args: unknown[]): void => {
    const text = args
      .map((a) => (a instanceof Error ? a.message : String(a)))
      .join(' ')
      .replace(ANSI, '')
      .trim();
    if (text !== '') sink.push(text);
  };
  console.log = console.info = console.warn = console.error = grab;
  try {
    return await fn();
  } finally {
    Object.assign(console, saved);
  }
}
