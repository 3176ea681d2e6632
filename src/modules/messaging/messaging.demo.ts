import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import { between, DEMO_KINDS, demoKey, pick, seededRandom, type DemoContribution } from '../../platform/demo/demo.js';
import { unreadMailKey } from './messaging.tasks.js';
import { offPlatformWarnings } from './message.safety.js';
import type { RelatedItemType } from './messaging.dto.js';
import { JobQueue } from '../../platform/jobs.js';

/** The marks of demo conversations. */
export const DEMO_CONVERSATION_KIND = 'messaging.conversation';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type DemoTopic = 'part' | 'auction' | 'request';

/** How many conversations of each topic a demo of 300 parts holds (scaled with `--parts`, at least one each). */
const PER_300: Record<DemoTopic, number> = { part: 6, auction: 3, request: 3 };

/** The conversation slots of a demo of `parts` parts: a key and a topic each, the same on every run. */
export function demoConversationSlots(parts: number): Array<{ key: string; topic: DemoTopic }> {
  return (Object.entries(PER_300) as Array<[DemoTopic, number]>).flatMap(([topic, n]) =>
    Array.from({ length: Math.max(1, Math.round((n * parts) / 300)) }, (_, i) => ({ key: demoKey(`conversation:${topic}`, i + 1), topic })),
  );
}

/**
 * Threads by topic: each line is who writes (`o` the one who opened the conversation, `r` the one who answers)
 * and what; `{title}` is the item's title, `{city}` the buyer's city.
 */
type Script = Array<['o' | 'r', string]>;
const SCRIPTS: Record<DemoTopic, Script[]> = {
  part: [
    [
      ['o', 'Hi, is the {title} still available? It is for a restoration I am finishing this winter.'],
      ['r', 'Yes, it is still here. It came off a running car and has been stored indoors since.'],
      ['o', 'Great. Could you send a close-up of the part number or casting mark?'],
      ['r', 'Sure, I added two more photos to the listing this morning. The stamping is clear on the second one.'],
      ['o', 'Perfect, that is the one I need. I will buy it this week.'],
    ],
    [
      ['o', 'Would you ship the {title} to {city}? I cannot make it for pickup.'],
      ['r', 'No problem. I ship insured and well packed, usually the next business day.'],
      ['o', 'Good to hear. Is there anything about its condition that the photos do not show?'],
      ['r', 'Only light surface marks from storage. Nothing that affects fit or function.'],
    ],
    [
      ['o', 'Hello! Would you consider a slightly lower price on the {title} if I buy today?'],
      ['r', 'I priced it fairly for the condition, but I could include shipping if you buy it this week.'],
      ['o', 'That works for me, thanks.'],
      ['o', 'One more question: does it come with the mounting hardware?'],
    ],
  ],
  auction: [
    [
      ['o', 'Before I bid on the {title}: are there any cracks, welds or repairs I should know about?'],
      ['r', 'None that I know of. It was inspected before listing and the photos show every side.'],
      ['o', 'Thanks. If I win, how soon would it ship?'],
      ['r', 'Within two business days of payment, with tracking.'],
    ],
    [
      ['o', 'Is the {title} the original finish, or has it been refinished?'],
      ['r', 'Original finish, with some patina. I did not want to take that away from it.'],
      ['o', 'Good. That is exactly what I hoped. Good luck with the auction!'],
    ],
  ],
  request: [
    [
      ['o', 'I saw your wanted request for the {title}. I have one on the shelf that should match. Want more photos first?'],
      ['r', 'Yes please! Can you show the date codes and any damage?'],
      ['o', 'Sent them with my quote. There is a small chip on one flange but it seals fine.'],
      ['r', 'Thanks, I am comparing the quotes this week and will let you know.'],
    ],
    [
      ['o', 'Quick question on your request for the {title}: would a good used one work, or only new?'],
      ['r', 'Used is fine as long as it is complete and not repaired.'],
      ['o', 'Then I have a complete one. I will put in a quote today.'],
    ],
  ],
};

/** The one flagged thread of the demo: a buyer asking to pay off the platform, which its seller reported. */
const FLAGGED: Script = [
  ['o', 'Hi, is the {title} still for sale? I can pay right now.'],
  ['r', 'Yes, it is. You can buy it from the listing whenever you are ready.'],
  ['o', 'Can I pay you by Zelle instead and skip the fees? Text me at 412-555-0187.'],
  ['r', 'Sorry, I only sell through Pitlane so we are both covered. The listing is the way to buy it.'],
];
const FLAGGED_REPORT = 'Buyer keeps asking to pay outside Pitlane by Zelle and to move the conversation to text messages.';

