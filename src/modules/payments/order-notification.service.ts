import { inject, injectable } from 'inversify';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { JobQueue } from '../../platform/jobs.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { formatCents, storedCents } from '../../platform/money.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { Order } from './order.entity.js';
import { PAYMENTS_TASKS } from './payments.tasks.js';

/** The steps an order mails about. */
export type OrderMailKind =
  | 'created'
  | 'paid'
  | 'shipped'
  | 'delivered'
  | 'completed'
  | 'cancelled'
  | 'refunded'
  | 'disputed'
  | 'ship_reminder'
  | 'ship_late'
  | 'payment_failed'
  | 'escrow_released'
  | 'seller_ready';

/** The kinds, for the job's payload. */
export const ORDER_MAIL_KINDS = [
  'created',
  'paid',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
  'disputed',
  'ship_reminder',
  'ship_late',
  'payment_failed',
  'escrow_released',
  'seller_ready',
] as const satisfies readonly OrderMailKind[];

/**
 * The mail of every order step, to the buyer, the seller or both. The step's transaction queues a job
 * (`payments/notify`) that writes the mails: no second connection is taken inside the step's transaction
 * (the webhook's holds one of the shared pool's, and the users' look-up needs another).
 */
@injectable()
export class OrderNotificationService {
  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(Database) private readonly db: Database,
  ) {}

  private url(path: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${path}`;
  }

  /** Queues (in `tx`) the mails of `kind` for `order`; `detail` adds a line (a reason, an amount). */
  async notify(tx: SqlExecutor, order: Pick<Order, 'id'>, kind: OrderMailKind, detail?: string): Promise<void> {
    await this.jobs.add(tx, PAYMENTS_TASKS.notify, { orderId: order.id, kind, detail: detail ?? null });
  }

  /** The job's side: writes the mails of `kind` for the order as it is now. */
  async send(orderId: string, kind: OrderMailKind, detail: string | null): Promise<void> {
    const order = await this.db.em.findOne(Order, orderId, { refresh: true });
    if (order) await this.compose(order, kind, detail ?? undefined);
  }

  private async compose(order: Order, kind: OrderMailKind, detail?: string): Promise<void> {
    const users = await this.accounts.findUsers([order.buyerId, order.sellerId]);
    const buyer = users.find((u) => u.id === order.buyerId);
    const seller = users.find((u) => u.id === order.sellerId);
    const title = order.partTitle;
    const total = `$${formatCents(storedCents(order.total))}`;
    const orderLink = this.url(`/account/orders/${order.id}`);
    const salesLink = this.url('/my-sales');
    const mails: Mail[] = [];
    const toBuyer = (subject: string, ...lines: string[]) => {
      if (buyer?.email) mails.push({ to: buyer.email, subject, text: [`Hello ${buyer.firstName || buyer.username},`, '', ...lines, ...(detail ? ['', detail] : [])].join('\n') });
    };
    const toSeller = (subject: string, ...lines: string[]) => {
      if (seller?.email) mails.push({ to: seller.email, subject, text: [`Hello ${seller.firstName || seller.username},`, '', ...lines, ...(detail ? ['', detail] : [])].join('\n') });
    };
    switch (kind) {
      case 'created':
        toBuyer(
          `Complete your purchase: ${title}`,
          `Your order for "${title}" (${total}) is waiting for payment.`,
          order.payBy ? `Pay by ${order.payBy.toUTCString()}, or the order is cancelled.` : '',
          `Check out: ${this.url(`/checkout/${order.id}`)}`,
        );
        // Buy Now orders are mailed to the seller once paid: an abandoned 15-minute checkout is no news to them.
        if (order.source !== 'buy_now') toSeller(`New order: ${title}`, `A buyer ordered "${title}" (${total}). You will be told when it is paid; then ship within 72 hours.`, salesLink);
        break;
      case 'paid':
        toBuyer(`Payment received: ${title}`, `We received your payment of ${total} for "${title}". The seller ships within 72 hours.`, orderLink);
        toSeller(`Paid, ready to ship: ${title}`, `"${title}" is paid (${total}). Please ship it within 72 hours and add the carrier and tracking number.`, salesLink);
        break;
      case 'shipped':
        toBuyer(
          `Shipped: ${title}`,
          `"${title}" is on its way with ${order.carrier ?? 'the carrier'}, tracking number ${order.trackingNumber ?? '-'}.`,
          `Confirm delivery when it arrives: ${orderLink}`,
        );
        break;
      case 'delivered':
        toSeller(`Delivered: ${title}`, `"${title}" was delivered to the buyer. The return window of 7 days runs now.`, salesLink);
        toBuyer(`Delivered: ${title}`, `"${title}" is marked delivered. You have 7 days to request a return if it is not as described.`, orderLink);
        break;
      case 'completed':
        toSeller(`Sale completed: ${title}`, `The return window of "${title}" has ended; the sale is complete.`, this.url('/payouts'));
        break;
      case 'cancelled':
        toBuyer(`Order cancelled: ${title}`, `Your order for "${title}" was cancelled.`, orderLink);
        toSeller(`Order cancelled: ${title}`, `The order for "${title}" was cancelled.`, salesLink);
        break;
      case 'refunded':
        toBuyer(`Refund issued: ${title}`, `A refund was issued for "${title}". It reaches your card within 5-10 business days.`, orderLink);
        toSeller(`Refund issued: ${title}`, `A refund was issued for "${title}"; the commission is returned in proportion.`, salesLink);
        break;
      case 'disputed':
        toSeller(`Payment disputed: ${title}`, `The buyer's bank opened a dispute on the payment for "${title}". Our team will contact you.`, salesLink);
        break;
      case 'ship_reminder':
        toSeller(`Reminder: ship ${title}`, `"${title}" was paid 48 hours ago. Please ship it within the next 24 hours and add the tracking number.`, salesLink);
        break;
      case 'ship_late':
        toSeller(`Late shipment: ${title}`, `"${title}" was not shipped within 72 hours of payment. Late shipments lower your on-time delivery figure.`, salesLink);
        toBuyer(`Shipping delayed: ${title}`, `The seller has not shipped "${title}" within 72 hours. You may contact them or support.`, orderLink);
        break;
      case 'payment_failed':
        toBuyer(`Payment failed: ${title}`, `Your payment for "${title}" did not go through. You can try again before the order expires.`, this.url(`/checkout/${order.id}`));
        break;
      case 'escrow_released':
        toSeller(`Escrow released: ${title}`, `The escrowed funds for "${title}" were transferred to your account, less the commission.`, this.url('/payouts'));
        break;
      case 'seller_ready':
        toBuyer(`You can now pay: ${title}`, `The seller of "${title}" finished their payout setup. You can now complete your purchase.`, this.url(`/checkout/${order.id}`));
        break;
    }
    await this.mail.queueMany(this.db.em, mails.map((m) => ({ ...m, text: m.text.replace(/\n{3,}/g, '\n\n') })));
  }
}
