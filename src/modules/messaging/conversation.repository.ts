import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import type { MessageDto, MessageWarning, RelatedItemType } from './messaging.dto.js';

/**
 * The conversations' measured statements (docs/performance.md "Messaging": the inbox list and the send path, POST
 * to the recipient's socket): the inbox page from its index, the start and send writes with their row locks, the
 * unread total and the thread's pages by `seq`.
 */

/** A message as these statements answer it (timestamps as ISO text). */
export interface MessageRow {
  id: string;
  seq: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  is_read: boolean;
  warnings: MessageWarning[];
  created_at: Date | string;
  fitment_question_id: string | null;
}

const MESSAGE_COLUMNS = 'id, seq, conversation_id, sender_id, content, is_read, warnings, created_at, fitment_question_id';

export const rowToMessageDto = (r: MessageRow): MessageDto => ({
  id: r.id,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  content: r.content,
  isRead: r.is_read,
  warnings: r.warnings ?? [],
  createdAt: new Date(r.created_at).toISOString(),
  fitmentQuestionId: r.fitment_question_id ?? null,
});

/** One conversation of a user's inbox with its last message and the blocks between the two. */
export interface InboxRow {
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

/**
 * A page of `userId`'s inbox, latest activity first: the order of `conversation_members_inbox_index`, so the
 * scan stops after the page (the plan test refuses a Sort).
 */
export function inboxPage(em: SqlExecutor, userId: string, limit: number, offset: number): Promise<InboxRow[]> {
  return em.execute<InboxRow[]>(`${INBOX_SQL} where m.user_id = ? order by m.last_message_at desc, m.conversation_id limit ? offset ?`, [
    userId,
    limit,
    offset,
  ]);
}

/** How many conversations `userId`'s inbox holds (the list's total, from the same index). */
export async function inboxTotal(em: SqlExecutor, userId: string): Promise<number> {
  const [count] = await em.execute<{ n: number }[]>('select count(*)::int as n from conversation_members where user_id = ?', [userId]);
  return count?.n ?? 0;
}

/** One conversation of `userId`'s inbox, or none when they do not take part. */
export function inboxConversation(em: SqlExecutor, userId: string, conversationId: string): Promise<InboxRow[]> {
  return em.execute<InboxRow[]>(`${INBOX_SQL} where m.user_id = ? and m.conversation_id = ?`, [userId, conversationId]);
}

/** A new conversation's facts. */
export interface ConversationStart {
  relatedItemType: RelatedItemType;
  relatedItemId: string;
  buyerId: string;
  sellerId: string;
  subject: string;
  senderId: string;
  otherId: string;
  now: string;
}

/**
 * Opens the conversation of two people about an item, or the one they have (concurrent starts meet on the unique
 * index; the loser continues the winner's), locked, with both member rows. Answers its id.
 */
export async function openConversation(em: SqlExecutor, s: ConversationStart): Promise<string> {
  await em.execute(
    `insert into conversations (related_item_type, related_item_id, part_id, buyer_id, seller_id, subject, created_at, last_message_at)
     values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (related_item_type, related_item_id, buyer_id, seller_id) do nothing`,
    [s.relatedItemType, s.relatedItemId, s.relatedItemType === 'part' ? s.relatedItemId : null, s.buyerId, s.sellerId, s.subject, s.now, s.now],
  );
  const [row] = await em.execute<{ id: string }[]>(
    'select id from conversations where related_item_type = ? and related_item_id = ? and buyer_id = ? and seller_id = ? for update',
    [s.relatedItemType, s.relatedItemId, s.buyerId, s.sellerId],
  );
  await em.execute(
    `insert into conversation_members (conversation_id, user_id, other_user_id, last_message_at)
     values (?, ?, ?, ?), (?, ?, ?, ?) on conflict do nothing`,
    [row!.id, s.senderId, s.otherId, s.now, row!.id, s.otherId, s.senderId, s.now],
  );
  return row!.id;
}

/** The other participant of `userId`'s side of a conversation, its member row locked for the send; null when they do not take part. */
export async function lockMember(em: SqlExecutor, conversationId: string, userId: string): Promise<string | null> {
  const [member] = await em.execute<{ other_user_id: string }[]>(
    'select other_user_id from conversation_members where conversation_id = ? and user_id = ? for update',
    [conversationId, userId],
  );
  return member?.other_user_id ?? null;
}

/** A message to store: `fitmentQuestionId` when it is the garage's fitment question (MessagingApi.postAboutPart). */
export interface MessageAppend {
  conversationId: string;
  senderId: string;
  recipientId: string;
  content: string;
  warnings: readonly MessageWarning[];
  now: string;
  fitmentQuestionId?: string | null;
}

/**
 * Stores a message and moves its conversation (last activity, flagged for review when it carries warnings) and
 * both member rows (last activity, one more unread for the recipient). Answers the stored message.
 */
export async function appendMessage(em: SqlExecutor, m: MessageAppend): Promise<MessageRow> {
  const [row] = await em.execute<MessageRow[]>(
    `insert into messages (conversation_id, sender_id, content, warnings, created_at, fitment_question_id) values (?, ?, ?, ?::text[], ?, ?)
     returning ${MESSAGE_COLUMNS}`,
    [m.conversationId, m.senderId, m.content, `{${m.warnings.join(',')}}`, m.now, m.fitmentQuestionId ?? null],
  );
  const flagged = m.warnings.length > 0;
  await em.execute(
    `update conversations set last_message_at = ?, is_active = true,
            flagged_at = case when ? then coalesce(flagged_at, ?) else flagged_at end,
            review_status = case when ? and review_status is distinct from 'open' then 'open' else review_status end
      where id = ?`,
    [m.now, flagged, m.now, flagged, m.conversationId],
  );
  await em.execute(
    `update conversation_members set last_message_at = ?, unread_count = unread_count + (user_id = ?)::int
      where conversation_id = ?`,
    [m.now, m.recipientId, m.conversationId],
  );
  return row!;
}

/** A user's unread messages over all their conversations (from the inbox index's included column). */
export async function unreadTotal(em: SqlExecutor, userId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>('select coalesce(sum(unread_count), 0)::int as n from conversation_members where user_id = ?', [userId]);
  return row?.n ?? 0;
}

/** The latest `limit` messages of a conversation, or the `limit` before the message `before`, newest first. */
export function threadPage(em: SqlExecutor, conversationId: string, limit: number, before?: string): Promise<MessageRow[]> {
  return em.execute<MessageRow[]>(
    `select ${MESSAGE_COLUMNS} from messages
      where conversation_id = ? ${before ? 'and seq < (select seq from messages where id = ? and conversation_id = ?)' : ''}
      order by seq desc limit ?`,
    before ? [conversationId, before, conversationId, limit] : [conversationId, limit],
  );
}
