/**
 * The tokensync command line: a thin commander program over the exported functions.
 * Each command lives in `commands/<name>.ts` and is imported only when it runs, so `check`
 * (the pre-commit path) does not pay for Style Dictionary, undici or the local service.
 * This file is the one place that prints errors and calls `process.exit`.
 */
import { Command, Option } from 'commander';
import { ConcurrentEditError } from '../sync/concurrency.js';
import { DuplicateCreatedError } from '../sync/duplicates.js';
import { EXIT, type CommandContext, type ExitCode, type GlobalOptions } from './context.js';
import { createReporter } from './reporter.js';
import { reportError } from './output.js';
import { signalExitCode, watchSignals } from './signals.js';

/** Commands that run until stopped: a signal is their normal end, not an interruption. */
const long = new Set(['emulator', 'webhooks', 'login']);

const VERSION = '0.1.0';

type Loader = () => Promise<{ run: (options: never, ctx: CommandContext) => Promise<ExitCode> }>;

async function execute(program: Command, load: Loader, options: object): Promise<void> {
  const global = program.opts<GlobalOptions>();
  const out = createReporter({
    json: Boolean(global.json),
    quiet: Boolean(global.quiet),
    stdout: process.stdout,
    stderr: process.stderr,
    ci: Boolean(process.env['CI']),
    env: process.env,
  });
  const signals = watchSignals({
    notice: (text) => process.stderr.write(`${text}\n`),
    exitNow: (code) => process.exit(code),
  });
  // The first signal: say that the command is stopping (it then says what was done).
  void signals.interrupted.then(() => {
    if (!long.has(program.args[0] ?? ''))
      process.stderr.write('stopping at the next safe point (press Ctrl-C again to exit at once)\n');
  });
  const ctx: CommandContext = {
    cwd: process.cwd(),
    env: process.env,
    global: {
      json: Boolean(global.json),
      quiet: Boolean(global.quiet),
      ...(global.config ? { config: global.config } : {}),
    },
    out,
    interrupted: signals.interrupted,
    signal: signals.signal,
  };
  let code: ExitCode;
  try {
    const mod = await load();
    code = await mod.run(options as never, ctx);
  } catch (err) {
    reportError(err, { json: Boolean(global.json), env: process.env, stdout: process.stdout, stderr: process.stderr });
    // A concurrent edit in the design file ends a run like a conflict (docs/sync.md "Several writers").
    const conflict = err instanceof ConcurrentEditError || err instanceof DuplicateCreatedError;
    code = (signalExitCode(err) as ExitCode | undefined) ?? (conflict ? EXIT.conflicts : EXIT.error);
  }
  // Long-running commands (emulator, webhooks serve) resolve only once interrupted, so exiting here
  // is always right, and it does not wait on idle keep-alive sockets. But a large write to a pipe is
  // still in flight (a --json plan of several MB was cut at 128 KiB), so let both streams drain first.
  process.exitCode = code;
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  process.exit(code);
}

function drain(stream: NodeJS.WriteStream): Promise<void> {
  // An empty write's callback runs once everything written before it has been handed to the OS.
  return new Promise((resolve) => stream.write('', () => resolve()));
}

