import Stripe from 'stripe';
import type { Config } from '../../platform/config.js';
import { balanceTransactionFeeCents } from './ledger.rules.js';
import type { PaymentProviderName } from './order.dto.js';

/** A payment intent the client confirms. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
}

/** A connected account's capabilities. */
export interface ProviderAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** The provider's processing fee of a charge, from its balance transaction. */
export interface ProviderFee {
  feeCents: number;
  /** The balance transaction's id (the ledger memo). */
  ref: string;
}

/**
 * The fee of a Stripe charge object whose `balance_transaction` is expanded (an object); null when the charge is
 * an id, or its balance transaction is not there yet or only an id.
 */
export function chargeFeeOf(charge: unknown): ProviderFee | null {
  if (!charge || typeof charge !== 'object') return null;
  const bt = (charge as { balance_transaction?: unknown }).balance_transaction;
  if (!bt || typeof bt !== 'object') return null;
  const feeCents = balanceTransactionFeeCents(bt);
  const id = (bt as { id?: unknown }).id;
  return feeCents === null ? null : { feeCents, ref: typeof id === 'string' ? id.slice(0, 100) : 'balance transaction' };
}

/**
 * The provider refused an operation (it answered, and made nothing): a refund or transfer it will not make as
 * asked. Any other error leaves the outcome unknown (no answer, a server error): the operation may have been made.
 */
export class ProviderRefusal extends Error {
  override readonly name = 'ProviderRefusal';
}

/** Stripe's refusals (it answered and made nothing) as ProviderRefusal; anything else as it came. */
const refusalOf = (error: unknown): unknown =>
  error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError ? new ProviderRefusal(error.message) : error;

