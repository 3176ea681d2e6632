// Payments benchmark (issue 22): Stripe webhook events at a steady rate with duplicates, as Stripe retries and
// replays them. Default 200 events a second for 60 s, 20 % of them a resend of an event already sent.
// Target: none lost, none applied twice, p99 processing (the webhook's answer time) under 50 ms.
//
//   npm run bench:payments -- [--rate 200] [--duration 60] [--duplicates 0.2] [--source] [--json out.json]
//                             [--statements] [--data-dir /tmp/bench-payments --pg-port 54499]
//
// Starts its own embedded PostgreSQL (loopback only), migrates, seeds, loads one seller, buyers and one pending
// order per unique event (with a Stripe payment intent id), starts `pitlane serve` with Stripe keys (WORKER=off:
// the jobs the payments queue wait, as in a web process) and exits by itself. Events are sent open-loop on a
// fixed schedule (not waiting for earlier answers), each signed as Stripe signs them. After the run the database
// is checked: every unique event stored once, every paid order with exactly one payment's ledger entries.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import Stripe from 'stripe';
import { cpuMeter } from '../lib/bench.js';
import { argValue, fmt, latencies, startStack, STATEMENT_STATS_SETTINGS, statementStats } from '../lib/stack.js';

const options = {
  rate: Number(argValue('--rate') ?? 200),
  duration: Number(argValue('--duration') ?? 60),
  duplicates: Number(argValue('--duplicates') ?? 0.2),
  dataDir: argValue('--data-dir') ?? '/tmp/bench-payments',
  pgPort: Number(argValue('--pg-port') ?? 54499),
  source: process.argv.includes('--source'),
  /** Print the statements that took the most database time (pg_stat_statements). */
  statements: process.argv.includes('--statements'),
  json: argValue('--json'),
};

const TARGET_P99_MS = 50;
const SECRET = 'whsec_bench_payments';
const SELLER = 'payments_bench_seller';
const total = Math.ceil(options.rate * options.duration);
const uniqueCount = Math.ceil(total * (1 - options.duplicates)) + 10;
let intents: { orderId: string; intent: string }[] = [];

