export { reverseModule } from './reverse.module.js';
export { ReverseApi } from './reverse.api.js';
export { REVERSE_EVENTS, unfilledRequestPayload, type QuoteAcceptedPayload, type RequestEndedPayload, type UnfilledRequestPayload } from './reverse.events.js';
export type { ReverseAuctionDto, ReverseBidDto, ReverseStatsDto } from './reverse.dto.js';
