import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ContainerModule } from 'inversify';
import { Errors } from '../src/platform/errors.js';
import type { PitlaneModule } from '../src/platform/module.js';
import { OrdersApi, type CreateOrderInput, type OrderFacts } from '../src/modules/payments/index.js';
import type { TestApp } from './harness.js';

/**
 * An in-memory OrdersApi for the returns and reviews route tests while the payments module is being built: orders
 * are set up by the test, refunds are checked as payments promises (paid/shipped/delivered, at most what is left)
 * and recorded.
 */
export class FakeOrders extends OrdersApi {
  readonly orders = new Map<string, OrderFacts>();
  readonly refunds: { orderId: string; amountCents: number; reason: string; actorId: string | null }[] = [];

  add(facts: Partial<OrderFacts> & { buyerId: string; sellerId: string }): OrderFacts {
    const order: OrderFacts = {
      id: randomUUID(),
      partId: null,
      source: 'buy_now',
      sourceId: null,
      state: 'delivered',
      priceCents: 25_000,
      totalCents: 27_500,
      refundedCents: 0,
      finalSale: false,
      partTitle: 'Holley 4150 carburetor',
      createdAt: new Date().toISOString(),
      paidAt: new Date().toISOString(),
      shippedAt: new Date().toISOString(),
      deliveredAt: new Date().toISOString(),
      ...facts,
    };
    this.orders.set(order.id, order);
    return order;
  }

  async createOrder(_em: unknown, _input: CreateOrderInput): Promise<{ orderId: string }> {
    throw new Error('not used by these tests');
  }

  async findOrder(orderId: string): Promise<OrderFacts | null> {
    const order = this.orders.get(orderId);
    return order ? { ...order } : null;
  }

  async refund(input: { orderId: string; amountCents: number; reason: string; actorId: string | null }): Promise<void> {
    const order = this.orders.get(input.orderId);
    if (!order) throw Errors.notFound('Order');
    if (!['paid', 'shipped', 'delivered', 'completed', 'partially_refunded'].includes(order.state)) throw Errors.conflict('wrong_state', 'Not refundable');
    if (input.amountCents <= 0 || input.amountCents > order.totalCents - order.refundedCents) throw Errors.invalid('bad_amount', 'Bad amount');
    order.refundedCents += input.amountCents;
    order.state = order.refundedCents === order.totalCents ? 'refunded' : 'partially_refunded';
    this.refunds.push(input);
  }

  async unpaidStrikes(): Promise<number> {
    return 0;
  }

  async openOrderOfPart(): Promise<null> {
    return null;
  }
}

/** A module binding `fake` as the OrdersApi (replacing the payments module's binding, if any). */
export const fakeOrdersModule = (fake: FakeOrders): PitlaneModule => ({
  name: 'fake-orders',
  containerModule: new ContainerModule(({ bind, isBound, rebind }) => {
    (isBound(OrdersApi) ? rebind(OrdersApi) : bind(OrdersApi)).toConstantValue(fake);
  }),
  entities: [],
});

/** The one fake of a test file (vi.mock of src/modules.ts and the test share it). */
export const fakeOrders = new FakeOrders();

/** A photo address with a file behind it in the test app's uploads folder (return photos must be stored uploads). */
export async function storedPhoto(t: TestApp, id = '0123456789abcdef0123456789abcdef'): Promise<string> {
  await mkdir(t.rt.config.uploadsDir, { recursive: true });
  await writeFile(path.join(t.rt.config.uploadsDir, `${id}.jpg`), 'not really a jpeg');
  return `/api/uploads/files/${id}.jpg`;
}
