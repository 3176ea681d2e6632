import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { ConnectAccount } from './connect-account.entity.js';
import type { ConnectOnboardingDto, ConnectStatusDto } from './order.dto.js';
import { PaymentProvider } from './payment.provider.js';

/** Sellers' payout setup: one Express connected account per seller, its onboarding link and its status. */
@injectable()
export class ConnectService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  private dto(account: ConnectAccount | null): ConnectStatusDto {
    // The test provider needs no setup: every seller can be paid on a fresh machine.
    if (this.provider.name === 'test') {
      return { accountId: account?.accountId ?? null, provider: 'test', detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, ready: true };
    }
    return {
      accountId: account?.accountId ?? null,
      provider: 'stripe',
      detailsSubmitted: account?.detailsSubmitted ?? false,
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      ready: Boolean(account?.chargesEnabled),
    };
  }

  private requireSeller(actor: Actor): void {
    if (!hasRole(actor.role, 'seller')) throw new AppError('forbidden', 'forbidden', 'Only sellers set up payouts');
  }

  /** The seller's payout setup; a Stripe account not yet ready is read again from Stripe. */
  async status(actor: Actor): Promise<ConnectStatusDto> {
    this.requireSeller(actor);
    const em = this.db.em;
    const account = await em.findOne(ConnectAccount, actor.id, { refresh: true });
    if (account && account.provider === 'stripe' && this.provider.name === 'stripe' && !account.chargesEnabled) {
      const fresh = await this.provider.retrieveAccount(account.accountId);
      em.assign(account, { chargesEnabled: fresh.chargesEnabled, payoutsEnabled: fresh.payoutsEnabled, detailsSubmitted: fresh.detailsSubmitted, updatedAt: this.clock.now() });
      await em.flush();
    }
    return this.dto(account);
  }

  /** Creates the seller's Express account once, and answers a fresh onboarding link to it. */
  async onboarding(actor: Actor): Promise<ConnectOnboardingDto> {
    this.requireSeller(actor);
    const em = this.db.em;
    let account = await em.findOne(ConnectAccount, actor.id, { refresh: true });
    if (!account || account.provider !== this.provider.name) {
      const user = await this.accounts.findUser(actor.id);
      const made = await this.provider.createAccount({ sellerId: actor.id, email: user?.email ?? null, idempotencyKey: `seller-${actor.id}-connect-account` });
      const now = this.clock.now();
      account = await em.upsert(ConnectAccount, {
        sellerId: actor.id,
        accountId: made.id,
        provider: this.provider.name,
        chargesEnabled: made.chargesEnabled,
        payoutsEnabled: made.payoutsEnabled,
        detailsSubmitted: made.detailsSubmitted,
        createdAt: account?.createdAt ?? now,
        updatedAt: now,
      });
    }
    const base = this.config.publicUrl.replace(/\/$/, '');
    const link = await this.provider.accountLink({
      accountId: account.accountId,
      refreshUrl: `${base}/payouts?onboarding=refresh`,
      returnUrl: `${base}/payouts?onboarding=done`,
    });
    return { url: link.url, expiresAt: link.expiresAt, status: this.dto(account) };
  }

  /** Whether buyers can pay `sellerId` now, and the connected account the money goes to (read in the current unit of work). */
  async readiness(sellerId: string): Promise<{ ready: boolean; accountId: string | null }> {
    const account = await this.db.em.findOne(ConnectAccount, sellerId);
    if (this.provider.name === 'test') return { ready: true, accountId: account?.accountId ?? `acct_test_${sellerId.replaceAll('-', '').slice(0, 16)}` };
    return { ready: Boolean(account?.chargesEnabled), accountId: account?.accountId ?? null };
  }
}
