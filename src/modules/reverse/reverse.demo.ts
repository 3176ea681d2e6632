import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import type { Config } from '../../platform/config.js';
import { between, DEMO_KINDS, demoKey, pick, seededRandom, type DemoContribution, type DemoSellerProfile } from '../../platform/demo/demo.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { money } from './reverse.mapper.js';
import { END_TASK, endJobKey, requestJobKeys, START_TASK, startJobKey } from './reverse.tasks.js';
import { maskName, type Urgency } from './reverse.rules.js';

/** The marks of demo wanted requests. */
export const DEMO_REQUEST_KIND = 'reverse.request';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DemoRequestState = 'scheduled' | 'active' | 'ending-soon' | 'awarded' | 'unawarded';

/** How many requests of each state a demo of 300 parts holds (scaled with `--parts`, at least one each). */
const PER_300: Record<DemoRequestState, number> = { scheduled: 4, active: 8, 'ending-soon': 3, awarded: 5, unawarded: 4 };

/** The request slots of a demo of `parts` parts: a key and a state each, the same on every run. */
export function demoRequestSlots(parts: number): Array<{ key: string; state: DemoRequestState }> {
  return (Object.entries(PER_300) as Array<[DemoRequestState, number]>).flatMap(([state, n]) =>
    Array.from({ length: Math.max(1, Math.round((n * parts) / 300)) }, (_, i) => ({ key: demoKey(`request:${state}`, i + 1), state })),
  );
}

/**
 * What demo buyers are hunting for. Categories are the request form's eight; makes are the reference data's
 * names (catalog's makes table), with their slugs to match the sellers who know them.
 */
interface WantedNeed {
  title: string;
  description: string;
  category: 'Engine' | 'Body' | 'Interior' | 'Suspension' | 'Electrical' | 'Drivetrain' | 'Brakes' | 'Wheels';
  make: [slug: string, name: string];
  model: string;
  years: [number, number];
  condition: string;
  /** Budget range in whole dollars. */
  budget: [number, number];
}

