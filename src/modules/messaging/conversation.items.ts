import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import { AuctionsApi } from '../auctions/index.js';
import { CatalogApi, type PartDto } from '../catalog/index.js';
import { ReverseApi } from '../reverse/index.js';
import type { TemplateFacts } from './message.templates.js';
import type { RelatedItemDto, RelatedItemType } from './messaging.dto.js';

/** An item a conversation is about, as messaging needs it: who owns it, its card, its facts for suggestions. */
export interface RelatedItem {
  card: RelatedItemDto;
  /** The seller of a part or an auction; the buyer who posted a wanted request. */
  ownerId: string;
  facts: TemplateFacts;
}

const NOT_FOUND: Record<RelatedItemType, string> = { part: 'Part', auction: 'Auction', reverse_auction: 'Reverse auction' };
/** "Part not found" and the like, for an item that does not exist or that the sender may not see. */
export const itemNotFound = (type: RelatedItemType) => NOT_FOUND[type];

/**
 * The part page's rule (catalog's PartService.canSee) on the part's DTO: public listings to all, a sold one keeps its
 * page, active own listings to their seller, all to admins.
 */
export const canSeePart = (p: PartDto, viewer: Actor | null) =>
  (viewer !== null && hasRole(viewer.role, 'admin')) || ((p.isActive || p.isSold) && (p.isApproved || p.sellerId === viewer?.id));

const partAvailability = (p: Pick<PartDto, 'isSold' | 'isActive' | 'isApproved' | 'activeAuctionId'>) => (p.isSold ? 'sold' : !p.isActive || !p.isApproved ? 'unavailable' : p.activeAuctionId ? 'in_auction' : 'available');
const primary = (images: { url: string; isPrimary?: boolean; thumbnailUrl?: string }[]) => {
  const image = images.find((i) => i.isPrimary) ?? images[0];
  return image ? (image.thumbnailUrl ?? image.url) : null;
};
const years = (a: number | null, b: number | null) => (a && b && a !== b ? `${a}-${b}` : a || b ? String(a ?? b) : null);

/** Reads related items through the catalog's, auctions' and reverse auctions' public APIs. */
@injectable()
export class ConversationItems {
  constructor(
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(AuctionsApi) private readonly auctions: AuctionsApi,
    @inject(ReverseApi) private readonly reverse: ReverseApi,
  ) {}

  private fromPart(p: PartDto): RelatedItem {
    return {
      ownerId: p.sellerId,
      card: { type: 'part', id: p.id, title: p.title, imageUrl: primary(p.images), price: p.price, availability: partAvailability(p) },
      facts: {
        itemType: 'part',
        title: p.title,
        partNumber: p.partNumber,
        condition: p.condition,
        make: p.makeName ?? p.make,
        model: p.model,
        year: years(p.yearStart, p.yearEnd),
        price: p.price,
        sellerName: p.sellerName,
      },
    };
  }

  /** The item as `viewer` may see it (each module's own rule), or null. */
  async visible(type: RelatedItemType, id: string, viewer: Actor | null): Promise<RelatedItem | null> {
    if (type === 'part') {
      const [part] = await this.catalog.findParts([id]);
      return part && canSeePart(part, viewer) ? this.fromPart(part) : null;
    }
    if (type === 'auction') {
      const a = await this.auctions.findAuction(id, viewer);
      if (!a) return null;
      const price = Number(a.currentBid) > 0 ? a.currentBid : a.startingBid;
      return {
        ownerId: a.sellerId,
        card: { type, id: a.id, title: a.title, imageUrl: primary(a.images), price, availability: a.status },
        facts: { itemType: type, title: a.title, partNumber: a.partNumber, condition: a.condition, price, sellerName: a.sellerName },
      };
    }
    const r = await this.reverse.findRequest(id, viewer);
    if (!r) return null;
    return {
      ownerId: r.buyerId,
      card: {
        type,
        id: r.id,
        title: r.title,
        imageUrl: primary(r.images),
        price: r.currentLowestBid ?? r.maxBudget,
        availability: r.status,
      },
      facts: { itemType: type, title: r.title, condition: r.condition, make: r.make, model: r.model, year: years(r.yearStart, r.yearEnd), price: r.maxBudget },
    };
  }

  /**
   * Cards of many items for the inbox: parts in one query of their card facts (not whole part DTOs), auctions
   * and requests one by one (a page holds few).
   */
  async cards(items: { type: RelatedItemType; id: string }[], viewer: Actor): Promise<Map<string, RelatedItemDto>> {
    const cards = new Map<string, RelatedItemDto>();
    const partIds = [...new Set(items.filter((i) => i.type === 'part').map((i) => i.id))];
    for (const p of await this.catalog.partCards(partIds)) {
      cards.set(`part:${p.id}`, { type: 'part', id: p.id, title: p.title, imageUrl: p.imageUrl, price: p.price, availability: partAvailability(p) });
    }
    const others = [...new Map(items.filter((i) => i.type !== 'part').map((i) => [`${i.type}:${i.id}`, i])).values()];
    await Promise.all(
      others.map(async (i) => {
        const item = await this.visible(i.type, i.id, viewer);
        if (item) cards.set(`${i.type}:${i.id}`, item.card);
      }),
    );
    return cards;
  }
}
