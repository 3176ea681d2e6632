import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import type { ConnectOnboardingDto, ConnectStatusDto } from './order.dto.js';
import { PaymentProvider } from './payment.provider.js';
import { Database } from '../../platform/db/database.js';

interface AccountRow {
  account_id: string;
  provider: 'stripe' | 'test';
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
}

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

  private async row(em: SqlExecutor, sellerId: string): Promise<AccountRow | null> {
    const [row] = await em.execute<AccountRow[]>(
      `select account_id, provider, charges_enabled, payouts_enabled, details_submitted from connect_accounts where seller_id = ?`,
      [sellerId],
    );
    return row ?? null;
  }

  private dto(row: AccountRow | null): ConnectStatusDto {
    // The test provider needs no setup: every seller can be paid on a fresh machine.
    if (this.provider.name === 'test') {
      return { accountId: row?.account_id ?? null, provider: 'test', detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, ready: true };
    }
    return {
      accountId: row?.account_id ?? null,
      provider: 'stripe',
      detailsSubmitted: row?.details_submitted ?? false,
      chargesEnabled: row?.charges_enabled ?? false,
      payoutsEnabled: row?.payouts_enabled ?? false,
      ready: Boolean(row?.charges_enabled),
    };
  }

  private requireSeller(actor: Actor): void {
    if (!hasRole(actor.role, 'seller')) throw new AppError('forbidden', 'forbidden', 'Only sellers set up payouts');
  }

  /** The seller's payout setup; a Stripe account not yet ready is read again from Stripe. */
  async status(actor: Actor): Promise<ConnectStatusDto> {
    this.requireSeller(actor);
    let row = await this.row(this.db.em, actor.id);
    if (row && row.provider === 'stripe' && this.provider.name === 'stripe' && !row.charges_enabled) {
      const account = await this.provider.retrieveAccount(row.account_id);
      await this.db.em.execute(
        `update connect_accounts set charges_enabled = ?, payouts_enabled = ?, details_submitted = ?, updated_at = ? where seller_id = ?`,
        [account.chargesEnabled, account.payoutsEnabled, account.detailsSubmitted, this.clock.now().toISOString(), actor.id],
      );
      row = { ...row, charges_enabled: account.chargesEnabled, payouts_enabled: account.payoutsEnabled, details_submitted: account.detailsSubmitted };
    }
    return this.dto(row);
  }

  /** Creates the seller's Express account once, and answers a fresh onboarding link to it. */
  async onboarding(actor: Actor): Promise<ConnectOnboardingDto> {
    this.requireSeller(actor);
    let row = await this.row(this.db.em, actor.id);
    if (!row || row.provider !== this.provider.name) {
      const user = await this.accounts.findUser(actor.id);
      const account = await this.provider.createAccount({ sellerId: actor.id, email: user?.email ?? null, idempotencyKey: `seller-${actor.id}-connect-account` });
      const now = this.clock.now().toISOString();
      await this.db.em.execute(
        `insert into connect_accounts (seller_id, account_id, provider, charges_enabled, payouts_enabled, details_submitted, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (seller_id) do update set account_id = excluded.account_id, provider = excluded.provider,
           charges_enabled = excluded.charges_enabled, payouts_enabled = excluded.payouts_enabled,
           details_submitted = excluded.details_submitted, updated_at = excluded.updated_at`,
        [actor.id, account.id, this.provider.name, account.chargesEnabled, account.payoutsEnabled, account.detailsSubmitted, now, now],
      );
      row = { account_id: account.id, provider: this.provider.name, charges_enabled: account.chargesEnabled, payouts_enabled: account.payoutsEnabled, details_submitted: account.detailsSubmitted };
    }
    const base = this.config.publicUrl.replace(/\/$/, '');
    const link = await this.provider.accountLink({
      accountId: row.account_id,
      refreshUrl: `${base}/payouts?onboarding=refresh`,
      returnUrl: `${base}/payouts?onboarding=done`,
    });
    return { url: link.url, expiresAt: link.expiresAt, status: this.dto(row) };
  }

  /** Whether buyers can pay `sellerId` now, and the connected account the money goes to. */
  async readiness(em: SqlExecutor, sellerId: string): Promise<{ ready: boolean; accountId: string | null }> {
    const row = await this.row(em, sellerId);
    if (this.provider.name === 'test') return { ready: true, accountId: row?.account_id ?? `acct_test_${sellerId.replaceAll('-', '').slice(0, 16)}` };
    return { ready: Boolean(row?.charges_enabled), accountId: row?.account_id ?? null };
  }
}
