/**
 * An answer with no variables where tokens were expected is an error, not "nothing to do"
 * (docs/sync.md "An empty design file"). A wrong `service.fileKey`, a token that may not read the
 * file's variables, or a file emptied by mistake all answer with no collections; taken at its word,
 * a pull would delete every token file and a push would create every variable again. So:
 * - pull, push and sync stop when the lock binds variables of the file and the answer has none;
 * - without a lock, a pull stops (there is nothing to pull), and so does a sync of an empty
 *   repository, unless styles are pulled, which a file can hold without any variable; a push or sync
 *   of the repository's tokens into an empty file is how a file starts, and goes ahead.
 * `--allow-empty` takes the answer at its word (the file was emptied on purpose). `diff` only shows.
 * Checked after the first read, before anything is planned, sent or written; and again on every
 * later read a run plans from (`checkEmptiedUnderRun`): a file emptied while a push or a sync is
 * under way is the same answer, met later.
 */
import type { Config } from '../config/schema.js';
import { TokensyncError } from '../errors.js';
import { ConcurrentEditError } from './concurrency.js';
import type { Lock } from '../model/lock.js';
import type { TokenSet } from '../model/types.js';
import type { SyncMode } from './apply-types.js';

export interface EmptyGuardInput {
  mode: SyncMode;
  fileKey: string;
  config: Config;
  remote: TokenSet;
  local: TokenSet;
  base: Lock | undefined;
  allowEmpty: boolean;
}

export function checkEmptyAnswer(input: EmptyGuardInput): void {
  const { mode, remote, local, base } = input;
  if (input.allowEmpty || mode === 'diff' || !isEmpty(remote)) return;
  const locked = base ? Object.keys(base.variables).length : 0;
  if (locked > 0) throw emptiedError(input, locked);
  // No lock: a push (or a sync) of the repository's tokens into an empty file is how a file starts.
  if (mode === 'push' || (mode === 'sync' && local.variables.length > 0)) return;
  if (!input.config.styles.pull) throw nothingToPull(input, local.variables.length);
}

/**
 * A later read (before a write, or after one) that finds the file empty when the read before it did
 * not: someone emptied the file while this run wrote to it. Planning again from that answer would
 * delete every token file (sync) or create every variable again (push), so the run stops like any
 * other concurrent edit (exit 3), before another request, the token files or the lock are written.
 * A run whose own plan empties the file (every token deleted in the repository, past the deletion
 * guard) meets its own doing and goes on.
 */
export function checkEmptiedUnderRun(input: {
  mode: SyncMode;
  fileKey: string;
  before: TokenSet;
  after: TokenSet;
  /** What this run's plan makes of the file. */
  target: TokenSet;
  sent: number;
  allowEmpty: boolean;
}): void {
  if (input.allowEmpty || !isEmpty(input.after) || isEmpty(input.before) || isEmpty(input.target)) return;
  const landed =
    input.sent > 0
      ? ` The ${input.sent} write request(s) this run sent before it are kept in the journal; the next run settles them.`
      : ' Nothing was sent.';
  throw new ConcurrentEditError(
    'REMOTE_EMPTY',
    `The design file "${input.fileKey}" answered with no variables while this ${input.mode} was writing to it (it had variables at the read before). Nothing was written to the repository.${landed}`,
    {
      hint: `Someone emptied the file, or the token lost its access, while this run was under way. Check the file; once it holds what it should, run \`tokensync ${input.mode}\` again. If it was emptied on purpose, run \`tokensync ${input.mode} --allow-empty\`.`,
    },
  );
}

function isEmpty(remote: TokenSet): boolean {
  return remote.collections.length === 0 && remote.variables.length === 0 && (remote.kept?.length ?? 0) === 0;
}

function emptiedError(input: EmptyGuardInput, locked: number): TokensyncError {
  const dir = input.config.tokens.dir;
  const effect =
    input.mode === 'push'
      ? 'a push would create every variable again'
      : `a ${input.mode} would delete every token file in ${dir}/`;
  return new TokensyncError(
    'REMOTE_EMPTY',
    `The design file "${input.fileKey}" answered with no variables, but the lock binds ${locked} of its variables: ${effect}. Nothing was sent or written.`,
    {
      hint: `Check service.fileKey (the key in the file's address) and that the token may read the file's variables. If the file was emptied on purpose, run \`tokensync ${input.mode} --allow-empty\`.`,
    },
  );
}

function nothingToPull(input: EmptyGuardInput, held: number): TokensyncError {
  const { service, tokens } = input.config;
  const embedded = service.url === 'local';
  const where =
    embedded && service.seed === 'repository' && held === 0
      ? ` The embedded local service (service.url: local) starts from this repository's tokens, and ${tokens.dir}/ has none.`
      : '';
  const hint =
    embedded && service.seed === 'repository'
      ? 'To try tokensync on the demo file, set `service.seed: demo` in the config; to pull a real file, set service.url, service.fileKey and the token (README "Point it at a real design file"). To start from your own tokens, write them to the tokens folder and run `tokensync push`.'
      : "Check service.fileKey (the key in the file's address) and that the token may read the file's variables; to start the file from your own tokens, write them to the tokens folder and run `tokensync push`.";
  return new TokensyncError(
    'REMOTE_EMPTY',
    `The design file "${input.fileKey}" has no variables: there is nothing to ${input.mode}.${where} Nothing was written.`,
    { hint },
  );
}
