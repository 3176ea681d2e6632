// Scale benchmark (issue 33): throughput of one `pitlane serve` node against two, for part pages and bids, on the
// topology of docs/scaling.md (test/topology.fixtures.ts): a PostgreSQL primary with a streaming replica, photos
// in s3rver, nodes with their own data folders, a round-robin proxy in front.
//
//   npm run bench:scale -- [--duration 10] [--warmup 3] [--clients 16] [--source] [--json out.json]
//
// Loads a seller, 2,000 approved parts, 200 active auctions and 200 bidders with stored sessions, waits for the
// replica to replay them, then with node a alone (WORKER=on) and again with node b (WORKER=off) added:
//   - part-page: GET /api/parts/{id} over the 2,000 parts (signed out: read from the replica);
//   - bid: POST /api/auctions/{id}/bids spread over the 200 auctions, each request the auction's next minimum as
//     far as the clients know it (201 accepted, 400 outbid by another client);
// each for `--warmup` s then `--duration` s with `--clients` closed-loop clients, once through the proxy and once
// with the clients taking the nodes in turn themselves ("direct": no proxy hop, whose work shares this process).
// Everything (PostgreSQL, replica, s3rver, nodes, proxy, clients) runs on this machine: on 2 cores two nodes
// share the cores one node had, so the figures show what a second process costs and gains here, not what a
// second machine would. Loopback only; exits by itself.
import http from 'node:http';
import { loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { activeAuctions, dbUsers, startTopology, type Topology } from '../../test/topology.fixtures.js';
import { closedLoop, httpGet } from '../lib/bench.js';
import { argValue, fmt, latencies, root, type Latencies } from '../lib/stack.js';

const options = {
  duration: Number(argValue('--duration') ?? 10),
  warmup: Number(argValue('--warmup') ?? 3),
  clients: Number(argValue('--clients') ?? 16),
  parts: Number(argValue('--parts') ?? 2000),
  auctions: Number(argValue('--auctions') ?? 200),
  bidders: Number(argValue('--bidders') ?? 200),
  source: process.argv.includes('--source'),
  json: argValue('--json'),
};

interface Row {
  nodes: number;
  route: 'proxy' | 'direct';
  scenario: 'part-page' | 'bid';
  perSecond: number;
  ok: number;
  rejected: number;
  errors: number;
  latency: Latencies;
  load: number;
}

function httpPost(agent: http.Agent, url: string, body: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function waitForReplica(topo: Topology): Promise<void> {
  const [{ lsn }] = await topo.sql<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  for (let i = 0; i < 600; i++) {
    const [row] = await topo.replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
    if (row?.done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the replica did not catch up within a minute');
}

async function main(): Promise<void> {
  if (!options.source) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-built.mjs')], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  console.log('starting the primary, its replica, s3rver, the proxy and node a...');
  const topo = await startTopology({ nodes: [{ name: 'a', worker: true }], env: { NODE_ENV: 'production' }, source: options.source });
  process.once('SIGINT', () => void topo.stop().then(() => process.exit(130)));
  const rows: Row[] = [];
  try {
    const [seller] = await dbUsers(topo, 'bench_seller', 1, true);
    const bidders = await dbUsers(topo, 'bench_bidder', options.bidders);
    const partIds = (
      await topo.sql<{ id: string }>(
        `insert into parts (title, description, price, category, make, condition, location, seller_id, is_approved, images)
         select 'Bench part ' || i, 'A part of the scale benchmark, with a description of some length.', 100 + i,
                (select slug from categories order by slug limit 1), (select slug from makes order by slug limit 1),
                'used-good', 'Modena', $1, true,
                json_build_array(json_build_object('url', 'https://img.example.com/part.jpg', 'altText', 'Bench part', 'isPrimary', true))
         from generate_series(1, $2::int) i returning id`,
        [seller!.id, options.parts],
      )
    ).map((r) => r.id);
    const auctionIds = await activeAuctions(topo, seller!.id, options.auctions);
    await topo.sql('analyze');
    await waitForReplica(topo);
    // Per auction: the next amount (cents) to send, moved on as requests go and answers come.
    const next = new Map(auctionIds.map((id) => [id, 10_000]));

    const measure = async (nodes: number, route: Row['route'], scenario: Row['scenario']): Promise<void> => {
      const bases = route === 'proxy' ? [topo.proxy.url] : topo.nodes.map((n) => n.url);
      let rejected = 0;
      const { values, errors, seconds } = await closedLoop(
        { name: `${nodes} node(s) ${route} ${scenario}`, clients: options.clients, warmup: options.warmup, duration: options.duration },
        async (agent, i) => {
          const base = bases[i % bases.length]!;
          if (scenario === 'part-page') {
            const { status } = await httpGet(agent, `${base}/api/parts/${partIds[(i * 7919) % partIds.length]}`);
            if (status !== 200) throw new Error(`part page answered ${status}`);
            return;
          }
          const auctionId = auctionIds[i % auctionIds.length]!;
          const cents = next.get(auctionId)!;
          next.set(auctionId, cents + 100);
          const bidder = bidders[(i * 31) % bidders.length]!;
          const { status, body } = await httpPost(agent, `${base}/api/auctions/${auctionId}/bids`, JSON.stringify({ bidAmount: (cents / 100).toFixed(2) }), bidder.cookie);
          if (status === 201) {
            const answered = Math.round(Number((JSON.parse(body) as { minimumNextBid: string }).minimumNextBid) * 100);
            next.set(auctionId, Math.max(next.get(auctionId)!, answered));
            return;
          }
          if (status === 400) {
            rejected++;
            const minimum = /Minimum bid is \$?([\d,.]+)/.exec(body)?.[1];
            if (minimum) next.set(auctionId, Math.max(next.get(auctionId)!, Math.round(Number(minimum.replace(/,/g, '')) * 100)));
            return;
          }
          throw new Error(`bid answered ${status}: ${body.slice(0, 200)}`);
        },
      );
      // For bids, only accepted ones count as throughput (a 400 is a lost race, also timed in `values`).
      const ok = values.length - (scenario === 'bid' ? rejected : 0);
      const row: Row = { nodes, route, scenario, perSecond: ok / seconds, ok, rejected, errors, latency: latencies(values), load: loadavg()[0]! };
      rows.push(row);
      console.log(
        `${nodes} node(s), ${route}, ${scenario}: ${fmt(row.perSecond)}/s (${ok} ok, ${rejected} outbid, ${errors} errors), ` +
          `p50 ${fmt(row.latency.p50)} ms, p95 ${fmt(row.latency.p95)} ms, p99 ${fmt(row.latency.p99)} ms, load ${fmt(row.load, 2)}`,
      );
    };

    for (const nodes of [1, 2]) {
      if (nodes === 2) {
        console.log('adding node b (WORKER=off)...');
        await topo.addNodes([{ name: 'b', worker: false }]);
      }
      for (const route of ['proxy', 'direct'] as const) {
        for (const scenario of ['part-page', 'bid'] as const) await measure(nodes, route, scenario);
      }
    }

    console.log(`\n${options.clients} clients, ${options.warmup} s warm-up, ${options.duration} s measured; latencies in ms; bids: accepted/s`);
    console.log('| nodes | route | scenario | per s | p50 | p95 | p99 | errors | load |');
    console.log('|---:|---|---|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.nodes} | ${r.route} | ${r.scenario} | ${fmt(r.perSecond, 0)} | ${fmt(r.latency.p50)} | ${fmt(r.latency.p95)} | ${fmt(r.latency.p99)} | ${r.errors} | ${fmt(r.load, 2)} |`,
      );
    }
    for (const scenario of ['part-page', 'bid'] as const) {
      for (const route of ['proxy', 'direct'] as const) {
        const [one, two] = [1, 2].map((n) => rows.find((r) => r.nodes === n && r.route === route && r.scenario === scenario)!);
        console.log(`${scenario} (${route}): two nodes / one node = ${fmt(two!.perSecond / one!.perSecond, 2)}`);
      }
    }
    if (options.json) writeFileSync(options.json, JSON.stringify(rows, null, 2));
  } finally {
    await topo.stop();
  }
  if (rows.some((r) => r.errors)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
