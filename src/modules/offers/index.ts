export { offersModule } from './offers.module.js';
export { OFFERS_EVENTS, type OfferEventPayload } from './offers.events.js';
export type { OfferCancelReason, OfferDto, OfferKind, OfferPricesDto, OfferSide, OfferStatus, OfferStepDto, SecondChanceCandidateDto, SecondChanceDto, UnpaidWinDto } from './offer.dto.js';