/** One seller, 50 buyers and a pending Stripe order per unique event (again from scratch on every run). */
async function prepare(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(`delete from ledger_entries where seller_id in (select id from users where username = $1)`, [SELLER]);
    await db.query(`delete from payment_events`);
    await db.query(`delete from connect_accounts where account_id = 'acct_bench'`);
    await db.query(`delete from orders where seller_id in (select id from users where username = $1)`, [SELLER]);
    await db.query(`delete from users where username = $1 or username like 'payments_bench_buyer_%'`, [SELLER]);
    const [seller] = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified, role)
         values ($1, $2, 'not-a-hash', 'Bench', 'Seller', true, 'seller') returning id`,
        [SELLER, `${SELLER}@payments.loadtest.invalid`],
      )
    ).rows;
    const buyers = (
      await db.query<{ id: string }>(
        `insert into users (username, email, password, first_name, last_name, is_verified)
         select 'payments_bench_buyer_' || i, 'payments_bench_buyer_' || i || '@payments.loadtest.invalid', 'not-a-hash', 'Bench', 'Buyer', true
           from generate_series(1, 50) i returning id`,
      )
    ).rows.map((r) => r.id);
    await db.query(
      `insert into connect_accounts (seller_id, account_id, provider, charges_enabled, payouts_enabled, details_submitted, created_at, updated_at)
       values ($1, 'acct_bench', 'stripe', true, true, true, now(), now())`,
      [seller!.id],
    );
    intents = (
      await db.query<{ id: string; payment_intent_id: string }>(
        `insert into orders (buyer_id, seller_id, source, state, part_title, price, total, commission, commission_tiers, provider, payment_intent_id,
                             destination_account, pay_by, created_at, updated_at, checkout_at)
         select ($2::uuid[])[1 + i % 50], $1, 'reverse_award', 'pending_payment', 'Bench order ' || i, 100 + i % 900, 100 + i % 900,
                round((100 + i % 900) * 0.07, 2), '[{"from":0,"ratePercent":7}]', 'stripe', 'pi_bench_' || i, 'acct_bench',
                now() + interval '2 days', now(), now(), now()
           from generate_series(1, $3::int) i returning id, payment_intent_id`,
        [seller!.id, buyers, uniqueCount],
      )
    ).rows.map((r) => ({ orderId: r.id, intent: r.payment_intent_id }));
    await db.query('commit');
    await db.query('analyze orders');
  } catch (error) {
    await db.query('rollback');
    throw error;
  } finally {
    await db.end();
  }
}

/** POSTs one signed event; resolves with the status and the processing time as the sender sees it. */
function send(agent: http.Agent, baseUrl: string, payload: string, header: string): Promise<{ status: number; ms: number; result: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/payments/webhooks/stripe`,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'Stripe-Signature': header } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let result = '';
          try {
            result = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result?: string }).result ?? '';
          } catch {
            result = '';
          }
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, result });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  process.env.STRIPE_SECRET_KEY = 'sk_test_bench';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  const stack = await startStack({ dataDir: options.dataDir, pgPort: options.pgPort, database: 'pitlane_bench_payments', source: options.source, worker: false, prepare, ...(options.statements ? { postgresSettings: STATEMENT_STATS_SETTINGS } : {}) });
  const stats = options.statements ? await statementStats(stack.databaseUrl) : null;
  await stats?.start();
  const signer = new Stripe('sk_test_bench');
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const sent: { id: string; payload: string }[] = [];
    const latencyMs: number[] = [];
    let errors = 0;
    let duplicatesSent = 0;
    let duplicatesAnswered = 0;
    let nextUnique = 0;
    const pending: Promise<void>[] = [];
    const meter = cpuMeter(stack);
    const started = performance.now();
    const interval = 1000 / options.rate;
    let late = 0;
    for (let i = 0; i < total; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      else if (wait < -interval) late++;
      const duplicate = sent.length > 0 && (i * 7919) % 100 < options.duplicates * 100;
      let payload: string;
      if (duplicate) {
        payload = sent[(i * 104_729) % sent.length]!.payload;
        duplicatesSent++;
      } else {
        const { orderId, intent } = intents[nextUnique++]!;
        const id = `evt_bench_${nextUnique}`;
        payload = JSON.stringify({
          id,
          object: 'event',
          type: 'payment_intent.succeeded',
          data: { object: { id: intent, object: 'payment_intent', latest_charge: `ch_${intent}`, metadata: { orderId } } },
        });
        sent.push({ id, payload });
      }
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      pending.push(
        send(agent, stack.baseUrl, payload, header).then(
          (r) => {
            if (r.status !== 200) errors++;
            else latencyMs.push(r.ms);
            if (r.result === 'duplicate') duplicatesAnswered++;
          },
          () => {
            errors++;
          },
        ),
      );
    }
    await Promise.all(pending);
    const seconds = (performance.now() - started) / 1000;
    const cpu = meter(total);
    agent.destroy();
    if (stats) {
      console.log(`\n${await stats.report(20)}`);
      await stats.end();
    }

    // What the database holds: each unique event once, each of its orders paid once (4 ledger entries each).
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const [check] = (
      await db.query<{ events: number; paid: number; entries: number; balance: string; payments: number }>(
        `select (select count(*)::int from payment_events where id like 'evt_bench_%') as events,
                (select count(*)::int from orders where payment_intent_id like 'pi_bench_%' and paid_at is not null) as paid,
                (select count(*)::int from ledger_entries l join orders o on o.id = l.order_id where o.payment_intent_id like 'pi_bench_%') as entries,
                (select coalesce(sum(amount), 0)::text from ledger_entries) as balance,
                (select count(*)::int from order_payments p join orders o on o.id = p.order_id where o.payment_intent_id like 'pi_bench_%' and p.kind = 'charge') as payments`,
      )
    ).rows;
    await db.end();
    const lat = latencies(latencyMs);
    const unique = sent.length;
    const lost = unique - check!.events;
    const twice = check!.entries - 4 * check!.paid + (check!.payments - check!.paid);
    console.log(`\n${total} events in ${fmt(seconds, 1)} s (${fmt(total / seconds, 0)}/s; ${late} sent late), ${unique} unique, ${duplicatesSent} resent`);
    console.log('| events | errors | duplicates answered | stored | orders paid | ledger entries | ledger balance | p50 ms | p95 ms | p99 ms | max ms | server CPU ms/event | PostgreSQL CPU ms/event |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${total} | ${errors} | ${duplicatesAnswered} | ${check!.events} | ${check!.paid} | ${check!.entries} | ${check!.balance} | ${fmt(lat.p50, 2)} | ${fmt(lat.p95, 2)} | ${fmt(lat.p99, 2)} | ${fmt(lat.max, 2)} | ${fmt(cpu.server, 3)} | ${fmt(cpu.postgres, 3)} |`,
    );
    const met = errors === 0 && lost === 0 && check!.paid === unique && twice === 0 && duplicatesAnswered === duplicatesSent && lat.p99 < TARGET_P99_MS;
    console.log(`\nlost ${lost}, applied twice ${twice}, p99 ${fmt(lat.p99, 2)} ms: target none lost, none twice, p99 < ${TARGET_P99_MS} ms ${met ? 'met' : 'MISSED'}`);
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, total, unique, duplicatesSent, duplicatesAnswered, errors, check, latency: lat, met }, null, 2));
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
