import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { analyticsAdminRoutes } from './analytics.admin-routes.js';
import { analyticsRoutes } from './analytics.routes.js';
import { analyticsTasks, PRUNE_VISITORS_TASK } from './analytics.tasks.js';
import { ListingActivityDay, ListingViewVisitor } from './listing-activity.entity.js';
import { ListingActivityRecorder } from './listing-activity.recorder.js';
import { ListingAnalysisService } from './listing-analysis.service.js';

/** The analytics module: page views, search impressions and clicks of listings, and the console's analyses. */
export const analyticsModule: PitlaneModule = {
  name: 'analytics',
  containerModule: new ContainerModule(({ bind }) => {
    bind(ListingActivityRecorder).toSelf().inSingletonScope();
    bind(ListingAnalysisService).toSelf();
  }),
  entities: [ListingActivityDay, ListingViewVisitor],
  routes: analyticsRoutes,
  adminRoutes: analyticsAdminRoutes,
  tasks: analyticsTasks,
  crontab: [`15 3 * * * ${PRUNE_VISITORS_TASK} ?max=1&jobKey=analytics-prune-view-visitors`],
};
