import { Router } from 'express';
import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { NotificationLive } from './notification.live.js';
import { notificationRoutes } from './notification.routes.js';
import { NotificationService } from './notification.service.js';
import { notificationSubscriptions, notificationTasks } from './notification.subscriptions.js';
import { notificationDemo } from './notification.demo.js';
import { garageCoreDemo } from './garage.demo.js';
import type { DemoContribution } from '../../platform/demo/demo.js';
import { bindGarageCore, garageCoreCrontab, garageCoreRoutes, garageCoreSubscriptions, garageCoreTasks } from './garage-core.js';

/** Event subscriptions of the module's parts, joined: two parts may listen to one event (each with its task). */
function mergeSubscriptions(...parts: Record<string, string[]>[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const part of parts) for (const [event, tasks] of Object.entries(part)) merged[event] = [...(merged[event] ?? []), ...tasks];
  return merged;
}

/** Demo hooks of the module's parts, joined: seeded in order, cleared in reverse. */
function joinDemos(...parts: DemoContribution[]): DemoContribution {
  return {
    seed: async (ctx) => {
      const lines: string[] = [];
      for (const part of parts) lines.push(...(await part.seed(ctx)));
      return lines;
    },
    clear: async (ctx) => {
      const lines: string[] = [];
      for (const part of [...parts].reverse()) lines.push(...(await part.clear(ctx)));
      return lines;
    },
  };
}

/**
 * The garage module (issue 20): the user's vehicles, fitment, alerts, market watch, price history, and the
 * notification centre. Each part registers on its own lines below.
 */
export const garageModule: PitlaneModule = {
  name: 'garage',
  containerModule: new ContainerModule((options) => {
    const { bind } = options;
    // notifications
    bind(NotificationService).toSelf();
    bind(NotificationLive).toSelf().inSingletonScope();
    // garage core
    bindGarageCore(options);
  }),
  entities: [],
  routes: (container) => {
    const router = Router();
    // notifications
    router.use(notificationRoutes(container));
    // garage core
    router.use(garageCoreRoutes(container));
    return router;
  },
  tasks: {
    // notifications
    ...notificationTasks,
    // garage core
    ...garageCoreTasks,
  },
  subscriptions: mergeSubscriptions(
    // notifications
    notificationSubscriptions,
    // garage core
    garageCoreSubscriptions,
  ),
  crontab: [...garageCoreCrontab],
  demo: (container) =>
    joinDemos(
      // garage core
      garageCoreDemo(container),
      // notifications (last: its notices may point at what the others made)
      notificationDemo(container),
    ),
  live: (container, hub) => {
    // notifications
    container.get(NotificationLive).attach(hub);
    // garage core
  },
};
