import { LegalDocument, type LegalSection } from './LegalDocument';
import { POLICY } from './policy';

/** The terms, section by section (the buyer protection and seller guidelines pages quote some). */
export const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Accepting these terms',
    blocks: [
      'By creating an account or using Pitlane you agree to these Terms of Service and to our Privacy Policy. If you do not agree, do not use Pitlane.',
    ],
  },
  {
    heading: 'Eligibility and accounts',
    blocks: [
      `You must be at least ${POLICY.minimumAge} years old. Give accurate details, verify your email address, keep your password to yourself, and keep one account per person. You are responsible for what happens under your account.`,
    ],
  },
  {
    heading: 'Buying',
    blocks: [
      'A purchase at a fixed price, a winning bid, a Buy It Now and an accepted quote on a wanted request are all binding commitments to pay. Read the listing, its condition and its fitment before you commit, and ask the seller if anything is unclear.',
    ],
  },
  {
    heading: 'Selling',
    blocks: [
      'Sellers apply and are approved by our team before they can list. Listings may need approval before they go live.',
      [
        `Describe parts honestly: condition, part number, fitment and any faults. Use clear photos (${POLICY.suggestedPhotos} per listing is a good number) with descriptive alt text.`,
        'List only parts you own and have the right to sell.',
        `Ship within ${POLICY.shipWithinHours} hours of the buyer arranging shipping, packed to survive the trip.`,
        'Honour your listed price, auction results and accepted quotes.',
      ],
    ],
  },
  {
    heading: 'Auctions and wanted requests',
    blocks: [
      'Bids cannot be withdrawn. A bid placed in the last minutes of an auction may extend it to stop sniping. Auctions with a reserve sell only if the reserve is met. Unsold auctions and wanted requests without a suitable quote may be relisted automatically under the settings shown when they were created.',
    ],
  },
  {
    heading: 'Payments and fees',
    blocks: [
      `Sales under ${POLICY.escrowThreshold} are paid through our card payment provider. Sales of ${POLICY.escrowThreshold} and over use an escrow service, or both parties must sign a waiver. Sellers pay a commission of generally ${POLICY.commission}, tiered, plus provider fees. All amounts are in USD. Paying or being paid off-platform is forbidden.`,
    ],
  },
  {
    heading: 'Shipping',
    blocks: [
      'The buyer pays shipping and return shipping unless the part was misrepresented or faulty. International shipping is at the seller’s discretion and the buyer pays duties and taxes. Pitlane does not cover damage or loss in transit: buy insurance for valuable parts.',
    ],
  },
  {
    heading: 'Returns',
    blocks: [
      `Buyers may request a return within ${POLICY.returnWindowDays} days of delivery from Account → Orders, with photos and details. The seller responds within ${POLICY.sellerReturnResponseBusinessDays} business days.`,
      'Items marked Final Sale (which the buyer acknowledges at checkout), most electrical parts, custom or modified parts, and auction wins cannot be returned unless they were misrepresented or faulty.',
    ],
  },
  {
    heading: 'Prohibited items and conduct',
    blocks: [
      [
        'Counterfeit parts, or parts described as genuine when they are reproductions.',
        'Unsafe or recalled parts sold without disclosure, and items prohibited by law.',
        'Arranging sales off Pitlane, shill bidding, fake reviews, harassment and spam.',
      ],
      'We may remove listings, cancel bids and suspend or close accounts that break these rules.',
    ],
  },
  {
    heading: 'Our role and liability',
    blocks: [
      'Pitlane is a venue: the contract for a part is between buyer and seller. We vet sellers and listings but do not inspect parts. To the extent the law allows, Pitlane is not liable for the condition, fitment or legality of items, or for indirect losses.',
    ],
  },
  {
    heading: 'Closing your account',
    blocks: [
      `You may close your account by contacting support; some records are kept for legal reasons. Support replies ${POLICY.supportReply}.`,
    ],
  },
  {
    heading: 'Changes',
    blocks: [
      `This is version ${POLICY.version}, effective ${POLICY.effectiveDate}. We will announce changes before they take effect and may ask you to accept new terms to keep using Pitlane.`,
    ],
  },
];

/** /terms-of-service. */
export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="The rules that keep Pitlane fair for buyers and sellers of classic, performance and race car parts."
      sections={SECTIONS}
    />
  );
}