/** What the payments module asks of a card payment provider (Stripe, or the built-in test provider). */
export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;
  /**
   * A PaymentIntent for `amountCents`: with `destination`, a destination charge to that connected account with
   * `applicationFeeCents` kept by the marketplace; without, a charge to the platform (escrow), transferred later.
   */
  abstract createIntent(input: {
    orderId: string;
    amountCents: number;
    applicationFeeCents: number;
    destination: string | null;
    idempotencyKey: string;
    description: string;
  }): Promise<ProviderIntent>;
  /** Cancels an unpaid intent; false when it cannot be cancelled any more (it succeeded meanwhile). */
  abstract cancelIntent(intentId: string): Promise<boolean>;
  /**
   * Refunds `amountCents` of the intent's charge; a destination charge reverses the transfer and the application
   * fee in proportion. `refundId` (our refund's id) goes with it as metadata. Throws ProviderRefusal when refused.
   */
  abstract refund(input: { orderId: string; refundId: string; intentId: string; amountCents: number; destinationCharge: boolean; idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * The refund of the intent made for our refund `refundId`, found by its metadata, or null: a retry after the
   * idempotency key expired (24 hours at Stripe) must not refund twice.
   */
  abstract findRefund(input: { intentId: string; refundId: string }): Promise<{ id: string } | null>;
  /** Sends held (escrow) funds to a connected account. Throws ProviderRefusal when refused. */
  abstract transfer(input: { orderId: string; amountCents: number; destination: string; idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * Takes `amountCents` of an escrow transfer back from the connected account (a transfer reversal). Fails when
   * the account's balance cannot cover it (a separate transfer, unlike a destination charge's).
   */
  abstract reverseTransfer(input: { orderId: string; transferId: string; amountCents: number; refundedTo: number; idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * A reversal of `transferId` already made for this order and refunds' running total (`refundedTo` cents), found
   * by its metadata, or null: a retry after the idempotency key expired (24 hours at Stripe) must not reverse twice.
   */
  abstract findReversal(input: { orderId: string; transferId: string; refundedTo: number }): Promise<{ id: string } | null>;
  /**
   * The processing fee the provider charged the marketplace for a payment (its charge, or the intent's latest
   * charge), or null while it is not known yet (or never: the test provider charges none).
   */
  abstract chargeFee(input: { chargeId: string | null; intentId: string | null }): Promise<ProviderFee | null>;
  /** Creates an Express connected account for a seller. */
  abstract createAccount(input: { sellerId: string; email: string | null; idempotencyKey: string }): Promise<ProviderAccount>;
  /** A one-time onboarding link for the account. */
  abstract accountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: string | null }>;
  /** The account's current capabilities. */
  abstract retrieveAccount(accountId: string): Promise<ProviderAccount>;
}

/** Whether Stripe keys are configured (otherwise the test provider takes payments). */
export const stripeConfigured = (config: Config): boolean => Boolean(config.stripeSecretKey);

/** A Stripe client for the configuration: STRIPE_API_URL, when set, gives the SDK's host, port and protocol. */
export function stripeClient(config: Pick<Config, 'stripeSecretKey' | 'stripeApiUrl'>): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  if (config.stripeApiUrl) {
    const url = new URL(config.stripeApiUrl);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'http:' ? 80 : 443));
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(config.stripeSecretKey ?? 'sk_test_unset', options);
}

const account = (a: Stripe.Account): ProviderAccount => ({
  id: a.id,
  chargesEnabled: Boolean(a.charges_enabled),
  payoutsEnabled: Boolean(a.payouts_enabled),
  detailsSubmitted: Boolean(a.details_submitted),
});

/** Stripe Connect: destination charges with an application fee, separate charges and transfers for escrow. */
export class StripeProvider extends PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(private readonly stripe: Stripe) {
    super();
  }
  async createIntent(input: Parameters<PaymentProvider['createIntent']>[0]): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        description: input.description,
        metadata: { orderId: input.orderId },
        transfer_group: `order-${input.orderId}`,
        automatic_payment_methods: { enabled: true },
        ...(input.destination
          ? { application_fee_amount: input.applicationFeeCents, transfer_data: { destination: input.destination } }
          : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }
  async cancelIntent(intentId: string): Promise<boolean> {
    try {
      await this.stripe.paymentIntents.cancel(intentId);
      return true;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
      throw error;
    }
  }
  async refund(input: Parameters<PaymentProvider['refund']>[0]): Promise<{ id: string }> {
    const refund = await this.stripe.refunds
      .create(
        {
          payment_intent: input.intentId,
          amount: input.amountCents,
          metadata: { orderId: input.orderId, refundId: input.refundId },
          ...(input.destinationCharge ? { reverse_transfer: true, refund_application_fee: true } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      )
      .catch((error: unknown) => Promise.reject(refusalOf(error)));
    return { id: refund.id };
  }
  async findRefund(input: Parameters<PaymentProvider['findRefund']>[0]): Promise<{ id: string } | null> {
    for await (const r of this.stripe.refunds.list({ payment_intent: input.intentId, limit: 100 })) {
      if (r.metadata?.refundId === input.refundId) return { id: r.id };
    }
    return null;
  }
  async transfer(input: Parameters<PaymentProvider['transfer']>[0]): Promise<{ id: string }> {
    const transfer = await this.stripe.transfers
      .create(
        { amount: input.amountCents, currency: 'usd', destination: input.destination, transfer_group: `order-${input.orderId}`, metadata: { orderId: input.orderId } },
        { idempotencyKey: input.idempotencyKey },
      )
      .catch((error: unknown) => Promise.reject(refusalOf(error)));
    return { id: transfer.id };
  }
  async reverseTransfer(input: Parameters<PaymentProvider['reverseTransfer']>[0]): Promise<{ id: string }> {
    const reversal = await this.stripe.transfers.createReversal(
      input.transferId,
      { amount: input.amountCents, metadata: { orderId: input.orderId, refundedTo: String(input.refundedTo), reversalKey: input.idempotencyKey } },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: reversal.id };
  }
  async findReversal(input: Parameters<PaymentProvider['findReversal']>[0]): Promise<{ id: string } | null> {
    for await (const r of this.stripe.transfers.listReversals(input.transferId, { limit: 100 })) {
      if (r.metadata?.orderId === input.orderId && r.metadata?.refundedTo === String(input.refundedTo)) return { id: r.id };
    }
    return null;
  }
  async chargeFee(input: Parameters<PaymentProvider['chargeFee']>[0]): Promise<ProviderFee | null> {
    if (input.chargeId) return chargeFeeOf(await this.stripe.charges.retrieve(input.chargeId, { expand: ['balance_transaction'] }));
    if (!input.intentId) return null;
    const intent = await this.stripe.paymentIntents.retrieve(input.intentId, { expand: ['latest_charge.balance_transaction'] });
    return chargeFeeOf(intent.latest_charge);
  }
  async createAccount(input: Parameters<PaymentProvider['createAccount']>[0]): Promise<ProviderAccount> {
    const created = await this.stripe.accounts.create(
      {
        type: 'express',
        ...(input.email ? { email: input.email } : {}),
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { sellerId: input.sellerId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return account(created);
  }
  async accountLink(input: Parameters<PaymentProvider['accountLink']>[0]): Promise<{ url: string; expiresAt: string | null }> {
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: 'account_onboarding',
    });
    return { url: link.url, expiresAt: link.expires_at ? new Date(link.expires_at * 1000).toISOString() : null };
  }
  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    return account(await this.stripe.accounts.retrieve(accountId));
  }
}

/**
 * The built-in provider when no Stripe keys are set (development, tests, a fresh machine): intents, refunds,
 * transfers and accounts are local ids; POST /api/payments/test/confirm completes a payment as a card would.
 */
export class TestProvider extends PaymentProvider {
  readonly name = 'test' as const;
  constructor(private readonly publicUrl: string) {
    super();
  }
  async createIntent(input: Parameters<PaymentProvider['createIntent']>[0]): Promise<ProviderIntent> {
    const id = `pi_test_${input.orderId.replaceAll('-', '')}`;
    return { id, clientSecret: `${id}_secret_test` };
  }
  async cancelIntent(): Promise<boolean> {
    return true;
  }
  async refund(input: Parameters<PaymentProvider['refund']>[0]): Promise<{ id: string }> {
    return { id: `re_test_${input.idempotencyKey.replace(/[^a-zA-Z0-9]/g, '').slice(-40)}` };
  }
  /** A test refund is made whenever it is asked (under the same key, the same id): there is nothing to find. */
  async findRefund(): Promise<{ id: string } | null> {
    return null;
  }
  async transfer(input: Parameters<PaymentProvider['transfer']>[0]): Promise<{ id: string }> {
    return { id: `tr_test_${input.orderId.replaceAll('-', '')}` };
  }
  async reverseTransfer(input: Parameters<PaymentProvider['reverseTransfer']>[0]): Promise<{ id: string }> {
    return { id: `trr_test_${input.idempotencyKey.replace(/[^a-zA-Z0-9]/g, '')}` };
  }
  /** The test provider's reversals exist only in the order's own rows: there is nothing else to find. */
  async findReversal(): Promise<{ id: string } | null> {
    return null;
  }
  /** No card is charged in test mode, so there is no fee (and nothing to ask anyone). */
  async chargeFee(): Promise<ProviderFee | null> {
    return null;
  }
  async createAccount(input: Parameters<PaymentProvider['createAccount']>[0]): Promise<ProviderAccount> {
    return { id: `acct_test_${input.sellerId.replaceAll('-', '').slice(0, 16)}`, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };
  }
  async accountLink(input: Parameters<PaymentProvider['accountLink']>[0]): Promise<{ url: string; expiresAt: string | null }> {
    return { url: input.returnUrl, expiresAt: null };
  }
  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    return { id: accountId, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };
  }
  /** Where the test checkout goes: nothing to load. */
  get url(): string {
    return this.publicUrl;
  }
}
