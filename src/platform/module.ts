import type { ContainerModule, Container } from 'inversify';
import type { Router } from 'express';
import type { EntitySchema } from '@mikro-orm/core';
import type { Task } from 'graphile-worker';
import type { LiveHub } from './live.js';
import type { DemoContribution } from './demo/demo.js';

/** Maps task names to handlers; each module contributes its own. */
export type TaskFactories = Record<string, (container: Container) => Task>;

/** What one bounded module plugs into the process. */
export interface PitlaneModule {
  name: string;
  containerModule: ContainerModule;
  // biome-ignore lint: entity schemas are heterogeneous
  entities: EntitySchema<any, any>[];
  /** Public REST routes, mounted under /api. */
  routes?: (container: Container) => Router;
  /**
   * Routes mounted under /api before the JSON parser, sessions and the CSRF guard: providers' webhooks, which read
   * the raw body to check its signature (payments' POST /api/payments/webhooks/stripe).
   */
  webhooks?: (container: Container) => Router;
  /** Console resources, mounted under /api/admin behind requireRole('admin'). */
  adminRoutes?: (container: Container) => Router;
  /** graphile-worker tasks, named `<module>/<action>`. */
  tasks?: TaskFactories;
  /** Event subscriptions: event name -> task names that receive it. */
  subscriptions?: Record<string, string[]>;
  /** Tasks queued once whenever a worker starts (catch-up after downtime); each must be idempotent. */
  startupTasks?: string[];
  /** graphile-worker crontab lines. */
  crontab?: string[];
  /** Registers WebSocket message handlers on the process's live hub. */
  live?: (container: Container, hub: LiveHub) => void;
  /** Reference data for `pitlane seed`; must change nothing when run twice. */
  seed?: (container: Container) => Promise<string[]>;
  /**
   * Reference data applied at every start (`pitlane serve`): inserts only the rows never applied before (by a
   * stable key, see reference-data.ts), so what admins changed or deleted stays as they left it.
   */
  referenceData?: (container: Container) => Promise<string[]>;
  /** This module's part of `pitlane seed-demo` and `clear-demo` (its `<module>.demo.ts`). */
  demo?: (container: Container) => DemoContribution;
}
