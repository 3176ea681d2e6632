import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { RelatedItemType, ReviewStatus } from './messaging.dto.js';

/** A reviewed conversation with its counts (flagged messages, reports) and latest report's reason. */
export interface ReviewRow {
  id: string;
  subject: string;
  related_item_type: RelatedItemType;
  related_item_id: string;
  buyer_id: string;
  seller_id: string;
  review_status: ReviewStatus;
  flagged_at: Date | string | null;
  last_message_at: Date | string;
  flagged_messages: number;
  reports: number;
  latest_reason: string | null;
}

const SORT_COLUMNS: Record<string, string> = {
  id: 'c.id',
  flaggedAt: 'c.flagged_at',
  lastMessageAt: 'c.last_message_at',
  reviewStatus: 'c.review_status',
  subject: 'c.subject',
};
/** The console's sortable fields. */
export const REVIEW_SORTABLE = ['flaggedAt', 'lastMessageAt', 'reviewStatus', 'subject'] as const;

const REVIEW_SQL = `
  select c.id, c.subject, c.related_item_type, c.related_item_id, c.buyer_id, c.seller_id, c.review_status, c.flagged_at, c.last_message_at,
         (select count(*)::int from messages m where m.conversation_id = c.id and cardinality(m.warnings) > 0) as flagged_messages,
         (select count(*)::int from conversation_reports r where r.conversation_id = c.id) as reports,
         (select reason from conversation_reports r where r.conversation_id = c.id order by created_at desc limit 1) as latest_reason
    from conversations c`;

/** What the console's review list filters on. */
export interface ReviewFilter {
  reviewStatus?: ReviewStatus;
  q?: string;
  ids?: string[];
}

/**
 * A page of the conversations under review (`conversations_review_index`), with the total: a report with counts
 * per conversation.
 */
export async function reviewPage(
  em: SqlExecutor,
  filter: ReviewFilter,
  page: { limit: number; offset: number; orderBy: Record<string, 'asc' | 'desc'> },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = ['c.review_status is not null'];
  const params: unknown[] = [];
  if (filter.reviewStatus) {
    where.push('c.review_status = ?');
    params.push(filter.reviewStatus);
  }
  if (filter.q) {
    where.push(`c.subject ilike ? escape '\\'`);
    params.push(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (filter.ids) {
    where.push('c.id = any(?::uuid[])');
    params.push(uuidArray(filter.ids));
  }
  const order = Object.entries(page.orderBy)
    .map(([field, dir]) => `${SORT_COLUMNS[field] ?? 'c.flagged_at'} ${dir === 'asc' ? 'asc' : 'desc'} nulls last`)
    .concat('c.id asc')
    .join(', ');
  const rows = await em.execute<ReviewRow[]>(`${REVIEW_SQL} where ${where.join(' and ')} order by ${order} limit ? offset ?`, [...params, page.limit, page.offset]);
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from conversations c where ${where.join(' and ')}`, params);
  return { rows, total: count?.n ?? 0 };
}

/** One conversation under review, or null. */
export async function reviewRow(em: SqlExecutor, id: string): Promise<ReviewRow | null> {
  const [row] = await em.execute<ReviewRow[]>(`${REVIEW_SQL} where c.id = ? and c.review_status is not null`, [id]);
  return row ?? null;
}
