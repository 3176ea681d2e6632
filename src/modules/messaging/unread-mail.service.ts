import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { MAIL_UNREAD_TASK, UNREAD_MAIL_DELAY_MS, unreadMailKey } from './conversation.service.js';
import { Database } from '../../platform/db/database.js';

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
    return this.db.em.transactional(async (em) => {
      const [member] = await em.execute<{ mailed_through_seq: string; subject: string }[]>(
        `select m.mailed_through_seq, c.subject from conversation_members m join conversations c on c.id = m.conversation_id
          where m.conversation_id = ? and m.user_id = ? for update of m`,
        [conversationId, recipientId],
      );
      if (!member) return 'nothing';
      const messages = await em.execute<{ seq: string; sender_id: string; content: string; created_at: Date }[]>(
        `select seq, sender_id, content, created_at from messages
          where conversation_id = ? and sender_id <> ? and not is_read and seq > ? order by seq limit 20`,
        [conversationId, recipientId, member.mailed_through_seq],
      );
      if (!messages.length) return 'nothing';
      const due = new Date(new Date(messages[0]!.created_at).getTime() + UNREAD_MAIL_DELAY_MS);
      if (due > this.clock.now()) {
        await this.jobs.add(em, MAIL_UNREAD_TASK, { conversationId, recipientId }, {
          runAt: due,
          jobKey: unreadMailKey(conversationId, recipientId),
          jobKeyMode: 'preserve_run_at',
        });
        return 'later';
      }
      const [recipient, sender] = await this.accounts.findUsers([recipientId, messages[0]!.sender_id]).then((users) => [
        users.find((u) => u.id === recipientId),
        users.find((u) => u.id === messages[0]!.sender_id),
      ]);
      // Turned off in the account settings: the messages count as handled, so turning it on later mails none of them.
      const optedOut = (await this.accounts.messageEmailsOff([recipientId])).has(recipientId);
      if (!recipient?.email || optedOut) {
        if (optedOut) await this.markMailed(em, conversationId, recipientId, messages[messages.length - 1]!.seq);
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
        subject: `${n === 1 ? 'New message' : `${n} new messages`} from ${from}: ${member.subject}`.slice(0, 300),
        text:
          `Hi ${recipient.firstName || recipient.username},\n\n${from} wrote to you on Pitlane about "${member.subject}":\n\n${quotes}\n\n` +
          `Read and reply: ${this.config.publicUrl}/messages?c=${conversationId}\n\n` +
          'For your safety, keep payment and contact on Pitlane: off-platform sales are not covered by buyer protection.\n',
      });
      await this.markMailed(em, conversationId, recipientId, messages[messages.length - 1]!.seq);
      return 'mailed';
    });
  }

  /** Marks the recipient's messages of the conversation through `seq` as dealt with (mailed or not to be mailed). */
  private async markMailed(em: EntityManager, conversationId: string, recipientId: string, seq: string): Promise<void> {
    await em.execute('update conversation_members set mailed_through_seq = ? where conversation_id = ? and user_id = ?', [
      seq,
      conversationId,
      recipientId,
    ]);
  }
}
