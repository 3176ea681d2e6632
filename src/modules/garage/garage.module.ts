import { Router } from 'express';
import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { FitmentEvidenceSource, UploadClaims, VehicleFilterSource } from '../catalog/index.js';
import { FitEvidence } from '../returns/index.js';
import { AlertMailService } from './alert-mail.service.js';
import { AlertMatchingService } from './alert-matching.service.js';
import { AlertSettings } from './alert-settings.entity.js';
import { alertRoutes } from './alert.routes.js';
import { AlertService } from './alert.service.js';
import { CardEvidenceService } from './card-evidence.service.js';
import { FitmentEvidenceService } from './fitment-evidence.service.js';
import { FitmentReport } from './fitment-report.entity.js';
import { fitmentReportAdminRoutes, fitmentReportRoutes } from './fitment-report.routes.js';
import { FitmentReportService } from './fitment-report.service.js';
import { FitmentQuestion } from './fitment-question.entity.js';
import { fitmentQuestionRoutes } from './fitment-question.routes.js';
import { FitmentQuestionService } from './fitment-question.service.js';
import { FitmentQuestionUploadClaims } from './fitment-question.upload-claims.js';
import { FitmentService } from './fitment.service.js';
import { garageDemo } from './garage.demo.js';
import { garageRoutes } from './garage.routes.js';
import { garageCrontab, garageSubscriptions, garageTasks } from './garage.tasks.js';
import { MarketWatch } from './market-watch.entity.js';
import { marketWatchRoutes } from './market-watch.routes.js';
import { MarketWatchService } from './market-watch.service.js';
import { PartAlert } from './part-alert.entity.js';
import { PriceHistoryService } from './price-history.service.js';
import { PriceRecord } from './price-record.entity.js';
import { GarageVehicle } from './vehicle.entity.js';
import { WantedAlertService } from './wanted-alert.service.js';
import { VehicleService } from './vehicle.service.js';

/**
 * The garage module (issue 20): the user's vehicles and fitment, part alerts (saved searches) and their mail,
 * market watch and price history. Its notices (alert matches, price moves) go to the notification centre.
 */
export const garageModule: PitlaneModule = {
  name: 'garage',
  containerModule: new ContainerModule(({ bind }) => {
    bind(VehicleService).toSelf();
    bind(VehicleFilterSource).to(VehicleService);
    bind(FitmentService).toSelf();
    bind(FitmentReportService).toSelf();
    bind(FitmentEvidenceService).toSelf();
    bind(FitmentEvidenceSource).toService(FitmentEvidenceService);
    bind(CardEvidenceService).toSelf();
    bind(AlertService).toSelf();
    bind(AlertMatchingService).toSelf();
    bind(AlertMailService).toSelf();
    bind(PriceHistoryService).toSelf();
    bind(MarketWatchService).toSelf();
    bind(WantedAlertService).toSelf();
    bind(FitmentQuestionService).toSelf();
    bind(FitEvidence).toService(FitmentQuestionService);
    bind(UploadClaims).to(FitmentQuestionUploadClaims);
  }),
  entities: [GarageVehicle, PartAlert, AlertSettings, MarketWatch, PriceRecord, FitmentReport, FitmentQuestion],
  routes: (container) => {
    const router = Router();
    router.use(garageRoutes(container));
    router.use(alertRoutes(container));
    router.use(marketWatchRoutes(container));
    router.use(fitmentReportRoutes(container));
    router.use(fitmentQuestionRoutes(container));
    return router;
  },
  adminRoutes: (container) => fitmentReportAdminRoutes(container),
  tasks: garageTasks,
  subscriptions: garageSubscriptions,
  crontab: garageCrontab,
  demo: garageDemo,
};
