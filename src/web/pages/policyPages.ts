import type { LegalBlock, LegalSection } from './LegalDocument';
import { FAQ_SECTIONS } from './faq.data';
import { SECTIONS as TERMS_SECTIONS } from './TermsOfServicePage';

/**
 * The Buyer Protection and Seller Guidelines pages, quoted from the policy texts already published in the FAQ and
 * the Terms of Service, so the three never disagree. A quote that no longer exists throws (and fails the unit test).
 */

/** The FAQ's answer to `question` in section `sectionId`. */
export function faqAnswer(sectionId: string, question: string): string {
  const answer = FAQ_SECTIONS.find((s) => s.id === sectionId)?.items.find((i) => i.question === question)?.answer;
  if (answer === undefined) throw new Error(`The FAQ has no "${question}" in ${sectionId}`);
  return answer;
}

/** The blocks of the terms' section headed `heading`. */
export function termsBlocks(heading: string): readonly LegalBlock[] {
  const section = TERMS_SECTIONS.find((s) => s.heading === heading);
  if (!section) throw new Error(`The Terms of Service have no section "${heading}"`);
  return section.blocks;
}

/** /buyer-protection. */
export function buyerProtectionSections(): LegalSection[] {
  return [
    { heading: 'Vetted sellers', blocks: [faqAnswer('trust-safety', 'How are sellers vetted?')] },
    {
      heading: 'Paying safely',
      blocks: [
        faqAnswer('payments-payouts', 'How do I pay?'),
        'Pay only through Pitlane. ' + faqAnswer('trust-safety', 'What is not allowed on Pitlane?'),
      ],
    },
    {
      heading: 'Know what you are buying',
      blocks: [termsBlocks('Buying')[0]!, faqAnswer('buying-bidding', 'How do I know a part fits my car?')],
    },
    { heading: 'Returns', blocks: termsBlocks('Returns') },
    { heading: 'A part that is not as described', blocks: [faqAnswer('returns', 'What if the part is not as described?')] },
    { heading: 'Shipping', blocks: termsBlocks('Shipping') },
    { heading: 'Reporting a problem', blocks: [faqAnswer('trust-safety', 'How do I report a suspicious listing or message?')] },
  ];
}

/** /seller-guidelines. */
export function sellerGuidelinesSections(): LegalSection[] {
  return [
    {
      heading: 'Becoming a seller',
      blocks: [faqAnswer('listing-selling', 'How do I become a seller?'), faqAnswer('listing-selling', 'Why is my listing not live yet?')],
    },
    { heading: 'Listing honestly', blocks: [...termsBlocks('Selling').slice(1), faqAnswer('listing-selling', 'How many photos should I add?')] },
    { heading: 'Auctions and wanted requests', blocks: termsBlocks('Auctions and wanted requests') },
    {
      heading: 'Fees and payouts',
      blocks: [faqAnswer('payments-payouts', 'What does selling cost?'), faqAnswer('payments-payouts', 'How do sellers get paid?')],
    },
    {
      heading: 'Shipping',
      blocks: [
        faqAnswer('shipping', 'When will my part ship?'),
        faqAnswer('shipping', 'Do sellers ship internationally?'),
        faqAnswer('shipping', 'What if my part arrives damaged or is lost?'),
      ],
    },
    { heading: 'Returns', blocks: termsBlocks('Returns') },
    { heading: 'Prohibited items and conduct', blocks: termsBlocks('Prohibited items and conduct') },
  ];
}
