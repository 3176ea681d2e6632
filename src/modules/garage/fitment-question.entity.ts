import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { FitAnswer } from './fitment-question.dto.js';

/**
 * "Will it fit my ...?" (`fitment_questions`): a buyer's question to a part's seller about one garage vehicle (its
 * name copied when asked), with photos, and the seller's one answer. `partId`, `sellerId` and `askerId` are other
 * modules' ids.
 */
export const FitmentQuestion = defineEntity({
  name: 'FitmentQuestion',
  tableName: 'fitment_questions',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    partId: p.uuid(),
    sellerId: p.uuid(),
    askerId: p.uuid(),
    vehicleId: p.uuid().nullable(),
    vehicleName: p.string().length(200),
    question: p.text(),
    photos: p.json<{ url: string }[]>().default('[]'),
    fits: p.string().length(10).$type<FitAnswer>().nullable(),
    answer: p.text().nullable(),
    askedAt: p.datetime(),
    answeredAt: p.datetime().nullable(),
  },
});
export type FitmentQuestion = InferEntity<typeof FitmentQuestion>;
