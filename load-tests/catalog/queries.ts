// The search texts and filters the catalog load tests send (bench.ts and, copied, search.k6.js).

/** Correctly spelt searches: part names, makes with models, part numbers' makes. */
export const TEXT_QUERIES = [
  'weber carburetor',
  'brake caliper',
  'porsche 911 clutch',
  'water pump',
  'exhaust manifold',
  'alternator',
  'mustang headlight',
  'fuel injector',
  'differential',
  'oil cooler',
  'e30 m3 steering wheel',
  'distributor cap',
  'racing harness',
  'coilover kit',
  'fuchs wheels',
  'camaro fender',
  'datsun 240z',
  'cylinder head',
  'bucket seat recaro',
  'nos emblem badge',
];

/** The same kind of searches, misspelt or run together (each corrected against the word lexicon). */
export const TYPO_QUERIES = [
  'carburator',
  'weber carburettor',
  'alternater',
  'breake caliper',
  'exaust manifold',
  'suspention coilover',
  'differental',
  'distributer cap',
  'waterpump',
  'clutchs',
  'camshaft porshe',
  'headlihgt assembly',
  'turbocharher',
  'steering wheeel',
  'gearbox mustnag',
  'crankshaft chevrolet',
  'intake manifod',
  'cilinder head',
  'racing harnes',
  'shock absorbr',
];

/** Filter sets: category, make, a year range that overlaps the listing's years, and a price range (dollars). */
export const FILTERS: Array<{ category: string; make: string; yearFrom: number; yearTo: number; minPrice: number; maxPrice: number; q?: string }> = [
  { category: 'engine', make: 'porsche', yearFrom: 1970, yearTo: 1980, minPrice: 100, maxPrice: 5000 },
  { category: 'brakes', make: 'bmw', yearFrom: 1985, yearTo: 1995, minPrice: 50, maxPrice: 2000, q: 'caliper' },
  { category: 'intake', make: 'ford', yearFrom: 1964, yearTo: 1970, minPrice: 100, maxPrice: 3000 },
  { category: 'suspension', make: 'chevrolet', yearFrom: 1967, yearTo: 1972, minPrice: 20, maxPrice: 1500, q: 'shock' },
  { category: 'electrical', make: 'jaguar', yearFrom: 1961, yearTo: 1975, minPrice: 10, maxPrice: 800 },
  { category: 'body', make: 'datsun', yearFrom: 1969, yearTo: 1978, minPrice: 100, maxPrice: 4000, q: 'fender' },
  { category: 'wheels', make: 'porsche', yearFrom: 1965, yearTo: 1989, minPrice: 200, maxPrice: 10000 },
  { category: 'drivetrain', make: 'toyota', yearFrom: 1980, yearTo: 1999, minPrice: 50, maxPrice: 5000, q: 'clutch' },
  { category: 'exhaust', make: 'mazda', yearFrom: 1978, yearTo: 2002, minPrice: 50, maxPrice: 3000 },
  { category: 'interior', make: 'mercedes-benz', yearFrom: 1963, yearTo: 1989, minPrice: 20, maxPrice: 2500, q: 'seat' },
];

/** The query string of GET /api/parts for a filter set. */
export function filterQueryString(f: (typeof FILTERS)[number]): string {
  const params = new URLSearchParams({
    category: f.category,
    make: f.make,
    yearFrom: String(f.yearFrom),
    yearTo: String(f.yearTo),
    minPrice: String(f.minPrice),
    maxPrice: String(f.maxPrice),
  });
  if (f.q) params.set('q', f.q);
  return params.toString();
}
