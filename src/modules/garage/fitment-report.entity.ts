import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { FitAnswer } from './garage.dto.js';

/**
 * A buyer's "Did it fit?" report (`fitment_reports`), once per delivered order: the part, its normalised part number
 * when reported (reports follow the number across listings), the vehicle as facts (make, model, years, engine; the
 * garage vehicle it came from, if any), the answer and a note. `declared`: the vehicle matched one of the seller's
 * fitment lines. Order, part, seller and reporter ids are plain ids of other modules.
 */
export const FitmentReport = defineEntity({
  name: 'FitmentReport',
  tableName: 'fitment_reports',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    orderId: p.uuid().unique('fitment_reports_order_id_unique'),
    partId: p.uuid().index('fitment_reports_part_id_index'),
    partNumberNorm: p.string().length(100).nullable(),
    sellerId: p.uuid(),
    reporterId: p.uuid(),
    vehicleId: p.uuid().nullable(),
    make: p.string().length(100),
    model: p.string().length(100),
    yearStart: p.smallint().nullable(),
    yearEnd: p.smallint().nullable(),
    engine: p.string().length(100).nullable(),
    fits: p.string().length(20).$type<FitAnswer>(),
    note: p.string().length(1000).nullable(),
    declared: p.boolean().default(false),
    createdAt: p.datetime().index('fitment_reports_created_at_index'),
  },
});
export type FitmentReport = InferEntity<typeof FitmentReport>;
