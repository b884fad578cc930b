/** What one run of the CLI is made of, shared by main.ts, program.ts and plain.ts. */
import type { CommandContext, ExitCode, GlobalOptions } from './context.js';

/** What one run of the CLI reads and writes: nothing else of the process. */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Aborted (reason: InterruptedError) when the user interrupts: the command stops at its next safe point. */
  signal?: AbortSignal;
}

/** A command's module, imported only when it runs. */
export type Loader = () => Promise<{ run: (options: never, ctx: CommandContext) => Promise<ExitCode> }>;

/** The program of one run: the io it reads and writes, and the exit code its command sets. */
export interface Run {
  io: CliIo;
  code: number;
}

/** Runs a command's module with its options, the global options and the command's name. */
export type Execute = (load: Loader, options: object, global: GlobalOptions, command: string) => Promise<void>;
