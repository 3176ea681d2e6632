import type { Container } from 'inversify';
import { z } from 'zod';
import type { TaskFactories } from '../../platform/module.js';
import { parseOrThrow } from '../../platform/http/validate.js';
import { auctionWonPayload, evaluateBadgesPayload } from './reputation.schemas.js';
import {
  EVALUATE_ALL_BADGES_TASK,
  EVALUATE_BADGES_TASK,
  RECORD_SALE_TASK,
  REFRESH_REPUTATION_TASK,
  ReputationService,
} from './reputation.service.js';

const eventEnvelope = <T extends z.ZodType>(payload: T) => z.object({ event: z.string(), payload });

/** graphile-worker tasks of the sellers module. */
export const sellerTasks: TaskFactories = {
  /** Awards the badges a seller's user now qualifies for (payload {sellerUserId}); idempotent. */
  [EVALUATE_BADGES_TASK]: (container: Container) => async (payload) => {
    const { sellerUserId } = parseOrThrow(evaluateBadgesPayload, payload);
    await container.get(ReputationService).evaluateBadges(sellerUserId);
  },
  /** Credits a won auction to its seller (event `auctions.auction.won`); counts each auction once. */
  [RECORD_SALE_TASK]: (container: Container) => async (payload) => {
    const { payload: sale } = parseOrThrow(eventEnvelope(auctionWonPayload), payload);
    await container.get(ReputationService).recordSale(sale);
  },
  /** Recomputes the seller's figures after a delivery or a return request (events of payments and returns); idempotent. */
  [REFRESH_REPUTATION_TASK]: (container: Container) => async (payload) => {
    const { payload: facts } = parseOrThrow(eventEnvelope(z.object({ sellerId: z.uuid() }).loose()), payload);
    await container.get(ReputationService).refresh(facts.sellerId);
  },
  /** The nightly run: queues a badge evaluation for every approved seller. */
  [EVALUATE_ALL_BADGES_TASK]: (container: Container) => async () => {
    await container.get(ReputationService).queueAllEvaluations();
  },
};

/** Every night at 03:15 UTC. */
export const sellerCrontab = [`15 3 * * * ${EVALUATE_ALL_BADGES_TASK} ?max=1`];
