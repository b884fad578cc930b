/**
 * Plain command lines, run without commander (docs/benchmarks.md "Fast paths"): `check`, `pull`,
 * `push`, `sync` or `build` with no option of their own but `--no-cache` (the cold run a benchmark or a
 * suspicious user asks for), after any of the global options `--json`, `--quiet` and `--config <file>`. They are what a hook, a CI job or a user runs most, and their warm path
 * answers from a result cache (docs/caching.md) in less time than commander takes to load. Anything
 * else (another command, an option, an argument, help) returns undefined and goes to program.ts.
 * Each command's options are those commander gives it with nothing on the command line (the test
 * test/cli/plain.test.ts holds the two to the same values).
 */
import type { GlobalOptions } from './context.js';
import type { Loader } from './run-types.js';

export interface PlainCommand {
  command: string;
  global: GlobalOptions;
  options: object;
  load: Loader;
}

const SYNC_DEFAULTS = { force: false, dryRun: false, cache: true };

/** Each plain command's module and its options with nothing given (program.ts). */
const COMMANDS: Record<string, { load: Loader; options: () => object }> = {
  check: {
    load: () => import('./commands/check.js'),
    options: () => ({ remote: false, strict: false, mergeable: false, staged: false, cache: true, files: [] }),
  },
  pull: { load: () => import('./commands/pull.js'), options: () => ({ ...SYNC_DEFAULTS }) },
  push: { load: () => import('./commands/push.js'), options: () => ({ ...SYNC_DEFAULTS }) },
  sync: { load: () => import('./commands/sync.js'), options: () => ({ force: false, cache: true }) },
  build: { load: () => import('./commands/build.js'), options: () => ({ watch: false, cache: true }) },
};

/** The command of a plain command line, or undefined for anything commander must read. */
export function plainCommand(argv: readonly string[]): PlainCommand | undefined {
  const global: GlobalOptions = { json: false, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') global.json = true;
    else if (arg === '--quiet') global.quiet = true;
    else if (arg === '--config' && i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) global.config = argv[++i]!;
    else if (arg.startsWith('--config=') && arg.length > '--config='.length) global.config = arg.slice(9);
    else {
      const known = Object.hasOwn(COMMANDS, arg) ? COMMANDS[arg] : undefined;
      const rest = argv.length - 1 - i;
      if (!known || rest > 1 || (rest === 1 && argv[i + 1] !== '--no-cache')) return undefined;
      const options = known.options();
      return { command: arg, global, options: rest === 1 ? { ...options, cache: false } : options, load: known.load };
    }
  }
  return undefined;
}
