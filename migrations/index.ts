import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000AccountsInit } from './20261122000000-accounts-init.js';
import { Migration20261123000000CatalogInit } from './20261123000000-catalog-init.js';
import { Migration20261123050000CatalogSearchPerf } from './20261123050000-catalog-search-perf.js';
import { Migration20261123100000SellersInit } from './20261123100000-sellers-init.js';
import { Migration20261123200000AuctionsInit } from './20261123200000-auctions-init.js';
import { Migration20261123210000AuctionsBidFunction } from './20261123210000-auctions-bid-function.js';
import { Migration20261123220000AuctionsHotUpdates } from './20261123220000-auctions-hot-updates.js';
import { Migration20261123230000AuctionsBatchedBids } from './20261123230000-auctions-batched-bids.js';
import { Migration20261124000000AuctionsShorterBidLock } from './20261124000000-auctions-shorter-bid-lock.js';
import { Migration20261124010000CatalogBrowseCounts } from './20261124010000-catalog-browse-counts.js';
import { Migration20261124020000CatalogPagingIndexes } from './20261124020000-catalog-paging-indexes.js';

/** The migration chain, in order. Add each new migration here. */
export const migrations: MigrationObject[] = [
  { name: '20261122000000-accounts-init', class: Migration20261122000000AccountsInit },
  { name: '20261123000000-catalog-init', class: Migration20261123000000CatalogInit },
  { name: '20261123050000-catalog-search-perf', class: Migration20261123050000CatalogSearchPerf },
  { name: '20261123100000-sellers-init', class: Migration20261123100000SellersInit },
  { name: '20261123200000-auctions-init', class: Migration20261123200000AuctionsInit },
  { name: '20261123210000-auctions-bid-function', class: Migration20261123210000AuctionsBidFunction },
  { name: '20261123220000-auctions-hot-updates', class: Migration20261123220000AuctionsHotUpdates },
  { name: '20261123230000-auctions-batched-bids', class: Migration20261123230000AuctionsBatchedBids },
  { name: '20261124000000-auctions-shorter-bid-lock', class: Migration20261124000000AuctionsShorterBidLock },
  { name: '20261124010000-catalog-browse-counts', class: Migration20261124010000CatalogBrowseCounts },
  { name: '20261124020000-catalog-paging-indexes', class: Migration20261124020000CatalogPagingIndexes },
];
