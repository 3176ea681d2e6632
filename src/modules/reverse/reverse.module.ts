import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { RelistStatusSource } from '../../platform/relist-status.js';
import { QuoteNotice } from './quote-notice.entity.js';
import { QuoteNoticeQueue } from './quote-notice.queue.js';
import { ReverseQuote } from './quote.entity.js';
import { QuoteService } from './quote.service.js';
import { ReverseActivity } from './reverse-activity.entity.js';
import { ReverseActivityService } from './reverse-activity.service.js';
import { ReverseAuction } from './reverse-auction.entity.js';
import { ReverseIdempotencyKey } from './reverse-idempotency-key.entity.js';
import { ReverseRelist } from './reverse-relist.entity.js';
import { ReverseAdminService } from './reverse-admin.service.js';
import { ReverseIdempotencyStore } from './reverse-idempotency.store.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';
import { ReverseNotificationService } from './reverse-notification.service.js';
import { reverseAdminRoutes } from './reverse.admin-routes.js';
import { reverseDemo } from './reverse.demo.js';
import { ReverseApi, ReverseApiImpl } from './reverse.api.js';
import { ReverseRelistStatus } from './reverse.relist-status.js';
import { ReverseUploadClaims } from './reverse.upload-claims.js';
import { UploadClaims } from '../catalog/index.js';
import { reverseRoutes } from './reverse.routes.js';
import { ReverseService } from './reverse.service.js';
import { reverseCrontab, reverseStartupTasks, reverseTasks } from './reverse.tasks.js';

/**
 * The reverse module: wanted-part requests posted by buyers, quotes by approved sellers, the buyer's award,
 * watchers, live activity, reminders and relists.
 */
export const reverseModule: PitlaneModule = {
  name: 'reverse',
  containerModule: new ContainerModule(({ bind }) => {
    bind(ReverseActivityService).toSelf();
    bind(ReverseIdempotencyStore).toSelf();
    bind(ReverseService).toSelf();
    bind(QuoteService).toSelf();
    bind(QuoteNoticeQueue).toSelf().inSingletonScope();
    bind(ReverseNotificationService).toSelf();
    bind(ReverseLifecycleService).toSelf();
    bind(ReverseAdminService).toSelf();
    bind(ReverseApi).to(ReverseApiImpl);
    bind(RelistStatusSource).to(ReverseRelistStatus);
    bind(UploadClaims).to(ReverseUploadClaims);
  }),
  entities: [ReverseAuction, ReverseQuote, ReverseActivity, ReverseIdempotencyKey, QuoteNotice, ReverseRelist],
  routes: reverseRoutes,
  adminRoutes: reverseAdminRoutes,
  tasks: reverseTasks,
  crontab: reverseCrontab,
  startupTasks: reverseStartupTasks,
  live: (container, hub) => container.get(ReverseActivityService).attach(hub),
  demo: reverseDemo,
};
