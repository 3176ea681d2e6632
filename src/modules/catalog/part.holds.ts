/**
 * Which parts are held by an open (scheduled or active) auction. The catalog asks so that a part under auction is
 * not offered at its fixed price too; the auctions module binds it (from its auctions), since the catalog may not
 * depend on auctions.
 */
export abstract class PartHolds {
  /** The open auction of each of `partIds` that has one (part id to auction id); at most one per part. */
  abstract openAuctions(partIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
}
