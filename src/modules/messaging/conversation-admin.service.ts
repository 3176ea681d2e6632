import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import { AccountsApi } from '../accounts/index.js';
import { reviewPage, reviewRow, type ReviewFilter, type ReviewRow } from './conversation-admin.repository.js';
import { ConversationReport } from './conversation-report.entity.js';
import { Conversation } from './conversation.entity.js';
import { Message } from './message.entity.js';
import { toMessageDto } from './messaging.mapper.js';
import type { ReportedConversationDto, ReviewStatus } from './messaging.dto.js';

const iso = (d: Date | string) => new Date(d).toISOString();

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
      flaggedAt: r.flagged_at ? iso(r.flagged_at) : null,
      lastMessageAt: iso(r.last_message_at),
      flaggedMessages: r.flagged_messages,
      reports: r.reports,
      latestReason: r.latest_reason,
    }));
  }

  /** Flagged and reported conversations, those waiting for review first by default (filter by status, subject). */
  async list(filter: ReviewFilter, page: ConsolePage) {
    const { rows, total } = await reviewPage(this.db.em, filter, page);
    return { rows: await this.dtos(rows), total };
  }

  /** One reviewed conversation with its latest 200 messages (oldest first) and its reports. */
  async get(id: string): Promise<ReportedConversationDto> {
    const row = await reviewRow(this.db.em, id);
    if (!row) throw Errors.notFound('Reported conversation');
    const [dto] = await this.dtos([row]);
    const messages = await this.db.em.find(Message, { conversationId: id }, { orderBy: { seq: 'desc' }, limit: 200 });
    const reports = await this.db.em.find(ConversationReport, { conversationId: id }, { orderBy: { createdAt: 'desc' } });
    const names = await this.names([dto!.buyerId, dto!.sellerId, ...reports.map((r) => r.reporterId)]);
    return {
      ...dto!,
      messages: messages.reverse().map((m) => ({ ...toMessageDto(m), senderName: names.get(m.senderId) ?? 'Deleted user' })),
      reportList: reports.map((r) => ({
        id: r.id,
        reporterId: r.reporterId,
        reporterName: names.get(r.reporterId) ?? 'Deleted user',
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Records the admin's decision: dismissed, a participant suspended (through the users resource), or open again. */
  async setReviewStatus(id: string, status: ReviewStatus): Promise<ReportedConversationDto> {
    const updated = await this.db.em.nativeUpdate(Conversation, { id, reviewStatus: { $ne: null } }, { reviewStatus: status });
    if (!updated) throw Errors.notFound('Reported conversation');
    return this.get(id);
  }
}
