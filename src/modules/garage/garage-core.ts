import { Router } from 'express';
import type { Container, ContainerModuleLoadOptions } from 'inversify';
import { VehicleFilterSource } from '../catalog/index.js';
import { AlertMailService } from './alert-mail.service.js';
import { AlertMatchingService } from './alert-matching.service.js';
import { alertRoutes } from './alert.routes.js';
import { AlertService } from './alert.service.js';
import { FitmentService } from './fitment.service.js';
import { garageRoutes } from './garage.routes.js';
import { marketWatchRoutes } from './market-watch.routes.js';
import { MarketWatchService } from './market-watch.service.js';
import { PriceHistoryService } from './price-history.service.js';
import { VehicleService } from './vehicle.service.js';

export { garageCoreCrontab, garageCoreSubscriptions, garageCoreTasks } from './garage.tasks.js';

/**
 * The garage core's registrations (vehicles, fitment, alerts, market watch, price history), gathered here so
 * garage.module.ts holds one line per hook for them.
 */
export function bindGarageCore({ bind }: Pick<ContainerModuleLoadOptions, 'bind'>): void {
  bind(VehicleService).toSelf();
  bind(VehicleFilterSource).to(VehicleService);
  bind(FitmentService).toSelf();
  bind(AlertService).toSelf();
  bind(AlertMatchingService).toSelf();
  bind(AlertMailService).toSelf();
  bind(PriceHistoryService).toSelf();
  bind(MarketWatchService).toSelf();
}

/** The garage core's public routes. */
export function garageCoreRoutes(container: Container): Router {
  const router = Router();
  router.use(garageRoutes(container));
  router.use(alertRoutes(container));
  router.use(marketWatchRoutes(container));
  return router;
}
