import type { FilterQuery, QueryOrder } from '@mikro-orm/core';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { StorefrontNames } from '../sellers/index.js';
import type { OfferDto, OfferStepDto } from './offer.dto.js';
import { Offer } from './offer.entity.js';
import { toOfferDto, toOfferStepDto } from './offer.mapper.js';
import type { AdminOfferFilter, OfferListQuery } from './offer.schemas.js';
import { OfferStep } from './offer-step.entity.js';

/** Reading negotiations: one for its two sides and admins, the caller's lists, and the console's list. */
@injectable()
export class OfferViewService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(StorefrontNames) private readonly storefrontNames: StorefrontNames,
  ) {}

  /** GET /api/offers/{id}: for its two sides and admins; 404 for anyone else. */
  async get(id: string, actor: Actor): Promise<OfferDto> {
    const o = await this.db.em.findOne(Offer, { id }, { refresh: true });
    if (!o || (o.buyerId !== actor.id && o.sellerId !== actor.id && actor.role !== 'admin')) throw Errors.notFound('Offer');
    return (await this.toDtos([o], actor))[0]!;
  }

  /** GET /api/offers: the caller's offers as buyer (or `as=seller` as seller), newest first. */
  async list(query: OfferListQuery, actor: Actor): Promise<ListPage<OfferDto>> {
    const where: FilterQuery<Offer> = query.as === 'seller' ? { sellerId: actor.id } : { buyerId: actor.id };
    if (query.status) where.status = query.status;
    if (query.partId) where.partId = query.partId;
    const [rows, total] = await this.db.em.findAndCount(Offer, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.limit,
      offset: query.offset,
    });
    return { rows: await this.toDtos(rows, actor), total };
  }

  /**
   * GET /api/admin/offers: every offer for the console (read-only: an admin is neither side), filtered by status,
   * kind, buyer, seller, part and creation date, sorted by `createdAt` or `amount` (then the id).
   */
  async adminList(actor: Actor, page: ConsolePage, filter: AdminOfferFilter, ids?: string[]): Promise<ListPage<OfferDto>> {
    const where: FilterQuery<Offer> = {};
    if (ids) where.id = { $in: ids };
    const status = filter.status ?? filter.state;
    if (status) where.status = status;
    if (filter.kind) where.kind = filter.kind;
    if (filter.buyerId) where.buyerId = filter.buyerId;
    if (filter.sellerId) where.sellerId = filter.sellerId;
    if (filter.partId) where.partId = filter.partId;
    const created: { $gte?: Date; $lte?: Date } = {};
    if (filter.createdAt_gte) created.$gte = new Date(filter.createdAt_gte);
    if (filter.createdAt_lte) {
      const at = new Date(filter.createdAt_lte);
      // A bare date as the upper bound means the whole day.
      created.$lte = /^\d{4}-\d{2}-\d{2}$/.test(filter.createdAt_lte) ? new Date(at.getTime() + 86_400_000 - 1) : at;
    }
    if (created.$gte || created.$lte) where.createdAt = created;
    const [field, direction] = Object.entries(page.orderBy)[0] ?? ['createdAt', 'desc'];
    const dir = direction === 'asc' ? 'asc' : 'desc';
    const orderBy: Record<string, QueryOrder | string>[] =
      field === 'id' ? [{ id: dir }] : [field === 'amount' ? { amount: `${dir} nulls last` } : { createdAt: dir }, { id: dir }];
    const [rows, total] = await this.db.em.findAndCount(Offer, where, { orderBy: orderBy as never, limit: page.limit, offset: page.offset });
    return { rows: await this.toDtos(rows, actor), total };
  }

  private async toDtos(rows: Offer[], viewer: Actor): Promise<OfferDto[]> {
    if (!rows.length) return [];
    const [parts, users, steps, storefronts] = await Promise.all([
      this.catalog.findParts([...new Set(rows.map((r) => r.partId))]),
      this.accounts.findUsers([...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]),
      this.db.em.find(OfferStep, { offerId: { $in: rows.map((r) => r.id) } }, { orderBy: { id: 'asc' } }),
      this.storefrontNames.displayNames(rows.map((r) => r.sellerId)),
    ]);
    const partById = new Map(parts.map((p) => [p.id, p]));
    const nameById = new Map(users.map((u) => [u.id, u.username]));
    const stepsOf = new Map<string, OfferStepDto[]>();
    for (const s of steps) stepsOf.set(s.offerId, [...(stepsOf.get(s.offerId) ?? []), toOfferStepDto(s)]);
    const now = this.clock.now();
    return rows.map((o) =>
      toOfferDto(o, viewer.id, now, {
        partTitle: partById.get(o.partId)?.title,
        partPrice: partById.get(o.partId)?.price ?? null,
        buyerName: nameById.get(o.buyerId),
        sellerName: storefronts.get(o.sellerId) ?? nameById.get(o.sellerId),
        steps: stepsOf.get(o.id) ?? [],
      }),
    );
  }
}
