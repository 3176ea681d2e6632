// k6 version of the catalog benchmark's HTTP side (load-tests/catalog/bench.ts), for machines with k6:
//
//   k6 run -e BASE_URL=http://127.0.0.1:3000 load-tests/catalog/search.k6.js
//
// Four scenarios run one after the other, 8 virtual users each for DURATION (default 15s): search by text,
// search with typos, search with filters, and the part page. Thresholds are the catalog's targets
// (README "Performance"): search p95 under 30 ms, part detail p95 under 10 ms and 3,000 requests/s.
// The server must hold a catalog: load one with load-tests/catalog/generate-parts.ts.
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const DURATION = __ENV.DURATION || '15s';
const VUS = Number(__ENV.VUS || 8);
const SECONDS = Number.parseInt(DURATION, 10) || 15;

// Kept in step with load-tests/catalog/queries.ts.
const TEXT_QUERIES = [
  'weber carburetor', 'brake caliper', 'porsche 911 clutch', 'water pump', 'exhaust manifold', 'alternator',
  'mustang headlight', 'fuel injector', 'differential', 'oil cooler', 'e30 m3 steering wheel', 'distributor cap',
  'racing harness', 'coilover kit', 'fuchs wheels', 'camaro fender', 'datsun 240z', 'cylinder head',
  'bucket seat recaro', 'nos emblem badge',
];
const TYPO_QUERIES = [
  'carburator', 'weber carburettor', 'alternater', 'breake caliper', 'exaust manifold', 'suspention coilover',
  'differental', 'distributer cap', 'waterpump', 'clutchs', 'camshaft porshe', 'headlihgt assembly',
  'turbocharher', 'steering wheeel', 'gearbox mustnag', 'crankshaft chevrolet', 'intake manifod', 'cilinder head',
  'racing harnes', 'shock absorbr',
];
const FILTERS = [
  'category=engine&make=porsche&yearFrom=1970&yearTo=1980&minPrice=100&maxPrice=5000',
  'category=brakes&make=bmw&yearFrom=1985&yearTo=1995&minPrice=50&maxPrice=2000&q=caliper',
  'category=intake&make=ford&yearFrom=1964&yearTo=1970&minPrice=100&maxPrice=3000',
  'category=suspension&make=chevrolet&yearFrom=1967&yearTo=1972&minPrice=20&maxPrice=1500&q=shock',
  'category=electrical&make=jaguar&yearFrom=1961&yearTo=1975&minPrice=10&maxPrice=800',
  'category=body&make=datsun&yearFrom=1969&yearTo=1978&minPrice=100&maxPrice=4000&q=fender',
  'category=wheels&make=porsche&yearFrom=1965&yearTo=1989&minPrice=200&maxPrice=10000',
  'category=drivetrain&make=toyota&yearFrom=1980&yearTo=1999&minPrice=50&maxPrice=5000&q=clutch',
  'category=exhaust&make=mazda&yearFrom=1978&yearTo=2002&minPrice=50&maxPrice=3000',
  'category=interior&make=mercedes-benz&yearFrom=1963&yearTo=1989&minPrice=20&maxPrice=2500&q=seat',
];

const scenario = (exec, index) => ({
  executor: 'constant-vus',
  exec,
  vus: VUS,
  duration: DURATION,
  startTime: `${index * (SECONDS + 2)}s`,
  tags: { scenario: exec },
});

export const options = {
  scenarios: {
    searchText: scenario('searchText', 0),
    searchTypo: scenario('searchTypo', 1),
    searchFilters: scenario('searchFilters', 2),
    partDetail: scenario('partDetail', 3),
  },
  thresholds: {
    'http_req_duration{scenario:searchText}': ['p(95)<30'],
    'http_req_duration{scenario:searchTypo}': ['p(95)<30'],
    'http_req_duration{scenario:searchFilters}': ['p(95)<30'],
    'http_req_duration{scenario:partDetail}': ['p(95)<10'],
    'http_reqs{scenario:partDetail}': [`count>=${3000 * SECONDS}`],
    checks: ['rate>0.99'],
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

/** Public part ids to open, read once from the first pages of the catalog. */
export function setup() {
  const ids = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const res = http.get(`${BASE_URL}/api/parts?limit=100&offset=${offset}`);
    if (res.status !== 200) break;
    for (const part of res.json()) ids.push(part.id);
  }
  if (!ids.length) throw new Error(`No parts at ${BASE_URL}: load a catalog with generate-parts.ts first`);
  return { ids };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const ok = (res) => check(res, { 'status is 200': (r) => r.status === 200 });

export function searchText() {
  ok(http.get(`${BASE_URL}/api/parts?q=${encodeURIComponent(pick(TEXT_QUERIES))}`, { tags: { name: 'GET /api/parts?q' } }));
}

export function searchTypo() {
  ok(http.get(`${BASE_URL}/api/parts?q=${encodeURIComponent(pick(TYPO_QUERIES))}`, { tags: { name: 'GET /api/parts?q (typo)' } }));
}

export function searchFilters() {
  ok(http.get(`${BASE_URL}/api/parts?${pick(FILTERS)}`, { tags: { name: 'GET /api/parts?filters' } }));
}

export function partDetail(data) {
  ok(http.get(`${BASE_URL}/api/parts/${pick(data.ids)}`, { tags: { name: 'GET /api/parts/{id}' } }));
}