export function buildProgram(): Command {
  const program = new Command('tokensync')
    .description('Keep design-file variables and repository design tokens in step, and build them into code.')
    .version(VERSION)
    .option('--config <file>', 'config file (default: config/tokensync.yaml, searched upward)')
    .option('--json', 'machine-readable output on stdout', false)
    .option('--quiet', 'print only results and errors', false)
    .showHelpAfterError()
    .exitOverride((err) => {
      // commander's own usage errors: exit 1 with its message (already printed), help/version: 0.
      process.exit(err.exitCode === 0 ? 0 : EXIT.error);
    });

  const prefer = new Option('--prefer <side>', 'resolve conflicts in favour of one side').choices(['repo', 'service']);
  // Only where the API can delete (service.api: figma; docs/sync.md "Deletion and orphans"); shown in the plan first.
  const deleteOrphans = (): Option =>
    new Option(
      '--delete-orphans',
      'delete from the design file what was removed from the repository (figma API only; see sync.deleteOrphans)',
    );
  const maxDeletes = (): Option =>
    new Option('--max-deletes <n>', 'the most --delete-orphans may delete (needed above 10 without a terminal)');

  program
    .command('init')
    .description('create config/tokensync.yaml and the tokens folder')
    .option('--force', 'overwrite an existing config (and, with --ci, the workflow)', false)
    .option('--hook', 'install the git pre-commit hook (`check --staged`) in an existing project', false)
    .option('--ci', 'also write the GitHub workflow .github/workflows/tokensync.yml', false)
    .option('--resolver', 'write only tokens.resolver.json for the token files found, in an existing project', false)
    .addOption(
      new Option(
        '--themes <how>',
        'token files that share some tokens: "modes" of one collection, or "merge" into one set',
      ).choices(['modes', 'merge']),
    )
    .action((o) => execute(program, () => import('./commands/init.js'), o));

  program
    .command('pull')
    .description("write the design file's variables to token files (3-way with the lock)")
    .addOption(prefer)
    .option('--force', 'with --prefer service, replace repository edits that are not committed', false)
    .option('--dry-run', 'show what would change, write nothing', false)
    .action((o) => execute(program, () => import('./commands/pull.js'), o));

  program
    .command('push')
    .description('apply local token changes to the design file')
    .addOption(prefer)
    .option('--force', 'overwrite values that changed in the service since the last sync', false)
    .option('--dry-run', 'print the request bodies, send nothing', false)
    .addOption(deleteOrphans())
    .addOption(maxDeletes())
    .action((o) => execute(program, () => import('./commands/push.js'), o));

  program
    .command('diff')
    .description('show the plan between the repository and the service; exit 2 when there are changes')
    .addOption(prefer)
    .option('--dry-run', 'print the exact request bodies', false)
    .addOption(deleteOrphans())
    .action((o) => execute(program, () => import('./commands/diff.js'), o));

  program
    .command('sync')
    .description('pull and push in one step')
    .addOption(prefer)
    .option(
      '--force',
      'on conflicts in push direction, overwrite the service; with --prefer service, replace uncommitted repository edits',
      false,
    )
    .addOption(deleteOrphans())
    .addOption(maxDeletes())
    .action((o) => execute(program, () => import('./commands/sync.js'), o));

  program
    .command('build')
    .description('generate platform code from the token files')
    .option('--platform <name...>', 'only these platforms')
    .option('--out <dir>', 'output folder (default: build.outDir)')
    .option('--watch', 'rebuild when a token file or the config changes, until Ctrl-C', false)
    .action((o) => execute(program, () => import('./commands/build.js'), o));

  program
    .command('check')
    .description('validate token files offline (pre-commit); with --remote, also check drift against the service')
    .option('--remote', 'compare with the service; exit 2 on drift', false)
    .option('--strict', 'with --remote or --mergeable, also fail on orphans (remote-only variables)', false)
    .option(
      '--mergeable',
      'the pull-request check: valid, and merging would push cleanly (exit 3 on conflicts with the design file; drift passes)',
      false,
    )
    .option('--staged', 'check the token files as staged in git (what a commit would hold), not the work tree', false)
    .argument('[files...]', 'only report problems in these files (the whole set is still read)')
    .action((files: string[], o) => execute(program, () => import('./commands/check.js'), { ...o, files }));

  program
    .command('import')
    .description('convert a Tokens Studio or Style Dictionary repository into DTCG files (docs/migration.md)')
    .argument('<tool>', 'tokens-studio or style-dictionary')
    .argument('[dir]', 'the folder holding its files (default: tokens.dir)')
    .option('--out <dir>', 'write here instead of tokens.dir (must be empty or missing)')
    .action((tool: string, dir: string | undefined, o) =>
      execute(program, () => import('./commands/import.js'), { ...o, tool, ...(dir ? { dir } : {}) }),
    );

  program
    .command('emulator')
    .description('run the local Design File Service (HTTPS); prints one JSON line when ready')
    .option('--port <n>', 'port (0 = any free port)', '0')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', 'save state to this JSON file and load it at start')
    .addOption(
      new Option('--seed <name>', 'initial content when there is no saved state')
        .choices(['demo', 'empty'])
        .default('demo'),
    )
    .option('--rate-limit <n>', 'requests per token per minute before 429', '600')
    .addOption(
      new Option('--api <dialect>', "the API it speaks: dfs (the published spec) or figma (Figma's REST API)")
        .choices(['dfs', 'figma'])
        .default('dfs'),
    )
    .action((o) => execute(program, () => import('./commands/emulator.js'), o));

  program
    .command('login')
    .description('sign in with OAuth and store the token pair (mode 0600)')
    .option('--port <n>', 'local redirect port', '0')
    .action((o) => execute(program, () => import('./commands/login.js'), o));

  const webhooks = program.command('webhooks').description('receive and manage FILE_UPDATE webhooks');
  webhooks
    .command('serve')
    .description('HTTPS receiver that verifies the passcode and pulls on FILE_UPDATE; prints one JSON line when ready')
    .option('--port <n>', 'port', '0')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--cert <file>', 'TLS certificate (PEM) of the endpoint')
    .option('--key <file>', 'TLS private key (PEM) of the endpoint')
    .option('--passcode <ref>', 'env:NAME or file:PATH of the passcode', 'env:TOKENSYNC_WEBHOOK_PASSCODE')
    .action((o) => execute(program, () => import('./commands/webhooks.js'), { ...o, action: 'serve' }));
  webhooks
    .command('register')
    .requiredOption('--team <id>', 'team to watch')
    .requiredOption('--endpoint <url>', 'HTTPS endpoint')
    .option('--passcode <ref>', 'env:NAME or file:PATH of the passcode', 'env:TOKENSYNC_WEBHOOK_PASSCODE')
    .option('--description <text>', 'shown in the service')
    .action((o) => execute(program, () => import('./commands/webhooks.js'), { ...o, action: 'register' }));
  webhooks
    .command('list')
    .requiredOption('--team <id>', 'team')
    .action((o) => execute(program, () => import('./commands/webhooks.js'), { ...o, action: 'list' }));
  webhooks
    .command('delete')
    .argument('<id>', 'webhook id')
    .action((id: string, o) =>
      execute(program, () => import('./commands/webhooks.js'), { ...o, id, action: 'delete' }),
    );

  const designer = program
    .command('designer')
    .description('play the designer: edit the design file (the local service) as the design tool would');
  designer
    .command('set')
    .description('set a variable\'s value in one mode, e.g. `designer set color/blue/500 "#1d4ed8"`')
    .argument('<variable>', 'variable name as in the design file (color/blue/500)')
    .argument('<value>', 'a hex color, number, true/false, text, or an alias {color/blue/400}')
    .option('--mode <name>', "mode (default: the collection's default mode)")
    .option('--collection <name>', 'collection, when the name is in several')
    .option('--real', 'allow it against a real service (service.url https://…)', false)
    .action((variable: string, value: string, o) =>
      execute(program, () => import('./commands/designer.js'), { ...o, variable, value, action: 'set' }),
    );

  program
    .command('demo')
    .description('run the demo against the embedded local service: pull, diff, build')
    .action((o) => execute(program, () => import('./commands/demo.js'), o));

  return program;
}

await buildProgram().parseAsync(process.argv);
