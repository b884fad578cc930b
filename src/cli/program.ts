/**
 * The commander program of the CLI (main.ts): every command, its options and its help. Loaded for
 * any command line that is not a plain one (plain.ts); help, version and usage errors print to the
 * run's streams and set the run's exit code, never ending the process.
 */
import { Command, CommanderError, Option } from 'commander';
import { EXIT, type GlobalOptions } from './context.js';
import type { Execute, Loader, Run } from './run-types.js';
import { colorEnabled } from './ui/color.js';
import { VERSION } from '../version.js';

/** Runs a command's module with its options (bound to the program and the run). */
type Act = (load: Loader, options: object) => Promise<void>;

/** Parses `argv` and runs its command; commander's usage errors (already printed): 1, --help and --version: 0. */
export async function runProgram(argv: string[], run: Run, exec: Execute): Promise<void> {
  try {
    await buildProgram(run, exec).parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    run.code = err.exitCode === 0 ? EXIT.ok : EXIT.error;
  }
}

/** commander's own rule (its default reads `process.stdout`): a terminal's width, else its 80 columns. */
function helpWidth(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }): number {
  return (stream.isTTY ? stream.columns : undefined) ?? 80;
}

export function buildProgram(run: Run, exec: Execute): Command {
  const program = rootProgram(run);
  const act: Act = (load, options) => exec(load, options, program.opts<GlobalOptions>(), program.args[0] ?? '');
  addInit(program, act);
  addSyncCommands(program, act);
  addFileCommands(program, act);
  addServiceCommands(program, act);
  addWebhookCommands(program, act);
  addDesignerCommands(program, act);
  return program;
}

/** The program with its global options; help, version and usage errors go to the run's streams. */
function rootProgram(run: Run): Command {
  return (
    new Command('tokensync')
      .description('Keep design-file variables and repository design tokens in step, and build them into code.')
      .version(VERSION)
      .option('--config <file>', 'config file (default: config/tokensync.yaml, searched upward)')
      .option('--json', 'machine-readable output on stdout', false)
      .option('--quiet', 'print only results and errors', false)
      .showHelpAfterError()
      // Help, version and usage errors print to the run's streams and end the run (runCli), never the process.
      .configureOutput({
        writeOut: (text) => run.io.stdout.write(text),
        writeErr: (text) => run.io.stderr.write(text),
        getOutHelpWidth: () => helpWidth(run.io.stdout),
        getErrHelpWidth: () => helpWidth(run.io.stderr),
        getOutHasColors: () => colorEnabled(run.io.env, run.io.stdout),
        getErrHasColors: () => colorEnabled(run.io.env, run.io.stderr),
      })
      .exitOverride()
  );
}

/** init: a new project, or the hook, workflow or resolver document of an existing one. */
function addInit(program: Command, act: Act): void {
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
    .action((o) => act(() => import('./commands/init.js'), o));
}

/** The commands that read or write the design file: pull, push, diff, sync. */
function addSyncCommands(program: Command, act: Act): void {
  const prefer = new Option('--prefer <side>', 'resolve conflicts in favour of one side').choices(['repo', 'service']);
  // Only where the API can delete (service.api: figma; docs/sync.md "Deletion and orphans"); shown in the plan first.
  const deleteOrphans = (): Option =>
    new Option(
      '--delete-orphans',
      'delete from the design file what was removed from the repository (figma API only; see sync.deleteOrphans)',
    );
  const maxDeletes = (): Option =>
    new Option('--max-deletes <n>', 'the most --delete-orphans may delete (needed above 10 without a terminal)');
  const allowEmpty = (): Option =>
    new Option(
      '--allow-empty',
      'go ahead when the design file answers with no variables (docs/sync.md "An empty design file")',
    );
  const noCache = (): Option =>
    new Option('--no-cache', 'with nothing changed since the last run, do the full read anyway (docs/caching.md)');

  program
    .command('pull')
    .description("write the design file's variables to token files (3-way with the lock)")
    .addOption(prefer)
    .option('--force', 'with --prefer service, replace repository edits that are not committed', false)
    .option('--dry-run', 'show what would change, write nothing', false)
    .addOption(allowEmpty())
    .addOption(noCache())
    .action((o) => act(() => import('./commands/pull.js'), o));

  program
    .command('push')
    .description('apply local token changes to the design file')
    .addOption(prefer)
    .option('--force', 'overwrite values that changed in the service since the last sync', false)
    .option('--dry-run', 'print the request bodies, send nothing', false)
    .addOption(deleteOrphans())
    .addOption(maxDeletes())
    .addOption(allowEmpty())
    .addOption(noCache())
    .action((o) => act(() => import('./commands/push.js'), o));

  program
    .command('diff')
    .description('show the plan between the repository and the service; exit 2 when there are changes')
    .addOption(prefer)
    .option('--dry-run', 'print the exact request bodies', false)
    .addOption(deleteOrphans())
    .action((o) => act(() => import('./commands/diff.js'), o));

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
    .addOption(allowEmpty())
    .addOption(noCache())
    .action((o) => act(() => import('./commands/sync.js'), o));
}

