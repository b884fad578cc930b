/**
 * A render thread (docs/architecture.md "Build", "Render threads"): renders the platforms it is
 * given from the same set, with the same code as the calling thread (render-platforms.ts), and
 * answers once with the outputs or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { planRender, renderPlatforms } from '../render-platforms.js';
import { errorToWire, type RenderAnswer, type RenderJob } from './wire.js';

const job = workerData as RenderJob;
let answer: RenderAnswer;
try {
  const { ctx, plan } = planRender(job.input);
  answer = { ok: true, ...(await renderPlatforms(job.input, ctx, plan, job.names)) };
} catch (err) {
  answer = { ok: false, error: errorToWire(err) };
}
parentPort?.postMessage(answer);
