import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ProjectType } from './garage.dto.js';

/**
 * A vehicle in a user's garage (`buyer_garage`): make slug, model, optional years, engine code, chassis number and
 * modifications; `userId` is a plain user id.
 */
export const GarageVehicle = defineEntity({
  name: 'GarageVehicle',
  tableName: 'buyer_garage',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    vehicleName: p.string().length(200),
    make: p.string().length(100),
    model: p.string().length(100),
    yearStart: p.smallint().nullable(),
    yearEnd: p.smallint().nullable(),
    engineType: p.string().length(200).nullable(),
    /** The engine code as typed ("LS3", "901/01"); fitment compares it ignoring case, spaces and dashes. */
    engineCode: p.string().length(50).nullable(),
    /** Chassis number or VIN. */
    chassisNumber: p.string().length(50).nullable(),
    /** Free text: "LS3 swap, T56 gearbox". */
    modifications: p.string().length(1000).nullable(),
    transmission: p.string().length(200).nullable(),
    projectType: p.string().length(20).$type<ProjectType>().default('restoration'),
    /** 1 is the highest. */
    priority: p.smallint().default(1),
    notes: p.text().nullable(),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type GarageVehicle = InferEntity<typeof GarageVehicle>;
