import { describe, expect, it } from 'vitest';
import { itemHref, reviewReason, warningLabels } from './reportedConversations';

describe('reported conversations in the console', () => {
  it('says why a conversation is in the review', () => {
    expect(reviewReason({ flaggedMessages: 2, reports: 1 })).toBe('2 flagged messages, 1 report');
    expect(reviewReason({ flaggedMessages: 0, reports: 0 })).toBe('Flagged');
  });
  it('names warnings and links the item', () => {
    expect(warningLabels(['email', 'off_platform_payment'])).toBe('Email address, Off-platform payment');
    expect(itemHref({ relatedItemType: 'reverse_auction', relatedItemId: 'r1' })).toBe('/reverse-auctions/r1');
  });
});
