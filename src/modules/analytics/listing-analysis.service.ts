import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import { AuctionsApi } from '../auctions/index.js';
import { CatalogApi } from '../catalog/index.js';
import { MessagingApi } from '../messaging/index.js';
import { SellersApi } from '../sellers/index.js';
import type { ActiveListingRow, SellerPerformanceRow } from './analytics.dto.js';
import { Database } from '../../platform/db/database.js';
import { ACTIVITY_TOTALS_SQL, type ActivityTotalsRow } from './listing-activity.repository.js';
import { CONVERSION_PERIOD_DAYS } from './analytics.messages.js';
import {
  conversionPercent,
  conversionPeriod,
  daysListed,
  filterListings,
  percentOf,
  priceVsMedian,
  sortListings,
  type ActiveListingFilter,
  type ActiveListingSort,
} from './listing-analysis.rules.js';

interface Activity {
  views: number;
  impressions: number;
  clicks: number;
}
const NO_ACTIVITY: Activity = { views: 0, impressions: 0, clicks: 0 };

/**
 * The console's Active Listings Analysis and Seller Analytics & Performance. The listing facts come from the
 * modules that own them (catalog, auctions, messaging, sellers); this module adds what buyers did (views,
 * impressions, clicks) from its own tables. Rows are assembled per request and sorted in memory: an admin page
 * over the live listings, not a public path (docs/decisions/analytics.md, analytics).
 */
