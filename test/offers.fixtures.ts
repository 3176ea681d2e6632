import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlExecutor } from '../src/platform/db/pg-transaction.js';
import { EventBus } from '../src/platform/events.js';
import type { CreateOrderInput, OrdersApi } from '../src/modules/payments/index.js';
import type { TestApp } from './harness.js';
import type { TestUser } from './auctions.fixtures.js';

/**
 * A stand-in for the payments module's orders (give it to OfferOrders.use), so offer tests check offers alone:
 * `created` lists the orders asked for, each answered with a fresh id.
 */
export function fakeOfferOrders(): { created: CreateOrderInput[]; orders: OrdersApi } {
  const created: CreateOrderInput[] = [];
  const orders = {
    async createOrder(em: SqlExecutor, input: CreateOrderInput) {
      created.push(input);
      const [row] = await em.execute<{ id: string }[]>('select gen_random_uuid()::text as id');
      return { orderId: row!.id };
    },
    findOrder: async () => null,
    refund: async () => undefined,
    unpaidStrikes: async () => 0,
    openOrderOfPart: async () => null,
  } as unknown as OrdersApi;
  return { created, orders };
}

/** `who` offers `amount` (with `message`, if any) on the part. */
export const offer = (who: TestUser, partId: string, amount: unknown, message?: string) =>
  who.agent.post(`/api/parts/${partId}/offers`).send({ amount, ...(message ? { message } : {}) });

/** Publishes an event through the real bus in a committed transaction, then runs the jobs it queued. */
export async function publishEvent(t: TestApp, name: string, payload: unknown) {
  const bus = t.rt.container.get(EventBus);
  await (t.rt.orm.em.fork() as EntityManager).transactional((tx) => bus.publish(tx, { name, payload }));
  await t.drain();
}
