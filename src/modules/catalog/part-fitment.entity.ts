import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One vehicle a part fits (the listing form's "vehicle compatibility" entries), in the seller's order. */
export const PartFitment = defineEntity({
  name: 'PartFitment',
  tableName: 'part_fitments',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    partId: p.uuid().index(),
    position: p.smallint().default(0),
    make: p.string().length(100),
    model: p.string().length(100),
    yearStart: p.smallint().nullable(),
    yearEnd: p.smallint().nullable(),
    engine: p.string().length(200).nullable(),
    transmission: p.string().length(200).nullable(),
    notes: p.string().length(1000).nullable(),
  },
});
export type PartFitment = InferEntity<typeof PartFitment>;
