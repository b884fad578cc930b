/**
 * Render threads (docs/architecture.md "Build", "Render threads"): a large build renders a prefix
 * of its platforms here and the rest in one worker thread given the same set, both through
 * render-platforms.ts, so the bytes are the same as rendering everything here. Everything is
 * rendered here when parallelism cannot pay: one core (`os.availableParallelism()`), a small set,
 * a build of some files only (the watch session's splices), or when the compiled thread is not
 * there (running from the TypeScript sources).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FormatContext } from '../formats/common.js';
import type { PlatformPlan } from '../platforms.js';
import { type Rendered, type RenderInput, renderPlatforms } from '../render-platforms.js';
import { cutPlatforms, MIN_PARALLEL_TOKENS } from './split.js';
import { errorFromWire, type RenderAnswer, type RenderJob } from './wire.js';

const WORKER = fileURLToPath(new URL('./worker.js', import.meta.url));

/**
 * Every platform of the plan, in its order: split between this thread and a render thread when
 * `threads` (default: the cores available) allows it and it pays.
 */
export async function renderAll(
  input: RenderInput,
  ctx: FormatContext,
  plan: PlatformPlan,
  threads?: number,
): Promise<Rendered> {
  const names = Object.keys(plan.platforms);
  const cut = splitAt(input, plan, threads);
  if (cut === undefined) return renderPlatforms(input, ctx, plan);
  const { only: _only, ...rest } = input;
  const thread = startThread({ input: rest, names: names.slice(cut) });
  try {
    // This thread's platforms come first in the plan: its error, if any, is the one an in-thread
    // build reports, so it is thrown without waiting for the render thread.
    const mine = await renderPlatforms(input, ctx, plan, names.slice(0, cut));
    const answer = await thread.answer;
    // A thread that died without an answer (out of memory, killed): its platforms rendered here.
    const theirs = answer ? await fromAnswer(answer) : await renderPlatforms(input, ctx, plan, names.slice(cut));
    return { outputs: [...mine.outputs, ...theirs.outputs], warnings: [...mine.warnings, ...theirs.warnings] };
  } finally {
    await thread.stop();
  }
}

/** How many platforms this thread renders, or undefined to render them all here. */
function splitAt(input: RenderInput, plan: PlatformPlan, threads: number | undefined): number | undefined {
  if (input.only !== undefined || (threads ?? availableParallelism()) < 2 || !existsSync(WORKER)) return undefined;
  const size = input.set.variables.length + (input.set.tokens?.length ?? 0);
  if (threads === undefined && size < MIN_PARALLEL_TOKENS) return undefined;
  return cutPlatforms(Object.values(plan.platforms), threads !== undefined);
}

async function fromAnswer(answer: RenderAnswer): Promise<Rendered> {
  if (!answer.ok) throw errorFromWire(answer.error);
  return { outputs: answer.outputs, warnings: answer.warnings };
}

/** A render thread for one job: its answer (undefined when it ended without one) and its end. */
function startThread(job: RenderJob): { answer: Promise<RenderAnswer | undefined>; stop: () => Promise<void> } {
  const worker = new Worker(WORKER, { workerData: job });
  const answer = new Promise<RenderAnswer | undefined>((resolve) => {
    worker.once('message', (m: RenderAnswer) => resolve(m));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
  return { answer, stop: async () => void (await worker.terminate()) };
}
