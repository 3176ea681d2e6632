import { describe, expect, it } from 'vitest';
import { canAccessAdmin, canAccessSeller, canBid, canCreateContent, hasRole } from './roles.js';

describe('roles', () => {
  it('lets an admin pass every check', () => {
    expect([canAccessAdmin('admin'), canAccessSeller('admin'), canBid('admin'), hasRole('admin', 'buyer')]).toEqual([true, true, true, true]);
  });
  it('lets a seller pass seller and buyer checks only', () => {
    expect([canAccessAdmin('seller'), canCreateContent('seller'), canBid('seller')]).toEqual([false, true, true]);
  });
  it('lets a buyer pass only buyer checks', () => {
    expect([canAccessAdmin('buyer'), canAccessSeller('buyer'), canBid('buyer')]).toEqual([false, false, true]);
  });
  it('lets nobody through when signed out', () => {
    expect([canBid(null), canAccessSeller(undefined)]).toEqual([false, false]);
  });
});
