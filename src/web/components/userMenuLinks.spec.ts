import { describe, expect, it } from 'vitest';
import { userMenuLinks } from './userMenuLinks';

describe('userMenuLinks', () => {
  it('gives sellers their seller links first, then the account links', () => {
    expect(userMenuLinks('seller').map((l) => [l.label, l.to])).toEqual([
      ['Seller Dashboard', '/seller-dashboard'],
      ['My Listings', '/my-listings'],
      ['My Auctions', '/my-auctions'],
      ['Orders', '/account/orders'],
      ['My Offers', '/account/offers'],
      ['Returns', '/account/returns'],
      ['Account Settings', '/account/settings'],
    ]);
  });

  it('leaves the seller links out for buyers and admins', () => {
    for (const role of ['buyer', 'admin', undefined]) {
      expect(userMenuLinks(role).map((l) => l.label)).toEqual(['Orders', 'My Offers', 'Returns', 'Account Settings']);
    }
  });
});
