import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import type { PartDto } from '../../../modules/catalog/part.dto';
import type { MessageTemplateDto, RelatedItemType } from '../../../modules/messaging/messaging.dto';
import type { ReverseAuctionDto } from '../../../modules/reverse/reverse.dto';

/** How long a copied template shows its check mark. */
export const COPIED_MARK_MS = 2000;

/** The item a Contact Seller (or Message Buyer) dialog is about, and whom it writes to. */
export interface ContactTarget {
  itemType: RelatedItemType;
  itemId: string;
  itemTitle: string;
  itemDescription?: string | null;
  price?: string | null;
  condition?: string | null;
  make?: string | null;
  model?: string | null;
  year?: string | null;
  partNumber?: string | null;
  /** The user the message goes to (the seller, or a wanted request's buyer). */
  recipientId: string;
  recipientName: string;
}

/** What a dialog calls a recipient whose name it does not know: fine in a sentence, not in a greeting. */
const UNNAMED = new Set(['the seller', 'the buyer']);

/** The recipient's name to greet by (a seller's storefront name, a wanted request's buyer), or null for "Hi,". */
export const greetingName = (recipientName: string) => (UNNAMED.has(recipientName.trim()) ? null : recipientName.trim() || null);

/** Spec 000 §8: what the dialog shows when suggestions cannot be loaded (both professional). */
export function fallbackTemplates(target: Pick<ContactTarget, 'itemTitle' | 'recipientName'>): MessageTemplateDto[] {
  const name = greetingName(target.recipientName);
  const hello = name ? `Hi ${name},` : 'Hi,';
  return [
    {
      category: 'General Inquiry',
      subject: `Question about ${target.itemTitle}`,
      message: `${hello}\n\nI'm interested in your ${target.itemTitle}. Is it still available, and could you tell me more about its condition?\n\nThank you!`,
      tone: 'professional',
    },
    {
      category: 'Technical Questions',
      subject: `Technical details: ${target.itemTitle}`,
      message: `${hello}\n\nCould you share the part number, the exact fitment (make, model and years) and any known issues with the ${target.itemTitle}?\n\nThanks in advance.`,
      tone: 'professional',
    },
  ];
}

/**
 * The spec's generate-templates payload for a target (buyerContext general-inquiry), with the item's id. `sellerName`
 * is whom the buyer greets: the seller's storefront name; a wanted request's suggestions are the seller's own words
 * to the buyer, so they send no seller name (the server would otherwise greet the sender).
 */
export function templatePayload(target: ContactTarget) {
  return {
    itemType: target.itemType,
    itemId: target.itemId,
    itemTitle: target.itemTitle,
    itemDescription: target.itemDescription ?? undefined,
    price: target.price ?? undefined,
    condition: target.condition ?? undefined,
    make: target.make ?? undefined,
    model: target.model ?? undefined,
    year: target.year ?? undefined,
    partNumber: target.partNumber ?? undefined,
    sellerName: target.itemType === 'reverse_auction' ? undefined : (greetingName(target.recipientName) ?? undefined),
    buyerContext: 'general-inquiry',
  };
}

/** Spec 000 §5: Send needs a subject and a message that are not blank. */
export const canSend = (subject: string, message: string) => subject.trim() !== '' && message.trim() !== '';

/** The success toast's text (spec 000 §8). */
export const sentDescription = (recipientName: string) => `Your message has been sent to ${recipientName}!`;

/** Who a part page's or an auction page's dialog writes to, by name: the storefront name the server sends. */
export const sellerNameOf = (name: string | null | undefined) => name?.trim() || 'the seller';

/** A time for the inbox: the time today, the weekday this week, else the date. */
export function inboxTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const days = (now.getTime() - at.getTime()) / 86_400_000;
  if (at.toDateString() === now.toDateString()) return at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (days < 6) return at.toLocaleDateString('en-US', { weekday: 'short' });
  return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** What the recipient is warned of in a message carrying off-platform contact or payment. */
export const OFF_PLATFORM_WARNING =
  'This message mentions contact details or payment outside Pitlane. Keep payment on Pitlane: off-platform sales are not allowed and are not covered by buyer protection.';

const yearsOf = (start: number | null, end: number | null) => (start && end && start !== end ? `${start}-${end}` : start || end ? String(start ?? end) : null);

/** The part page's dialog: to the part's seller. */
export function partContactTarget(part: PartDto): ContactTarget {
  return {
    itemType: 'part',
    itemId: part.id,
    itemTitle: part.title,
    itemDescription: part.description,
    price: part.price,
    condition: part.condition,
    make: part.makeName ?? part.make,
    model: part.model,
    year: yearsOf(part.yearStart, part.yearEnd),
    partNumber: part.partNumber,
    recipientId: part.sellerId,
    recipientName: sellerNameOf(part.sellerName),
  };
}

/** The auction page's dialog: to the auction's seller. */
export function auctionContactTarget(auction: AuctionDto): ContactTarget {
  return {
    itemType: 'auction',
    itemId: auction.id,
    itemTitle: auction.title,
    itemDescription: auction.description,
    price: Number(auction.currentBid) > 0 ? auction.currentBid : auction.startingBid,
    condition: auction.condition,
    partNumber: auction.partNumber,
    recipientId: auction.sellerId,
    recipientName: sellerNameOf(auction.sellerName),
  };
}

/** The wanted request's Message Buyer: to the buyer who posted it. */
export function reverseContactTarget(r: ReverseAuctionDto, buyerName: string): ContactTarget {
  return {
    itemType: 'reverse_auction',
    itemId: r.id,
    itemTitle: r.title,
    itemDescription: r.description,
    price: r.maxBudget,
    condition: r.condition,
    make: r.make,
    model: r.model,
    year: yearsOf(r.yearStart, r.yearEnd),
    recipientId: r.buyerId,
    recipientName: buyerName.trim() || 'the buyer',
  };
}
