import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import { CatalogApi, CatalogReference, type FitmentEntry } from '../catalog/index.js';
import { NotificationsApi } from '../notifications/index.js';
import { OrdersApi, type OrderFacts } from '../payments/index.js';
import { vehicleFromLines, type ReportedVehicle } from './fitment-evidence.rules.js';
import { fitOf } from './fitment.rules.js';
import { FitmentReport } from './fitment-report.entity.js';
import type { FitmentReportDto, FitmentReportStateDto } from './garage.dto.js';
import { FITMENT_REPORT_MESSAGES } from './garage.messages.js';
import type { FitmentReportCreate } from './garage.schemas.js';
import { GarageVehicle } from './vehicle.entity.js';
import { toFitVehicle, VehicleService } from './vehicle.service.js';

/** Orders whose buyer may say whether the part fitted: delivered, or completed after delivery. */
const REPORTABLE = new Set<OrderFacts['state']>(['delivered', 'completed']);

export function toFitmentReportDto(r: FitmentReport): FitmentReportDto {
  return {
    id: r.id,
    orderId: r.orderId,
    partId: r.partId,
    partNumberNorm: r.partNumberNorm ?? null,
    sellerId: r.sellerId,
    reporterId: r.reporterId,
    vehicleId: r.vehicleId ?? null,
    make: r.make,
    model: r.model,
    yearStart: r.yearStart ?? null,
    yearEnd: r.yearEnd ?? null,
    engine: r.engine ?? null,
    fits: r.fits,
    note: r.note ?? null,
    declared: r.declared,
    createdAt: r.createdAt.toISOString(),
  };
}

/** "1969-1972 Chevrolet Camaro (350)": a reported vehicle as the seller's notice names it. */
export function vehicleText(v: ReportedVehicle): string {
  const years = v.yearStart !== null && v.yearEnd !== null && v.yearStart !== v.yearEnd ? `${v.yearStart}-${v.yearEnd}` : (v.yearStart ?? v.yearEnd ?? '');
  return `${years ? `${years} ` : ''}${v.make} ${v.model}${v.engine ? ` (${v.engine})` : ''}`;
}

/**
 * Buyers' "Did it fit?" reports (issue 35): one per delivered order, on one of the buyer's garage vehicles or on the
 * part's own fitment line; a "no" on a vehicle the seller declared tells the seller.
 */
