import type { Container } from 'inversify';
import { z } from 'zod';
import type { Task } from 'graphile-worker';
import { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { PitlaneModule } from '../module.js';
import { TOKENS } from '../tokens.js';
import { DemoRuns } from './demo-runs.js';
import { clearDemo, DEFAULT_DEMO_PARTS, seedDemo, type DemoProgress } from './demo.runner.js';
import { detachedFromTransaction } from '../db/connection-guard.js';

const demoRunPayload = z.object({ runId: z.uuid() });
/** Progress is written at most this often (ms), and always at the end. */
const PROGRESS_EVERY_MS = 300;

/**
 * Runs one console request (seed or clear) with the same code as `pitlane seed-demo` / `clear-demo`, writing its
 * progress for the console to poll. A failure is recorded on the run, not retried (maxAttempts 1): the run's
 * transaction rolled back, and the admin decides whether to try again.
 */
export const demoDataTask = (container: Container): Task => async (payload) => {
  const { runId } = demoRunPayload.parse(payload);
  const runs = container.get(DemoRuns);
  const clock = container.get(Clock);
  if (!(await runs.start(runId, clock.now()))) return;
  const run = (await runs.find(runId))!;
  const modules = container.get<PitlaneModule[]>(TOKENS.Modules);
  let last = -Infinity;
  let writes = Promise.resolve();
  const onProgress = (p: DemoProgress) => {
    const t = performance.now();
    if (t - last < PROGRESS_EVERY_MS && p.percent < 100) return;
    last = t;
    // Written beside the run's transaction (which does not wait for it), so the console sees it at once.
    writes = writes.then(() => detachedFromTransaction(() => runs.progress(runId, p))).catch(() => {});
  };
  try {
    const summary =
      run.action === 'seed'
        ? await seedDemo(container, modules, { parts: run.parts ?? DEFAULT_DEMO_PARTS }, onProgress)
        : await clearDemo(container, modules, onProgress);
    await writes;
    await runs.finish(runId, clock.now(), { summary });
  } catch (error) {
    await writes;
    container.get<Logger>(TOKENS.Logger).error({ err: error, runId }, `demo ${run.action} failed`);
    await runs.finish(runId, clock.now(), { error: error instanceof Error ? error.message : String(error) });
  }
};
