import { describe, expect, it } from 'vitest';
import { offerMoney, offerStatusLine, offerStatusText, stepText } from './offerAdmin';

describe('offer console helpers', () => {
  it('names statuses, with the reason of a cancelled order', () => {
    expect(offerStatusText('open')).toBe('Open');
    expect(offerStatusText('cancelled')).toBe('Cancelled');
    expect(offerStatusLine({ status: 'cancelled', cancelReason: 'unpaid' })).toBe('Cancelled: not paid in time');
    expect(offerStatusLine({ status: 'accepted', cancelReason: null })).toBe('Accepted');
  });

  it('shows money exactly', () => {
    expect(offerMoney('1234.5')).toBe('$1,234.50');
    expect(offerMoney(null)).toBe('—');
    expect(offerMoney('abc')).toBe('—');
  });

  it('tells each step of the history', () => {
    const names = { buyerName: 'bob', sellerName: 'sue' };
    expect(stepText({ action: 'counter', actor: 'seller', amount: '950.00' }, names)).toBe('Countered by the seller (sue) · $950.00');
    expect(stepText({ action: 'cancel', actor: 'system', amount: null }, names)).toBe('Order cancelled by Pitlane');
  });
});
