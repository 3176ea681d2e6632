import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { CatalogApi } from '../catalog/index.js';
import type { OfferPricesDto } from './offer.dto.js';
import { cents, money } from './offer.mapper.js';
import { OFFER_MESSAGES } from './offer.rules.js';
import type { OfferPricesInput } from './offer.schemas.js';
import { OfferPartPrice } from './offer-part-price.entity.js';

/** A seller's per-part automatic answers to offers (auto-accept and auto-decline prices), never shown to buyers. */
@injectable()
export class OfferPricesService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
  ) {}

  /** GET /api/parts/{id}/offer-prices (the part's seller and admins). */
  async prices(partId: string, actor: Actor): Promise<OfferPricesDto> {
    await this.ownPart(partId, actor);
    const row = await this.db.em.findOne(OfferPartPrice, { partId }, { refresh: true });
    return { partId, autoAcceptPrice: money(cents(row?.autoAccept)), autoDeclinePrice: money(cents(row?.autoDecline)) };
  }

  /** PUT /api/parts/{id}/offer-prices: sets or clears the part's auto-accept and auto-decline prices. */
  async setPrices(partId: string, input: OfferPricesInput, actor: Actor): Promise<OfferPricesDto> {
    const part = await this.ownPart(partId, actor);
    const accept = input.autoAcceptPrice ?? null;
    const decline = input.autoDeclinePrice ?? null;
    if (accept !== null && decline !== null && decline >= accept) {
      throw Errors.invalid('validation_failed', OFFER_MESSAGES.pricesOrder, { autoDeclinePrice: OFFER_MESSAGES.pricesOrder });
    }
    await this.db.em.upsert(
      OfferPartPrice,
      { partId, sellerId: part.sellerId, autoAccept: money(accept), autoDecline: money(decline), updatedAt: this.clock.now() },
      { onConflictFields: ['partId'], onConflictMergeFields: ['autoAccept', 'autoDecline', 'updatedAt'] },
    );
    return this.prices(partId, actor);
  }

  /** The automatic answers of a part, in cents (null when the seller set none). */
  async autoPrices(partId: string): Promise<{ autoAcceptCents: number | null; autoDeclineCents: number | null } | null> {
    const row = await this.db.em.findOne(OfferPartPrice, { partId }, { refresh: true });
    return row ? { autoAcceptCents: cents(row.autoAccept), autoDeclineCents: cents(row.autoDecline) } : null;
  }

  private async ownPart(partId: string, actor: Actor) {
    const [part] = await this.catalog.findParts([partId]);
    if (!part) throw Errors.notFound('Part');
    if (part.sellerId !== actor.id && actor.role !== 'admin') throw Errors.forbidden();
    return part;
  }
}
