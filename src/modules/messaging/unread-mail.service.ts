import { inject, injectable } from 'inversify';
import { LockMode } from '@mikro-orm/core';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { ConversationMember } from './conversation-member.entity.js';
import { Conversation } from './conversation.entity.js';
import { UNREAD_MAIL_DELAY_MS } from './conversation.service.js';
import { Message } from './message.entity.js';
import { MESSAGING_TASKS, unreadMailKey } from './messaging.tasks.js';

const QUOTE_LENGTH = 500;

/** One mail per conversation and recipient for messages left unread for 10 minutes. */
@injectable()
export class UnreadMailService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  /**
   * Mails `recipientId` the messages of the conversation that are still unread and not mailed before, grouped in
   * one mail, once the oldest of them has waited 10 minutes (by the Clock; earlier, the job is put back to that
   * time). Marks them mailed in the same transaction, so a job that runs twice sends nothing new.
   */
  async mailUnread(conversationId: string, recipientId: string): Promise<'mailed' | 'nothing' | 'later'> {
    return this.db.transaction(async (em) => {
      const member = await em.findOne(ConversationMember, { conversationId, userId: recipientId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!member) return 'nothing';
      const { subject } = await em.findOneOrFail(Conversation, { id: conversationId }, { fields: ['subject'] });
      const messages = await em.find(
        Message,
        { conversationId, senderId: { $ne: recipientId }, isRead: false, seq: { $gt: member.mailedThroughSeq } },
        { orderBy: { seq: 'asc' }, limit: 20, fields: ['seq', 'senderId', 'content', 'createdAt'] },
      );
      if (!messages.length) return 'nothing';
      const due = new Date(messages[0]!.createdAt.getTime() + UNREAD_MAIL_DELAY_MS);
      if (due > this.clock.now()) {
        await this.jobs.add(em, MESSAGING_TASKS.mailUnread, { conversationId, recipientId }, {
          runAt: due,
          jobKey: unreadMailKey(conversationId, recipientId),
          jobKeyMode: 'preserve_run_at',
        });
        return 'later';
      }
      const [recipient, sender] = await this.accounts.findUsers([recipientId, messages[0]!.senderId]).then((users) => [
        users.find((u) => u.id === recipientId),
        users.find((u) => u.id === messages[0]!.senderId),
      ]);
      // Turned off in the account settings: the messages count as handled, so turning it on later mails none of them.
      const optedOut = (await this.accounts.messageEmailsOff([recipientId])).has(recipientId);
      if (!recipient?.email || optedOut) {
        if (optedOut) await this.markMailed(member, messages[messages.length - 1]!.seq);
        return 'nothing';
      }
      const from = sender ? [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.username : 'Someone';
      const n = messages.length;
      const quotes = messages
        .map((m) => (m.content.length > QUOTE_LENGTH ? `${m.content.slice(0, QUOTE_LENGTH - 1)}…` : m.content))
        .map((text) => text.split('\n').map((line) => `> ${line}`).join('\n'))
        .join('\n\n');
      await this.mail.queue(em, {
        to: recipient.email,
        subject: `${n === 1 ? 'New message' : `${n} new messages`} from ${from}: ${subject}`.slice(0, 300),
        text:
          `Hi ${recipient.firstName || recipient.username},\n\n${from} wrote to you on Pitlane about "${subject}":\n\n${quotes}\n\n` +
          `Read and reply: ${this.config.publicUrl}/messages?c=${conversationId}\n\n` +
          'For your safety, keep payment and contact on Pitlane: off-platform sales are not covered by buyer protection.\n',
      });
      await this.markMailed(member, messages[messages.length - 1]!.seq);
      return 'mailed';
    });
  }

  /** Marks the recipient's messages of the conversation through `seq` as dealt with (mailed or not to be mailed). */
  private async markMailed(member: ConversationMember, seq: string): Promise<void> {
    member.mailedThroughSeq = seq;
    await this.db.em.flush();
  }
}