@injectable()
export class ListingAnalysisService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(MessagingApi) private readonly messaging: MessagingApi,
    @inject(SellersApi) private readonly sellers: SellersApi,
  ) {}

  /** Every live listing with its figures: fixed-price parts, and open auctions in place of the parts they hold. */
  async liveListings(): Promise<ActiveListingRow[]> {
    const [parts, auctions] = await Promise.all([this.catalog.liveListings(), this.auctions.openAuctions()]);
    const partById = new Map(parts.map((p) => [p.partId, p]));
    const auctionById = new Map(auctions.map((a) => [a.auctionId, a]));
    const auctioned = new Set(auctions.map((a) => a.partId));
    const items = [
      ...parts.filter((p) => !auctioned.has(p.partId)).map((p) => ({ type: 'part' as const, id: p.partId })),
      ...auctions.filter((a) => partById.has(a.partId)).map((a) => ({ type: 'auction' as const, id: a.auctionId })),
    ];
    const sellerIds = [...new Set(parts.map((p) => p.sellerId))];
    const [activity, messages, profiles] = await Promise.all([
      this.activity(items),
      this.messaging.messagesReceived(items),
      this.sellers.quoteProfiles(sellerIds),
    ]);
    const now = this.clock.now();
    const rows: ActiveListingRow[] = [];
    for (const item of items) {
      const auction = item.type === 'auction' ? auctionById.get(item.id)! : null;
      const part = partById.get(auction ? auction.partId : item.id)!;
      const seen = activity.get(`${item.type}:${item.id}`) ?? NO_ACTIVITY;
      const price = auction ? auction.price : part.price;
      const listedAt = auction ? auction.startTime : part.listedAt;
      rows.push({
        id: item.id,
        listingType: item.type,
        partId: part.partId,
        title: part.title,
        sellerId: part.sellerId,
        sellerName: profiles.get(part.sellerId)?.businessName ?? 'Unknown seller',
        category: part.category,
        categoryName: part.categoryName,
        condition: part.condition,
        location: part.location,
        description: part.description,
        // The catalog's live listings are approved and on sale, and an open auction has not sold its part yet.
        isApproved: true,
        isSold: false,
        price,
        categoryMedian: part.categoryMedian,
        priceVsMedianPercent: priceVsMedian(price, part.categoryMedian),
        listedAt,
        daysListed: daysListed(new Date(listedAt), now),
        views: seen.views,
        watchers: auction ? auction.watchers : part.watchers,
        impressions: seen.impressions,
        clicks: seen.clicks,
        clickThroughPercent: percentOf(seen.clicks, seen.impressions),
        messages: messages.get(`${item.type}:${item.id}`) ?? 0,
        bids: auction ? auction.totalBids : null,
        endTime: auction ? auction.endTime : null,
      });
    }
    return rows;
  }

  /** A console page of the live listings, filtered and sorted. */
  async activeListings(page: ConsolePage & { filter: ActiveListingFilter; ids?: string[] }): Promise<{ rows: ActiveListingRow[]; total: number }> {
    let rows = await this.liveListings();
    if (page.ids) rows = rows.filter((r) => page.ids!.includes(r.id));
    const [field, direction] = (Object.entries(page.orderBy)[0] ?? ['daysListed', 'asc']) as [ActiveListingSort | 'id', 'asc' | 'desc'];
    const sorted = sortListings(filterListings(rows, page.filter), field, direction);
    return { rows: sorted.slice(page.offset, page.offset + page.limit), total: sorted.length };
  }

  /** A console page of approved sellers with the sellers module's figures and what buyers did with their listings. */
  async sellerPerformance(page: ConsolePage): Promise<{ rows: SellerPerformanceRow[]; total: number }> {
    const { rows, total } = await this.sellers.analytics(page);
    const userIds = rows.map((r) => r.userId);
    const { from, to } = conversionPeriod(this.clock.now(), CONVERSION_PERIOD_DAYS);
    const [views, responses, outcomes] = await Promise.all([
      this.viewsBySeller(new Set(userIds)),
      this.messaging.sellerResponseTimes(userIds),
      this.catalog.listingOutcomes(userIds, from, to),
    ]);
    return {
      total,
      rows: rows.map((r) => {
        const response = responses.get(r.userId)!;
        const outcome = outcomes.get(r.userId)!;
        return {
          ...r,
          listingViews: views.get(r.userId) ?? 0,
          // Sales over the listings that ended in the period, both counted over those listings (never above 100 %).
          conversionPercent: conversionPercent(outcome.sold, outcome.ended),
          endedListings: outcome.ended,
          soldListings: outcome.sold,
          conversations: response.conversations,
          answeredConversations: response.answered,
          responseMedianMinutes: response.medianMinutes,
        };
      }),
    };
  }

  /** Page views of the live listings (parts and open auctions) of `sellerIds`, per seller. */
  private async viewsBySeller(sellerIds: ReadonlySet<string>): Promise<Map<string, number>> {
    const [parts, auctions] = await Promise.all([this.catalog.liveListings(), this.auctions.openAuctions()]);
    const sellerOf = new Map<string, string>();
    for (const p of parts) if (sellerIds.has(p.sellerId)) sellerOf.set(`part:${p.partId}`, p.sellerId);
    for (const a of auctions) if (sellerIds.has(a.sellerId)) sellerOf.set(`auction:${a.auctionId}`, a.sellerId);
    const items = [...sellerOf.keys()].map((key) => {
      const [type, id] = key.split(':') as ['part' | 'auction', string];
      return { type, id };
    });
    const views = new Map<string, number>();
    for (const [key, seen] of await this.activity(items)) {
      const seller = sellerOf.get(key);
      if (seller) views.set(seller, (views.get(seller) ?? 0) + seen.views);
    }
    return views;
  }

  /** Recorded views, impressions and clicks per listing (keyed `${type}:${id}`), over the listing's life. */
  private async activity(items: readonly { type: 'part' | 'auction'; id: string }[]): Promise<Map<string, Activity>> {
    const result = new Map<string, Activity>();
    if (!items.length) return result;
    const rows = await this.db.runner('read').run<ActivityTotalsRow>(ACTIVITY_TOTALS_SQL, [uuidArray(items.map((i) => i.id))]);
    for (const r of rows) result.set(`${r.item_type}:${r.item_id}`, { views: r.views, impressions: r.impressions, clicks: r.clicks });
    return result;
  }
}
