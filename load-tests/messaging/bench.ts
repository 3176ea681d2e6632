// Messaging benchmark (issue 19): (1) with 1,000 signed-in users connected over WebSocket (each subscribed to
// its own messages with `subscribe_messages`) and 50 senders, the time from the start of
// `POST /api/conversations/{id}/messages` to the 'message_received' frame at the recipient's socket
// (target p99 < 100 ms); (2) `GET /api/conversations` of a user with 1,000 conversations in a database of
// 1,000,000 messages at 8 clients (target p95 < 20 ms).
//
//   npm run bench:messaging -- [--send-seconds 30] [--list-seconds 15] [--list-clients 8] [--messages 1000000]
//                              [--source] [--json out.json] [--data-dir /tmp/bench-msg --pg-port 54495]
//
// Starts its own embedded PostgreSQL (loopback only), migrates, seeds, loads the rows below with set-based SQL,
// starts `pitlane serve` (WORKER=on, so the unread mails are scheduled and run as in production) and exits by
// itself when done. Rows: a seller ("inbox owner") with 1,000 parts and one conversation about each with one of
// 1,000 buyers; 50 senders each in a conversation with 20 of those 1,000 users (every user receives from one
// sender); 1,000,000 messages spread over the 2,000 conversations; sessions signed as express-session does.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ask as askChild, forkChildren, stopChildren } from '../lib/children.js';
import { cpuMeter, sessionCookie, type CpuPer } from '../lib/bench.js';
import { argValue, fmt, latencies, startStack, type Latencies, type Stack } from '../lib/stack.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const options = {
  users: 1000,
  senders: 50,
  messages: Number(argValue('--messages') ?? 1_000_000),
  sendSeconds: Number(argValue('--send-seconds') ?? 30),
  listSeconds: Number(argValue('--list-seconds') ?? 15),
  listClients: Number(argValue('--list-clients') ?? 8),
  dataDir: argValue('--data-dir') ?? '/tmp/bench-msg',
  pgPort: Number(argValue('--pg-port') ?? 54495),
  source: process.argv.includes('--source'),
  json: argValue('--json'),
};

const LOADTEST_DOMAIN = 'messaging.loadtest.invalid';
/** A hard bound on the whole run: the process exits with an error past it. */
const DEADLINE_MS = 15 * 60_000;

interface Data {
  owner: string;
  /** The 1,000 WebSocket users' cookies. */
  receivers: string[];
  /** Per sender: its cookie and its conversations (one per receiver it writes to). */
  senders: { cookie: string; conversations: string[] }[];
}

