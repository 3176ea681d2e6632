import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { AppError, Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { AccountsApi } from '../accounts/index.js';
import { SellersApi } from '../sellers/index.js';
import { ConversationMember } from './conversation-member.entity.js';
import { ConversationReport } from './conversation-report.entity.js';
import { Conversation } from './conversation.entity.js';
import { ConversationItems, itemNotFound } from './conversation.items.js';
import {
  appendMessage,
  inboxConversation,
  inboxPage,
  inboxTotal,
  lockMember,
  openConversation,
  rowToMessageDto,
  threadPage,
  unreadTotal,
  type InboxRow,
} from './conversation.repository.js';
import { Message } from './message.entity.js';
import type { PartNote } from './messaging.api.js';
import { offPlatformWarnings } from './message.safety.js';
import type { ConversationDto, CounterpartDto, MessageDto } from './messaging.dto.js';
import { MESSAGING_EVENTS } from './messaging.events.js';
import { MessagingLive } from './messaging.live.js';
import { MESSAGING_MESSAGES, type ConversationCreate } from './messaging.schemas.js';
import { MESSAGING_TASKS, unreadMailKey } from './messaging.tasks.js';
import { UserBlock } from './user-block.entity.js';

/** How long a message may stay unread before its recipient gets a mail about the conversation. */
export const UNREAD_MAIL_DELAY_MS = 10 * 60 * 1000;
const PREVIEW_LENGTH = 140;

const iso = (d: Date | string) => new Date(d).toISOString();

const preview = (content: string) => {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
};

/** Conversations and their messages: starting, sending, reading, blocking and reporting (spec 000 §2, §3, §7). */
@injectable()
export class ConversationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(ConversationItems) private readonly items: ConversationItems,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(SellersApi) private readonly sellers: SellersApi,
    @inject(MessagingLive) private readonly live: MessagingLive,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  /**
   * Starts a conversation with the one other participant about an item the sender can see, or continues the one
   * the two already have about it, with the first message.
   */
  async start(actor: Actor, input: ConversationCreate): Promise<ConversationDto> {
    const otherId = input.participantIds[0]!.toLowerCase();
    if (otherId === actor.id) throw Errors.invalid('validation_failed', MESSAGING_MESSAGES.yourself, { participantIds: MESSAGING_MESSAGES.yourself });
    const item = await this.items.visible(input.relatedItemType, input.relatedItemId, actor);
    if (!item) throw Errors.notFound(itemNotFound(input.relatedItemType));
    if (!(await this.accounts.findUser(otherId))) {
      const message = 'That participant does not exist';
      throw Errors.invalid('validation_failed', message, { participantIds: message });
    }
    // A conversation about an item is always with its owner: a buyer writes to the seller, a seller to the requester.
    if (item.ownerId !== actor.id && item.ownerId !== otherId) {
      const message = input.relatedItemType === 'reverse_auction' ? 'Messages about a wanted request go to its buyer' : 'Messages about this item go to its seller';
      throw Errors.invalid('validation_failed', message, { participantIds: message });
    }
    const nonOwner = item.ownerId === actor.id ? otherId : actor.id;
    const [buyerId, sellerId] = input.relatedItemType === 'reverse_auction' ? [item.ownerId, nonOwner] : [nonOwner, item.ownerId];
    await this.refuseBlocked(actor.id, otherId);

    const conversationId = await this.db.transaction(async (em) => {
      const now = this.clock.now().toISOString();
      const id = await openConversation(em, { ...input, buyerId, sellerId, senderId: actor.id, otherId, now });
      await this.append(id, actor.id, otherId, input.initialMessage);
      return id;
    });
    return this.conversationOf(actor, conversationId);
  }

  /** Sends a message in a conversation the actor takes part in (404 otherwise; 403 when either blocked the other). */
  async send(actor: Actor, conversationId: string, content: string): Promise<MessageDto> {
    return this.db.transaction(async (em) => {
      const otherId = await lockMember(em, conversationId, actor.id);
      if (!otherId) throw Errors.notFound('Conversation');
      await this.refuseBlocked(actor.id, otherId);
      return this.append(conversationId, actor.id, otherId, content);
    });
  }

  /**
   * Posts `content` from `senderId` into the buyer's and seller's conversation about a part, opening it with
   * `subject` when they have none (other modules' notes, such as a fitment question and its answer), in the
   * caller's transaction. Answers false, posting nothing, when either has blocked the other. A note with `sentAt`
   * (the demo's history) is dated then and mailed to nobody.
   */
  async postAboutPart(post: PartNote): Promise<boolean> {
    const otherId = post.senderId === post.buyerId ? post.sellerId : post.buyerId;
    const blocks = await this.db.em.count(UserBlock, { $or: [{ blockerId: post.buyerId, blockedId: post.sellerId }, { blockerId: post.sellerId, blockedId: post.buyerId }] });
    if (blocks) return false;
    const now = (post.sentAt ?? this.clock.now()).toISOString();
    const id = await openConversation(this.db.em, {
      relatedItemType: 'part',
      relatedItemId: post.partId,
      buyerId: post.buyerId,
      sellerId: post.sellerId,
      subject: post.subject,
      senderId: post.senderId,
      otherId,
      now,
    });
    await this.append(id, post.senderId, otherId, post.content, { fitmentQuestionId: post.fitmentQuestionId, sentAt: post.sentAt });
    return true;
  }

  private async refuseBlocked(a: string, b: string): Promise<void> {
    const blocks = await this.db.em.count(UserBlock, { $or: [{ blockerId: a, blockedId: b }, { blockerId: b, blockedId: a }] });
    if (blocks) throw new AppError('forbidden', 'blocked', MESSAGING_MESSAGES.blocked);
  }

  /**
   * Stores a message, counts it unread for the recipient, flags off-platform contact for the admins, and in the
   * same transaction pushes it live to both people's tabs and schedules the unread mail (none for a note of the
   * past, `sentAt`).
   */
  private async append(
    conversationId: string,
    senderId: string,
    recipientId: string,
    content: string,
    note: { fitmentQuestionId?: string; sentAt?: Date } = {},
  ): Promise<MessageDto> {
    const em = this.db.em;
    const now = note.sentAt ?? this.clock.now();
    const warnings = offPlatformWarnings(content);
    const row = await appendMessage(em, { conversationId, senderId, recipientId, content, warnings, now: now.toISOString(), fitmentQuestionId: note.fitmentQuestionId });
    const message = rowToMessageDto(row);
    await this.live.push(em, recipientId, {
      type: 'message_received',
      conversationId,
      message,
      unreadCount: await unreadTotal(em, recipientId),
    });
    await this.live.push(em, senderId, { type: 'message_sent', conversationId, message, unreadCount: await unreadTotal(em, senderId) });
    // The first unread message sets the time; later ones join the same mail (preserve_run_at).
    if (!note.sentAt) {
      await this.jobs.add(
        em,
        MESSAGING_TASKS.mailUnread,
        { conversationId, recipientId },
        { runAt: new Date(now.getTime() + UNREAD_MAIL_DELAY_MS), jobKey: unreadMailKey(conversationId, recipientId), jobKeyMode: 'preserve_run_at' },
      );
    }
    await this.events.publish(em, {
      name: MESSAGING_EVENTS.messageSent,
      payload: { conversationId, messageId: message.id, senderId, recipientId, warnings },
    });
    return message;
  }

  /** The caller's unread messages over all conversations (the header's badge). */
  async unreadCount(actor: Actor): Promise<{ count: number }> {
    return { count: await unreadTotal(this.db.em, actor.id) };
  }

  /** The caller's conversations, latest activity first, with the inbox's facts. */
  async list(actor: Actor, page: { limit: number; offset: number }): Promise<ListPage<ConversationDto>> {
    const rows = await inboxPage(this.db.em, actor.id, page.limit, page.offset);
    const total = await inboxTotal(this.db.em, actor.id);
    return { rows: await this.dtos(actor, rows), total };
  }

  /** One conversation as the caller sees it (404 unless they take part). */
  async conversationOf(actor: Actor, conversationId: string): Promise<ConversationDto> {
    const rows = await inboxConversation(this.db.em, actor.id, conversationId);
    if (!rows.length) throw Errors.notFound('Conversation');
    return (await this.dtos(actor, rows))[0]!;
  }

  private async dtos(actor: Actor, rows: InboxRow[]): Promise<ConversationDto[]> {
    if (!rows.length) return [];
    const others = [...new Set(rows.map((r) => r.other_user_id))];
    const [users, profiles, cards] = await Promise.all([
      this.accounts.findUsers(others),
      this.sellers.storefronts(others),
      this.items.cards(rows.map((r) => ({ type: r.related_item_type, id: r.related_item_id })), actor),
    ]);
    const counterparts = new Map<string, CounterpartDto>(
      users.map((u) => {
        const seller = profiles.get(u.id);
        const name = [u.firstName, u.lastName ? `${u.lastName.slice(0, 1)}.` : ''].filter(Boolean).join(' ');
        return [u.id, { id: u.id, displayName: seller?.displayName || name || u.username, storefrontSlug: seller?.storefrontSlug ?? null }];
      }),
    );
    return rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      createdAt: iso(r.created_at),
      lastMessageAt: iso(r.last_message_at),
      counterpart: counterparts.get(r.other_user_id) ?? { id: r.other_user_id, displayName: 'Deleted user', storefrontSlug: null },
      relatedItem: cards.get(`${r.related_item_type}:${r.related_item_id}`) ?? {
        type: r.related_item_type,
        id: r.related_item_id,
        title: 'This item is no longer available',
        imageUrl: null,
        price: null,
        availability: 'unavailable',
      },
      lastMessage: r.last_id
        ? { id: r.last_id, preview: preview(r.last_content ?? ''), senderId: r.last_sender_id!, createdAt: iso(r.last_created_at!) }
        : null,
      unreadCount: r.unread_count,
      blockedByMe: r.blocked_by_me,
      blockedMe: r.blocked_me,
    }));
  }

  /**
   * A page of a thread, oldest first: the latest `limit` messages, or the `limit` before the message `before`
   * (paging backwards). 404 unless the caller takes part.
   */
  async messages(actor: Actor, conversationId: string, query: { limit: number; before?: string }): Promise<ListPage<MessageDto>> {
    if (!(await this.isMember(conversationId, actor.id))) throw Errors.notFound('Conversation');
    const rows = await threadPage(this.db.em, conversationId, query.limit, query.before);
    const total = await this.db.em.count(Message, { conversationId });
    return { rows: rows.reverse().map(rowToMessageDto), total };
  }

  private async isMember(conversationId: string, userId: string): Promise<boolean> {
    return (await this.db.em.count(ConversationMember, { conversationId, userId })) > 0;
  }

  /** Marks the messages to the caller read; their other tabs and badge follow live. */
  async markRead(actor: Actor, conversationId: string): Promise<{ conversationId: string; unreadCount: number }> {
    return this.db.transaction(async (em) => {
      const now = this.clock.now();
      const members = await em.nativeUpdate(ConversationMember, { conversationId, userId: actor.id }, { unreadCount: 0, lastReadAt: now });
      if (!members) throw Errors.notFound('Conversation');
      await em.nativeUpdate(Message, { conversationId, senderId: { $ne: actor.id }, isRead: false }, { isRead: true });
      const unreadCount = await unreadTotal(em, actor.id);
      await this.live.push(em, actor.id, { type: 'conversation_read', conversationId, unreadCount });
      return { conversationId, unreadCount };
    });
  }

  /** The caller blocks (or, with `blocked` false, unblocks) the other participant: no more messages either way. */
  async setBlocked(actor: Actor, conversationId: string, blocked: boolean): Promise<ConversationDto> {
    const member = await this.db.em.findOne(ConversationMember, { conversationId, userId: actor.id }, { fields: ['otherUserId'] });
    if (!member) throw Errors.notFound('Conversation');
    if (blocked) {
      await this.db.em.upsert(
        UserBlock,
        { blockerId: actor.id, blockedId: member.otherUserId, createdAt: this.clock.now() },
        { onConflictFields: ['blockerId', 'blockedId'], onConflictAction: 'ignore' },
      );
    } else {
      await this.db.em.nativeDelete(UserBlock, { blockerId: actor.id, blockedId: member.otherUserId });
    }
    return this.conversationOf(actor, conversationId);
  }

  /** A participant reports the conversation with a reason; it then waits in the console's Reported conversations. */
  async report(actor: Actor, conversationId: string, reason: string): Promise<{ id: string; conversationId: string; reason: string; createdAt: string }> {
    return this.db.transaction(async (em) => {
      if (!(await this.isMember(conversationId, actor.id))) throw Errors.notFound('Conversation');
      const now = this.clock.now();
      const report = em.create(ConversationReport, { conversationId, reporterId: actor.id, reason, createdAt: now });
      const conversation = await em.findOneOrFail(Conversation, { id: conversationId });
      conversation.reviewStatus = 'open';
      conversation.flaggedAt ??= now;
      await em.flush();
      await this.events.publish(em, {
        name: MESSAGING_EVENTS.conversationReported,
        payload: { conversationId, reporterId: actor.id, reportId: report.id },
      });
      return { id: report.id, conversationId, reason, createdAt: now.toISOString() };
    });
  }
}