/** The commands on the repository's files alone: build, check, import. */
function addFileCommands(program: Command, act: Act): void {
  program
    .command('build')
    .description('generate platform code from the token files')
    .option('--platform <name...>', 'only these platforms')
    .option('--out <dir>', 'output folder (default: build.outDir)')
    .option('--watch', 'rebuild when a token file or the config changes, until Ctrl-C', false)
    .option('--no-cache', 'read every token file again, neither using nor writing the model cache (docs/caching.md)')
    .action((o) => act(() => import('./commands/build.js'), o));

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
    .option('--no-cache', 'check every file again, neither using nor writing the result cache (docs/caching.md)')
    .argument('[files...]', 'only report problems in these files (the whole set is still read)')
    .action((files: string[], o) => act(() => import('./commands/check.js'), { ...o, files }));

  program
    .command('import')
    .description('convert a Tokens Studio or Style Dictionary repository into DTCG files (docs/migration.md)')
    .argument('<tool>', 'tokens-studio or style-dictionary')
    .argument('[dir]', 'the folder holding its files (default: tokens.dir)')
    .option('--out <dir>', 'write here instead of tokens.dir (must be empty or missing)')
    .action((tool: string, dir: string | undefined, o) =>
      act(() => import('./commands/import.js'), { ...o, tool, ...(dir ? { dir } : {}) }),
    );
}

/** The long-running helpers: the local service and the OAuth sign-in. */
function addServiceCommands(program: Command, act: Act): void {
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
    .action((o) => act(() => import('./commands/emulator.js'), o));

  program
    .command('login')
    .description('sign in with OAuth and store the token pair (mode 0600)')
    .option('--port <n>', 'local redirect port', '0')
    .action((o) => act(() => import('./commands/login.js'), o));
}

/** webhooks serve, register, list, delete. */
function addWebhookCommands(program: Command, act: Act): void {
  const webhooks = program.command('webhooks').description('receive and manage FILE_UPDATE webhooks');
  webhooks
    .command('serve')
    .description('HTTPS receiver that verifies the passcode and pulls on FILE_UPDATE; prints one JSON line when ready')
    .option('--port <n>', 'port', '0')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--cert <file>', 'TLS certificate (PEM) of the endpoint')
    .option('--key <file>', 'TLS private key (PEM) of the endpoint')
    .option('--passcode <ref>', 'env:NAME or file:PATH of the passcode', 'env:TOKENSYNC_WEBHOOK_PASSCODE')
    .action((o) => act(() => import('./commands/webhooks.js'), { ...o, action: 'serve' }));
  webhooks
    .command('register')
    .requiredOption('--team <id>', 'team to watch')
    .requiredOption('--endpoint <url>', 'HTTPS endpoint')
    .option('--passcode <ref>', 'env:NAME or file:PATH of the passcode', 'env:TOKENSYNC_WEBHOOK_PASSCODE')
    .option('--description <text>', 'shown in the service')
    .action((o) => act(() => import('./commands/webhooks.js'), { ...o, action: 'register' }));
  webhooks
    .command('list')
    .requiredOption('--team <id>', 'team')
    .action((o) => act(() => import('./commands/webhooks.js'), { ...o, action: 'list' }));
  webhooks
    .command('delete')
    .argument('<id>', 'webhook id')
    .action((id: string, o) => act(() => import('./commands/webhooks.js'), { ...o, id, action: 'delete' }));
}

/** designer set (the local service as the design tool would edit it) and the demo. */
function addDesignerCommands(program: Command, act: Act): void {
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
      act(() => import('./commands/designer.js'), { ...o, variable, value, action: 'set' }),
    );

  program
    .command('demo')
    .description('run the demo against the embedded local service: pull, diff, build')
    .action((o) => act(() => import('./commands/demo.js'), o));
}
