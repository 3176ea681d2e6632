import { describe, expect, it } from 'vitest';
import { POLICY } from './policy';
import { buyerProtectionSections, faqAnswer, sellerGuidelinesSections, termsBlocks } from './policyPages';

const text = (sections: ReturnType<typeof buyerProtectionSections>) =>
  sections.flatMap((s) => s.blocks.flatMap((b) => (typeof b === 'string' ? [b] : [...b]))).join('\n');

describe('the buyer protection and seller guidelines pages', () => {
  it('quote the FAQ and the terms that exist (a renamed question or section fails here, not on the page)', () => {
    expect(() => buyerProtectionSections()).not.toThrow();
    expect(() => sellerGuidelinesSections()).not.toThrow();
    expect(() => faqAnswer('returns', 'No such question?')).toThrow(/no "No such question\?"/);
    expect(() => termsBlocks('No such section')).toThrow(/no section/);
  });

  it('tell buyers the return window, the escrow threshold and how to report a problem', () => {
    const buyer = text(buyerProtectionSections());
    expect(buyer).toContain(`within ${POLICY.returnWindowDays} days of delivery`);
    expect(buyer).toContain(POLICY.escrowThreshold);
    expect(buyer).toContain(POLICY.supportEmail);
    expect(buyer).toContain('Off-platform deals lose all buyer and seller protection');
  });

  it('tell sellers the shipping time, the commission and what is prohibited', () => {
    const seller = text(sellerGuidelinesSections());
    expect(seller).toContain(`${POLICY.shipWithinHours} hours`);
    expect(seller).toContain(POLICY.commission);
    expect(seller).toContain('Counterfeit parts');
    expect(sellerGuidelinesSections().map((s) => s.heading)).toEqual([
      'Becoming a seller',
      'Listing honestly',
      'Auctions and wanted requests',
      'Fees and payouts',
      'Shipping',
      'Returns',
      'Prohibited items and conduct',
    ]);
  });
});
