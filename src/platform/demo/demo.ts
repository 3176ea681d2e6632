import type { SqlExecutor } from '../db/pg-transaction.js';

/**
 * The demo-data hook: each module contributes its part of `pitlane seed-demo` and `clear-demo` through its
 * `<module>.demo.ts` (PitlaneModule.demo), the platform runs them in module order (clearing in reverse), in one
 * transaction, and the CLI and the console's job run the same code (demo.runner.ts).
 */

/** The house account: the marketplace's own seller, whose id the spec names `house-account-user`. */
export const HOUSE_ACCOUNT = {
  /** What the spec's calls use as its seller id (`GET /api/parts?sellerId=house-account-user`). */
  alias: 'house-account-user',
  /** Its real user id, fixed so that the alias resolves without a look-up. */
  id: '00000000-0000-4000-8000-00000000a001',
  username: 'pitlane_house',
  storefrontSlug: 'pitlane-house',
} as const;

/** The kinds of demo marks other modules' steps read (a module's own kinds stay in its `<module>.demo.ts`). */
export const DEMO_KINDS = {
  /** Demo users (accounts): the house account, the demo sellers and buyers. */
  user: 'accounts.user',
} as const;

/** A seller id as the API takes it: the house account's alias is its real id. */
export const resolveSellerAlias = (value: unknown): unknown => (value === HOUSE_ACCOUNT.alias ? HOUSE_ACCOUNT.id : value);

/** One seller of the demo cast. */
export interface DemoSellerProfile {
  username: string;
  firstName: string;
  lastName: string;
  businessName: string;
  businessType: 'individual' | 'business' | 'dealership';
  city: string;
  state: string;
  zip: string;
  phone: string;
  yearsInBusiness: number;
  /** Category slugs the seller lists most. */
  specialties: string[];
  /** Make slugs the seller knows best. */
  makes: string[];
  description: string;
}

/** A person who only buys: reviews sellers, bids and watches. */
export interface DemoBuyerProfile {
  username: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
}

/** Every module's view of the demo as it is being made: ids the earlier modules wrote, for the later ones. */
export interface DemoWorld {
  /** User ids by username (accounts). */
  users: Map<string, string>;
  sellers: readonly DemoSellerProfile[];
  buyers: readonly DemoBuyerProfile[];
  /** The demo parts (catalog), in key order. */
  parts: DemoPart[];
  /** Marks demo parts sold (set by the catalog's step, for the auctions that ended with a winner). */
  markPartsSold?: (partIds: string[], at: Date) => Promise<void>;
  /** The demo auctions (set by the auctions' step), for the later modules' conversations. */
  auctions?: DemoItem[];
  /** The demo wanted requests (set by the reverse step), for the later modules' conversations. */
  requests?: DemoItem[];
  /**
   * The fitment demo's listings (set by the catalog's step, kept out of `parts` so no other step takes them): small-block
   * Chevy heads sharing casting numbers, the first two for the payments step to sell, the others left on sale.
   */
  fitParts?: DemoPart[];
}

/** A demo auction or wanted request as the later modules need it: the seller of an auction, the buyer of a request. */
export interface DemoItem {
  key: string;
  id: string;
  title: string;
  ownerUserId: string;
  status: string;
}

/** A demo part as the later modules need it. */
export interface DemoPart {
  key: string;
  id: string;
  title: string;
  description: string;
  sellerUserId: string;
  priceCents: number;
  condition: string;
  location: string;
}

/** Summary lines of one module's step ("parts: 300 added"). */
export type DemoSummary = string[];

/** The marks of demo records: `kind` is `<module>.<thing>`, `key` stable across runs. */
export interface DemoRecords {
  /** The recorded ids of `kind`, by key. */
  ids(kind: string): Promise<Map<string, string>>;
  /** Marks records as demo data. */
  mark(kind: string, entries: ReadonlyArray<{ key: string; id: string }>): Promise<void>;
  /** Drops the marks of `kind` (its records are gone). */
  forget(kind: string): Promise<void>;
}

interface DemoStepContext {
  /** The run's transaction: everything of every module commits together or not at all. */
  tx: SqlExecutor;
  now: Date;
  records: DemoRecords;
  /** Reports this module's progress (`done` of `total` units, what it is doing). */
  progress(done: number, total: number, label: string): void;
}

export interface DemoSeedContext extends DemoStepContext {
  /** How many parts the demo should hold (`--parts`, default 300). */
  parts: number;
  world: DemoWorld;
  /** Work to undo if the run fails (files written outside the database). */
  onRollback(undo: () => Promise<void>): void;
}

export interface DemoClearContext extends DemoStepContext {
  /** Work to do once the removal is committed (files on disk, which a rollback could not bring back). */
  afterCommit(work: () => Promise<void>): void;
}

/** One module's part of the demo. */
export interface DemoContribution {
  /** Adds what is missing of this module's demo data (by key); returns summary lines. */
  seed(ctx: DemoSeedContext): Promise<DemoSummary>;
  /** Removes this module's demo records and everything hanging off them; returns summary lines. */
  clear(ctx: DemoClearContext): Promise<DemoSummary>;
  /**
   * After every module's `seed`, in module order: what rests on records a later module made (a buyer's fitment report
   * on a demo order); returns summary lines. Adds only what is missing, like `seed`.
   */
  settle?(ctx: DemoSeedContext): Promise<DemoSummary>;
}

/** A small seeded random generator (mulberry32), so each demo record comes out the same on every run. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of `items`, picked by `random`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** An integer in [min, max]. */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** `key` of record number `n` (1-based), zero-padded so keys sort in order: `part:0042`. */
export const demoKey = (prefix: string, n: number) => `${prefix}:${String(n).padStart(4, '0')}`;
