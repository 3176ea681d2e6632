import { inject, injectable } from 'inversify';

import { uuidArray } from '../../platform/db/uuid.js';
import { Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import { AccountsApi } from '../accounts/index.js';
import { toMessageDto } from './conversation.service.js';
import type { MessageWarning, RelatedItemType, ReportedConversationDto, ReviewStatus } from './messaging.dto.js';
import { Database } from '../../platform/db/database.js';

interface ReviewRow {
  id: string;
  subject: string;
  related_item_type: RelatedItemType;
  related_item_id: string;
  buyer_id: string;
  seller_id: string;
  review_status: ReviewStatus;
  flagged_at: Date | null;
  last_message_at: Date;
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
export const REVIEW_SORTABLE = ['flaggedAt', 'lastMessageAt', 'reviewStatus', 'subject'] as const;

const REVIEW_SQL = `
  select c.id, c.subject, c.related_item_type, c.related_item_id, c.buyer_id, c.seller_id, c.review_status, c.flagged_at, c.last_message_at,
         (select count(*)::int from messages m where m.conversation_id = c.id and cardinality(m.warnings) > 0) as flagged_messages,
         (select count(*)::int from conversation_reports r where r.conversation_id = c.id) as reports,
         (select reason from conversation_reports r where r.conversation_id = c.id order by created_at desc limit 1) as latest_reason
    from conversations c`;

/** The admins' review of flagged and reported conversations (the console's `reported-conversations`). */
@injectable()
export class ConversationAdminService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  private async names(ids: string[]): Promise<Map<string, string>> {
    const users = await this.accounts.findUsers([...new Set(ids)]);
    return new Map(users.map((u) => [u.id, u.username]));
  }

  private async dtos(rows: ReviewRow[]): Promise<ReportedConversationDto[]> {
    const names = await this.names(rows.flatMap((r) => [r.buyer_id, r.seller_id]));
    return rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      relatedItemType: r.related_item_type,
      relatedItemId: r.related_item_id,
      buyerId: r.buyer_id,
      buyerName: names.get(r.buyer_id) ?? 'Deleted user',
      sellerId: r.seller_id,
      sellerName: names.get(r.seller_id) ?? 'Deleted user',
      reviewStatus: r.review_status,
      flaggedAt: r.flagged_at ? new Date(r.flagged_at).toISOString() : null,
      lastMessageAt: new Date(r.last_message_at).toISOString(),
      flaggedMessages: r.flagged_messages,
      reports: r.reports,
      latestReason: r.latest_reason,
    }));
  }

  /** Flagged and reported conversations, those waiting for review first by default (filter by status, subject). */
  async list(filter: { reviewStatus?: ReviewStatus; q?: string; ids?: string[] }, page: ConsolePage) {
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
    const rows = await this.db.em.execute<ReviewRow[]>(`${REVIEW_SQL} where ${where.join(' and ')} order by ${order} limit ? offset ?`, [
      ...params,
      page.limit,
      page.offset,
    ]);
    const [count] = await this.db.em.execute<{ n: number }[]>(`select count(*)::int as n from conversations c where ${where.join(' and ')}`, params);
    return { rows: await this.dtos(rows), total: count?.n ?? 0 };
  }

  /** One reviewed conversation with its latest 200 messages (oldest first) and its reports. */
  async get(id: string): Promise<ReportedConversationDto> {
    const [row] = await this.db.em.execute<ReviewRow[]>(`${REVIEW_SQL} where c.id = ? and c.review_status is not null`, [id]);
    if (!row) throw Errors.notFound('Reported conversation');
    const [dto] = await this.dtos([row]);
    const messages = await this.db.em.execute<
      { id: string; seq: string; conversation_id: string; sender_id: string; content: string; is_read: boolean; warnings: MessageWarning[]; created_at: Date }[]
    >(
      `select id, seq, conversation_id, sender_id, content, is_read, warnings, created_at from messages
        where conversation_id = ? order by seq desc limit 200`,
      [id],
    );
    const reports = await this.db.em.execute<{ id: string; reporter_id: string; reason: string; created_at: Date }[]>(
      'select id, reporter_id, reason, created_at from conversation_reports where conversation_id = ? order by created_at desc',
      [id],
    );
    const names = await this.names([dto!.buyerId, dto!.sellerId, ...reports.map((r) => r.reporter_id)]);
    return {
      ...dto!,
      messages: messages.reverse().map((m) => ({ ...toMessageDto(m), senderName: names.get(m.sender_id) ?? 'Deleted user' })),
      reportList: reports.map((r) => ({
        id: r.id,
        reporterId: r.reporter_id,
        reporterName: names.get(r.reporter_id) ?? 'Deleted user',
        reason: r.reason,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  /** Records the admin's decision: dismissed, a participant suspended (through the users resource), or open again. */
  async setReviewStatus(id: string, status: ReviewStatus): Promise<ReportedConversationDto> {
    const rows = await this.db.em.execute<{ id: string }[]>(
      'update conversations set review_status = ? where id = ? and review_status is not null returning id',
      [status, id],
    );
    if (!rows.length) throw Errors.notFound('Reported conversation');
    return this.get(id);
  }
}
