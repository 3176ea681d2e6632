import { inject, injectable } from 'inversify';
import { PasswordHasher } from './password.hasher.js';
import { UniqueConstraintViolationException } from '@mikro-orm/core';

import { Clock } from '../../platform/clock.js';
import { EventBus } from '../../platform/events.js';
import type { RegisterInput } from './account.schemas.js';
import { ACCOUNT_EVENTS } from './accounts.events.js';
import { EmailVerificationService } from './email-verification.service.js';
import { assertAvailable } from './user.filters.js';
import { User } from './user.entity.js';
import { Database } from '../../platform/db/database.js';

/** Buyer registration: the account, its verification mail and the `accounts.user.registered` event. */
@injectable()
export class RegistrationService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(EmailVerificationService) private readonly verification: EmailVerificationService,
    @inject(EventBus) private readonly events: EventBus,
  ) {}

  /** Registers a buyer and queues the verification email; the role is always buyer. */
  async register(input: RegisterInput, ipAddress: string | undefined): Promise<{ id: string; email: string }> {
    const passwordHash = await this.passwords.hash(input.password);
    try {
      return await this.db.em.transactional(async (em) => {
        await assertAvailable(em, input.username, input.email);
        const now = this.clock.now();
        const user = em.create(User, {
          username: input.username,
          email: input.email,
          password: passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          location: input.location,
          country: input.country,
          marketingEmails: input.marketingEmails,
          role: 'buyer',
          isVerified: false,
          verificationLevel: 'pending',
          ipAddress: ipAddress ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        await this.verification.issue(em, user);
        await this.events.publish(em, {
          name: ACCOUNT_EVENTS.userRegistered,
          payload: { userId: user.id, role: 'buyer' },
        });
        return { id: user.id, email: user.email };
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        // Two registrations raced past the check: report which field clashed.
        await assertAvailable(this.db.em, input.username, input.email);
      }
      throw error;
    }
  }
}
