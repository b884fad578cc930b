/**
 * `tokensync emulator [--port N] [--host H] [--data FILE] [--seed demo|empty] [--rate-limit N] [--api dfs|figma]`:
 * runs the local Design File Service until SIGINT/SIGTERM. When ready it prints exactly one JSON line
 * on stdout, the contract tools rely on (docs/architecture.md "The local service"):
 * {"url","caFile","token","fileKey","teamId","adminToken"}; nothing else is printed there.
 */
import { resolve } from 'node:path';
import { EmulatorOptionsError, startEmulator } from '../../emulator/index.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

export interface EmulatorCommandOptions {
  port: string;
  host: string;
  data?: string;
  seed: 'demo' | 'empty';
  rateLimit: string;
  /** Which API it speaks (docs/emulator.md "Dialects"). */
  api?: 'dfs' | 'figma';
}

function whole(value: string, flag: string, min: number, max: number): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new EmulatorOptionsError(
      'EMULATOR_OPTIONS',
      `${flag} must be a whole number from ${min} to ${max} (got "${value}").`,
      {
        hint: flag === '--port' ? 'Use --port 0 for any free port.' : `Pass ${flag} with a whole number.`,
      },
    );
  }
  return n;
}

export async function run(options: EmulatorCommandOptions, ctx: CommandContext): Promise<ExitCode> {
  const emulator = await startEmulator({
    port: whole(options.port, '--port', 0, 65535),
    host: options.host,
    seed: options.seed,
    rateLimitPerMinute: whole(options.rateLimit, '--rate-limit', 1, 1_000_000),
    api: options.api ?? 'dfs',
    ...(options.data !== undefined ? { dataFile: resolve(ctx.cwd, options.data) } : {}),
  });
  ctx.out.line(
    JSON.stringify({
      url: emulator.url,
      caFile: emulator.caFile,
      token: emulator.token,
      fileKey: emulator.fileKey,
      teamId: emulator.teamId,
      adminToken: emulator.adminToken,
    }),
  );
  await ctx.interrupted;
  await emulator.close();
  return EXIT.ok;
}
