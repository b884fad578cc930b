/**
 * `--delete-orphans` above the threshold (docs/sync.md "Deletion and orphans"): `--max-deletes N` in
 * any run; in an interactive terminal without it, the user is asked, with every name (the first 20 and
 * a count). CI, a pipe and --json never ask: they need the explicit count.
 */
import type { DeleteLimit } from '../sync/delete-guard.js';
import { TokensyncError } from '../errors.js';
import type { CommandContext } from './context.js';

export function deleteLimit(maxDeletes: string | undefined, ctx: CommandContext): DeleteLimit {
  const max = maxDeletes === undefined ? undefined : parseMax(maxDeletes);
  const canAsk = ctx.out.interactive && Boolean(ctx.prompt?.input.isTTY) && !ctx.global.json;
  return { max, ...(canAsk ? { confirm: (names, count) => ask(names, count, ctx) } : {}) };
}

function parseMax(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new TokensyncError('CLI_MAX_DELETES', `--max-deletes ${raw} is not a whole number of deletions.`, {
      hint: 'Give the count the plan shows, e.g. `--max-deletes 25`.',
    });
  return n;
}

async function ask(names: string[], count: number, ctx: CommandContext): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: ctx.prompt!.input, output: ctx.prompt!.output });
  try {
    const shown = names.slice(0, 20).map((n) => `  - ${n}`);
    if (names.length > 20) shown.push(`  … and ${names.length - 20} more`);
    ctx.out.info(`--delete-orphans would delete ${count} item(s) from the design file:\n${shown.join('\n')}`);
    const answer = await rl.question(`Delete them? Type the count (${count}) to confirm: `);
    return answer.trim() === String(count);
  } finally {
    rl.close();
  }
}
