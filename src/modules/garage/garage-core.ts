import { Router } from 'express';
import type { Container, ContainerModuleLoadOptions } from 'inversify';
import { VehicleFilterSource } from '../catalog/index.js';
import { FitmentService } from './fitment.service.js';
import { garageRoutes } from './garage.routes.js';
import { VehicleService } from './vehicle.service.js';

/**
 * The garage core's registrations (vehicles, fitment, alerts, market watch, price history), gathered here so
 * garage.module.ts holds one line per hook for them.
 */
export function bindGarageCore({ bind }: Pick<ContainerModuleLoadOptions, 'bind'>): void {
  bind(VehicleService).toSelf();
  bind(VehicleFilterSource).to(VehicleService);
  bind(FitmentService).toSelf();
}

/** The garage core's public routes. */
export function garageCoreRoutes(container: Container): Router {
  const router = Router();
  router.use(garageRoutes(container));
  return router;
}
