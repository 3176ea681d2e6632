import { PageContainer } from '../../components/PageContainer';
import { OfferList } from './OfferList';

/** /account/offers: the buyer's offers, counter-offers to answer, reserve-not-met and Second Chance offers. */
export function MyOffersPage() {
  return (
    <PageContainer className="grid gap-6" title="My Offers">
      <header>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">My Offers</h1>
        <p className="text-sm text-muted">Offers you made, counter-offers waiting for you, and offers sellers sent you after an auction.</p>
      </header>
      <OfferList emptyText="No offers here yet. Find a part you like and use Make an Offer on its page." />
    </PageContainer>
  );
}
