import { createHash, randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Errors } from '../../platform/errors.js';
import { EventBus } from '../../platform/events.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { ACCOUNT_EVENTS } from './accounts.events.js';
import { EmailVerificationToken } from './email-verification-token.entity.js';
import { byLoginName } from './user.filters.js';
import { User } from './user.entity.js';
import { Database } from '../../platform/db/database.js';

/** Verification links stay valid for 24 hours. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What an expired link says: a new one is a request away on the sign-in page (issue 34). */
export const VERIFY_LINK_EXPIRED = 'This verification link has expired. Ask for a new one on the sign-in page.';

/** A new link is mailed at most once a minute per account, however often it is asked for. */
export const VERIFICATION_RESEND_INTERVAL_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Email verification: the link mailed at registration, and redeeming it. */
@injectable()
export class EmailVerificationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  /** Creates a verification token for the user and queues the email with the link, in `em`'s transaction. */
  async issue(em: EntityManager, user: User): Promise<void> {
    const secret = randomBytes(32).toString('base64url');
    em.create(EmailVerificationToken, {
      userId: user.id,
      token: hashToken(secret),
      expiresAt: new Date(this.clock.now().getTime() + VERIFICATION_TOKEN_LIFETIME_MS),
      createdAt: this.clock.now(),
    });
    await em.flush();
    const link = `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(secret)}`;
    await this.mail.queue(em, {
      to: user.email,
      subject: 'Verify your Pitlane email address',
      text:
        `Hi ${user.firstName},\n\nWelcome to Pitlane. Please confirm your email address by opening this link:\n\n${link}\n\n` +
        `The link is valid for 24 hours. If you did not create an account, ignore this message.\n\n— The Pitlane team`,
      html:
        `<p>Hi ${escapeHtml(user.firstName)},</p><p>Welcome to Pitlane. Please confirm your email address:</p>` +
        `<p><a href="${link}">Verify my email</a></p><p>The link is valid for 24 hours. If you did not create an account, ignore this message.</p>`,
    });
  }

  /**
   * Mails a fresh link to the account a username or email names, when it still waits for verification (and is not
   * suspended), at most once per VERIFICATION_RESEND_INTERVAL_MS. Earlier links stay valid until they expire. Says
   * nothing back, so the caller's answer is the same for every name.
   */
  async resend(identifier: string): Promise<void> {
    await this.db.em.transactional(async (em) => {
      // Locked, so two requests at once mail one link.
      const user = await em.findOne(User, byLoginName(identifier), { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      if (!user || user.isVerified || user.suspendedAt) return;
      const latest = await em.findOne(EmailVerificationToken, { userId: user.id }, { orderBy: { createdAt: 'desc' } });
      if (latest && this.clock.now().getTime() - latest.createdAt.getTime() < VERIFICATION_RESEND_INTERVAL_MS) return;
      await this.issue(em, user);
    });
  }

  /** Marks the token's user verified; unknown, used or expired tokens are a 400. */
  async verify(secret: string): Promise<{ message: string; verified: true }> {
    return this.db.em.transactional(async (em) => {
      const token = await em.findOne(
        EmailVerificationToken,
        { token: hashToken(secret) },
        { lockMode: 4 /* PESSIMISTIC_WRITE */ },
      );
      if (!token) throw Errors.invalid('token_invalid', 'This verification link is invalid.', { token: 'This verification link is invalid.' });
      if (token.usedAt) {
        throw Errors.invalid('token_used', 'This verification link has already been used.', {
          token: 'This verification link has already been used.',
        });
      }
      if (token.expiresAt.getTime() <= this.clock.now().getTime()) {
        throw Errors.invalid('token_expired', VERIFY_LINK_EXPIRED, { token: VERIFY_LINK_EXPIRED });
      }
      const user = await em.findOneOrFail(User, { id: token.userId });
      token.usedAt = this.clock.now();
      user.isVerified = true;
      user.verificationLevel = 'email';
      await em.flush();
      await this.events.publish(em, { name: ACCOUNT_EVENTS.userVerified, payload: { userId: user.id } });
      return { message: 'Your email address has been verified. You can now sign in.', verified: true as const };
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
