import { useParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { MessageCard } from '../../components/MessageCard';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { formatUsdCents } from '../../lib/format';
import { useOffer } from './offers.api';
import { OfferCard } from './OfferCard';

/** What a reserve-not-met window or a Second Chance offer means, for each side. */
function explanation(kind: string, side: 'buyer' | 'seller' | null, floor: string | null): string | null {
  if (kind === 'reserve_offer') {
    return side === 'seller'
      ? `The auction ended below your reserve. For 24 hours you may offer the part to the high bidder at ${formatUsdCents(floor)} or more, or accept their raise.`
      : `The auction ended below the seller's reserve. For 24 hours the seller may offer you the part at ${formatUsdCents(floor)} or more, and you may raise your bid.`;
  }
  if (kind === 'second_chance') {
    return side === 'seller'
      ? 'You offered the part to this bidder at their highest bid. The first bidder to accept buys it.'
      : 'The winner did not pay, so the seller offers you the part at your highest bid. The first bidder to accept buys it.';
  }
  return null;
}

/** /offers/{id}: one negotiation for its buyer or seller (also the reserve-not-met and Second Chance screens). */
export function OfferPage() {
  const { id = '' } = useParams();
  const offer = useOffer(id);
  if (offer.isLoading) {
    return (
      <PageContainer narrow>
        <Skeleton className="h-64 w-full" />
      </PageContainer>
    );
  }
  if (offer.isError || !offer.data) {
    return (
      <MessageCard title="Offer Not Found" description="This offer does not exist, or it is not yours to see.">
        <ButtonLink to="/account/offers">My Offers</ButtonLink>
      </MessageCard>
    );
  }
  const o = offer.data;
  const text = explanation(o.kind, o.yourSide, o.floorAmount);
  const title = o.kind === 'reserve_offer' ? 'Reserve Not Met' : o.kind === 'second_chance' ? 'Second Chance Offer' : 'Offer';
  return (
    <PageContainer className="grid max-w-3xl gap-4" title={title}>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {text && <p className="text-sm text-muted">{text}</p>}
      </header>
      <OfferCard offer={o} />
      <ButtonLink to={o.yourSide === 'seller' ? '/seller-dashboard#offers' : '/account/offers'} variant="outline" className="justify-self-start">
        All offers
      </ButtonLink>
    </PageContainer>
  );
}
