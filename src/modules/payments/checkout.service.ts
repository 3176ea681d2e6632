import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import { ESCROW_THRESHOLD_CENTS } from './commission.rules.js';
import { ConnectService } from './connect.service.js';
import type { CheckoutDto, OrderDto } from './order.dto.js';
import { Order } from './order.entity.js';
import { OrderHistory } from './order-history.entity.js';
import { lockOrder } from './order.repository.js';
import { orderCents, SELLER_NOT_READY_MESSAGE } from './order.rules.js';
import { orderNotFound, OrderViewsService } from './order-views.service.js';
import { PaymentEventsService } from './payment-events.service.js';
import { PaymentProvider } from './payment.provider.js';
import type { CheckoutBody } from './payments.schemas.js';

const notPayable = () => new AppError('conflict', 'order_not_payable', 'This order is not waiting for payment');

/** The buyer's side of paying: the checkout form and its payment intent, and the test provider's confirmation. */
@injectable()
export class CheckoutService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(PaymentProvider) private readonly provider: PaymentProvider,
    @inject(ConnectService) private readonly connect: ConnectService,
    @inject(OrderViewsService) private readonly views: OrderViewsService,
    @inject(PaymentEventsService) private readonly events: PaymentEventsService,
  ) {}

  /**
   * The buyer's checkout: the shipping address, the Final Sale acknowledgement and (from $5,000) the escrow choice
   * or the signed waiver are stored, and a payment intent is made (one per order and mode, by idempotency key).
   */
  async checkout(id: string, actor: Actor, body: CheckoutBody, client: { ip: string | null; userAgent: string | null }): Promise<CheckoutDto> {
    const order = await this.db.em.findOne(Order, id, { refresh: true });
    if (!order || (order.buyerId !== actor.id && !hasRole(actor.role, 'admin'))) throw orderNotFound();
    if (order.buyerId !== actor.id) throw new AppError('forbidden', 'not_buyer', 'Only the buyer can check out this order');
    if (order.state !== 'pending_payment') throw notPayable();
    if (this.provider.name === 'test' && this.config.env === 'production') {
      throw new AppError('conflict', 'payments_unavailable', 'Payments are not available right now: card payments are not configured. Please try again later.');
    }
    const money = orderCents(order);
    const errors: Record<string, string> = {};
    if (order.finalSale && body.acknowledgeFinalSale !== true) errors.acknowledgeFinalSale = 'Please acknowledge that this item is a Final Sale and cannot be returned';
    const escrowApplies = money.total >= ESCROW_THRESHOLD_CENTS;
    if (escrowApplies && !body.escrowChoice) errors.escrowChoice = 'For $5,000 and over, choose escrow or sign the waiver';
    if (escrowApplies && body.escrowChoice === 'waiver' && body.waiverAccepted !== true) errors.waiverAccepted = 'Please sign the escrow waiver to pay without escrow';
    if (Object.keys(errors).length) throw new AppError('invalid', 'validation_failed', Object.values(errors)[0]!, errors);
    const ready = await this.connect.readiness(order.sellerId);
    if (!ready.ready || !ready.accountId) throw new AppError('conflict', 'seller_not_ready', SELLER_NOT_READY_MESSAGE);
    const escrow = escrowApplies && body.escrowChoice === 'escrow';
    // A buyer who switches between escrow and a direct charge gets a new intent; switching back must not
    // replay the cancelled one under the same idempotency key.
    const switching = Boolean(order.paymentIntentId) && (order.escrowChoice === 'escrow') !== escrow;
    // The old intent is cancelled first: one that cannot be (it is being paid) keeps the buyer's first choice.
    if (switching && !(await this.provider.cancelIntent(order.paymentIntentId!))) {
      throw new AppError('conflict', 'payment_in_progress', 'A payment for this order is being processed; it can no longer be changed');
    }
    const intent = await this.provider.createIntent({
      orderId: order.id,
      amountCents: money.total,
      applicationFeeCents: money.commission,
      destination: escrow ? null : ready.accountId,
      idempotencyKey: `order-${order.id}-intent-${escrow ? 'escrow' : 'direct'}${switching ? `-after-${order.paymentIntentId}` : ''}`,
      description: `Pitlane order ${order.id}: ${order.partTitle}`.slice(0, 200),
    });
    const now = this.clock.now();
    const waiver = escrowApplies && body.escrowChoice === 'waiver';
    const saved = await this.db.transaction(async (em) => {
      const locked = await lockOrder(em, id);
      if (locked?.state !== 'pending_payment') throw notPayable();
      if (!locked.checkoutAt) {
        const note = escrow ? 'Checkout started with escrow' : waiver ? 'Checkout started; escrow waiver signed' : 'Checkout started';
        em.create(OrderHistory, { orderId: id, state: 'pending_payment', note, actor: 'buyer', actorId: actor.id, at: now });
      }
      em.assign(locked, {
        shippingAddress: body.shippingAddress,
        finalSaleAcknowledgedAt: locked.finalSale ? (locked.finalSaleAcknowledgedAt ?? now) : null,
        escrowChoice: escrowApplies ? (body.escrowChoice ?? null) : null,
        waiverSignedAt: waiver ? now : null,
        waiverIp: waiver ? client.ip : null,
        waiverUserAgent: waiver ? (client.userAgent?.slice(0, 500) ?? null) : null,
        provider: this.provider.name,
        paymentIntentId: intent.id,
        destinationAccount: ready.accountId,
        checkoutAt: locked.checkoutAt ?? now,
        updatedAt: now,
      });
      return locked;
    });
    const dto = (await this.views.render([saved], actor))[0]!;
    return {
      orderId: id,
      provider: this.provider.name,
      clientSecret: intent.clientSecret,
      publishableKey: this.provider.name === 'stripe' ? (this.config.stripePublishableKey ?? null) : null,
      testMode: this.provider.name === 'test',
      amount: formatCents(money.total),
      currency: 'usd',
      escrow: dto.escrow,
      finalSaleRequired: saved.finalSale,
      order: dto,
    };
  }

  /** Test provider only: completes the buyer's payment as a card would (the same event the webhook applies). */
  async testConfirm(orderId: string, actor: Actor): Promise<OrderDto> {
    if (this.provider.name !== 'test' || this.config.env === 'production') {
      throw new AppError('forbidden', 'test_mode_off', 'Test payments are not available: real card payments are configured');
    }
    const order = await this.db.em.findOne(Order, orderId, { refresh: true });
    if (!order || order.buyerId !== actor.id) throw orderNotFound();
    if (order.state !== 'pending_payment' && !order.paidAt) throw notPayable();
    if (!order.paymentIntentId) throw new AppError('conflict', 'checkout_required', 'Complete the checkout form first');
    await this.events.process({
      id: `evt_test_${order.paymentIntentId}_succeeded`,
      type: 'payment_intent.succeeded',
      data: { object: { id: order.paymentIntentId, amount_received: storedCents(order.total), latest_charge: `ch_test_${order.id.replaceAll('-', '')}`, metadata: { orderId } } },
    });
    return this.views.get(orderId, actor);
  }
}
