// k6 version of the auctions benchmark's HTTP side (load-tests/auctions/bench.ts), for machines with k6.
// First load the bench data into the server's database and write the ids and session cookies (signed with
// the server's SESSION_SECRET):
//
//   SESSION_SECRET=<the server's> npm run bench:auctions -- --database-url <url> --url <server> --k6-setup /tmp/k6-auctions.json
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e SETUP=/tmp/k6-auctions.json load-tests/auctions/bids.k6.js
//
// Two scenarios, one after the other, VUS (default 32) virtual users for DURATION (default 15s) each:
// `hot` bids on one auction, `spread` over the 1,000 auctions. Every request bids the auction's minimum as
// the virtual user last learnt it (minimumNextBid of a 201, "Minimum bid is X" of a 400), so on the hot
// auction many bids lose the race and answer 400; `accepted_bids` counts the 201s. Thresholds: the hot
// auction's accepted bids p99 under 100 ms (README "Performance"); the throughput ratio to pgbench needs
// bench.ts, which runs both.
import http from 'k6/http';
import { check } from 'k6';
import { Counter } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const DURATION = __ENV.DURATION || '15s';
const VUS = Number(__ENV.VUS || 32);
const SECONDS = Number.parseInt(DURATION, 10) || 15;
const setup = JSON.parse(open(__ENV.SETUP || '/tmp/k6-auctions.json'));

const accepted = new Counter('accepted_bids');
const tooLow = new Counter('bids_too_low');

const scenario = (exec, index) => ({
  executor: 'constant-vus',
  exec,
  vus: VUS,
  duration: DURATION,
  startTime: `${index * (SECONDS + 2)}s`,
  tags: { scenario: exec },
});

export const options = {
  scenarios: { hot: scenario('hot', 0), spread: scenario('spread', 1) },
  thresholds: {
    'http_req_duration{scenario:hot,status:201}': ['p(99)<100'],
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
  },
};

/** Per virtual user: the next amount (cents) to offer on each auction. */
const next = {};

function bid(auctionId) {
  const cookie = setup.cookies[Math.floor(Math.random() * setup.cookies.length)];
  const cents = next[auctionId] || 10000;
  next[auctionId] = cents + 100;
  const res = http.post(`${BASE_URL}/api/auctions/${auctionId}/bids`, JSON.stringify({ bidAmount: (cents / 100).toFixed(2) }), {
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    responseCallback: http.expectedStatuses(201, 400),
  });
  check(res, { 'bid accepted or too low': (r) => r.status === 201 || r.status === 400 });
  if (res.status === 201) {
    accepted.add(1);
    next[auctionId] = Math.max(next[auctionId], Math.round(Number(res.json('minimumNextBid')) * 100));
  } else if (res.status === 400) {
    tooLow.add(1);
    const match = /Minimum bid is ([\d.]+)/.exec(String(res.json('message')));
    if (match) next[auctionId] = Math.max(next[auctionId], Math.round(Number(match[1]) * 100));
  }
}

export function hot() {
  bid(setup.hot);
}

export function spread() {
  bid(setup.spread[Math.floor(Math.random() * setup.spread.length)]);
}