@injectable()
export class FitmentReportService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(OrdersApi) private readonly orders: OrdersApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(CatalogReference) private readonly reference: CatalogReference,
    @inject(VehicleService) private readonly vehicles: VehicleService,
    @inject(NotificationsApi) private readonly notifications: NotificationsApi,
  ) {}

  /** The order `orderId` if `actor` bought it (404 unknown, 403 someone else's; admins may read any). */
  private async orderOf(actor: Actor, orderId: string, read = false): Promise<OrderFacts & { partId: string }> {
    const order = await this.orders.findOrder(orderId);
    if (!order) throw Errors.notFound('Order');
    if (order.buyerId !== actor.id && !(read && hasRole(actor.role, 'admin'))) throw Errors.forbidden();
    if (!order.partId) throw Errors.conflict('no_part', FITMENT_REPORT_MESSAGES.noPart);
    return order as OrderFacts & { partId: string };
  }

  /** GET /api/orders/{id}/fitment-report: the buyer's report, or null. */
  async find(actor: Actor, orderId: string): Promise<FitmentReportStateDto> {
    await this.orderOf(actor, orderId, true);
    const report = await this.db.em.findOne(FitmentReport, { orderId });
    return { report: report ? toFitmentReportDto(report) : null };
  }

  /** The reported vehicle, and whether the seller declared it (it fits one of the part's lines). */
  private async vehicleOf(actor: Actor, vehicleId: string | null, lines: FitmentEntry[], partId: string): Promise<{ vehicle: ReportedVehicle; declared: boolean; vehicleId: string | null }> {
    const names = await this.vehicles.makeNames();
    if (vehicleId) {
      const owned = await this.db.em.findOne(GarageVehicle, { id: vehicleId });
      if (!owned) throw Errors.notFound('Vehicle');
      if (owned.userId !== actor.id) throw Errors.forbidden();
      const vehicle = {
        make: names.get(owned.make) ?? owned.make,
        model: owned.model,
        yearStart: owned.yearStart ?? null,
        yearEnd: owned.yearEnd ?? null,
        engine: owned.engineCode ?? null,
      };
      return { vehicle, declared: fitOf(toFitVehicle(owned, names), lines).fits, vehicleId };
    }
    const garage = (await this.vehicles.activeOf(actor.id)).map((v) => toFitVehicle(v, names));
    const fromLine = vehicleFromLines(lines, garage);
    if (fromLine) return { vehicle: fromLine, declared: true, vehicleId: null };
    // No fitment line: the listing's own make, model and years, when it names a model.
    const [part] = await this.catalog.findParts([partId]);
    if (!part?.model) throw Errors.invalid('vehicle_required', FITMENT_REPORT_MESSAGES.vehicleRequired, { vehicleId: FITMENT_REPORT_MESSAGES.vehicleRequired });
    const vehicle = { make: part.makeName ?? part.make, model: part.model, yearStart: part.yearStart, yearEnd: part.yearEnd, engine: null };
    return { vehicle, declared: false, vehicleId: null };
  }

  /**
   * POST /api/orders/{id}/fitment-report: the buyer of a delivered or completed order, once (404, 403, 409
   * otherwise). A "no" on a declared vehicle records a notice for the seller, in the same transaction.
   */
  async report(actor: Actor, orderId: string, input: FitmentReportCreate): Promise<FitmentReportDto> {
    const order = await this.orderOf(actor, orderId);
    if (!REPORTABLE.has(order.state)) throw Errors.conflict('not_delivered', FITMENT_REPORT_MESSAGES.notDelivered);
    if (await this.db.em.findOne(FitmentReport, { orderId }, { fields: ['id'] })) throw Errors.conflict('already_reported', FITMENT_REPORT_MESSAGES.alreadyReported);
    const [lines, norms] = await Promise.all([this.reference.fitments([order.partId]), this.catalog.partNumberNorms([order.partId])]);
    const { vehicle, declared, vehicleId } = await this.vehicleOf(actor, input.vehicleId, lines, order.partId);
    const { dto, notices } = await this.db.transaction(async (em) => {
      const row = em.create(FitmentReport, {
        orderId,
        partId: order.partId,
        partNumberNorm: norms.get(order.partId) ?? null,
        sellerId: order.sellerId,
        reporterId: actor.id,
        vehicleId,
        ...vehicle,
        fits: input.fits,
        note: input.note,
        declared,
        createdAt: this.clock.now(),
      });
      try {
        await em.flush();
      } catch (error) {
        // One report per order: the unique order id answers a second one, even one sent at the same moment.
        if (error instanceof UniqueConstraintViolationException) throw Errors.conflict('already_reported', FITMENT_REPORT_MESSAGES.alreadyReported);
        throw error;
      }
      const notices =
        input.fits === 'no' && declared
          ? await this.notifications.recordManyOnce([
              {
                userId: order.sellerId,
                notificationType: 'fitment_did_not_fit',
                title: 'A buyer says a part did not fit',
                message: `"${order.partTitle}" did not fit a buyer's ${vehicleText(vehicle)}, a vehicle your listing names.${input.note ? ` Their note: ${input.note}` : ''}`,
                link: `/parts/${order.partId}`,
                relatedItemId: order.partId,
                relatedItemType: 'part',
                key: `fitment-no:${orderId}`,
              },
            ])
          : [];
      return { dto: toFitmentReportDto(row), notices };
    });
    if (notices.length) await this.notifications.deliver(notices);
    return dto;
  }
}
