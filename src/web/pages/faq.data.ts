import { POLICY } from './policy';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqSection {
  id: string;
  title: string;
  /** Marks a section whose answers changed recently. */
  updated?: boolean;
  items: readonly FaqItem[];
}

/** The FAQ (spec 000 §2 "FAQ page"), written from the policy facts of spec 000 §9 and 001 §9. */
export const FAQ_SECTIONS: readonly FaqSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        question: 'What is Pitlane?',
        answer:
          'Pitlane is a marketplace for new, used and new-old-stock classic, performance and race car parts. Buy at a fixed price, bid in auctions, or post a wanted request and let sellers quote for it.',
      },
      {
        question: 'Do I need an account to browse?',
        answer:
          'No. Anyone can search, view parts, storefronts and auctions. You need a free account to bid, buy, keep a watchlist, message sellers or post a wanted request.',
      },
      {
        question: 'How do I create an account?',
        answer: `Choose Create an account on the sign-in page, fill in your details, accept the Privacy Policy and Terms of Service, then open the verification link we email you. You must be at least ${POLICY.minimumAge}.`,
      },
      {
        question: 'What is a wanted request (reverse auction)?',
        answer:
          'You describe the part you need and the most you will pay. Sellers then quote below your budget, and you pick the offer that suits you. Find them under Wanted in the menu.',
      },
    ],
  },
  {
    id: 'listing-selling',
    title: 'Listing & Selling',
    items: [
      {
        question: 'How do I become a seller?',
        answer:
          'Apply from Apply to Sell with your business details. Our team reviews every application; once approved you get a storefront and can list parts and schedule auctions.',
      },
      {
        question: 'Why is my listing not live yet?',
        answer:
          'New sellers’ listings are reviewed by our team before they go live. Once you have a track record, listing approval may be switched off for your account so new listings go live straight away.',
      },
      {
        question: 'How many photos should I add?',
        answer: `${POLICY.suggestedPhotos} clear photos work best: the whole part, close-ups of any part number or casting marks, and any wear or damage. You can add up to 5 (JPG or PNG, 5 MB each). Describe each photo in its alt text.`,
      },
      {
        question: 'What happens if my auction does not sell?',
        answer:
          'If an auction ends without a sale or its reserve is not met, it can be relisted automatically after a delay, up to the number of relists you chose, optionally with a lower starting bid.',
      },
    ],
  },
  {
    id: 'buying-bidding',
    title: 'Buying & Bidding',
    items: [
      {
        question: 'How does bidding work?',
        answer:
          'Each bid must be at least the current bid plus the bid increment. A bid placed in the final minutes may extend the auction so everyone gets a fair chance to respond. Bids are binding and cannot be withdrawn.',
      },
      {
        question: 'What is Buy It Now?',
        answer:
          'Some auctions offer a Buy It Now price. Paying it ends the auction immediately and the part is yours.',
      },
      {
        question: 'What does “Reserve Met” mean?',
        answer:
          'A reserve is the lowest price the seller will accept. The part sells only once the bidding reaches it; the auction page shows when the reserve has been met.',
      },
      {
        question: 'How do I know a part fits my car?',
        answer:
          'Check the Vehicle Compatibility card and the part number on the listing, add your car to My Garage, and ask the seller before you buy if you are unsure.',
      },
    ],
  },
  {
    id: 'payments-payouts',
    title: 'Payments & Payouts',
    items: [
      {
        question: 'How do I pay?',
        answer: `Purchases under ${POLICY.escrowThreshold} are paid by card (or bank debit where available) through our payment provider. Purchases of ${POLICY.escrowThreshold} and over use an escrow service unless both parties sign a waiver.`,
      },
      {
        question: 'What does selling cost?',
        answer: `Listing is free. When a part sells, the commission is generally ${POLICY.commission} of the price, tiered by sale value, plus the payment provider’s fees.`,
      },
      {
        question: 'How do sellers get paid?',
        answer:
          'Through a payout account connected to our payment provider, set up once from the Seller Dashboard. Escrow sales pay out when the escrow agent releases the funds.',
      },
      {
        question: 'Which currency is used?',
        answer: 'US dollars (USD) for every price, bid and payout.',
      },
    ],
  },
  {
    id: 'shipping',
    title: 'Shipping',
    updated: true,
    items: [
      {
        question: 'When will my part ship?',
        answer: `Sellers ship within ${POLICY.shipWithinHours} hours of the buyer arranging shipping.`,
      },
      {
        question: 'Who pays for shipping?',
        answer:
          'The buyer pays shipping, and return shipping too, unless the part was misrepresented or faulty.',
      },
      {
        question: 'Do sellers ship internationally?',
        answer:
          'International shipping is at each seller’s discretion. The buyer pays any import duties and taxes.',
      },
      {
        question: 'What if my part arrives damaged or is lost?',
        answer:
          'Pitlane does not cover damage or loss in transit. Ask the seller for insured shipping on valuable parts, and contact the carrier with photos if something goes wrong.',
      },
    ],
  },
  {
    id: 'returns',
    title: 'Returns & Buyer Protection',
    items: [
      {
        question: 'Can I return a part?',
        answer: `Yes, within ${POLICY.returnWindowDays} days of delivery. Request the return from Account → Orders with photos and details. The seller responds within ${POLICY.sellerReturnResponseBusinessDays} business days.`,
      },
      {
        question: 'What cannot be returned?',
        answer:
          'Items marked Final Sale (you acknowledge this at checkout), most electrical parts, custom or modified parts, and auction wins, unless they were misrepresented or faulty.',
      },
      {
        question: 'What if the part is not as described?',
        answer:
          'Request a return with photos showing the difference. When a part was misrepresented or faulty, the seller pays the return shipping.',
      },
    ],
  },
  {
    id: 'trust-safety',
    title: 'Trust & Safety',
    items: [
      {
        question: 'How are sellers vetted?',
        answer:
          'Every seller applies with business details that our team reviews before approval. Storefronts show reputation, reviews and achievement badges earned from real sales.',
      },
      {
        question: 'What is not allowed on Pitlane?',
        answer:
          'Counterfeit, unsafe or prohibited items, and arranging sales off the platform. Off-platform deals lose all buyer and seller protection.',
      },
      {
        question: 'How do I report a suspicious listing or message?',
        answer: `Email ${POLICY.supportEmail} with a link to the listing or conversation. We reply ${POLICY.supportReply}.`,
      },
    ],
  },
  {
    id: 'accounts-notifications',
    title: 'Accounts & Notifications',
    items: [
      {
        question: 'I did not get the verification email.',
        answer:
          'Check your spam folder. Verification links expire after 24 hours; if yours has, or it never came, choose "Resend verification link" on the sign-in page for a new one, or contact support and we will help.',
      },
      {
        question: 'Can I get alerts when a part is listed?',
        answer:
          'Yes. Add your vehicles to My Garage and create part alerts, as a daily digest or instantly. Market Watch tracks prices for the parts you follow.',
      },
      {
        question: 'How do I delete my account?',
        answer:
          'Contact support. We delete or anonymise your information, except records we must keep for legal reasons.',
      },
    ],
  },
  {
    id: 'policies-legal',
    title: 'Policies & Legal',
    items: [
      {
        question: 'Where are the policies?',
        answer: `Read the Terms of Service, Privacy Policy and Payment Options, linked at the bottom of every page. The current version is ${POLICY.version}, effective ${POLICY.effectiveDate}.`,
      },
      {
        question: 'How old do I need to be?',
        answer: `At least ${POLICY.minimumAge} years old.`,
      },
    ],
  },
  {
    id: 'still-need-help',
    title: 'Still Need Help',
    items: [
      {
        question: 'How do I contact support?',
        answer: `Email ${POLICY.supportEmail}. A real person replies ${POLICY.supportReply}.`,
      },
    ],
  },
];
