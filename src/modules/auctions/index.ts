export { auctionsModule } from './auctions.module.js';
export { AUCTION_EVENTS } from './auctions.events.js';
export { AuctionLifecycleService } from './auction-lifecycle.service.js';
export type { AuctionDto, BidDto } from './auction.service.js';