export const WANTED_NEEDS: readonly WantedNeed[] = [
  { title: 'Porsche 911 2.7 RS ducktail', description: 'Looking for a genuine or period fibreglass ducktail for a 1973 911 RS tribute. Minor cracks fine, no mounting damage. Original engine lid grille a plus.', category: 'Body', make: ['porsche', 'Porsche'], model: '911', years: [1973, 1973], condition: 'Used - good', budget: [2500, 6000] },
  { title: 'Mustang 289 K-code exhaust manifolds', description: 'Need a matched pair of C5ZE-9430/9431 K-code manifolds for a 1965 Mustang GT. Date codes before 5A15 preferred; no cracks at the outlet flange.', category: 'Engine', make: ['ford', 'Ford'], model: 'Mustang', years: [1965, 1966], condition: 'Used - good', budget: [900, 2200] },
  { title: 'Datsun 240Z SU carburetor pair, round top', description: 'Round-top Hitachi SU pair for an early 1971 240Z. Rebuildable cores are fine if the throttle shafts are not worn out.', category: 'Engine', make: ['datsun', 'Datsun'], model: '240Z', years: [1970, 1971], condition: 'Rebuildable', budget: [350, 900] },
  { title: 'BMW E30 M3 front bumper with splitter', description: 'Original Evolution-style front bumper for a 1988 E30 M3, mounting tabs intact. Paint condition does not matter.', category: 'Body', make: ['bmw', 'BMW'], model: 'M3', years: [1986, 1991], condition: 'Used - fair or better', budget: [800, 1800] },
  { title: 'Chevelle SS 396 4-speed Muncie M21', description: 'Close-ratio M21 with a correct 1968-70 case for a numbers-matching SS 396 build. Please include the case date code and the VIN stamping in your quote.', category: 'Drivetrain', make: ['chevrolet', 'Chevrolet'], model: 'Chevelle', years: [1968, 1970], condition: 'Used - good', budget: [1800, 3500] },
  { title: 'Triumph TR6 Lucas wiring harness, main loom', description: 'Main loom for a 1974 TR6 (CF commission). New reproduction or a clean original; must have the overdrive circuit.', category: 'Electrical', make: ['triumph', 'Triumph'], model: 'TR6', years: [1973, 1976], condition: 'New or used', budget: [250, 600] },
  { title: 'Alfa Romeo GTV 2000 Campagnolo wheels, set of four', description: 'Four 14x5.5 Campagnolo alloys for a 1974 GTV 2000. Curb rash is acceptable, no welds or straightened rims.', category: 'Wheels', make: ['alfa-romeo', 'Alfa Romeo'], model: 'GTV 2000', years: [1971, 1974], condition: 'Used - good', budget: [1200, 2800] },
  { title: 'Mazda RX-7 FC turbo II intercooler', description: 'Factory top-mount intercooler for a 1988 RX-7 Turbo II, no bent fins or cracked end tanks. Ducting welcome.', category: 'Engine', make: ['mazda', 'Mazda'], model: 'RX-7', years: [1987, 1991], condition: 'Used - good', budget: [200, 550] },
  { title: 'Jaguar E-Type Series 1 brake servo', description: 'Dunlop-type remote servo for a 1964 E-Type 3.8 roadster. Rebuilt preferred, a good core considered.', category: 'Brakes', make: ['jaguar', 'Jaguar'], model: 'E-Type', years: [1961, 1967], condition: 'Rebuilt', budget: [400, 1100] },
  { title: 'Plymouth Road Runner 440 Six Pack air cleaner', description: 'Correct fibreglass lift-off air cleaner with the underhood scoop seal for a 1970 Road Runner 440+6.', category: 'Engine', make: ['plymouth', 'Plymouth'], model: 'Road Runner', years: [1969, 1970], condition: 'Used - good', budget: [700, 1600] },
  { title: 'Volvo P1800 overdrive J-type gearbox', description: 'M41 with the J-type Laycock overdrive for a 1969 P1800S. Shifts clean, overdrive engages; no synchro crunch in 2nd.', category: 'Drivetrain', make: ['volvo', 'Volvo'], model: 'P1800', years: [1966, 1972], condition: 'Used - working', budget: [900, 2000] },
  { title: 'Land Rover Series IIA 109 rear leaf springs', description: 'Pair of heavy-duty rear springs for a 1968 Series IIA 109 station wagon. New parabolic or good originals.', category: 'Suspension', make: ['land-rover', 'Land Rover'], model: 'Series IIA', years: [1961, 1971], condition: 'New or used', budget: [300, 700] },
  { title: 'Mercedes 280SL Pagoda hardtop seals and latches', description: 'Complete hardtop latch set and weatherstrip kit for a 1969 280SL. Original latch handles strongly preferred.', category: 'Body', make: ['mercedes-benz', 'Mercedes-Benz'], model: '280SL', years: [1968, 1971], condition: 'Used - good', budget: [450, 1200] },
  { title: 'Camaro Z/28 302 cross-ram intake', description: 'Dealer-installed cross-ram intake and both carb bases for a 1969 Z/28. Casting 3941126 only.', category: 'Engine', make: ['chevrolet', 'Chevrolet'], model: 'Camaro', years: [1969, 1969], condition: 'Used - good', budget: [2500, 5500] },
  { title: 'Shelby GT350 Cobra valve covers, finned', description: 'Pair of "Cobra Powered by Ford" finned aluminium valve covers for a 1966 GT350. Original castings, no cracked baffles.', category: 'Engine', make: ['shelby', 'Shelby'], model: 'GT350', years: [1965, 1967], condition: 'Used - good', budget: [600, 1500] },
  { title: 'Porsche 356 Speedster windshield frame', description: 'Speedster frame with the correct chrome for a 1957 356A. Repair welds acceptable if documented.', category: 'Body', make: ['porsche', 'Porsche'], model: '356', years: [1955, 1958], condition: 'Used - fair or better', budget: [2000, 5000] },
  { title: 'MGB chrome bumper overriders with rubbers', description: 'Front overriders for a 1967 MGB roadster, rechromed or clean originals with new rubber inserts.', category: 'Body', make: ['mg', 'MG'], model: 'MGB', years: [1962, 1974], condition: 'Used - good', budget: [120, 350] },
  { title: 'Toyota FJ40 Land Cruiser front axle', description: 'Complete closed-knuckle front axle for a 1976 FJ40, 4.11 gears. Knuckles must hold grease.', category: 'Drivetrain', make: ['toyota', 'Toyota'], model: 'Land Cruiser', years: [1975, 1980], condition: 'Used - working', budget: [700, 1600] },
  { title: 'BMW 2002 tii Kugelfischer injection pump', description: 'Rebuildable PL04 pump for a 1973 2002 tii. Please state the cam profile and whether it has been opened.', category: 'Engine', make: ['bmw', 'BMW'], model: '2002', years: [1972, 1974], condition: 'Rebuildable', budget: [900, 2400] },
  { title: 'Ford GT40 replica Koni adjustable shocks', description: 'Set of four double-adjustable Konis for a GT40 Mk I replica, 2.25 in springs. Revalved units welcome with dyno sheets.', category: 'Suspension', make: ['ford', 'Ford'], model: 'GT40', years: [1966, 1969], condition: 'Used - good', budget: [1200, 2600] },
  { title: 'Datsun 510 Bluebird rear disc conversion', description: 'Complete bolt-in rear disc kit for a 1971 510 sedan, calipers, rotors and brackets. Lines included a plus.', category: 'Brakes', make: ['datsun', 'Datsun'], model: '510', years: [1968, 1973], condition: 'New or used', budget: [450, 950] },
  { title: 'Dodge Charger R/T dash cluster, rallye', description: 'Rallye gauge cluster with the tic-toc-tach for a 1969 Charger R/T. Clear lenses, working tach.', category: 'Interior', make: ['dodge', 'Dodge'], model: 'Charger', years: [1968, 1970], condition: 'Used - good', budget: [600, 1500] },
  { title: 'Austin-Healey 3000 wire wheels, 72 spoke', description: 'Four painted 72-spoke wire wheels with good splines for a 1965 BJ8. Trued and balanced preferred.', category: 'Wheels', make: ['austin-healey', 'Austin-Healey'], model: '3000', years: [1959, 1967], condition: 'Used - good', budget: [700, 1500] },
  { title: 'Fiat 124 Spider Weber 34 DMS carburetor', description: 'Correct Weber 34 DMS for a 1978 124 Spider 1800, complete with the choke linkage. Rebuilt or clean core.', category: 'Engine', make: ['fiat', 'Fiat'], model: '124 Spider', years: [1975, 1978], condition: 'Rebuildable', budget: [180, 450] },
  { title: 'VW Beetle 1967 one-year-only decklid', description: 'Short decklid with the correct one-year hinge holes for a 1967 Beetle. Rust-free or light surface rust only.', category: 'Body', make: ['volkswagen', 'Volkswagen'], model: 'Beetle', years: [1967, 1967], condition: 'Used - fair or better', budget: [200, 500] },
  { title: 'Pontiac GTO Judge rear spoiler', description: 'Original or quality reproduction rear wing for a 1969 GTO Judge, with the mounting hardware.', category: 'Body', make: ['pontiac', 'Pontiac'], model: 'GTO', years: [1969, 1970], condition: 'New or used', budget: [500, 1300] },
  { title: 'Lotus Elan Stromberg distributor and coil', description: 'Lucas 25D4 with the correct advance curve for a 1969 Elan S4 Stromberg car, and a sports coil.', category: 'Electrical', make: ['lotus', 'Lotus'], model: 'Elan', years: [1968, 1971], condition: 'Used - working', budget: [150, 400] },
  { title: 'Jeep CJ-5 Dana 20 transfer case', description: 'Dana 20 with the twin-stick conversion for a 1974 CJ-5. No chipped gears, seals can be replaced.', category: 'Drivetrain', make: ['jeep', 'Jeep'], model: 'CJ-5', years: [1972, 1979], condition: 'Used - working', budget: [400, 900] },
  { title: 'Corvette C2 knock-off wheels, 1966', description: 'Four original (not reproduction) knock-off aluminium wheels for a 1966 Corvette coupe, spinners included.', category: 'Wheels', make: ['chevrolet', 'Chevrolet'], model: 'Corvette', years: [1963, 1967], condition: 'Used - good', budget: [3500, 8000] },
  { title: 'Saab 900 Turbo SPG front seats', description: 'Pair of heated SPG sport seats for a 1988 Saab 900 Turbo, grey velour, no tears in the bolsters.', category: 'Interior', make: ['saab', 'Saab'], model: '900', years: [1986, 1991], condition: 'Used - good', budget: [300, 800] },
];