async function loadData(databaseUrl: string, secret: string): Promise<Data> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  try {
    // The bench's own database: earlier runs' rows go first.
    await db.query('truncate conversations, messages, conversation_members, conversation_reports, user_blocks');
    await db.query(`delete from parts where seller_id in (select id from users where email like $1)`, [`%@${LOADTEST_DOMAIN}`]);
    await db.query(`delete from sessions where sess->>'userId' in (select id::text from users where email like $1)`, [`%@${LOADTEST_DOMAIN}`]);
    await db.query(`delete from users where email like $1`, [`%@${LOADTEST_DOMAIN}`]);
    await db.query('drop table if exists bench_conv');

    // Accounts a month old. n = 0: the inbox owner (a seller); 1..1000: the WebSocket users; 1001..1050: senders.
    const users = (
      await db.query<{ id: string; n: number }>(
        `insert into users (username, email, password, first_name, last_name, is_verified, role, country, created_at)
         select 'bench_msg_' || i, 'user' || i || '@${LOADTEST_DOMAIN}', 'not-a-hash', 'Bench', 'User ' || i, true,
                case when i = 0 then 'seller' else 'buyer' end, 'US', now() - interval '30 days'
         from generate_series(0, $1::int) i returning id, substring(username from 11)::int as n`,
        [options.users + options.senders],
      )
    ).rows.sort((a, b) => a.n - b.n);
    const ids = users.map((u) => u.id);
    const sids = ids.map(() => randomBytes(18).toString('base64url'));
    const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
    await db.query(
      `insert into sessions (sid, sess, expire)
       select s.sid, json_build_object('cookie', json_build_object('originalMaxAge', 86400000, 'expires', $3::text,
              'httpOnly', true, 'path', '/', 'sameSite', 'lax'), 'userId', s.user_id), $3::timestamptz
       from unnest($1::text[], $2::uuid[]) as s(sid, user_id)`,
      [sids, ids, expires],
    );
    await db.query(`create temp table bench_users as select n - 1 as n, id from unnest($1::uuid[]) with ordinality as t(id, n)`, [ids]);

    // The owner's 1,000 approved parts; every conversation is about one of them.
    await db.query(
      `create temp table bench_parts as
       with p as (
         insert into parts (title, description, price, category, make, condition, location, seller_id, is_approved)
         select 'Bench part ' || i, 'A part for the messaging benchmark.', 100 + i, (select slug from categories order by slug limit 1),
                (select slug from makes order by slug limit 1), 'used-good', 'Modena', $1, true
         from generate_series(1, $2::int) i returning id, price
       ) select (price - 100)::int as n, id from p`,
      [ids[0], options.users],
    );
    // k 1..1000: buyer k asks the owner about part k; k 1001..2000: sender 1001 + (j % 50) writes to user j (j = k - 1000)
    // about part j. Last activity spread over the past 30 days; the first 2,000 conversations get ~500 messages each.
    await db.query(
      `create table bench_conv as
       select k, gen_random_uuid() as id, p.id as part_id,
              case when k <= $1 then u.id else s.id end as buyer_id,
              case when k <= $1 then o.id else u.id end as seller_id,
              now() - (k * interval '17 minutes') as last_at
       from generate_series(1, 2 * $1::int) k
       join bench_parts p on p.n = case when k <= $1 then k else k - $1 end
       join bench_users u on u.n = case when k <= $1 then k else k - $1 end
       join bench_users s on s.n = $1 + 1 + ((case when k <= $1 then k else k - $1 end) % $2)
       join bench_users o on o.n = 0`,
      [options.users, options.senders],
    );
    await db.query(
      `insert into conversations (id, related_item_type, related_item_id, part_id, buyer_id, seller_id, subject, created_at, last_message_at)
       select id, 'part', part_id, part_id, buyer_id, seller_id, 'Question about Bench part ' || k, last_at - interval '60 days', last_at
       from bench_conv`,
    );
    await db.query(
      `insert into conversation_members (conversation_id, user_id, other_user_id, unread_count, last_message_at, last_read_at)
       select id, buyer_id, seller_id, 0, last_at, last_at from bench_conv
       union all
       select id, seller_id, buyer_id, k % 3, last_at, last_at - interval '1 day' from bench_conv`,
    );
    const perConversation = Math.ceil(options.messages / (2 * options.users));
    await db.query(
      `insert into messages (conversation_id, sender_id, content, is_read, created_at)
       select c.id, case when i % 2 = 0 then c.buyer_id else c.seller_id end,
              'Hello, is the part still available? Could you send more photos of the casting numbers? (' || i || ')',
              true, c.last_at - ((i - 1) * interval '5 minutes')
       from bench_conv c cross join generate_series(1, $1::int) i
       order by c.last_at - ((i - 1) * interval '5 minutes')
       limit $2`,
      [perConversation, options.messages],
    );
    await db.query('vacuum analyze conversations, conversation_members, messages, sessions, users, parts');
    const { rows: convs } = await db.query<{ k: number; id: string; buyer_id: string }>('select k, id, buyer_id from bench_conv where k > $1 order by k', [options.users]);
    const senders = Array.from({ length: options.senders }, (_, s) => ({
      cookie: sessionCookie(sids[options.users + 1 + s]!, secret),
      conversations: convs.filter((c) => c.buyer_id === ids[options.users + 1 + s]).map((c) => c.id),
    }));
    const [count] = (await db.query<{ n: string }>('select count(*) as n from messages')).rows;
    console.log(`loaded ${count!.n} messages in ${2 * options.users} conversations in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return {
      owner: sessionCookie(sids[0]!, secret),
      receivers: sids.slice(1, options.users + 1).map((sid) => sessionCookie(sid, secret)),
      senders,
    };
  } finally {
    await db.end();
  }
}

// ---- (1) delivery to 1,000 WebSocket users --------------------------------------------------------------------

const now = () => performance.timeOrigin + performance.now();

interface DeliveryStats {
  sockets: number;
  sent: number;
  rejected: number;
  delivered: number;
  missing: number;
  messagesPerSecond: number;
  /** From the start of the POST to the frame at the recipient's socket. */
  latency: Latencies;
  /** The POST's own answer time. */
  post: Latencies;
}

async function delivery(baseUrl: string, data: Data): Promise<DeliveryStats> {
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/api/ws`;
  // Two child processes hold the sockets, so their work does not delay the senders' clock.
  const children = forkChildren(path.join(here, 'ws-recipients.ts'), 2);
  const ask = <T>(child: (typeof children)[number], message: object) => askChild<T>(child, message, 'recipient');
  try {
    const half = Math.ceil(data.receivers.length / 2);
    console.log(`opening ${data.receivers.length} signed-in WebSocket clients...`);
    const opening = Date.now();
    await Promise.all(children.map((c, i) => ask(c, { cmd: 'open', url: wsUrl, cookies: data.receivers.slice(i * half, (i + 1) * half) })));
    console.log(`${data.receivers.length} sockets subscribed in ${((Date.now() - opening) / 1000).toFixed(1)} s`);

    // Each sender writes to its 20 conversations in turn, one message every ~3 s (the product allows 20 a
    // minute), starting at a random offset: ~17 messages/s in all, each to a different socket.
    const sentAt = new Map<string, number>();
    const postTimes: number[] = [];
    let rejected = 0;
    const end = Date.now() + options.sendSeconds * 1000;
    const interval = 3000;
    await Promise.all(
      data.senders.map(async (sender, s) => {
        await new Promise((r) => setTimeout(r, Math.random() * interval));
        for (let i = 0; Date.now() < end; i++) {
          const conversation = sender.conversations[i % sender.conversations.length]!;
          const content = `Bench message ${s}-${i}: is it still available?`;
          const t0 = now();
          sentAt.set(content, t0);
          const res = await fetch(`${baseUrl}/api/conversations/${conversation}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: sender.cookie },
            body: JSON.stringify({ content }),
          });
          await res.arrayBuffer();
          postTimes.push(now() - t0);
          if (res.status !== 201) {
            rejected++;
            sentAt.delete(content);
            if (rejected <= 3) console.error(`POST answered ${res.status}`);
          }
          await new Promise((r) => setTimeout(r, interval * (0.8 + 0.4 * Math.random())));
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 2000));
    const parts = await Promise.all(children.map((c) => ask<{ received: Record<string, number[]> }>(c, { cmd: 'collect' })));
    const delays: number[] = [];
    let missing = 0;
    for (const [content, t0] of sentAt) {
      const times = parts.flatMap((p) => p.received[content] ?? []);
      if (!times.length) missing++;
      for (const t of times) delays.push(t - t0);
    }
    return {
      sockets: data.receivers.length,
      sent: sentAt.size,
      rejected,
      delivered: delays.length,
      missing,
      messagesPerSecond: sentAt.size / options.sendSeconds,
      latency: latencies(delays),
      post: latencies(postTimes),
    };
  } finally {
    await stopChildren(children);
  }
}

// ---- (2) the conversation list of a user with 1,000 conversations -----------------------------------------------

interface ListStats {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  latency: Latencies;
  /** CPU ms per request of the server process and of PostgreSQL (from /proc). */
  cpu: CpuPer;
}

let stack: Stack | undefined;

async function conversationList(baseUrl: string, cookie: string, seconds: number, record: boolean, clients = options.listClients): Promise<ListStats> {
  const times: number[] = [];
  const meter = cpuMeter(stack);
  let errors = 0;
  const instance = autocannon({
    url: `${baseUrl}/api/conversations`,
    connections: clients,
    duration: seconds,
    headers: { cookie },
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    if (status === 200) times.push(time);
    else errors++;
  });
  instance.on('reqError', () => errors++);
  await instance;
  const cpu = meter(times.length);
  if (!record) return { requests: 0, errors: 0, requestsPerSecond: 0, latency: latencies([]), cpu };
  return { requests: times.length, errors, requestsPerSecond: times.length / seconds, latency: latencies(times), cpu };
}

/** The inbox page's statement as ConversationService.list sends it (for EXPLAIN), for the owner (user n = 0). */
const LIST_SQL_FOR_EXPLAIN = `
  select c.id, c.subject, c.related_item_type, c.related_item_id, c.created_at, m.last_message_at, m.other_user_id, m.unread_count,
         l.id as last_id, l.content as last_content, l.sender_id as last_sender_id, l.created_at as last_created_at,
         exists (select 1 from user_blocks b where b.blocker_id = m.user_id and b.blocked_id = m.other_user_id) as blocked_by_me,
         exists (select 1 from user_blocks b where b.blocker_id = m.other_user_id and b.blocked_id = m.user_id) as blocked_me
    from conversation_members m
    join conversations c on c.id = m.conversation_id
    left join lateral (
      select id, content, sender_id, created_at from messages where conversation_id = c.id order by seq desc limit 1
    ) l on true
   where m.user_id = (select id from users where username = 'bench_msg_0')
   order by m.last_message_at desc, m.conversation_id limit 30 offset 0`;

// ---- main -------------------------------------------------------------------------------------------------------

const stackSecret = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex');
process.env.SESSION_SECRET = stackSecret;

async function main(): Promise<void> {
  let data: Data | undefined;
  stack = await startStack({
    dataDir: options.dataDir,
    pgPort: options.pgPort,
    database: 'pitlane_bench_messaging',
    source: options.source,
    worker: true,
    prepare: async (databaseUrl) => {
      data = await loadData(databaseUrl, stackSecret);
    },
  });
  try {
    const loaded = data!;
    const { baseUrl } = stack;
    // A quick look at the list's answer, so a broken route fails the run instead of timing errors.
    const probe = await fetch(`${baseUrl}/api/conversations`, { headers: { cookie: loaded.owner } });
    const page = (await probe.json()) as unknown[];
    if (probe.status !== 200 || !Array.isArray(page)) throw new Error(`GET /api/conversations answered ${probe.status}`);
    console.log(`GET /api/conversations: ${page.length} rows, X-Total-Count ${probe.headers.get('x-total-count')}`);

    console.log(`\nconversation list: ${options.listClients} clients, 3 s warm-up + ${options.listSeconds} s`);
    await conversationList(baseUrl, loaded.owner, 3, false);
    const list = await conversationList(baseUrl, loaded.owner, options.listSeconds, true);
    console.log(`load average ${fmt(loadavg()[0]!)}`);
    // One client alone: the request's own time, without queueing behind the seven others on 2 cores.
    const single = await conversationList(baseUrl, loaded.owner, 5, true, 1);
    // The inbox statement's plan and time in the database alone (the server's first query of the list).
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${LIST_SQL_FOR_EXPLAIN}`,
    );
    await db.end();
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));

    console.log(`\ndelivery: ${loaded.senders.length} senders for ${options.sendSeconds} s`);
    const ws = await delivery(baseUrl, loaded);
    console.log(`load average ${fmt(loadavg()[0]!)}`);

    const report = [
      '| scenario | count | rate | p50 | p95 | p99 | max | target | met |',
      '|---|---:|---:|---:|---:|---:|---:|---|---|',
      `| POST → recipient's socket (${ws.sockets} sockets, ${loaded.senders.length} senders) | ${ws.delivered} delivered, ${ws.missing} missing, ${ws.rejected} rejected | ${fmt(ws.messagesPerSecond)} msg/s | ${fmt(ws.latency.p50)} | ${fmt(ws.latency.p95)} | ${fmt(ws.latency.p99)} | ${fmt(ws.latency.max)} | p99 < 100 ms | ${ws.latency.p99 < 100 && ws.missing === 0 ? 'yes' : 'no'} |`,
      `| POST answer (same run) | ${ws.post.count} | | ${fmt(ws.post.p50)} | ${fmt(ws.post.p95)} | ${fmt(ws.post.p99)} | ${fmt(ws.post.max)} | - | - |`,
      `| GET /api/conversations, 1 client | ${single.requests} | ${fmt(single.requestsPerSecond, 0)} req/s | ${fmt(single.latency.p50)} | ${fmt(single.latency.p95)} | ${fmt(single.latency.p99)} | ${fmt(single.latency.max)} | - | - |`,
      `| GET /api/conversations (1,000 conversations, ${options.listClients} clients) | ${list.requests}, ${list.errors} errors | ${fmt(list.requestsPerSecond, 0)} req/s | ${fmt(list.latency.p50)} | ${fmt(list.latency.p95)} | ${fmt(list.latency.p99)} | ${fmt(list.latency.max)} | p95 < 20 ms | ${list.latency.p95 < 20 && list.errors === 0 ? 'yes' : 'no'} |`,
    ].join('\n');
    console.log(`\nlatencies in ms\n\n${report}\n`);
    console.log(`CPU ms per list request (8 clients): server ${fmt(list.cpu.server, 2)}, PostgreSQL ${fmt(list.cpu.postgres, 2)}`);
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, delivery: ws, list, single }, null, 2));
    if (ws.missing > 0 || ws.rejected > 0 || list.errors > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

const deadline = setTimeout(() => {
  console.error(`the benchmark did not finish within ${DEADLINE_MS / 60_000} minutes`);
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
