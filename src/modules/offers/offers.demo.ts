import type { Container } from 'inversify';
import { DEMO_KINDS, demoKey, pick, seededRandom, type DemoContribution } from '../../platform/demo/demo.js';
import { formatCents } from '../../platform/money.js';
import { HOUR, OFFER_TTL_MS, ORDER_CANCELLED_NOTES } from './offer.rules.js';
import { JobQueue } from '../../platform/jobs.js';
import { EXPIRE_TASK, expireJobKey } from './offers.tasks.js';

/** The marks of demo offers. */
export const DEMO_OFFER_KIND = 'offers.offer';

type DemoOfferState = 'open' | 'countered' | 'declined' | 'expired' | 'cancelled';

/** How many offers of each state a demo of 300 parts holds (scaled with `--parts`, at least one each). */
// `cancelled`: accepted, then its order was not paid in time (the demo makes no order, so it names none).
const PER_300: Record<DemoOfferState, number> = { open: 6, countered: 4, declined: 3, expired: 2, cancelled: 2 };

const MESSAGES = [
  'Would you take this? I can pay today.',
  'Cash offer, quick payment, and I pick up the shipping.',
  'This is for a concours restoration; happy to meet in the middle.',
  'Is there any room on the price? Long-time Pitlane buyer.',
];

/** Demo negotiations on demo parts between demo buyers and the parts' sellers. */
export function offersDemo(container: Container): DemoContribution {
  const jobs = container.get(JobQueue);
  return {
    async seed({ tx, records, world, parts, now, progress }) {
      const known = await records.ids(DEMO_OFFER_KIND);
      const slots = (Object.entries(PER_300) as Array<[DemoOfferState, number]>).flatMap(([state, n]) =>
        Array.from({ length: Math.max(1, Math.round((n * parts) / 300)) }, (_, i) => ({ key: demoKey(`offer:${state}`, i + 1), state })),
      );
      const todo = slots.filter((s) => !known.has(s.key));
      const buyers = world.buyers.flatMap((b) => (world.users.has(b.username) ? [world.users.get(b.username)!] : []));
      if (!buyers.length || !world.parts.length) return ['offers: none (no demo buyers or parts)'];
      const marks: Array<{ key: string; id: string }> = [];
      for (const [i, slot] of todo.entries()) {
        progress(i, todo.length, 'offers');
        const random = seededRandom(slot.key);
        const part = pick(random, world.parts);
        const buyerId = pick(random, buyers);
        const offered = Math.round((part.priceCents * (70 + Math.floor(random() * 20))) / 100 / 100) * 100;
        const countered = Math.round((part.priceCents + offered) / 2 / 100) * 100;
        const madeAt = new Date(now.getTime() - (slot.state === 'expired' || slot.state === 'cancelled' ? 60 : 2 + Math.floor(random() * 20)) * HOUR);
        const status = slot.state === 'declined' || slot.state === 'expired' || slot.state === 'cancelled' ? slot.state : 'open';
        const lastAt = slot.state === 'countered' ? new Date(madeAt.getTime() + HOUR) : madeAt;
        const expiresAt = new Date(lastAt.getTime() + OFFER_TTL_MS);
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into offers (kind, part_id, seller_id, buyer_id, status, amount, turn, rounds, message, decline_reason, cancel_reason, expires_at, closed_at, created_at, updated_at)
           values ('offer', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
          [
            part.id,
            part.sellerUserId,
            buyerId,
            status,
            formatCents(slot.state === 'countered' ? countered : offered),
            slot.state === 'countered' ? 'buyer' : 'seller',
            slot.state === 'countered' ? 2 : 1,
            pick(random, MESSAGES),
            slot.state === 'declined' ? 'Firm on price, sorry.' : null,
            slot.state === 'cancelled' ? 'unpaid' : null,
            expiresAt.toISOString(),
            status === 'open' ? null : (slot.state === 'expired' ? expiresAt : lastAt).toISOString(),
            madeAt.toISOString(),
            lastAt.toISOString(),
          ],
        );
        const id = row!.id;
        const step = (actor: string, action: string, cents: number | null, message: string | null, at: Date) =>
          tx.execute('insert into offer_steps (offer_id, actor, action, amount, message, created_at) values (?, ?, ?, ?, ?, ?)', [
            id,
            actor,
            action,
            cents === null ? null : formatCents(cents),
            message,
            at.toISOString(),
          ]);
        await step('buyer', 'offer', offered, pick(random, MESSAGES), madeAt);
        if (slot.state === 'countered') await step('seller', 'counter', countered, 'Meet me here and it is yours.', lastAt);
        if (slot.state === 'declined') await step('seller', 'decline', null, 'Firm on price, sorry.', lastAt);
        if (slot.state === 'expired') await step('system', 'expire', null, null, expiresAt);
        if (slot.state === 'cancelled') {
          await step('seller', 'accept', offered, null, lastAt);
          await step('system', 'cancel', null, ORDER_CANCELLED_NOTES.unpaid, new Date(lastAt.getTime() + 48 * HOUR));
        }
        if (status === 'open') {
          await jobs.add(tx, EXPIRE_TASK, { offerId: id }, { runAt: expiresAt, jobKey: expireJobKey(id) });
        }
        marks.push({ key: slot.key, id });
      }
      await records.mark(DEMO_OFFER_KIND, marks);
      progress(todo.length, todo.length, 'offers');
      return [`offers: ${marks.length} added`];
    },

    async clear({ tx, records, progress }) {
      const marked = [...(await records.ids(DEMO_OFFER_KIND)).values()];
      progress(0, marked.length, 'offers');
      const demoUsers = [...(await records.ids(DEMO_KINDS.user)).values()];
      // The demo's offers and any other a demo user takes part in; their steps cascade.
      const gone = await tx.execute<{ id: string }[]>(
        'delete from offers where id = any(?::uuid[]) or buyer_id = any(?::uuid[]) or seller_id = any(?::uuid[]) returning id',
        [marked, demoUsers, demoUsers],
      );
      await jobs.remove(tx, ...gone.map((o) => expireJobKey(o.id)));
      await tx.execute('delete from offer_part_prices where seller_id = any(?::uuid[])', [demoUsers]);
      await records.forget(DEMO_OFFER_KIND);
      progress(marked.length, marked.length, 'offers');
      return [`offers: ${gone.length} removed`];
    },
  };
}
