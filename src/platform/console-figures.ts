import { Router } from 'express';
import type { Container } from 'inversify';
import { Clock } from './clock.js';
import { handle } from './http/validate.js';

/** The moments the console's figures count from: today since 00:00 UTC, this week the last 7 days (today included). */
export interface FigureWindow {
  now: Date;
  dayStart: Date;
  weekStart: Date;
}

const DAY = 24 * 60 * 60 * 1000;

export function figureWindow(now: Date): FigureWindow {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { now, dayStart, weekStart: new Date(dayStart.getTime() - 6 * DAY) };
}

/**
 * A module's figures on the console dashboard, read from its own tables (each module binds one; the platform
 * asks them all, so no module reads another's tables). Names are the dashboard's keys, values counts.
 */
export abstract class ConsoleFigures {
  /** This module's counts for the window. */
  abstract figures(window: FigureWindow): Promise<Record<string, number>>;
}

/** GET /api/admin/stats: every module's figures merged, with the window they were counted in. */
export function consoleStatsRoutes(container: Container): Router {
  const router = Router();
  router.get(
    '/stats',
    handle({}, async () => {
      const window = figureWindow(container.get(Clock).now());
      const providers = container.isBound(ConsoleFigures) ? container.getAll(ConsoleFigures) : [];
      const figures: Record<string, number> = {};
      for (const provider of providers) Object.assign(figures, await provider.figures(window));
      return { ...figures, dayStart: window.dayStart.toISOString(), weekStart: window.weekStart.toISOString(), asOf: window.now.toISOString() };
    }),
  );
  return router;
}
