import { inject, injectable, optional } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { AccountsApi } from '../accounts/index.js';
import { Category } from './category.entity.js';
import { Make } from './make.entity.js';
import type { CategoryDto, MakeDto } from './part.dto.js';
import { SellerNames } from './seller-names.port.js';
import { Database } from '../../platform/db/database.js';

/** How long the category and make lists are reused before being read again. */
export const REFERENCE_TTL_MS = 5 * 60_000;
/**
 * How long a seller's name is reused: it bounds how long a renamed storefront, a newly approved seller's shop name
 * or a deleted user's name takes to show on parts (usernames themselves cannot change).
 */
export const SELLER_NAME_TTL_MS = 10 * 60_000;
/** At most this many seller names are kept; the oldest go first. */
export const SELLER_NAME_CACHE_SIZE = 20_000;

interface References {
  categories: CategoryDto[];
  makes: MakeDto[];
  categoryNames: Map<string, string>;
  makeNames: Map<string, string>;
  loadedAt: number;
}

/**
 * The names every part DTO needs, kept in memory so a search page or a part page does not read them again
 * on each request: the categories and makes (reference data, changed only by the seed; read again after
 * REFERENCE_TTL_MS or as soon as an unknown slug is asked for) and the names parts show for their sellers.
 */
@injectable()
export class CatalogLookups {
  private references: References | null = null;
  private loading: Promise<References> | null = null;
  private readonly names = new Map<string, { name: string | null; at: number }>();

  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(SellerNames) @optional() private readonly shops?: SellerNames,
  ) {}

  private async load(): Promise<References> {
    const em = this.db.em;
    const [categories, makes] = [
      await em.find(Category, {}, { orderBy: { name: 'asc' } }),
      await em.find(Make, {}, { orderBy: { name: 'asc' } }),
    ];
    const refs: References = {
      categories: categories.map((c) => ({ id: c.id, name: c.name, slug: c.slug, icon: c.icon, parentId: c.parentId ?? null })),
      makes: makes.map((m) => ({ id: m.id, name: m.name, slug: m.slug, logo: m.logo ?? null })),
      categoryNames: new Map(categories.map((c) => [c.slug, c.name])),
      makeNames: new Map(makes.map((m) => [m.slug, m.name])),
      loadedAt: this.clock.now().getTime(),
    };
    // An empty table is not worth remembering: the seed may be running.
    this.references = categories.length && makes.length ? refs : null;
    return refs;
  }

  /** Categories and makes, read again when stale or when one of `need` is unknown. */
  async get(need: { categories?: Iterable<string>; makes?: Iterable<string> } = {}): Promise<References> {
    const refs = this.references;
    const fresh = refs !== null && this.clock.now().getTime() - refs.loadedAt < REFERENCE_TTL_MS;
    const complete =
      refs !== null &&
      [...(need.categories ?? [])].every((s) => refs.categoryNames.has(s)) &&
      [...(need.makes ?? [])].every((s) => refs.makeNames.has(s));
    if (fresh && complete) return refs;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * The names parts show for their sellers (by user id): the shop's name (SellerNames), else the username. Cached
   * ones at once; the others are looked up together, the users and the shops side by side.
   */
  async sellerNames(sellerIds: Iterable<string>): Promise<Map<string, string>> {
    const now = this.clock.now().getTime();
    const names = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(sellerIds)) {
      const hit = this.names.get(id);
      if (hit && now - hit.at < SELLER_NAME_TTL_MS) {
        if (hit.name !== null) names.set(id, hit.name);
      } else missing.push(id);
    }
    if (!missing.length) return names;
    const [users, shops] = await Promise.all([
      this.accounts.findUsers(missing),
      this.shops ? this.shops.shopNames(missing) : new Map<string, string>(),
    ]);
    const found = new Map(users.map((u) => [u.id, u.username]));
    missing.forEach((id) => {
      const username = found.get(id);
      // Unknown users are not remembered: the account may be created in a moment.
      if (username === undefined) return;
      const name = shops.get(id) ?? username;
      this.names.delete(id);
      this.names.set(id, { name, at: now });
      names.set(id, name);
    });
    while (this.names.size > SELLER_NAME_CACHE_SIZE) {
      const oldest = this.names.keys().next().value as string;
      this.names.delete(oldest);
    }
    return names;
  }
}
