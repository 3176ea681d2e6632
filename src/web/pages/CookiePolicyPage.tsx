import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'What cookies are',
    blocks: [
      'A cookie is a small text file a website asks your browser to keep and send back on later visits. Browsers also offer similar storage to pages (local and session storage). This policy lists everything of the kind Pitlane uses, and why.',
    ],
  },
  {
    heading: 'The one cookie Pitlane sets',
    blocks: [
      'pitlane.sid: keeps you signed in. It is set only when you sign in or create an account, holds a random session identifier (no personal information), cannot be read by scripts, and is sent only to Pitlane. It expires 30 days after your last visit, and signing out deletes it at once.',
      'Browsing, searching and reading listings without an account sets no cookie at all.',
    ],
  },
  {
    heading: 'Stripe at checkout',
    blocks: [
      'Card payments are handled by Stripe. Its payment form is loaded only on the checkout page, when you pay for an order. Stripe may then set its own cookies (such as __stripe_mid and __stripe_sid) to keep the payment secure and to prevent fraud. They are Stripe’s cookies, covered by Stripe’s own privacy and cookie policies; Pitlane cannot read them.',
    ],
  },
  {
    heading: 'Storage in your browser',
    blocks: [
      [
        'Session storage: the web app remembers where you were on a page, so the Back button returns you to the same place. It is cleared when you close the tab.',
        'Local storage, in the admin console only: table columns and filters the team has chosen.',
      ],
    ],
  },
  {
    heading: 'No advertising or tracking',
    blocks: [
      'Pitlane uses no advertising, analytics, social media or other third-party tracking cookies, and shows no cookie banner because none of its cookies needs your consent: each is strictly necessary for a service you asked for.',
    ],
  },
  {
    heading: 'Your choices',
    blocks: [
      'You can delete or block cookies in your browser settings. Blocking the session cookie means you cannot sign in; blocking Stripe’s cookies may stop card payments from going through. Everything else on Pitlane works without cookies.',
    ],
  },
  {
    heading: 'Changes to this policy',
    blocks: ['If we ever add a cookie, we list it here first and, where the law requires, ask for your consent before setting it.'],
  },
];

/** /cookie-policy: the footer's "Cookie" link (issue 34). */
export function CookiePolicyPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      intro="Pitlane sets one cookie, to keep you signed in. Stripe sets its own only when you pay by card. Nothing tracks you for advertising."
      sections={SECTIONS}
    >
      <p className="text-sm text-muted">
        How we handle your personal information is explained in our{' '}
        <Link to="/privacy-policy" className="font-medium text-racing hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </LegalDocument>
  );
}