/** Notes sellers write on their quotes. */
const QUOTE_NOTES = [
  'Pulled from a running car last spring, photos of the stampings on request.',
  'Cleaned, inspected and ready to ship. Happy to send a video.',
  'Correct part for your year, checked against the factory catalogue.',
  'NOS in the original box; the box has shelf wear.',
  'Rebuilt in house with new seals and gaskets, 90-day warranty.',
  'Local pickup welcome, or crated freight to your door.',
  'Can send measurements before you decide.',
];

const CONDITIONS = ['New old stock', 'Used - excellent', 'Used - good', 'Rebuilt', 'Reproduction'];

/** Whole dollars as a decimal string. */
const dollars = (cents: number) => money(cents)!;

/** The mail to a real seller whose quote on a demo wanted request went with the demo data. */
export function demoQuoteRemovedMail(to: string, username: string, titles: string[], publicUrl: string) {
  const list = titles.map((t) => `- ${t}`).join('\n');
  return {
    to,
    subject: 'A demo wanted request you quoted on has been removed',
    text: `Hello ${username},\n\nPitlane's demo listings have been removed, and with them your quotes on:\n\n${list}\n\nThese were sample requests: nothing was bought and nothing is owed. Real wanted requests are waiting at ${publicUrl}/reverse-auctions.\n\nThe Pitlane team`,
  };
}

