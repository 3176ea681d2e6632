export { auctionsModule } from './auctions.module.js';
export { AuctionsApi } from './auctions.api.js';
export { WINNER_PAY_WINDOW_MS } from './auction.rules.js';
export { CommissionTierStore } from './commission-tiers.port.js';
export type { OpenAuctionFacts } from './auctions.api.js';
export { AUCTION_EVENTS, type AuctionEndedPayload, type AuctionWonPayload, type ReserveNotMetPayload } from './auctions.events.js';
export type { AuctionDto, BidDto, BidResultDto, BuyItNowResultDto } from './auction.dto.js';
