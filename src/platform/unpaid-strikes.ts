/**
 * The non-paying winner's strikes (auction wins cancelled for non-payment), for the bidder rules: a port that
 * the auctions module asks and the offers module answers, so neither imports the other. Optional: unbound, no
 * one has strikes.
 */
export abstract class UnpaidStrikes {
  /** How many auction wins of this user were cancelled for non-payment. */
  abstract count(userId: string): Promise<number>;
}
