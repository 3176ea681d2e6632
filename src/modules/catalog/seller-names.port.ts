/**
 * The names buyers know sellers by, their shops' names; bound by the sellers module (the catalog cannot import it:
 * sellers depends on the catalog).
 */
export abstract class SellerNames {
  /**
   * By user id, the shop name of each of `userIds` that has one: the storefront's display name, else the approved
   * seller record's business name. Users without either are left out (their parts show the username).
   */
  abstract shopNames(userIds: readonly string[]): Promise<Map<string, string>>;
}