/**
 * The messaging part of the demo: conversations between demo buyers and demo sellers about demo parts, auctions
 * and wanted requests, a handful of messages each, some unread, one flagged and reported for the console's
 * review. Members' unread counts and read marks equal the messages table; no unread mail is scheduled (demo
 * users' addresses receive nothing). Clearing removes them with their messages, read marks and reports, every
 * other conversation a demo user takes part in (a real buyer who wrote to a demo seller), demo users' blocks and
 * the unread mails pending for those conversations.
 */
export function messagingDemo(container: Container): DemoContribution {
  const jobs = container.get(JobQueue);
  return {
    async seed({ tx, records, world, parts, now, progress }) {
      const known = await records.ids(DEMO_CONVERSATION_KIND);
      const slots = demoConversationSlots(parts).filter((s) => !known.has(s.key));
      const buyers = world.buyers.flatMap((b) => (world.users.has(b.username) ? [{ id: world.users.get(b.username)!, city: b.city }] : []));
      const cityOf = new Map(buyers.map((b) => [b.id, b.city]));
      const sellerIds = world.sellers.flatMap((s) => (world.users.has(s.username) ? [world.users.get(s.username)!] : []));
      const open = (items: Array<{ status: string }> | undefined) => {
        const live = (items ?? []).filter((i) => i.status === 'active' || i.status === 'scheduled');
        return live.length ? live : (items ?? []);
      };
      const auctions = open(world.auctions) as NonNullable<typeof world.auctions>;
      const requests = open(world.requests) as NonNullable<typeof world.requests>;
      const marks: Array<{ key: string; id: string }> = [];
      let messagesAdded = 0;
      for (const [i, slot] of slots.entries()) {
        progress(i, slots.length, 'conversations');
        const random = seededRandom(slot.key);
        // Who opens (o) and who answers (r), and what about.
        let about: { type: RelatedItemType; id: string; title: string; partId: string | null; buyerId: string; sellerId: string; opener: 'buyer' | 'seller' } | null = null;
        if (slot.topic === 'part' && world.parts.length && buyers.length) {
          const part = pick(random, world.parts);
          const buyer = pick(random, buyers.filter((b) => b.id !== part.sellerUserId));
          about = { type: 'part', id: part.id, title: part.title, partId: part.id, buyerId: buyer.id, sellerId: part.sellerUserId, opener: 'buyer' };
        } else if (slot.topic === 'auction' && auctions.length && buyers.length) {
          const auction = pick(random, auctions);
          const buyer = pick(random, buyers.filter((b) => b.id !== auction.ownerUserId));
          about = { type: 'auction', id: auction.id, title: auction.title, partId: null, buyerId: buyer.id, sellerId: auction.ownerUserId, opener: 'buyer' };
        } else if (slot.topic === 'request' && requests.length && sellerIds.length) {
          const request = pick(random, requests);
          const seller = pick(random, sellerIds.filter((s) => s !== request.ownerUserId));
          about = { type: 'reverse_auction', id: request.id, title: request.title, partId: null, buyerId: request.ownerUserId, sellerId: seller, opener: 'seller' };
        }
        if (!about) continue;
        const flagged = slot.key === demoKey('conversation:part', 1);
        const script = flagged ? FLAGGED : pick(random, SCRIPTS[slot.topic]);
        const [openerId, responderId] = about.opener === 'buyer' ? [about.buyerId, about.sellerId] : [about.sellerId, about.buyerId];
        // A thread over the last days, its messages minutes to hours apart, the last at least 15 minutes ago.
        const gaps = script.map(() => between(random, 4, 240) * MINUTE);
        let at = now.getTime() - between(random, 15, 90) * MINUTE - gaps.reduce((a, b) => a + b, 0) - between(random, 0, 72) * HOUR;
        // The trailing messages of the last writer stay unread in every odd-numbered thread and some others (never the flagged one).
        const lastWriter = script.at(-1)![0];
        let trailing = 0;
        while (trailing < script.length && script[script.length - 1 - trailing]![0] === lastWriter) trailing++;
        const unread = !flagged && (Number(slot.key.split(':')[2]) % 2 === 1 || random() < 0.25) ? trailing : 0;
        const messages = script.map(([who, text], n) => {
          at += gaps[n]!;
          const content = text.replace('{title}', about.title).replace('{city}', cityOf.get(about.buyerId) ?? 'my town');
          return { id: randomUUID(), senderId: who === 'o' ? openerId : responderId, content, warnings: offPlatformWarnings(content), isRead: n < script.length - unread, at: new Date(at), n };
        });
        const first = messages[0]!;
        const last = messages.at(-1)!;
        const warned = messages.find((m) => m.warnings.length);
        const inserted = await tx.execute<{ id: string }[]>(
          `insert into conversations (related_item_type, related_item_id, part_id, buyer_id, seller_id, subject, flagged_at, review_status, created_at, last_message_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           on conflict (related_item_type, related_item_id, buyer_id, seller_id) do nothing returning id`,
          [
            about.type, about.id, about.partId, about.buyerId, about.sellerId, about.title.slice(0, 200),
            warned?.at.toISOString() ?? null, warned ? 'open' : null, first.at.toISOString(), last.at.toISOString(),
          ],
        );
        // The same two people already talk about that item (another slot drew it): this slot stays empty.
        if (!inserted.length) continue;
        const id = inserted[0]!.id;
        await tx.execute(
          `insert into messages (id, conversation_id, sender_id, content, is_read, warnings, created_at)
           select id, ?, "senderId", content, "isRead", array(select jsonb_array_elements_text(warnings)), at
             from jsonb_to_recordset(?::jsonb) as r(id uuid, "senderId" uuid, content text, "isRead" boolean, warnings jsonb, at timestamptz, n int)
            order by n`,
          [id, JSON.stringify(messages)],
        );
        messagesAdded += messages.length;
        // Each member: the messages to them still unread, and when they last read (the last message to them they read).
        const members = [openerId, responderId].map((userId) => {
          const toThem = messages.filter((m) => m.senderId !== userId);
          const read = toThem.filter((m) => m.isRead).at(-1);
          return { userId, otherId: userId === openerId ? responderId : openerId, unread: toThem.filter((m) => !m.isRead).length, lastReadAt: read ? new Date(read.at.getTime() + between(random, 1, 30) * MINUTE) : null };
        });
        await tx.execute(
          `insert into conversation_members (conversation_id, user_id, other_user_id, unread_count, last_message_at, last_read_at)
           select ?, "userId", "otherId", unread, ?, "lastReadAt"
             from jsonb_to_recordset(?::jsonb) as r("userId" uuid, "otherId" uuid, unread int, "lastReadAt" timestamptz)`,
          [id, last.at.toISOString(), JSON.stringify(members)],
        );
        if (flagged) {
          await tx.execute('insert into conversation_reports (conversation_id, reporter_id, reason, created_at) values (?, ?, ?, ?)', [
            id,
            about.sellerId,
            FLAGGED_REPORT,
            new Date(last.at.getTime() + 2 * MINUTE).toISOString(),
          ]);
        }
        marks.push({ key: slot.key, id });
      }
      await records.mark(DEMO_CONVERSATION_KIND, marks);
      progress(slots.length, slots.length, 'conversations');
      return [`conversations: ${marks.length} added, ${messagesAdded} messages`];
    },

    async clear({ tx, records, progress }) {
      const marked = [...(await records.ids(DEMO_CONVERSATION_KIND)).values()];
      progress(0, marked.length, 'conversations');
      const demoUsers = [...(await records.ids(DEMO_KINDS.user)).values()];
      // The demo's conversations and any other a demo user takes part in; messages, read marks and reports cascade.
      const gone = await tx.execute<{ id: string; buyer_id: string; seller_id: string }[]>(
        `delete from conversations where id = any(?::uuid[]) or buyer_id = any(?::uuid[]) or seller_id = any(?::uuid[])
         returning id, buyer_id, seller_id`,
        [marked, demoUsers, demoUsers],
      );
      const mailKeys = gone.flatMap((c) => [unreadMailKey(c.id, c.buyer_id), unreadMailKey(c.id, c.seller_id)]);
      await jobs.remove(tx, ...mailKeys);
      await tx.execute('delete from user_blocks where blocker_id = any(?::uuid[]) or blocked_id = any(?::uuid[])', [demoUsers, demoUsers]);
      await records.forget(DEMO_CONVERSATION_KIND);
      progress(marked.length, marked.length, 'conversations');
      return [`conversations: ${gone.length} removed`];
    },
  };
}
