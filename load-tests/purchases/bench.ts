// Purchase bursts (issue 31): many order-creating requests at once used to leave every connection of the pool
// idle in transaction, each waiting for one more, and the whole site hung until a restart. This bench sends:
//   - burst: 100 buyers pressing Buy Now on 100 different parts in the same moment (--rounds times, fresh parts);
//   - accepts: a seller's double-click storm, 50 concurrent accepts of one offer;
// while a probe signs a real user in (argon2 and all) every 100 ms, and again after each burst. Target: every
// purchase answered (201, or 409 for the 49 accepts that lose), sign-in within 1 s during and after, nothing
// left waiting for a connection or idle in transaction. Beside it, the minimal anchor (../shared/anchors) runs
// for 10 s on the same cluster: this machine's speed this hour.
//
//   npm run bench:purchases -- [--rounds 3] [--buyers 100] [--accepts 50] [--source] [--no-anchor]
//                              [--data-dir /tmp/bench-purchases --pg-port 54509]
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareAnchor } from '../lib/anchor.js';
import { pgbenchMeasured, sessionCookie } from '../lib/bench.js';
import { argValue, fmt, latencies, startStack, type Stack } from '../lib/stack.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const options = {
  rounds: Number(argValue('--rounds') ?? 3),
  buyers: Number(argValue('--buyers') ?? 100),
  accepts: Number(argValue('--accepts') ?? 50),
  dataDir: argValue('--data-dir') ?? '/tmp/bench-purchases',
  pgPort: Number(argValue('--pg-port') ?? 54509),
  source: process.argv.includes('--source'),
  anchor: !process.argv.includes('--no-anchor'),
  anchorDir: argValue('--anchor') ?? path.join(here, '../../../shared/anchors/bid-minimal'),
};

const DOMAIN = 'purchases.loadtest.invalid';
const SIGNER = { username: 'purchases_signer', password: 'purchases signer password' };
const SIGN_IN_TARGET_MS = 1000;

interface Answer {
  status: number;
  ms: number;
  body: string;
}

function request(agent: http.Agent, base: string, method: string, url: string, cookie?: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          Origin: base,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Users straight in the table with ready sessions (no password hashing), plus the signer, registered for real. */
async function prepare(stack: Stack, db: pg.Client, agent: http.Agent) {
  await db.query(`delete from orders where buyer_id in (select id from users where email like $1) or seller_id in (select id from users where email like $1)`, [`%@${DOMAIN}`]);
  await db.query(`delete from offers where buyer_id in (select id from users where email like $1)`, [`%@${DOMAIN}`]);
  await db.query(`delete from parts where seller_id in (select id from users where email like $1)`, [`%@${DOMAIN}`]);
  await db.query(`delete from sessions where sess->>'userId' in (select id::text from users where email like $1)`, [`%@${DOMAIN}`]);
  await db.query(`delete from users where email like $1`, [`%@${DOMAIN}`]);
  const [seller] = (
    await db.query<{ id: string }>(
      `insert into users (username, email, password, first_name, last_name, is_verified, role) values ('purchases_seller', $1, 'not-a-hash', 'Bench', 'Seller', true, 'admin') returning id`,
      [`seller@${DOMAIN}`],
    )
  ).rows;
  const buyers = (
    await db.query<{ id: string }>(
      `insert into users (username, email, password, first_name, last_name, is_verified)
       select 'purchases_buyer_' || i, 'buyer' || i || '@' || $2, 'not-a-hash', 'Bench', 'Buyer', true from generate_series(1, $1::int) i returning id`,
      [options.buyers, DOMAIN],
    )
  ).rows.map((r) => r.id);
  const cookieOf = async (userId: string) => {
    const sid = `purchases-${userId}`;
    await db.query(`insert into sessions (sid, sess, expire) values ($1, $2, now() + interval '1 day')`, [
      sid,
      JSON.stringify({ cookie: { originalMaxAge: 86_400_000, httpOnly: true, path: '/', sameSite: 'lax' }, userId }),
    ]);
    return sessionCookie(sid, stack.sessionSecret);
  };
  const register = await request(agent, stack.baseUrl, 'POST', '/api/users', undefined, {
    username: SIGNER.username,
    email: `signer@${DOMAIN}`,
    password: SIGNER.password,
    firstName: 'Sign',
    lastName: 'In',
  });
  if (register.status !== 201) throw new Error(`registering the signer failed: ${register.status} ${register.body}`);
  await db.query(`update users set is_verified = true where username = $1`, [SIGNER.username]);
  return { sellerId: seller!.id, sellerCookie: await cookieOf(seller!.id), buyerCookies: await Promise.all(buyers.map(cookieOf)) };
}

async function insertParts(db: pg.Client, sellerId: string, count: number, price: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into parts (title, description, price, category, make, condition, location, seller_id, images, is_approved, is_active)
     select 'Burst gasket ' || i, 'A gasket', $3, (select slug from categories order by slug limit 1), (select slug from makes order by slug limit 1),
            'used-good', 'Austin, TX', $1, '[{"url":"https://img.example.com/p.jpg","altText":"A gasket","isPrimary":true}]', true, true
       from generate_series(1, $2::int) i returning id`,
    [sellerId, count, price],
  );
  return rows.map((r) => r.id);
}

/** Signs the signer in every 100 ms until `stop()`; answers every sign-in's time and status. */
function signInProbe(agent: http.Agent, base: string) {
  const times: number[] = [];
  const failures: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const r = await request(agent, base, 'POST', '/api/auth/login', undefined, SIGNER);
      if (r.status === 200) times.push(r.ms);
      else failures.push(r.status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { times, failures };
  };
}

async function stuck(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction' and application_name like 'pitlane-%'`,
  );
  return rows[0]!.n;
}

