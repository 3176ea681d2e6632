import type { Container } from 'inversify';
import { between, DEMO_KINDS, pick, seededRandom, type DemoContribution, type DemoWorld } from '../../platform/demo/demo.js';
import type { NotificationItemType } from './notification.dto.js';

/** The marks of demo notifications (named when the centre was the garage's: seeded demos keep their marks). */
export const DEMO_NOTIFICATION_KIND = 'garage.notification';

const MINUTE = 60 * 1000;

interface DemoNotice {
  key: string;
  userId: string;
  notificationType: string;
  title: string;
  message: string;
  relatedItemType: NotificationItemType;
  relatedItemId: string;
  link: string;
  isRead: boolean;
  at: Date;
}

/** A few notices for each demo buyer and seller, the same on every run (keyed by user and slot). */
export function demoNotices(world: DemoWorld, now: Date): DemoNotice[] {
  const notices: DemoNotice[] = [];
  const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  for (const buyer of world.buyers) {
    const userId = world.users.get(buyer.username);
    if (!userId || !world.parts.length) continue;
    const random = seededRandom(`notifications:${buyer.username}`);
    let at = now.getTime() - between(random, 3, 6) * 24 * 60 * MINUTE;
    const next = () => new Date((at += between(random, 30, 600) * MINUTE));
    const key = (n: number) => `notification:${buyer.username}:${n}`;
    const part = pick(random, world.parts.filter((p) => p.sellerUserId !== userId));
    notices.push({
      key: key(1), userId, notificationType: 'alert_match', title: `New match: ${part.title}`,
      message: `A part matching your alert was listed for ${usd(part.priceCents)} in ${part.location}.`,
      relatedItemType: 'part', relatedItemId: part.id, link: `/parts/${part.id}`, isRead: true, at: next(),
    });
    const watched = pick(random, world.parts.filter((p) => p.sellerUserId !== userId));
    const drop = between(random, 5, 20);
    notices.push({
      key: key(2), userId, notificationType: 'price_change', title: `Price drop: ${watched.title}`,
      message: `Down ${drop}% to ${usd(Math.round((watched.priceCents * (100 - drop)) / 100))} since you started watching.`,
      relatedItemType: 'part', relatedItemId: watched.id, link: `/parts/${watched.id}`, isRead: random() < 0.5, at: next(),
    });
    const auctions = (world.auctions ?? []).filter((a) => a.ownerUserId !== userId && a.status === 'active');
    if (auctions.length) {
      const auction = pick(random, auctions);
      notices.push({
        key: key(3), userId, notificationType: 'outbid', title: `You have been outbid: ${auction.title}`,
        message: `Someone bid more than your maximum on "${auction.title}".`,
        relatedItemType: 'auction', relatedItemId: auction.id, link: `/auctions/${auction.id}`, isRead: false, at: next(),
      });
    }
  }
  for (const seller of world.sellers) {
    const userId = world.users.get(seller.username);
    const own = world.parts.filter((p) => p.sellerUserId === userId);
    if (!userId || !own.length) continue;
    const random = seededRandom(`notifications:${seller.username}`);
    const part = pick(random, own);
    notices.push({
      key: `notification:${seller.username}:1`, userId, notificationType: 'part_approved', title: 'Listing approved',
      message: `"${part.title}" is now live.`, relatedItemType: 'part', relatedItemId: part.id, link: `/parts/${part.id}`,
      isRead: random() < 0.5, at: new Date(now.getTime() - between(random, 60, 3 * 24 * 60) * MINUTE),
    });
  }
  return notices;
}

/** The notification centre's part of `pitlane seed-demo` and `clear-demo`. */
export function notificationDemo(_container: Container): DemoContribution {
  return {
    async seed({ tx, records, world, now, progress }) {
      const known = await records.ids(DEMO_NOTIFICATION_KIND);
      const wanted = demoNotices(world, now).filter((n) => !known.has(n.key));
      progress(0, wanted.length, 'notifications');
      const inserted = wanted.length
        ? await tx.execute<{ id: string; dedupe_key: string }[]>(
            `insert into alert_notifications
               (user_id, notification_type, title, message, related_item_type, related_item_id, link, is_read, created_at, dedupe_key)
             select "userId", "notificationType", title, message, "relatedItemType", "relatedItemId", link, "isRead", at, 'demo:' || key
               from jsonb_to_recordset(?::jsonb) as r("userId" uuid, "notificationType" text, title text, message text,
                 "relatedItemType" text, "relatedItemId" uuid, link text, "isRead" boolean, at timestamptz, key text)
             on conflict (dedupe_key) where dedupe_key is not null do nothing
             returning id, dedupe_key`,
            [JSON.stringify(wanted)],
          )
        : [];
      await records.mark(DEMO_NOTIFICATION_KIND, inserted.map((r) => ({ key: r.dedupe_key.slice('demo:'.length), id: r.id })));
      progress(wanted.length, wanted.length, 'notifications');
      return [`notifications: ${inserted.length} added`];
    },

    async clear({ tx, records, progress }) {
      const marked = [...(await records.ids(DEMO_NOTIFICATION_KIND)).values()];
      progress(0, marked.length, 'notifications');
      const demoUsers = [...(await records.ids(DEMO_KINDS.user)).values()];
      // The demo's notices and any other a demo user received (an event of the demo while it ran).
      const gone = await tx.execute<unknown[]>(
        'delete from alert_notifications where id = any(?::uuid[]) or user_id = any(?::uuid[]) returning id',
        [marked, demoUsers],
      );
      await records.forget(DEMO_NOTIFICATION_KIND);
      progress(marked.length, marked.length, 'notifications');
      return [`notifications: ${gone.length} removed`];
    },
  };
}