interface RequestPlan {
  status: 'scheduled' | 'active' | 'ended';
  start: Date;
  end: Date;
  quotes: number;
  awarded: boolean;
}

/** Times and the number of quotes of a request in `state`. */
function planRequest(state: DemoRequestState, now: Date, random: () => number): RequestPlan {
  const t = now.getTime();
  switch (state) {
    case 'scheduled': {
      const start = new Date(t + between(random, 4, 60) * HOUR);
      return { status: 'scheduled', start, end: new Date(start.getTime() + between(random, 5, 10) * DAY), quotes: 0, awarded: false };
    }
    case 'active':
      return { status: 'active', start: new Date(t - between(random, 12, 96) * HOUR), end: new Date(t + between(random, 1, 8) * DAY + between(random, 0, 23) * HOUR), quotes: between(random, 2, 7), awarded: false };
    case 'ending-soon':
      return { status: 'active', start: new Date(t - between(random, 4, 9) * DAY), end: new Date(t + between(random, 10, 55) * MINUTE), quotes: between(random, 3, 8), awarded: false };
    case 'awarded': {
      const end = new Date(t - between(random, 1, 25) * DAY);
      return { status: 'ended', start: new Date(end.getTime() - 7 * DAY), end, quotes: between(random, 2, 6), awarded: true };
    }
    case 'unawarded': {
      // Half drew no quote (closed at the end); the others got quotes but no award within the 7-day window.
      const quoted = random() < 0.5;
      const end = new Date(t - (quoted ? between(random, 8, 30) : between(random, 1, 20)) * DAY);
      return { status: 'ended', start: new Date(end.getTime() - 7 * DAY), end, quotes: quoted ? between(random, 1, 3) : 0, awarded: false };
    }
  }
}

/**
 * The reverse part of the demo: wanted requests from demo buyers in every state (scheduled, active with quotes
 * from demo sellers, ending soon, ended awarded, ended unawarded), with quotes, watchers, activity and the
 * lifecycle's jobs as the module makes them: currentLowestBid, totalBids and watchers equal their tables. Clearing
 * removes them and what hangs off them (quotes, watchers, activity, notifications, relists, their pending jobs),
 * requests relisted from them, and a real seller's quote with its request (that seller is mailed).
 */
