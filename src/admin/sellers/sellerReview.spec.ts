import { describe, expect, it } from 'vitest';
import { businessTypeLabel, canReject, cityState, consoleDate, decisionBody, failureText, tabLabel, websiteHref } from './sellerReview';

describe('seller decisions', () => {
  it('allows a rejection only with a non-blank reason', () => {
    expect(canReject('')).toBe(false);
    expect(canReject('   ')).toBe(false);
    expect(canReject('Incomplete business details')).toBe(true);
  });

  it('sends only the status to approve, and the trimmed reason to reject', () => {
    expect(decisionBody('approved')).toEqual({ status: 'approved' });
    expect(decisionBody('rejected', '  No tax id  ')).toEqual({ status: 'rejected', rejectionReason: 'No tax id' });
  });

  it("words a failure with its title and the server's message", () => {
    expect(failureText('Approval Failed', new Error('Seller not found'))).toBe('Approval Failed: Seller not found');
    expect(failureText('Update Failed', new Error(''))).toBe('Update Failed');
  });
});

describe('seller card fields', () => {
  it('labels business types, defaulting to Individual', () => {
    expect(businessTypeLabel('dealership')).toBe('Dealership');
    expect(businessTypeLabel(undefined)).toBe('Individual');
  });

  it('joins city and state', () => {
    expect(cityState('Austin', 'TX')).toBe('Austin, TX');
    expect(cityState('', 'TX')).toBe('TX');
  });

  it('links a website with a scheme, adding https when it has none', () => {
    expect(websiteHref('shelby.example')).toBe('https://shelby.example');
    expect(websiteHref('http://shelby.example')).toBe('http://shelby.example');
    expect(websiteHref('  ')).toBeNull();
  });

  it('formats dates in en-US and shows a dash for none', () => {
    expect(consoleDate('2025-01-30T12:00:00.000Z')).toBe('Jan 30, 2025');
    expect(consoleDate(null)).toBe('—');
  });

  it('adds the count to a tab label once known', () => {
    expect(tabLabel('Pending', 3)).toBe('Pending (3)');
    expect(tabLabel('Pending', undefined)).toBe('Pending');
  });
});
