import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { AppError, Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { JobQueue } from '../../platform/jobs.js';
import { AccountsApi } from '../accounts/index.js';
import { SellersApi } from '../sellers/index.js';
import { ConversationItems, itemNotFound } from './conversation.items.js';
import { offPlatformWarnings } from './message.safety.js';
import type { ConversationDto, ConversationInput, CounterpartDto, MessageDto, MessageWarning, RelatedItemType } from './messaging.dto.js';
import { MESSAGING_EVENTS } from './messaging.events.js';
import { MessagingLive } from './messaging.live.js';
import { MESSAGING_MESSAGES } from './messaging.schemas.js';
import { Database } from '../../platform/db/database.js';

/** How long a message may stay unread before its recipient gets a mail about the conversation. */
export const UNREAD_MAIL_DELAY_MS = 10 * 60 * 1000;
/** The task that mails a recipient about a conversation's unread messages. */
export const MAIL_UNREAD_TASK = 'messaging/mail-unread';
export const unreadMailKey = (conversationId: string, recipientId: string) => `messaging-unread:${conversationId}:${recipientId}`;
const PREVIEW_LENGTH = 140;

interface MessageRow {
  id: string;
  seq: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  is_read: boolean;
  warnings: MessageWarning[];
  created_at: Date | string;
}

interface InboxRow {
  id: string;
  subject: string;
  related_item_type: RelatedItemType;
  related_item_id: string;
  created_at: Date | string;
  last_message_at: Date | string;
  other_user_id: string;
  unread_count: number;
  last_id: string | null;
  last_content: string | null;
  last_sender_id: string | null;
  last_created_at: Date | string | null;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const toMessageDto = (r: MessageRow): MessageDto => ({
  id: r.id,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  content: r.content,
  isRead: r.is_read,
  warnings: r.warnings ?? [],
  createdAt: iso(r.created_at),
});

const preview = (content: string) => {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
};

const INBOX_SQL = `
  select c.id, c.subject, c.related_item_type, c.related_item_id, c.created_at, m.last_message_at, m.other_user_id, m.unread_count,
         l.id as last_id, l.content as last_content, l.sender_id as last_sender_id, l.created_at as last_created_at,
         exists (select 1 from user_blocks b where b.blocker_id = m.user_id and b.blocked_id = m.other_user_id) as blocked_by_me,
         exists (select 1 from user_blocks b where b.blocker_id = m.other_user_id and b.blocked_id = m.user_id) as blocked_me
    from conversation_members m
    join conversations c on c.id = m.conversation_id
    left join lateral (
      select id, content, sender_id, created_at from messages where conversation_id = c.id order by seq desc limit 1
    ) l on true`;

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
  async start(actor: Actor, input: ConversationInput): Promise<ConversationDto> {
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
    await this.refuseBlocked(this.db.em, actor.id, otherId);

    const conversationId = await this.db.em.transactional(async (em) => {
      const now = this.clock.now().toISOString();
      // Concurrent starts by the same two people meet on the unique index; the loser continues the winner's.
      await em.execute(
        `insert into conversations (related_item_type, related_item_id, part_id, buyer_id, seller_id, subject, created_at, last_message_at)
         values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (related_item_type, related_item_id, buyer_id, seller_id) do nothing`,
        [input.relatedItemType, input.relatedItemId, input.relatedItemType === 'part' ? input.relatedItemId : null, buyerId, sellerId, input.subject, now, now],
      );
      const [row] = await em.execute<{ id: string }[]>(
        'select id from conversations where related_item_type = ? and related_item_id = ? and buyer_id = ? and seller_id = ? for update',
        [input.relatedItemType, input.relatedItemId, buyerId, sellerId],
      );
      await em.execute(
        `insert into conversation_members (conversation_id, user_id, other_user_id, last_message_at)
         values (?, ?, ?, ?), (?, ?, ?, ?) on conflict do nothing`,
        [row!.id, actor.id, otherId, now, row!.id, otherId, actor.id, now],
      );
      await this.append(em, row!.id, actor.id, otherId, input.initialMessage);
      return row!.id;
    });
    return this.conversationOf(actor, conversationId);
  }

  /** Sends a message in a conversation the actor takes part in (404 otherwise; 403 when either blocked the other). */
  async send(actor: Actor, conversationId: string, content: string): Promise<MessageDto> {
    return this.db.em.transactional(async (em) => {
      const [member] = await em.execute<{ other_user_id: string }[]>(
        'select other_user_id from conversation_members where conversation_id = ? and user_id = ? for update',
        [conversationId, actor.id],
      );
      if (!member) throw Errors.notFound('Conversation');
      await this.refuseBlocked(em, actor.id, member.other_user_id);
      return this.append(em, conversationId, actor.id, member.other_user_id, content);
    });
  }

  private async refuseBlocked(em: SqlExecutor, a: string, b: string): Promise<void> {
    const rows = await em.execute<unknown[]>(
      'select 1 from user_blocks where (blocker_id = ? and blocked_id = ?) or (blocker_id = ? and blocked_id = ?)',
      [a, b, b, a],
    );
    if (rows.length) throw new AppError('forbidden', 'blocked', MESSAGING_MESSAGES.blocked);
  }

  /**
   * Stores a message, counts it unread for the recipient, flags off-platform contact for the admins, and in the
   * same transaction pushes it live to both people's tabs and schedules the unread mail.
   */
  private async append(em: EntityManager, conversationId: string, senderId: string, recipientId: string, content: string): Promise<MessageDto> {
    const now = this.clock.now();
    const warnings = offPlatformWarnings(content);
    const [row] = await em.execute<MessageRow[]>(
      `insert into messages (conversation_id, sender_id, content, warnings, created_at) values (?, ?, ?, ?::text[], ?)
       returning id, seq, conversation_id, sender_id, content, is_read, warnings, created_at`,
      [conversationId, senderId, content, `{${warnings.join(',')}}`, now.toISOString()],
    );
    await em.execute(
      `update conversations set last_message_at = ?, is_active = true,
              flagged_at = case when ? then coalesce(flagged_at, ?) else flagged_at end,
              review_status = case when ? and review_status is distinct from 'open' then 'open' else review_status end
        where id = ?`,
      [now.toISOString(), warnings.length > 0, now.toISOString(), warnings.length > 0, conversationId],
    );
    await em.execute(
      `update conversation_members set last_message_at = ?, unread_count = unread_count + (user_id = ?)::int
        where conversation_id = ?`,
      [now.toISOString(), recipientId, conversationId],
    );
    const message = toMessageDto(row!);
    await this.live.push(em, recipientId, {
      type: 'message_received',
      conversationId,
      message,
      unreadCount: await this.unreadTotal(em, recipientId),
    });
    await this.live.push(em, senderId, { type: 'message_sent', conversationId, message, unreadCount: await this.unreadTotal(em, senderId) });
    // The first unread message sets the time; later ones join the same mail (preserve_run_at).
    await this.jobs.add(
      em,
      MAIL_UNREAD_TASK,
      { conversationId, recipientId },
      { runAt: new Date(now.getTime() + UNREAD_MAIL_DELAY_MS), jobKey: unreadMailKey(conversationId, recipientId), jobKeyMode: 'preserve_run_at' },
    );
    await this.events.publish(em, {
      name: MESSAGING_EVENTS.messageSent,
      payload: { conversationId, messageId: message.id, senderId, recipientId, warnings },
    });
    return message;
  }

  private async unreadTotal(em: SqlExecutor, userId: string): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>('select coalesce(sum(unread_count), 0)::int as n from conversation_members where user_id = ?', [userId]);
    return row?.n ?? 0;
  }

  /** The caller's unread messages over all conversations (the header's badge). */
  async unreadCount(actor: Actor): Promise<{ count: number }> {
    return { count: await this.unreadTotal(this.db.em, actor.id) };
  }

  /** The caller's conversations, latest activity first, with the inbox's facts. */
  async list(actor: Actor, page: { limit: number; offset: number }): Promise<ListPage<ConversationDto>> {
    const rows = await this.db.em.execute<InboxRow[]>(
      `${INBOX_SQL} where m.user_id = ? order by m.last_message_at desc, m.conversation_id limit ? offset ?`,
      [actor.id, page.limit, page.offset],
    );
    const [count] = await this.db.em.execute<{ n: number }[]>('select count(*)::int as n from conversation_members where user_id = ?', [actor.id]);
    return { rows: await this.dtos(actor, rows), total: count?.n ?? 0 };
  }

  /** One conversation as the caller sees it (404 unless they take part). */
  async conversationOf(actor: Actor, conversationId: string): Promise<ConversationDto> {
    const rows = await this.db.em.execute<InboxRow[]>(`${INBOX_SQL} where m.user_id = ? and m.conversation_id = ?`, [actor.id, conversationId]);
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
        return [u.id, { id: u.id, displayName: seller?.businessName || name || u.username, storefrontSlug: seller?.storefrontSlug ?? null }];
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
    const [member] = await this.db.em.execute<unknown[]>('select 1 from conversation_members where conversation_id = ? and user_id = ?', [
      conversationId,
      actor.id,
    ]);
    if (!member) throw Errors.notFound('Conversation');
    const rows = await this.db.em.execute<MessageRow[]>(
      `select id, seq, conversation_id, sender_id, content, is_read, warnings, created_at from messages
        where conversation_id = ? ${query.before ? 'and seq < (select seq from messages where id = ? and conversation_id = ?)' : ''}
        order by seq desc limit ?`,
      query.before ? [conversationId, query.before, conversationId, query.limit] : [conversationId, query.limit],
    );
    const [count] = await this.db.em.execute<{ n: number }[]>('select count(*)::int as n from messages where conversation_id = ?', [conversationId]);
    return { rows: rows.reverse().map(toMessageDto), total: count?.n ?? 0 };
  }

  /** Marks the messages to the caller read; their other tabs and badge follow live. */
  async markRead(actor: Actor, conversationId: string): Promise<{ conversationId: string; unreadCount: number }> {
    return this.db.em.transactional(async (em) => {
      const now = this.clock.now().toISOString();
      const [member] = await em.execute<{ unread_count: number }[]>(
        'update conversation_members set unread_count = 0, last_read_at = ? where conversation_id = ? and user_id = ? returning unread_count',
        [now, conversationId, actor.id],
      );
      if (!member) throw Errors.notFound('Conversation');
      await em.execute('update messages set is_read = true where conversation_id = ? and sender_id <> ? and not is_read', [conversationId, actor.id]);
      const unreadCount = await this.unreadTotal(em, actor.id);
      await this.live.push(em, actor.id, { type: 'conversation_read', conversationId, unreadCount });
      return { conversationId, unreadCount };
    });
  }

  /** The caller blocks (or, with `blocked` false, unblocks) the other participant: no more messages either way. */
  async setBlocked(actor: Actor, conversationId: string, blocked: boolean): Promise<ConversationDto> {
    const [member] = await this.db.em.execute<{ other_user_id: string }[]>(
      'select other_user_id from conversation_members where conversation_id = ? and user_id = ?',
      [conversationId, actor.id],
    );
    if (!member) throw Errors.notFound('Conversation');
    if (blocked) {
      await this.db.em.execute('insert into user_blocks (blocker_id, blocked_id, created_at) values (?, ?, ?) on conflict do nothing', [
        actor.id,
        member.other_user_id,
        this.clock.now().toISOString(),
      ]);
    } else {
      await this.db.em.execute('delete from user_blocks where blocker_id = ? and blocked_id = ?', [actor.id, member.other_user_id]);
    }
    return this.conversationOf(actor, conversationId);
  }

  /** A participant reports the conversation with a reason; it then waits in the console's Reported conversations. */
  async report(actor: Actor, conversationId: string, reason: string): Promise<{ id: string; conversationId: string; reason: string; createdAt: string }> {
    return this.db.em.transactional(async (em) => {
      const [member] = await em.execute<unknown[]>('select 1 from conversation_members where conversation_id = ? and user_id = ?', [
        conversationId,
        actor.id,
      ]);
      if (!member) throw Errors.notFound('Conversation');
      const now = this.clock.now().toISOString();
      const [report] = await em.execute<{ id: string }[]>(
        'insert into conversation_reports (conversation_id, reporter_id, reason, created_at) values (?, ?, ?, ?) returning id',
        [conversationId, actor.id, reason, now],
      );
      await em.execute(`update conversations set review_status = 'open', flagged_at = coalesce(flagged_at, ?) where id = ?`, [now, conversationId]);
      await this.events.publish(em, {
        name: MESSAGING_EVENTS.conversationReported,
        payload: { conversationId, reporterId: actor.id, reportId: report!.id },
      });
      return { id: report!.id, conversationId, reason, createdAt: now };
    });
  }
}
