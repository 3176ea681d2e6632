import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { AlertFrequency } from './garage.dto.js';

/**
 * A part alert / saved search (`part_alerts`): empty fields mean "any". `garageVehicleId` is one of the owner's
 * vehicles (cleared when it is removed); `maxPrice` is numeric(10,2). Matching reads it in SQL (MATCH_SQL).
 */
export const PartAlert = defineEntity({
  name: 'PartAlert',
  tableName: 'part_alerts',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    garageVehicleId: p.uuid().nullable(),
    /** One of the owner's vehicles the alert is keyed to: it matches parts that fit it (removed with the vehicle). */
    vehicleId: p.uuid().nullable(),
    /** The wanted request (reverse auction) the alert was made from, after it ended without an award. */
    wantedRequestId: p.uuid().nullable(),
    alertName: p.string().length(200),
    make: p.string().length(100).nullable(),
    model: p.string().length(100).nullable(),
    yearStart: p.smallint().nullable(),
    yearEnd: p.smallint().nullable(),
    category: p.string().length(100).nullable(),
    condition: p.array().default([]),
    maxPrice: p.decimal('string').precision(10).scale(2).nullable(),
    keywords: p.array().default([]),
    isActive: p.boolean().default(true),
    frequency: p.string().length(10).$type<AlertFrequency>().default('instant'),
    lastTriggered: p.datetime().nullable(),
    matchCount: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PartAlert = InferEntity<typeof PartAlert>;