export function reverseDemo(container: Container): DemoContribution {
  const jobs = container.get(JobQueue);
  return {
    async seed({ tx, records, world, parts, now, progress }) {
      const known = await records.ids(DEMO_REQUEST_KIND);
      const slots = demoRequestSlots(parts).filter((s) => !known.has(s.key));
      const buyers = world.buyers.flatMap((b) => (world.users.has(b.username) ? [{ username: b.username, id: world.users.get(b.username)!, location: `${b.city}, ${b.state}` }] : []));
      const sellers = world.sellers.flatMap((s) => (world.users.has(s.username) ? [{ profile: s, id: world.users.get(s.username)! }] : []));
      const marks: Array<{ key: string; id: string }> = [];
      let quotesAdded = 0;
      for (const [i, slot] of slots.entries()) {
        progress(i, slots.length, 'wanted requests');
        if (!buyers.length || sellers.length < 2) break;
        const random = seededRandom(slot.key);
        // Needs in turn over the slots, so a small demo still shows many different parts.
        const n = Number(slot.key.split(':')[2]);
        const need = WANTED_NEEDS[(Object.keys(PER_300).indexOf(slot.state) * 7 + n - 1) % WANTED_NEEDS.length]!;
        const buyer = pick(random, buyers);
        const plan = planRequest(slot.state, now, random);
        const maxBudgetCents = Math.round(between(random, need.budget[0], need.budget[1]) / 25) * 2500;
        // The decrement in proportion to the budget: a $150 need steps by $5, a $5,000 one by up to $50.
        const decrementCents = Math.max(500, Math.min(pick(random, [1000, 1000, 2500, 5000]), Math.round(maxBudgetCents / 40 / 500) * 500));
        const urgency = pick(random, ['low', 'normal', 'normal', 'high'] as const satisfies readonly Urgency[]);
        const specialists = sellers.filter((s) => knows(s.profile, need));
        const pool = specialists.length >= 2 ? specialists : sellers;
        const id = randomUUID();

        // Quotes: each at least the decrement under the last, by a different seller than the last.
        const quotes: Array<{ id: string; sellerId: string; username: string; amount: number; at: Date; location: string }> = [];
        let ceiling = maxBudgetCents - between(random, 0, 10) * 1000;
        let last: (typeof sellers)[number] | undefined;
        const span = Math.max(HOUR, Math.min(now.getTime(), plan.end.getTime()) - plan.start.getTime());
        for (let q = 0; q < plan.quotes; q++) {
          const amount = Math.max(100, ceiling);
          if (q > 0 && amount > quotes.at(-1)!.amount - decrementCents) break;
          const seller = pick(random, pool.filter((s) => s !== last));
          const at = new Date(plan.start.getTime() + Math.floor((span * (q + 1)) / (plan.quotes + 1)));
          quotes.push({ id: randomUUID(), sellerId: seller.id, username: seller.profile.username, amount, at, location: `${seller.profile.city}, ${seller.profile.state}` });
          last = seller;
          ceiling = amount - decrementCents * between(random, 1, 4) - between(random, 0, 3) * 500;
          if (ceiling < 100) break;
        }
        const lowest = quotes.at(-1);
        // The buyer mostly takes the lowest quote, sometimes the one before it (a better condition or seller).
        const winner = plan.awarded && quotes.length ? (quotes.length > 1 && random() < 0.25 ? quotes.at(-2)! : lowest!) : undefined;
        const awardedAt = winner ? new Date(Math.min(plan.end.getTime() + between(random, 1, 72) * HOUR, now.getTime() - HOUR)) : undefined;
        const awardStatus = plan.status !== 'ended' ? null : winner ? 'awarded' : 'unawarded';
        const closedAt = plan.status !== 'ended' ? null : winner ? awardedAt! : quotes.length ? new Date(plan.end.getTime() + 7 * DAY) : plan.end;
        const watchers = buyers.filter((b) => b.id !== buyer.id && random() < 0.2).slice(0, 5);
        const autoRelist = plan.status !== 'ended' && random() < 0.3;

        await tx.execute(
          `insert into reverse_auctions (id, buyer_id, title, description, part_category, make, model, year_start, year_end,
             condition, max_budget, current_lowest_bid, min_bid_decrement, start_time, end_time, status, award_status,
             winning_bidder_id, winning_bid_id, total_bids, watchers, location, shipping_preference, urgency, images,
             auto_relist, max_relists, relist_budget_increase, relist_delay, ended_at, closed_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]'::jsonb, ?, 3, ?, 24, ?, ?, ?, ?)`,
          [
            id, buyer.id, need.title, need.description, need.category, need.make[1], need.model, need.years[0], need.years[1],
            need.condition, dollars(maxBudgetCents), lowest ? dollars(lowest.amount) : null, dollars(decrementCents),
            plan.start.toISOString(), plan.end.toISOString(), plan.status, awardStatus, winner?.sellerId ?? null, winner?.id ?? null,
            quotes.length, watchers.length, buyer.location, pick(random, ['shipping', 'both', 'both', 'pickup'] as const), urgency,
            autoRelist, autoRelist ? pick(random, [0, 5, 10]) : 0, plan.status === 'ended' ? plan.end.toISOString() : null,
            closedAt?.toISOString() ?? null, new Date(plan.start.getTime() - between(random, 1, 48) * HOUR).toISOString(),
            (closedAt ?? now).toISOString(),
          ],
        );
        if (quotes.length) {
          await tx.execute(
            `insert into reverse_auction_bids (id, reverse_auction_id, seller_id, bid_amount, part_condition, part_location,
               estimated_shipping, availability_date, notes, is_winning, created_at)
             select id, ?, "sellerId", amount, condition, location, shipping, available, notes, id is not distinct from ?::uuid, at
               from jsonb_to_recordset(?::jsonb) as r(id uuid, "sellerId" uuid, amount numeric, condition text, location text,
                                                    shipping numeric, available date, notes text, at timestamptz, n int)
              order by n`,
            [
              id,
              winner?.id ?? null,
              JSON.stringify(
                quotes.map((q, n) => ({
                  ...q,
                  amount: dollars(q.amount),
                  condition: pick(random, CONDITIONS),
                  shipping: dollars(between(random, 2, 18) * 500),
                  available: new Date(q.at.getTime() + between(random, 1, 14) * DAY).toISOString().slice(0, 10),
                  notes: pick(random, QUOTE_NOTES),
                  n,
                })),
              ),
            ],
          );
          quotesAdded += quotes.length;
        }
        // The feed as quoting, ending and awarding write it.
        const activity: Array<{ type: string; at: Date; data: Record<string, unknown> }> = [];
        for (const [n, q] of quotes.entries()) {
          const previous = quotes[n - 1];
          activity.push({
            type: 'quote',
            at: q.at,
            data: { username: maskName(q.username), amount: dollars(q.amount), ...(previous ? { previousLowBid: dollars(previous.amount) } : {}), currentLowBid: dollars(q.amount), totalBids: n + 1 },
          });
          if (previous && previous.sellerId !== q.sellerId) activity.push({ type: 'outquoted', at: q.at, data: { amount: dollars(q.amount), previousLowBid: dollars(previous.amount) } });
        }
        if (plan.status === 'ended') activity.push({ type: 'end', at: plan.end, data: { totalBids: quotes.length, currentLowBid: lowest ? dollars(lowest.amount) : null } });
        if (winner) activity.push({ type: 'award', at: awardedAt!, data: { amount: dollars(winner.amount) } });
        if (activity.length) {
          await tx.execute(
            `insert into reverse_auction_activity (reverse_auction_id, type, data, created_at)
             select ?, type, data, at from jsonb_to_recordset(?::jsonb) as r(type text, data jsonb, at timestamptz, n int) order by n`,
            [id, JSON.stringify(activity.map((a, n) => ({ ...a, n })))],
          );
        }
        if (watchers.length) {
          await tx.execute(`insert into auction_watchers (reverse_auction_id, user_id, created_at) select ?, unnest(?::uuid[]), ?`, [
            id,
            watchers.map((w) => w.id),
            plan.start.toISOString(),
          ]);
        }
        // The lifecycle's own jobs, as posting and starting a request add them (the minute tick would catch up anyway).
        if (plan.status === 'scheduled') await jobs.add(tx, START_TASK, { reverseAuctionId: id }, { runAt: plan.start, jobKey: startJobKey(id), jobKeyMode: 'replace' });
        if (plan.status !== 'ended') await jobs.add(tx, END_TASK, { reverseAuctionId: id }, { runAt: plan.end, jobKey: endJobKey(id), jobKeyMode: 'replace' });
        marks.push({ key: slot.key, id });
      }
      await records.mark(DEMO_REQUEST_KIND, marks);
      const keys = new Map([...(await records.ids(DEMO_REQUEST_KIND))].map(([key, id]) => [id, key]));
      world.requests = (
        await tx.execute<{ id: string; title: string; buyer_id: string; status: string }[]>(
          'select id, title, buyer_id, status from reverse_auctions where id = any(?::uuid[])',
          [[...keys.keys()]],
        )
      )
        .map((r) => ({ key: keys.get(r.id)!, id: r.id, title: r.title, ownerUserId: r.buyer_id, status: r.status }))
        .sort((a, b) => a.key.localeCompare(b.key));
      progress(slots.length, slots.length, 'wanted requests');
      const states = new Map<string, number>();
      for (const m of marks) states.set(m.key.split(':')[1]!, (states.get(m.key.split(':')[1]!) ?? 0) + 1);
      const detail = [...states].map(([s, n]) => `${n} ${s}`).join(', ');
      return [`wanted requests: ${marks.length} added${detail ? ` (${detail})` : ''}, ${quotesAdded} quotes`];
    },

    async clear({ tx, records, progress }) {
      const marked = [...(await records.ids(DEMO_REQUEST_KIND)).values()];
      progress(0, marked.length, 'wanted requests');
      const demoUsers = [...(await records.ids(DEMO_KINDS.user)).values()];
      // The demo requests, those relisted from them (by the worker or an admin), and any other request of a demo buyer.
      const ids = (
        await tx.execute<{ id: string }[]>(
          `with recursive tree as (
             select id from reverse_auctions where id = any(?::uuid[]) or buyer_id = any(?::uuid[])
             union select r.id from reverse_auctions r join tree on r.relisted_from = tree.id
           ) select id from tree`,
          [marked, demoUsers],
        )
      ).map((r) => r.id);
      // Real sellers' quotes go with the demo requests; each such seller is told which requests went.
      const realQuotes = await tx.execute<{ seller_id: string; titles: string[] }[]>(
        `select q.seller_id, array_agg(distinct r.title order by r.title) as titles
           from reverse_auction_bids q join reverse_auctions r on r.id = q.reverse_auction_id
          where q.reverse_auction_id = any(?::uuid[]) and q.seller_id <> all(?::uuid[])
          group by q.seller_id`,
        [ids, demoUsers],
      );
      if (realQuotes.length) {
        const config = container.get<Config>(TOKENS.Config);
        const users = new Map((await container.get(AccountsApi).findUsers(realQuotes.map((r) => r.seller_id))).map((u) => [u.id, u]));
        const mails = realQuotes.flatMap((r) => {
          const user = users.get(r.seller_id);
          return user?.email ? [demoQuoteRemovedMail(user.email, user.username, r.titles, config.publicUrl)] : [];
        });
        await container.get(MailQueue).queueMany(tx, mails);
      }
      // The lifecycle's and the digests' pending jobs; quotes, watchers, activity, notifications and relists cascade.
      await jobs.remove(tx, ...ids.flatMap(requestJobKeys));
      const deleted = await tx.execute<{ id: string }[]>('delete from reverse_auctions where id = any(?::uuid[]) returning id', [ids]);
      // Demo users' watches of real requests go, and those requests' counts follow the table.
      const watched = await tx.execute<{ reverse_auction_id: string }[]>(
        'delete from auction_watchers where reverse_auction_id is not null and user_id = any(?::uuid[]) returning reverse_auction_id',
        [demoUsers],
      );
      if (watched.length) {
        await tx.execute(
          `update reverse_auctions r set watchers = (select count(*) from auction_watchers w where w.reverse_auction_id = r.id)
            where r.id = any(?::uuid[])`,
          [[...new Set(watched.map((w) => w.reverse_auction_id))]],
        );
      }
      await records.forget(DEMO_REQUEST_KIND);
      progress(marked.length, marked.length, 'wanted requests');
      const mailed = realQuotes.length ? `; ${realQuotes.length} real seller${realQuotes.length === 1 ? '' : 's'} mailed about their removed quotes` : '';
      return [`wanted requests: ${deleted.length} removed${mailed}`];
    },
  };
}

/** A seller who knows the need's make or lists its kind of part. */
function knows(s: DemoSellerProfile, need: WantedNeed): boolean {
  return s.makes.includes(need.make[0]) || s.specialties.includes(need.category.toLowerCase());
}
