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
import { Migration20261124143000CatalogPartSold } from './20261124143000-catalog-part-sold.js';
import { Migration20261124143100AuctionsCancelled } from './20261124143100-auctions-cancelled.js';
import { Migration20261124150000AuctionsAdminClose } from './20261124150000-auctions-admin-close.js';
import { Migration20261124151000AuctionsOneOpenPerPart } from './20261124151000-auctions-one-open-per-part.js';
import { Migration20261124160000CatalogSearchWordStems } from './20261124160000-catalog-search-word-stems.js';
import { Migration20261124161000SupportContactRequests } from './20261124161000-support-contact-requests.js';
import { Migration20261124170000ReverseInit } from './20261124170000-reverse-init.js';
import { Migration20261124180000PlatformDemoData } from './20261124180000-platform-demo-data.js';

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
  { name: '20261124143000-catalog-part-sold', class: Migration20261124143000CatalogPartSold },
  { name: '20261124143100-auctions-cancelled', class: Migration20261124143100AuctionsCancelled },
  { name: '20261124150000-auctions-admin-close', class: Migration20261124150000AuctionsAdminClose },
  { name: '20261124151000-auctions-one-open-per-part', class: Migration20261124151000AuctionsOneOpenPerPart },
  { name: '20261124160000-catalog-search-word-stems', class: Migration20261124160000CatalogSearchWordStems },
  { name: '20261124161000-support-contact-requests', class: Migration20261124161000SupportContactRequests },
  { name: '20261124170000-reverse-init', class: Migration20261124170000ReverseInit },
  { name: '20261124180000-platform-demo-data', class: Migration20261124180000PlatformDemoData },
];
