import { ButtonLink } from '../components/Button';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { POLICY } from './policy';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: `Purchases under ${POLICY.escrowThreshold}`,
    blocks: [
      `Sales under ${POLICY.escrowThreshold} USD are paid at checkout through our card payment provider. Buyers pay by credit or debit card, and by bank debit where it is available in their country. Buyers need no account with the provider.`,
      'Your card details go straight to the payment provider; Pitlane never sees or stores your full card number.',
    ],
  },
  {
    heading: `Purchases of ${POLICY.escrowThreshold} and over`,
    blocks: [
      `For sales of ${POLICY.escrowThreshold} USD and over we recommend a licensed escrow service: the buyer pays the escrow agent, the seller ships, and the money is released to the seller once the buyer has inspected and accepted the part.`,
      'Buyer and seller may choose not to use escrow only by signing a waiver at checkout. The waiver confirms that both understand the risk of paying outside escrow and that Pitlane cannot recover the money if something goes wrong.',
    ],
  },
  {
    heading: 'Seller payouts',
    blocks: [
      'Sellers are paid through a connected payout account with our payment provider. Set it up once from the Seller Dashboard; the provider verifies your identity and bank account before the first payout.',
      'Payouts for card sales are released after the buyer has paid and the order has shipped, following the provider’s payout schedule. Escrow sales pay out when the escrow agent releases the funds.',
    ],
  },
  {
    heading: 'Fees and commission',
    blocks: [
      `Listing is free. When a part sells, Pitlane deducts a commission of generally ${POLICY.commission} of the sale price, tiered by price (higher-value sales pay a lower rate), plus the payment provider’s processing fees. Escrow fees are set by the escrow service and shown before you commit.`,
      'The exact commission and fees for a sale appear in the Seller Dashboard next to the order before the payout.',
    ],
  },
  {
    heading: 'Currency',
    blocks: ['All prices, bids, budgets and payouts on Pitlane are in US dollars (USD). Card issuers may convert and charge their own exchange fees.'],
  },
  {
    heading: 'Shipping costs',
    blocks: [
      `The buyer pays shipping, and return shipping unless the part was misrepresented or faulty. Sellers ship within ${POLICY.shipWithinHours} hours of the buyer arranging shipping. International shipping is at the seller’s discretion, and the buyer pays any duties and taxes.`,
    ],
  },
  {
    heading: 'Keep payments on Pitlane',
    blocks: [
      'Paying or being paid outside Pitlane (wire transfers to strangers, gift cards, payment apps) is not allowed and removes all buyer and seller protection. If someone asks you to pay off-platform, report it to support.',
    ],
  },
];

/** /payments: Payment Options. */
export function PaymentsPage() {
  return (
    <LegalDocument
      title="Payment Options"
      intro="How buyers pay, how sellers get paid, and what it costs. Everything on Pitlane is priced and paid in US dollars."
      sections={SECTIONS}
    >
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/search">Browse Parts</ButtonLink>
        <ButtonLink to="/seller-registration" variant="outline">
          Apply to Sell
        </ButtonLink>
      </div>
    </LegalDocument>
  );
}
