import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { formatCents, parseMoney } from '../../platform/money.js';
import { CatalogReference } from '../catalog/index.js';
import { NotificationsApi } from '../notifications/index.js';
import { ReverseApi, type UnfilledRequestPayload } from '../reverse/index.js';
import { toAlertDto } from './alert.service.js';
import type { AlertDto, WantedRequestAlertDto } from './garage.dto.js';
import { PartAlert } from './part-alert.entity.js';
import { quotedName } from './garage.rules.js';

/** The facts of a wanted request an alert is made from (the event's payload, or the request as the API answers it). */
type RequestFacts = Omit<UnfilledRequestPayload, 'alertIfUnfilled'>;

export const WANTED_ALERT_MESSAGES = {
  notUnfilled: 'Only a request that ended without an award can become an alert',
} as const;

/**
 * Alerts made from wanted requests that ended without an award (issue 35): one per buyer and request, made when the
 * request closes if the buyer asked for it when posting, else in one click on the request page (offered by a notice).
 */
@injectable()
export class WantedAlertService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogReference) private readonly reference: CatalogReference,
    @inject(NotificationsApi) private readonly notifications: NotificationsApi,
    @inject(ReverseApi) private readonly reverse: ReverseApi,
  ) {}

  private async makeNames(): Promise<Map<string, string>> {
    return new Map((await this.reference.makes()).map((m) => [m.slug, m.name]));
  }

  /** The actor's alert made from request `requestId`, or null. */
  async find(actor: Actor, requestId: string): Promise<WantedRequestAlertDto> {
    const alert = await this.db.em.findOne(PartAlert, { userId: actor.id, wantedRequestId: requestId });
    return { alert: alert ? toAlertDto(alert, await this.makeNames()) : null };
  }

  /** The request page's click: the actor's own request, ended without an award (404, 403, 409 otherwise). */
  async fromRequest(actor: Actor, requestId: string): Promise<AlertDto> {
    const request = await this.reverse.findRequest(requestId, actor);
    if (!request) throw Errors.notFound('Reverse auction');
    if (request.buyerId !== actor.id) throw Errors.forbidden();
    if (request.status !== 'ended' || request.awardStatus !== 'unawarded') throw Errors.conflict('request_not_unfilled', WANTED_ALERT_MESSAGES.notUnfilled);
    const { id, buyerId, title, partCategory, make, model, yearStart, yearEnd, maxBudget } = request;
    return (await this.make({ reverseAuctionId: id, buyerId, title, partCategory, make, model, yearStart, yearEnd, maxBudget })).alert;
  }

  /**
   * `reverse.request.unfilled`: makes the alert when the buyer asked for it, and tells the buyer either way (the
   * alert made, or the offer of one on the request page), once per request.
   */
  async onUnfilled(payload: UnfilledRequestPayload): Promise<void> {
    const stored = await this.db.transaction(async () => {
      const made = payload.alertIfUnfilled ? await this.make(payload) : null;
      return this.notifications.recordManyOnce([
        made
          ? {
              userId: payload.buyerId,
              notificationType: 'wanted_alert_created',
              title: 'We will keep looking',
              message: `${quotedName(payload.title)} ended without a seller. Your alert ${quotedName(made.alert.alertName)} tells you when a matching part is listed.`,
              link: '/garage?tab=alerts',
              relatedItemId: made.alert.id,
              relatedItemType: 'alert',
              key: `wanted-unfilled:${payload.reverseAuctionId}`,
            }
          : {
              userId: payload.buyerId,
              notificationType: 'wanted_alert_offer',
              title: 'Your wanted request ended without a seller',
              message: `Get an alert when a part like ${quotedName(payload.title)} is listed: one click on the request page.`,
              link: `/reverse-auctions/${payload.reverseAuctionId}`,
              relatedItemId: payload.reverseAuctionId,
              relatedItemType: 'reverse_auction',
              key: `wanted-unfilled:${payload.reverseAuctionId}`,
            },
      ]);
    });
    await this.notifications.deliver(stored);
  }

  /**
   * The buyer's alert like the request (made once: asking again answers the same alert), named "Wanted: {title}"
   * (the title alone when it begins so): its make when the makes
   * list knows it (by slug or name), else the make's words as keywords; its category when the categories list has
   * it; model, years and the budget as the maximum price; instant mail.
   */
  private async make(facts: RequestFacts): Promise<{ alert: AlertDto; created: boolean }> {
    const names = await this.makeNames();
    const existing = () => this.db.em.findOne(PartAlert, { userId: facts.buyerId, wantedRequestId: facts.reverseAuctionId });
    const found = await existing();
    if (found) return { alert: toAlertDto(found, names), created: false };
    const typed = facts.make?.trim().toLowerCase() ?? '';
    const make = typed ? ([...names].find(([slug, name]) => slug === typed || name.toLowerCase() === typed)?.[0] ?? null) : null;
    const category = facts.partCategory.trim().toLowerCase();
    const categories = new Set((await this.reference.categories()).map((c) => c.slug));
    const budget = parseMoney(facts.maxBudget);
    const now = this.clock.now();
    try {
      const alert = await this.db.transaction(async (em) => {
        const row = em.create(PartAlert, {
          userId: facts.buyerId,
          wantedRequestId: facts.reverseAuctionId,
          alertName: (/^wanted\b/i.test(facts.title) ? facts.title : `Wanted: ${facts.title}`).slice(0, 200),
          make,
          model: facts.model?.trim() || null,
          yearStart: facts.yearStart,
          yearEnd: facts.yearEnd,
          category: categories.has(category) ? category : null,
          condition: [],
          maxPrice: budget.ok ? formatCents(budget.cents) : null,
          keywords: make || !typed ? [] : [...new Set(typed.split(/\s+/).map((w) => w.slice(0, 50)))].slice(0, 10),
          isActive: true,
          frequency: 'instant',
          matchCount: 0,
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        return row;
      });
      return { alert: toAlertDto(alert, names), created: true };
    } catch (err) {
      // The click and the automatic alert at once: the other one made it.
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      const other = await existing();
      if (!other) throw err;
      return { alert: toAlertDto(other, names), created: false };
    }
  }
}