async function main() {
  const stack = await startStack({ dataDir: options.dataDir, pgPort: options.pgPort, database: 'pitlane_bench_purchases', source: options.source, worker: false });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const rows: string[] = [];
  let ok = true;
  try {
    const users = await prepare(stack, db, agent);
    for (let round = 1; round <= options.rounds; round++) {
      const partIds = await insertParts(db, users.sellerId, options.buyers, 40);
      const probe = signInProbe(agent, stack.baseUrl);
      const started = performance.now();
      const answers = await Promise.all(users.buyerCookies.map((cookie, i) => request(agent, stack.baseUrl, 'POST', '/api/orders', cookie, { partId: partIds[i] })));
      const burstMs = performance.now() - started;
      const during = await probe();
      const after = await request(agent, stack.baseUrl, 'POST', '/api/auth/login', undefined, SIGNER);
      const created = answers.filter((a) => a.status === 201).length;
      const lat = latencies(answers.map((a) => a.ms));
      const signIn = latencies(during.times);
      const idle = await stuck(db);
      const pass = created === options.buyers && during.failures.length === 0 && signIn.max < SIGN_IN_TARGET_MS && after.status === 200 && after.ms < SIGN_IN_TARGET_MS && idle === 0;
      ok &&= pass;
      rows.push(`| burst ${round} | ${options.buyers} | ${created} 201, ${options.buyers - created} other | ${fmt(burstMs, 0)} | ${fmt(lat.p50, 0)} / ${fmt(lat.p99, 0)} | ${during.times.length} | ${fmt(signIn.p50, 0)} / ${fmt(signIn.max, 0)} | ${after.status} in ${fmt(after.ms, 0)} | ${idle} | ${pass ? 'yes' : 'NO'} |`);
    }
    // A seller's double-click storm on one offer.
    const [partId] = await insertParts(db, users.sellerId, 1, 500);
    const made = await request(agent, stack.baseUrl, 'POST', `/api/parts/${partId}/offers`, users.buyerCookies[0], { amount: 450 });
    if (made.status !== 201) throw new Error(`the offer failed: ${made.status} ${made.body}`);
    const offerId = (JSON.parse(made.body) as { id: string }).id;
    const probe = signInProbe(agent, stack.baseUrl);
    const started = performance.now();
    const accepts = await Promise.all(Array.from({ length: options.accepts }, () => request(agent, stack.baseUrl, 'POST', `/api/offers/${offerId}/accept`, users.sellerCookie)));
    const burstMs = performance.now() - started;
    const during = await probe();
    const after = await request(agent, stack.baseUrl, 'POST', '/api/auth/login', undefined, SIGNER);
    const won = accepts.filter((a) => a.status === 200).length;
    const lost = accepts.filter((a) => a.status === 409).length;
    const lat = latencies(accepts.map((a) => a.ms));
    const signIn = latencies(during.times);
    const idle = await stuck(db);
    const pass = won === 1 && lost === options.accepts - 1 && during.failures.length === 0 && signIn.max < SIGN_IN_TARGET_MS && after.status === 200 && after.ms < SIGN_IN_TARGET_MS && idle === 0;
    ok &&= pass;
    rows.push(`| accepts | ${options.accepts} | ${won} 200, ${lost} 409 | ${fmt(burstMs, 0)} | ${fmt(lat.p50, 0)} / ${fmt(lat.p99, 0)} | ${during.times.length} | ${fmt(signIn.p50, 0)} / ${fmt(signIn.max, 0)} | ${after.status} in ${fmt(after.ms, 0)} | ${idle} | ${pass ? 'yes' : 'NO'} |`);

    console.log('\n| run | requests | answers | burst ms | request p50 / p99 ms | sign-ins during | sign-in p50 / max ms | sign-in after | idle in transaction | target met |');
    console.log('|---|---:|---|---:|---:|---:|---:|---|---:|---|');
    for (const row of rows) console.log(row);
    if (options.anchor) {
      const anchorUrl = await prepareAnchor(options.anchorDir, stack.databaseUrl);
      const anchor = pgbenchMeasured(
        { pgbench: argValue('--pgbench') ?? 'pgbench', databaseUrl: anchorUrl, script: path.join(options.anchorDir, 'bid.pgbench.sql'), defines: ['nauc=1000'], clients: 32, extra: ['-M', 'prepared'], cwd: here },
        3,
        10,
        { dir: path.join(options.dataDir, 'anchor-log'), prefix: 'anchor' },
        stack,
      );
      console.log(`\nanchor (minimal proxy bid, spread over 1,000 auctions, 32 clients, same cluster): ${fmt(anchor.tps, 0)} transactions/s`);
    }
    console.log(ok ? '\nevery target met' : '\nTARGET MISSED');
  } finally {
    agent.destroy();
    await db.end();
    await stack.stop();
  }
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
