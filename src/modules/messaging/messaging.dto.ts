/**
 * The messaging answers, declared once here: the services build them and the web app and the console read them
 * with `import type`. Declarations only.
 */

/** What a conversation is about. */
export type RelatedItemType = 'part' | 'auction' | 'reverse_auction';

/** Off-platform contact or payment found in a message (the FAQ forbids off-platform sales). */
export type MessageWarning = 'email' | 'phone' | 'off_platform_payment';

/** The other participant of a conversation, as the inbox shows them. */
export interface CounterpartDto {
  id: string;
  displayName: string;
  /** Their storefront when they are an approved seller with one. */
  storefrontSlug: string | null;
}

/** The related item's card on top of a thread and in the inbox: fresh facts, or `available: false` once gone. */
export interface RelatedItemDto {
  type: RelatedItemType;
  id: string;
  title: string;
  imageUrl: string | null;
  /** The part's price, the auction's current (or starting) bid, the request's lowest quote or budget. */
  price: string | null;
  /** available, sold, in_auction, unavailable (parts); the status of an auction or a request. */
  availability: string;
}

/** One message of a thread (spec 000 §3: id, senderId, content, createdAt). */
export interface MessageDto {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  isRead: boolean;
  /** Off-platform contact or payment it carries: shown to the recipient as a warning. */
  warnings: MessageWarning[];
  createdAt: string;
  /**
   * The fitment question ("Will it fit my ...?", the garage's) this message asks, posted by the buyer from the part
   * page: the thread offers the part's seller the answer there. Null for every other message.
   */
  fitmentQuestionId: string | null;
}

/** A conversation as the caller sees it (spec 000 §3: id, subject, createdAt, and the inbox's facts). */
export interface ConversationDto {
  id: string;
  subject: string;
  createdAt: string;
  lastMessageAt: string;
  counterpart: CounterpartDto;
  relatedItem: RelatedItemDto;
  lastMessage: { id: string; preview: string; senderId: string; createdAt: string } | null;
  /** Messages to the caller not yet read. */
  unreadCount: number;
  /** The caller blocked the other participant. */
  blockedByMe: boolean;
  /** The other participant blocked the caller (no more messages either way). */
  blockedMe: boolean;
}

/** POST /api/conversations (spec 000 §3's creation payload), as the web app sends it; conversationSchema parses to it. */
export interface ConversationInput {
  participantIds: string[];
  subject: string;
  initialMessage: string;
  relatedItemId: string;
  relatedItemType: RelatedItemType;
}

/** GET /api/messages/unread-count */
export interface UnreadCountDto {
  count: number;
}

/** Tone of a suggested message (spec 000 §3). */
export type TemplateTone = 'professional' | 'casual' | 'enthusiastic' | 'other';

/** One suggested message of the Contact Seller dialog. */
export interface MessageTemplateDto {
  category: string;
  subject: string;
  message: string;
  tone: TemplateTone;
}

/** POST /api/messaging/generate-templates */
export interface MessageTemplatesDto {
  templates: MessageTemplateDto[];
}

/** A live message on the user's own channel (`subscribe_messages`). */
export interface MessageLiveDto {
  /** To the recipient's tabs, to the sender's own tabs, and to the reader's tabs after marking read. */
  type: 'message_received' | 'message_sent' | 'conversation_read';
  conversationId: string;
  message?: MessageDto;
  /** The recipient's unread total after the change. */
  unreadCount: number;
}

/** Where an admin's review of a flagged or reported conversation stands. */
export type ReviewStatus = 'open' | 'dismissed' | 'suspended';

/** A flagged or reported conversation in the console's `reported-conversations` resource. */
export interface ReportedConversationDto {
  id: string;
  subject: string;
  relatedItemType: RelatedItemType;
  relatedItemId: string;
  buyerId: string;
  buyerName: string;
  sellerId: string;
  sellerName: string;
  reviewStatus: ReviewStatus;
  /** When a message first carried off-platform contact, or the first report came. */
  flaggedAt: string | null;
  lastMessageAt: string;
  /** Messages carrying off-platform contact or payment. */
  flaggedMessages: number;
  reports: number;
  latestReason: string | null;
  /** On the show page: the latest 200 messages, oldest first, and every report. */
  messages?: (MessageDto & { senderName: string })[];
  reportList?: { id: string; reporterId: string; reporterName: string; reason: string; createdAt: string }[];
}
