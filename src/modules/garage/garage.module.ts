import { Router } from 'express';
import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';

/**
 * The garage module (issue 20): the user's vehicles, fitment, alerts, market watch, price history, and the
 * notification centre. Each part registers on its own lines below.
 */
export const garageModule: PitlaneModule = {
  name: 'garage',
  containerModule: new ContainerModule(() => {
    // notifications
    // garage core
  }),
  entities: [],
  routes: (container) => {
    void container;
    const router = Router();
    // notifications
    // garage core
    return router;
  },
};
