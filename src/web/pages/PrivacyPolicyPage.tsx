import { LegalDocument, type LegalSection } from './LegalDocument';
import { POLICY } from './policy';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Who we are',
    blocks: [
      'Pitlane runs an online marketplace for new, used and new-old-stock classic, performance and race car parts. This policy explains what personal information we collect when you use Pitlane, why, and the choices you have.',
    ],
  },
  {
    heading: 'Information you give us',
    blocks: [
      [
        'Account details: username, email address, password (stored only as a secure hash), first and last name, and optionally phone number, location and country.',
        'Seller details: business name, contact phone, business address, years in business and specialties, which we use to review seller applications.',
        'Listings, photos, bids, offers, wanted-part requests, messages to other members, reviews, watchlist entries, your garage vehicles, part alerts and market-watch items.',
        'Messages you send to support.',
      ],
    ],
  },
  {
    heading: 'Information we collect automatically',
    blocks: [
      [
        'One session cookie that keeps you signed in and, when you pay by card, the cookies Stripe sets to prevent fraud. We use no advertising or tracking cookies; our Cookie Policy lists them all.',
        'The IP address and browser details recorded when you accept our policies, sign in or place a bid, to protect accounts and detect fraud.',
        'Basic logs of requests to our servers, kept for security and troubleshooting.',
      ],
    ],
  },
  {
    heading: 'How we use your information',
    blocks: [
      [
        'To run your account and the marketplace: listings, auctions, wanted requests, messages and notifications.',
        'To verify your email address and review seller applications.',
        'To prevent fraud, including reviewing unusual bidding patterns.',
        'To send the emails you asked for. Marketing emails only go to members who opted in, and every one has an unsubscribe link.',
        'To meet legal, tax and accounting obligations.',
      ],
    ],
  },
  {
    heading: 'What other members see',
    blocks: [
      'Other members see your username, your public listings and storefront, your reviews and badges, and what you choose to write in messages. Your email address and phone number are not shown publicly.',
    ],
  },
  {
    heading: 'Sharing',
    blocks: [
      'We share only what is needed: with Stripe, our payment provider, to process card payments and seller payouts (your card details go straight to Stripe; we never see your full card number), with the escrow service for sales that use it, with our email provider to deliver messages, with the other party to a sale (name and shipping details) so the part can be shipped, and with authorities when the law requires it. We do not sell your personal information.',
    ],
  },
  {
    heading: 'Keeping and deleting your information',
    blocks: [
      'We keep your information while your account is open. To delete your account, contact support; we will delete or anonymise your information, except records we must keep for legal, tax or fraud-prevention reasons (for example completed sales and policy acceptances).',
    ],
  },
  {
    heading: 'Your choices and rights',
    blocks: [
      'You can update your profile, turn marketing emails off, and ask us for a copy of your information or for corrections by contacting support. Depending on where you live you may have further rights under local law; we honour them.',
    ],
  },
  {
    heading: 'Security',
    blocks: [
      'Passwords are hashed, connections are encrypted, and staff access to personal information is limited to those who need it. No system is perfectly secure: use a unique password and tell us at once if you suspect your account has been misused.',
    ],
  },
  {
    heading: 'Children',
    blocks: [`Pitlane is not for anyone under ${POLICY.minimumAge}. We do not knowingly collect information from children under ${POLICY.minimumAge}.`],
  },
  {
    heading: 'Changes to this policy',
    blocks: [
      `This is version ${POLICY.version}, effective ${POLICY.effectiveDate}. When we change the policy we publish a new version and ask you to accept it again where the law requires.`,
    ],
  },
];

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="We collect what we need to run a trustworthy parts marketplace, we do not sell it, and you can ask us to delete it."
      sections={SECTIONS}
    />
  );
}
