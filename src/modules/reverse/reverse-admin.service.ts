import { inject, injectable } from 'inversify';

import type { Actor } from '../../platform/http/auth.js';
import { AccountsApi } from '../accounts/index.js';
import type { AdminReverseAuctionDetailDto, AdminReverseAuctionDto } from './reverse.dto.js';
import type { ReverseAuction } from './reverse-auction.entity.js';
import { findRequests } from './reverse.repository.js';
import type { AdminReverseFilter } from './reverse.schemas.js';
import { QuoteService } from './quote.service.js';
import { ReverseService } from './reverse.service.js';
import { Database } from '../../platform/db/database.js';

/** The console's sortable fields (the id besides). */
export const ADMIN_REVERSE_SORT = ['title', 'status', 'maxBudget', 'totalBids', 'startTime', 'endTime', 'createdAt'] as const;
export type AdminReverseSort = (typeof ADMIN_REVERSE_SORT)[number] | 'id';

/** The console's reverse auctions: list with filters, show with the quotes, cancel with a reason. */
@injectable()
export class ReverseAdminService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(ReverseService) private readonly requests: ReverseService,
    @inject(QuoteService) private readonly quotes: QuoteService,
  ) {}

  private async withBuyers(rows: ReverseAuction[]): Promise<AdminReverseAuctionDto[]> {
    const users = new Map((rows.length ? await this.accounts.findUsers(rows.map((r) => r.buyerId)) : []).map((u) => [u.id, u.username]));
    return rows.map((r) => ({ ...this.requests.toDto(r, false), buyerUsername: users.get(r.buyerId) ?? null, cancelReason: r.cancelReason ?? null }));
  }

  /** A console page of requests (every status unless filtered), sorted as asked, then by id. */
  async list(filter: AdminReverseFilter & { ids?: string[] }, page: { offset: number; limit: number; orderBy: Partial<Record<AdminReverseSort, 'asc' | 'desc'>> }) {
    const [rows, total] = await findRequests(
      this.db.em,
      { ids: filter.ids, statuses: filter.status, withCancelled: true, category: filter.partCategory, buyerId: filter.buyerId, q: filter.q },
      page.orderBy,
      page,
    );
    return { rows: await this.withBuyers(rows), total };
  }

  /** One request with every quote in full. */
  async get(id: string, admin: Actor): Promise<AdminReverseAuctionDetailDto> {
    const row = await this.requests.row(id);
    const [dto] = await this.withBuyers([row]);
    const { rows } = await this.quotes.bids(id, admin, { limit: 100, offset: 0 });
    return { ...dto!, quotes: rows };
  }

  /** Cancels a request without quotes; the reason is mailed to the buyer. */
  async cancel(id: string, reason: string, admin: Actor) {
    await this.requests.cancel(id, admin, reason);
    return this.get(id, admin);
  }
}
