import { inject, injectable } from 'inversify';
import type { FilterQuery } from '@mikro-orm/core';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import type { Actor } from '../../platform/http/auth.js';
import { formatCents } from '../../platform/money.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { OrdersApi } from '../payments/index.js';
import type { ReturnDto, ReturnEventDto } from './return.dto.js';
import { Return } from './return.entity.js';
import { ReturnEvent } from './return-event.entity.js';
import { FitEvidence } from './fit-evidence.port.js';
import { toReturnDto, toReturnEventDto } from './return.mapper.js';
import { mayPutBackOnSale, RETURN_TEXT, SELLER_TURN_STATES, type ReturnState } from './return.rules.js';
import type { ReturnListQuery } from './return.schemas.js';
import { ReturnSteps, type Viewer } from './return-steps.js';
import { StorefrontNames } from '../sellers/index.js';

/** Reading returns: one for its buyer, seller and admins (with what is left to refund and whether it may be relisted), the buyer's and the seller's lists, the console's list. */
@injectable()
export class ReturnViewService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(ReturnSteps) private readonly steps: ReturnSteps,
    @inject(OrdersApi) private readonly orders: OrdersApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(StorefrontNames) private readonly storefronts: StorefrontNames,
    @inject(FitEvidence) private readonly fitment: FitEvidence,
  ) {}

  /** One return, for its buyer, its seller and admins; anyone else gets a 404. */
  async view(id: string, actor: Actor): Promise<ReturnDto> {
    const row = await this.steps.find(id);
    const viewer = row ? this.steps.viewerOf(row, actor) : null;
    if (!row || !viewer) throw Errors.notFound(RETURN_TEXT.notFound);
    const [dto] = await this.toDtos([row], () => viewer, true);
    // What is left to refund: the order's total less what was refunded already (a partial refund, an admin's).
    const order = await this.orders.findOrder(row.orderId);
    const refundable = order ? formatCents(Math.max(0, order.totalCents - order.refundedCents)) : null;
    // The seller may put a part that came back on sale again, while the catalog still has it sold.
    let relistable = false;
    if (viewer === 'seller' && row.partId && mayPutBackOnSale(row, order)) {
      relistable = (await this.catalog.findParts([row.partId]))[0]?.isSold === true;
    }
    const fitEvidence = row.fitmentQuestionId ? await this.fitment.evidence(row.fitmentQuestionId) : null;
    return { ...dto!, refundable, relistable, fitEvidence };
  }

  /** The actor's returns as buyer (or `as: 'seller'`, as seller), newest first. */
  async list(actor: Actor, query: ReturnListQuery): Promise<{ rows: ReturnDto[]; total: number }> {
    const where: FilterQuery<Return> = query.as === 'seller' ? { sellerId: actor.id } : { buyerId: actor.id };
    if (query.state === 'awaiting_seller') where.state = { $in: [...SELLER_TURN_STATES] };
    else if (query.state) where.state = query.state;
    if (query.orderId) where.orderId = query.orderId;
    const [rows, total] = await this.db.em.findAndCount(Return, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.limit,
      offset: query.offset,
    });
    return { rows: await this.toDtos(rows, () => query.as, false), total };
  }

  /** The console's list: every return, filtered by state, sorted as asked. */
  async adminList(page: ConsolePage, filter: { state?: ReturnState; ids?: string[] }): Promise<{ rows: ReturnDto[]; total: number }> {
    const where: FilterQuery<Return> = {};
    if (filter.state) where.state = filter.state;
    if (filter.ids) where.id = { $in: filter.ids };
    const [rows, total] = await this.db.em.findAndCount(Return, where, consolePageOptions(page));
    return { rows: await this.toDtos(rows, () => 'admin', true), total };
  }

  private async toDtos(rows: Return[], viewer: (r: Return) => Viewer, withHistory: boolean): Promise<ReturnDto[]> {
    if (!rows.length) return [];
    const users = await this.accounts.findUsers([...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]);
    const names = new Map(users.map((u) => [u.id, u.username]));
    // Sellers go by the storefront name buyers know them by; a buyer keeps the username.
    const shops = await this.storefronts.displayNames([...new Set(rows.map((r) => r.sellerId))]);
    for (const r of rows) {
      const shop = shops.get(r.sellerId);
      if (shop) names.set(r.sellerId, shop);
    }
    const history = new Map<string, ReturnEventDto[]>();
    if (withHistory) {
      const events = await this.db.em.find(ReturnEvent, { returnId: { $in: rows.map((r) => r.id) } }, { orderBy: { id: 'asc' } });
      for (const e of events) history.set(e.returnId, [...(history.get(e.returnId) ?? []), toReturnEventDto(e)]);
    }
    return rows.map((r) => toReturnDto(r, viewer(r), names, history.get(r.id) ?? []));
  }
}
