import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { UploadClaims } from '../catalog/index.js';
import { PAYMENTS_EVENTS } from '../payments/index.js';
import { ReviewPurchases } from '../sellers/index.js';
import { DeliveredOrder } from './delivered-order.entity.js';
import { returnAdminRoutes } from './return.admin-routes.js';
import { ReturnEvent } from './return-event.entity.js';
import { Return } from './return.entity.js';
import { returnRoutes } from './return.routes.js';
import { ReturnAnswerService } from './return-answer.service.js';
import { ReturnEscalationService } from './return-escalation.service.js';
import { ReturnRefundService } from './return-refund.service.js';
import { ReturnRelistService } from './return-relist.service.js';
import { ReturnRequestService } from './return-request.service.js';
import { ReturnSteps } from './return-steps.js';
import { ReturnViewService } from './return-view.service.js';
import { returnsDemo } from './returns.demo.js';
import { RECORD_DELIVERED_TASK, returnsTasks } from './returns.tasks.js';
import { ReturnsReviewPurchases } from './returns.review-purchases.js';
import { ReturnUploadClaims } from './returns.upload-claims.js';

/** Returns of delivered orders: requests with photos, the seller's answer, shipment back, refunds, escalations. */
export const returnsModule: PitlaneModule = {
  name: 'returns',
  containerModule: new ContainerModule(({ bind }) => {
    bind(ReturnSteps).toSelf();
    bind(ReturnViewService).toSelf();
    bind(ReturnRequestService).toSelf();
    bind(ReturnAnswerService).toSelf();
    bind(ReturnRefundService).toSelf();
    bind(ReturnRelistService).toSelf();
    bind(ReturnEscalationService).toSelf();
    bind(UploadClaims).to(ReturnUploadClaims);
    bind(ReviewPurchases).to(ReturnsReviewPurchases);
  }),
  entities: [Return, ReturnEvent, DeliveredOrder],
  routes: returnRoutes,
  adminRoutes: returnAdminRoutes,
  tasks: returnsTasks,
  subscriptions: { [PAYMENTS_EVENTS.orderDelivered]: [RECORD_DELIVERED_TASK] },
  demo: returnsDemo,
};
