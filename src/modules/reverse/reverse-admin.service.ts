import { inject, injectable } from 'inversify';

import { containsPattern } from '../../platform/db/like.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { Actor } from '../../platform/http/auth.js';
import { AccountsApi } from '../accounts/index.js';
import type { AdminReverseAuctionDetailDto, AdminReverseAuctionDto } from './reverse.dto.js';
import { REVERSE_COLUMNS, toReverseRow, type ReverseRow } from './reverse.repository.js';
import { QuoteService } from './quote.service.js';
import { ReverseService } from './reverse.service.js';
import { Database } from '../../platform/db/database.js';

export const ADMIN_REVERSE_SORT = {
  id: 'id',
  title: 'title',
  status: 'status',
  maxBudget: 'max_budget',
  totalBids: 'total_bids',
  startTime: 'start_time',
  endTime: 'end_time',
  createdAt: 'created_at',
} as const;
export type AdminReverseSort = keyof typeof ADMIN_REVERSE_SORT;

export interface AdminReverseFilter {
  q?: string;
  status?: string[];
  partCategory?: string;
  buyerId?: string;
  ids?: string[];
}

/** The console's reverse auctions: list with filters, show with the quotes, cancel with a reason. */
@injectable()
export class ReverseAdminService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(ReverseService) private readonly requests: ReverseService,
    @inject(QuoteService) private readonly quotes: QuoteService,
  ) {}

  private async withBuyers(rows: ReverseRow[]): Promise<AdminReverseAuctionDto[]> {
    const users = new Map((rows.length ? await this.accounts.findUsers(rows.map((r) => r.buyerId)) : []).map((u) => [u.id, u.username]));
    return rows.map((r) => ({ ...this.requests.toDto(r, false), buyerUsername: users.get(r.buyerId) ?? null, cancelReason: r.cancelReason }));
  }

  /** A console page of requests. */
  async list(filter: AdminReverseFilter, page: { offset: number; limit: number; orderBy: Partial<Record<AdminReverseSort, 'asc' | 'desc'>> }) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.ids) {
      where.push('id = any(?::uuid[])');
      params.push(uuidArray(filter.ids));
    }
    if (filter.status?.length) {
      where.push('status = any(?::text[])');
      params.push(`{${filter.status.join(',')}}`);
    }
    if (filter.partCategory) {
      where.push('lower(part_category) = lower(?)');
      params.push(filter.partCategory);
    }
    if (filter.buyerId) {
      where.push('buyer_id = ?');
      params.push(filter.buyerId);
    }
    if (filter.q) {
      where.push(`(title ilike ? escape '\\' or description ilike ? escape '\\')`);
      params.push(containsPattern(filter.q), containsPattern(filter.q));
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const order = Object.entries(page.orderBy)
      .map(([k, d]) => `${ADMIN_REVERSE_SORT[k as AdminReverseSort]} ${d === 'desc' ? 'desc' : 'asc'}`)
      .concat('id asc')
      .join(', ');
    const em = this.db.em;
    const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from reverse_auctions ${clause}`, params);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${REVERSE_COLUMNS} from reverse_auctions ${clause} order by ${order} limit ? offset ?`,
      [...params, page.limit, page.offset],
    );
    return { rows: await this.withBuyers(rows.map(toReverseRow)), total: count!.n };
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
