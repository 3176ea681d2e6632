import { Card } from '../../components/Card';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../accounts/useAuth';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { canBuyItNow, detailStatus, minimumNextBidCents } from './auctionRules';
import { bidBoxMode, bidFormKind, bidStanding, isOwnAuction } from './bidBox';
import { BidStandingNotice } from './BidStandingNotice';
import { BidSummary } from './BidSummary';
import { BuyItNowButton } from './BuyItNowButton';
import { PlaceBidForm } from './PlaceBidForm';
import { RaiseMaximumForm } from './RaiseMaximumForm';
import { useBidBoxActions } from './useBidBoxActions';
import { useNow } from './useNow';
import { WatchAuctionButton } from './WatchAuctionButton';
import { ContactSellerDialog } from '../messaging/ContactSellerDialog';
import { auctionContactTarget } from '../messaging/contactSeller';
import { AuctionWinnerCheckout } from '../payments/AuctionWinnerCheckout';

/**
 * The bid box (spec 000 "Auction detail"): the clock, current bid, bid count and minimum next bid together;
 * the bidder's standing and the bid form while the auction runs (the leader raises their maximum instead),
 * Buy It Now while offered, and Watch. The seller sees a note instead.
 */
export function BidBox({ auction }: { auction: AuctionDto }) {
  const now = useNow(1000);
  const { user } = useAuth();
  const status = detailStatus(auction, now);
  const minimumCents = minimumNextBidCents(auction);
  const mode = bidBoxMode(isOwnAuction(user?.id, auction), status);
  const { placeBid, raiseMaximum, buyItNow, watch } = useBidBoxActions(auction, user !== null, minimumCents);
  // The signed-in bidder's standing comes with the auction, so a live refresh (someone outbids them) flips it.
  const standing = bidStanding(auction);
  const form = bidFormKind(standing);

  return (
    <Card className="p-5">
      <BidSummary auction={auction} now={now} minimumCents={minimumCents} />

      {mode === 'own' ? (
        <p className="mt-5 rounded-md bg-paper p-3 text-sm text-muted">
          This is your auction. Bids, Buy It Now and watching are for other members.
        </p>
      ) : mode === 'bidding' ? (
        <>
          <BidStandingNotice standing={standing} />
          {form.form === 'raise' ? (
            <RaiseMaximumForm action={raiseMaximum} currentMax={form.currentMax} />
          ) : (
            <PlaceBidForm action={placeBid} minimumCents={minimumCents} allowProxy={auction.allowProxy} />
          )}
        </>
      ) : status === 'Ended' && user !== null && auction.winnerId === user.id ? (
        <AuctionWinnerCheckout auctionId={auction.id} />
      ) : (
        <p className="mt-5 rounded-md bg-paper p-3 text-sm text-muted">
          {status === 'Ended' ? 'This auction has ended.' : `Bidding opens ${formatDateTime(auction.startTime)}.`}
        </p>
      )}

      {mode !== 'own' && canBuyItNow(auction, now) && (
        <BuyItNowButton price={auction.buyItNowPrice} pending={buyItNow.pending} onBuy={buyItNow.buy} />
      )}
      {mode !== 'own' && <WatchAuctionButton watching={watch.watching} pending={watch.pending} onWatch={watch.watch} />}
      {mode !== 'own' && <ContactSellerDialog target={auctionContactTarget(auction)} variant="outline" className="mt-3 w-full" />}
      <BiddingTerms />
    </Card>
  );
}

function BiddingTerms() {
  return (
    <p className="mt-4 text-xs text-muted">
      By bidding you agree to our{' '}
      <a href="/terms-of-service" target="_blank" rel="noopener noreferrer" className="text-racing underline-offset-2 hover:underline">
        Terms of Service
      </a>{' '}
      and{' '}
      <a href="/privacy-policy" target="_blank" rel="noopener noreferrer" className="text-racing underline-offset-2 hover:underline">
        Privacy Policy
      </a>
      . Bids are binding; auction wins cannot be returned.
    </p>
  );
}
