import { useState, type FormEvent } from 'react';
import { toast } from '../../components/toast';
import { formatUsdCents } from '../../lib/format';
import { requireSignIn } from '../accounts/requireSignIn';
import type { AuctionDto, BidResultDto } from '../../../modules/auctions/auction.dto';
import { reportActionFailure } from './actionFailure';
import { useBuyItNow, usePlaceBid, useWatchAuction } from './auctions.api';
import { bidPlacedMessage, planBid, planRaise, purchaseMessage, raisedMessage, type BidPlan } from './bidBox';

// These hooks live in the bid box, which stays mounted while its buttons come and go,
// so a request's toast still shows when its answer ends the auction.

const money = (dollars: number | string) => formatUsdCents(dollars);

const BID_SIGN_IN = 'Please sign in to place a bid.';
const BUY_SIGN_IN = 'Please sign in to use Buy It Now.';
const WATCH_SIGN_IN = 'Please sign in to watch this auction.';

/**
 * A bid form's submit: asks for a sign-in first, plans the bid from the fields (a refused plan is a toast), then
 * POSTs it once (no double submit); `placed` clears the fields and says what happened.
 */
function useBidSubmit(auction: AuctionDto, signedIn: boolean) {
  const placeBid = usePlaceBid(auction.id);
  function submit(event: FormEvent<HTMLFormElement>, plan: () => BidPlan, placed: (answer: BidResultDto, cents: number) => void) {
    event.preventDefault();
    if (placeBid.isPending) return;
    if (!signedIn) {
      requireSignIn(BID_SIGN_IN);
      return;
    }
    const planned = plan();
    if (!planned.ok) {
      toast({ title: planned.title, description: planned.message, variant: 'destructive' });
      return;
    }
    placeBid.mutate(planned.input, {
      onSuccess: (answer) => placed(answer, planned.cents),
      onError: (error) => reportActionFailure('Bid Failed', error, BID_SIGN_IN),
    });
  }
  return { submit, pending: placeBid.isPending };
}

/** The bid form's fields and its submit: checked in the page, then POSTed once (no double submit). */
export function usePlaceBidAction(auction: AuctionDto, signedIn: boolean, minimumCents: number) {
  const [bidAmount, setBidAmount] = useState('');
  const [maxBid, setMaxBid] = useState('');
  const bid = useBidSubmit(auction, signedIn);
  const submit = (event: FormEvent<HTMLFormElement>) =>
    bid.submit(
      event,
      () => planBid({ bidAmount, maxBid }, minimumCents, auction.allowProxy, money),
      (answer, cents) => {
        setBidAmount('');
        setMaxBid('');
        toast({ title: 'Bid Placed', description: bidPlacedMessage(answer, cents, money) });
      },
    );
  return { bidAmount, setBidAmount, maxBid, setMaxBid, submit, pending: bid.pending };
}

export type PlaceBidAction = ReturnType<typeof usePlaceBidAction>;

/** The leader's "Raise your maximum": one field, checked in the page, sent as a plain bid that keeps the price. */
export function useRaiseMaximumAction(auction: AuctionDto, signedIn: boolean, minimumCents: number) {
  const [maxBid, setMaxBid] = useState('');
  const bid = useBidSubmit(auction, signedIn);
  const submit = (event: FormEvent<HTMLFormElement>) =>
    bid.submit(
      event,
      () => planRaise(maxBid, auction.myBid?.maxBid ?? '0', minimumCents, money),
      (answer, cents) => {
        setMaxBid('');
        toast({ title: 'Maximum Raised', description: raisedMessage(answer, cents, money) });
      },
    );
  return { maxBid, setMaxBid, submit, pending: bid.pending };
}

export type RaiseMaximumAction = ReturnType<typeof useRaiseMaximumAction>;

/** Buy It Now at the listed price, once. */
export function useBuyItNowAction(auction: AuctionDto, signedIn: boolean) {
  const buyNow = useBuyItNow(auction.id);

  function buy() {
    if (buyNow.isPending) return;
    if (!signedIn) {
      requireSignIn(BUY_SIGN_IN);
      return;
    }
    buyNow.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Purchase Successful', description: purchaseMessage(answer, auction, money) }),
      onError: (error) => reportActionFailure('Purchase Failed', error, BUY_SIGN_IN),
    });
  }

  return { buy, pending: buyNow.isPending };
}

/** Watching the auction: once watched (here or as the server says), the button stays "Watching". */
export function useWatchAuctionAction(auction: AuctionDto, signedIn: boolean) {
  const [watched, setWatched] = useState(false);
  const watch = useWatchAuction(auction.id);
  const watching = watched || auction.isWatching === true;

  function start() {
    if (watch.isPending || watching) return;
    if (!signedIn) {
      requireSignIn(WATCH_SIGN_IN);
      return;
    }
    watch.mutate(undefined, {
      onSuccess: () => {
        setWatched(true);
        toast({ title: 'Added to Watchlist', description: 'You will be notified about this auction.' });
      },
      onError: (error) => reportActionFailure('Failed to Watch', error, WATCH_SIGN_IN),
    });
  }

  return { watch: start, watching, pending: watch.isPending };
}

/** The bid box's actions, held by the bid box itself (see above). */
export function useBidBoxActions(auction: AuctionDto, signedIn: boolean, minimumCents: number) {
  return {
    placeBid: usePlaceBidAction(auction, signedIn, minimumCents),
    raiseMaximum: useRaiseMaximumAction(auction, signedIn, minimumCents),
    buyItNow: useBuyItNowAction(auction, signedIn),
    watch: useWatchAuctionAction(auction, signedIn),
  };
}
