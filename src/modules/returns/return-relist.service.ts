import { inject, injectable } from 'inversify';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { CatalogApi } from '../catalog/index.js';
import { OrdersApi } from '../payments/index.js';
import type { ReturnDto } from './return.dto.js';
import { mayPutBackOnSale, RETURN_TEXT } from './return.rules.js';
import { ReturnSteps } from './return-steps.js';
import { ReturnViewService } from './return-view.service.js';

/**
 * A returned part back on sale: once the part came back and the return was refunded, the part stays sold by its
 * order until the seller lists it again, through the catalog's own path (the one a cancelled order's part takes).
 */
@injectable()
export class ReturnRelistService {
  constructor(
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(OrdersApi) private readonly orders: OrdersApi,
    @inject(ReturnSteps) private readonly steps: ReturnSteps,
    @inject(ReturnViewService) private readonly views: ReturnViewService,
  ) {}

  /** The seller puts the returned part back on sale; 409 when it cannot be (not back yet, not refunded, resold). */
  async relist(id: string, actor: Actor): Promise<ReturnDto> {
    const row = await this.steps.find(id);
    const viewer = row ? this.steps.viewerOf(row, actor) : null;
    if (!row || !viewer) throw Errors.notFound(RETURN_TEXT.notFound);
    if (viewer !== 'seller') throw Errors.forbidden(RETURN_TEXT.onlySeller);
    const order = await this.orders.findOrder(row.orderId);
    if (!row.partId || !mayPutBackOnSale(row, order) || !(await this.catalog.putBackOnSale(row.partId, row.orderId))) {
      throw Errors.conflict('not_relistable', RETURN_TEXT.notRelistable);
    }
    // Put back: the part is no longer sold by this order (this request's reads of the part may predate the change).
    return { ...(await this.views.view(id, actor)), relistable: false };
  }
}
