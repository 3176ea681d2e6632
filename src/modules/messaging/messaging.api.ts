import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { ConversationService } from './conversation.service.js';
import type { RelatedItemType } from './messaging.dto.js';
import { buyerMessagesPerItem, sellerResponses } from './messaging.repository.js';

/** How quickly a seller answers buyers: conversations a buyer started, how many the seller answered, the median wait. */
export interface SellerResponseFigures {
  conversations: number;
  answered: number;
  /** The median minutes from a buyer's first message to the seller's first answer; null when none was answered. */
  medianMinutes: number | null;
}

/** What other modules may ask of messaging. */
export abstract class MessagingApi {
  /** Messages buyers sent about each item, keyed `${type}:${id}` (items without any are left out). */
  abstract messagesReceived(items: readonly { type: RelatedItemType; id: string }[]): Promise<Map<string, number>>;
  /** Response figures per seller user id (every id given gets an entry). */
  abstract sellerResponseTimes(sellerUserIds: readonly string[]): Promise<Map<string, SellerResponseFigures>>;
  /**
   * In the caller's transaction: posts `content` from `senderId` (the buyer or the seller) into their conversation
   * about the part, opened with `subject` when they have none; false (nothing posted) when either blocked the other.
   */
  abstract postAboutPart(post: PartNote): Promise<boolean>;
}

/** A message another module posts in a buyer's and seller's conversation about a part. */
export interface PartNote {
  partId: string;
  buyerId: string;
  sellerId: string;
  senderId: string;
  subject: string;
  content: string;
  /** The garage's fitment question this note asks (its message names it, for the thread's answer control). */
  fitmentQuestionId?: string;
  /**
   * When it was written, for a note of the past (the demo's questions and answers) posted into a conversation with
   * nothing later: dated then, and no unread mail is scheduled for it (it is not news). Default: the clock's now.
   */
  sentAt?: Date;
}

@injectable()
export class MessagingApiImpl extends MessagingApi {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(ConversationService) private readonly conversations: ConversationService,
  ) {
    super();
  }

  postAboutPart(post: PartNote): Promise<boolean> {
    return this.conversations.postAboutPart(post);
  }

  async messagesReceived(items: readonly { type: RelatedItemType; id: string }[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    const byType = new Map<RelatedItemType, string[]>();
    for (const item of items) byType.set(item.type, [...(byType.get(item.type) ?? []), item.id]);
    for (const [type, ids] of byType) {
      const rows = await buyerMessagesPerItem(this.db.em, type, ids);
      for (const r of rows) result.set(`${type}:${r.id}`, r.n);
    }
    return result;
  }

  async sellerResponseTimes(sellerUserIds: readonly string[]): Promise<Map<string, SellerResponseFigures>> {
    const result = new Map<string, SellerResponseFigures>(sellerUserIds.map((id) => [id, { conversations: 0, answered: 0, medianMinutes: null }]));
    if (!sellerUserIds.length) return result;
    const rows = await sellerResponses(this.db.em, sellerUserIds);
    for (const r of rows) {
      result.set(r.seller_id, { conversations: r.conversations, answered: r.answered, medianMinutes: r.median === null ? null : Math.round(Number(r.median)) });
    }
    return result;
  }
}
