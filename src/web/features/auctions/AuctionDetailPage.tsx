import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { ArrowLeft, Eye, Gavel, MapPin, SearchX, ShieldCheck, Store, Truck, Zap } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { Photo } from '../../components/Photo';
import { MessageCard } from '../../components/MessageCard';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime, formatGrouped, formatUsdCents } from '../../lib/format';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import type { Auction, Bid } from './auction.types';
import { ActivityFeed } from './ActivityFeed';
import { AuctionClock } from './AuctionClock';
import {
  auctionPhotos,
  bidHistoryRows,
  canBuyItNow,
  checkBidAmount,
  checkMaxBid,
  detailStatus,
  listingStatusLabel,
  minimumNextBidCents,
  reserveInfo,
  shortConditionLabel,
  type DetailStatus,
} from './auctionRules';
import {
  auctionKey,
  bidsKey,
  useAuction,
  useAuctionBids,
  useBuyItNow,
  usePlaceBid,
  useSellerStorefront,
  useWatchAuction,
} from './auctions.api';
import { useActivityFeed } from './useActivityFeed';
import { useNow } from './useNow';

const money = (dollars: number | string) => formatUsdCents(dollars);

/** The `message` of a successful answer ("You are the highest bidder."), when the server sends one. */
function serverMessage(answer: unknown): string | undefined {
  const message = answer && typeof answer === 'object' ? (answer as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/** /auctions/:id (spec 000 "Auction detail"). */
export function AuctionDetailPage() {
  const { id = '' } = useParams();
  const auction = useAuction(id);
  const client = useQueryClient();
  const onEvent = useCallback(() => {
    void client.invalidateQueries({ queryKey: auctionKey(id) });
    void client.invalidateQueries({ queryKey: bidsKey(id) });
  }, [client, id]);
  const feed = useActivityFeed(auction.data ? id : undefined, onEvent);

  if (auction.isLoading) return <DetailSkeleton />;
  if (auction.isError) {
    return (
      <MessageCard title="Something went wrong" description={describeError(auction.error).message} actionsClassName="flex gap-2">
        <Button onClick={() => void auction.refetch()}>Try again</Button>
        <ButtonLink to="/auctions" variant="outline">
          Back to Auctions
        </ButtonLink>
      </MessageCard>
    );
  }
  if (!auction.data) return <AuctionNotFound />;
  const data = auction.data;

  return (
    <PageContainer title={data.title}>
      <Link to="/auctions" className="inline-flex items-center gap-1 text-sm text-muted hover:text-racing">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Auctions
      </Link>
      {/* On phones the bid box follows the photos and details; on desktop it stays beside them. */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-1">
          <Gallery auction={data} />
          <AuctionDetails auction={data} />
        </div>
        <aside aria-label="Bidding" className="grid content-start gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <BidBox auction={data} />
          <SellerCard sellerId={data.sellerId} sellerName={data.sellerName} />
          <ActivityFeed feed={feed} />
        </aside>
        <div className="min-w-0 content-start lg:col-start-1 lg:row-start-2">
          <BidHistory auctionId={data.id} />
        </div>
      </div>
    </PageContainer>
  );
}

function AuctionNotFound() {
  return (
    <MessageCard
      icon={SearchX}
      title="Auction Not Found"
      description="The auction you're looking for doesn't exist or has been removed."
    >
      <ButtonLink to="/auctions">Back to Auctions</ButtonLink>
    </MessageCard>
  );
}

function DetailSkeleton() {
  return (
    <PageContainer>
      <div role="status" aria-label="Loading auction" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="grid gap-4">
          <div className="aspect-[4/3] animate-pulse rounded-lg bg-black/10" />
          <div className="h-8 w-2/3 animate-pulse rounded bg-black/10" />
          <div className="h-24 animate-pulse rounded bg-black/10" />
        </div>
        <div className="h-80 animate-pulse rounded-lg bg-black/10" />
      </div>
    </PageContainer>
  );
}

function Gallery({ auction }: { auction: Auction }) {
  const photos = auctionPhotos(auction);
  const [index, setIndex] = useState(0);
  const current = photos[Math.min(index, photos.length - 1)];
  if (!current) {
    return (
      <div className="aspect-[4/3] rounded-lg border border-line bg-black/5">
        <Photo src={null} missingLabel="No photos" iconClassName="size-10" />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="aspect-[4/3] overflow-hidden rounded-lg border border-line bg-black/5">
        <Photo src={current.url} alt={current.alt} iconClassName="size-10" />
      </div>
      {photos.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={`${photo.url}-${i}`}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index}
                className={cn(
                  'block size-20 overflow-hidden rounded-md border-2',
                  i === index ? 'border-racing' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <Photo src={photo.thumb} alt="" loading="lazy" missingLabel="" iconClassName="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AuctionDetails({ auction }: { auction: Auction }) {
  const condition = shortConditionLabel(auction.condition);
  return (
    <section aria-labelledby="auction-title" className="grid gap-4">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded bg-graphite px-2 py-0.5 text-xs font-semibold text-white">
            {listingStatusLabel(auction.status)}
          </span>
          {auction.auctionType === 'reserve' && (
            <span className="rounded border border-line px-2 py-0.5 text-xs font-medium">Reserve auction</span>
          )}
        </div>
        <h1 id="auction-title" className="mt-2 text-2xl font-bold tracking-tight md:text-3xl">
          {auction.title}
        </h1>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {auction.partNumber && (
            <span>
              Part # <span className="font-mono text-ink">{auction.partNumber}</span>
            </span>
          )}
          {condition && <span>Condition: {condition}</span>}
          {auction.location && (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-4" />
              {auction.location}
            </span>
          )}
        </p>
      </div>
      <Card className="p-4">
        <h2 className="text-lg font-semibold">Description</h2>
        <p className="mt-2 whitespace-pre-line text-sm leading-6">{auction.description}</p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <Detail label="Starting bid" value={formatUsdCents(auction.startingBid)} />
          <Detail label="Bid increment" value={formatUsdCents(auction.bidIncrement)} />
          <Detail label="Starts" value={formatDateTime(auction.startTime)} />
          <Detail label="Ends" value={formatDateTime(auction.endTime)} />
          {auction.shippingCost != null && auction.shippingCost !== '' && (
            <Detail
              label="Shipping"
              value={
                <span className="inline-flex items-center gap-1">
                  <Truck aria-hidden className="size-4" />
                  {formatUsdCents(auction.shippingCost)}
                </span>
              }
            />
          )}
          <Detail label="Watchers" value={formatGrouped(auction.watchers)} />
        </dl>
      </Card>
    </section>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="tabular font-medium">{value}</dd>
    </div>
  );
}

const STATUS_STYLE: Record<DetailStatus, string> = {
  Active: 'bg-green-100 text-success',
  Ended: 'bg-black/10 text-muted',
  Scheduled: 'bg-amber-100 text-amber-900',
};

function BidBox({ auction }: { auction: Auction }) {
  const now = useNow(1000);
  const { user } = useAuth();
  const [bidAmount, setBidAmount] = useState('');
  const [maxBid, setMaxBid] = useState('');
  const [watched, setWatched] = useState(false);
  const placeBid = usePlaceBid(auction.id);
  const buyNow = useBuyItNow(auction.id);
  const watch = useWatchAuction(auction.id);

  const status = detailStatus(auction, now);
  const minimumCents = minimumNextBidCents(auction);
  const reserve = reserveInfo(auction);
  const hasBids = Number(auction.totalBids) > 0;
  const binOffered = canBuyItNow(auction, now);
  const watching = watched || auction.isWatching === true;
  const ownAuction = Boolean(user && user.id === auction.sellerId);

  function failure(title: string, error: unknown, signInMessage: string) {
    const details = describeError(error);
    if (details.status === 401) {
      requireSignIn(signInMessage);
      return;
    }
    toast({ title, description: details.message, variant: 'destructive' });
  }

  function submitBid(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placeBid.isPending) return;
    if (!user) {
      requireSignIn('Please sign in to place a bid.');
      return;
    }
    const bid = checkBidAmount(bidAmount, minimumCents, money);
    if (!bid.ok) {
      toast({ title: bid.title, description: bid.message, variant: 'destructive' });
      return;
    }
    const max = auction.allowProxy === false ? null : checkMaxBid(maxBid, bid.cents, money);
    if (max && !max.ok) {
      toast({ title: max.title, description: max.message, variant: 'destructive' });
      return;
    }
    placeBid.mutate(
      { bidAmount: bid.cents / 100, ...(max ? { maxBidAmount: max.cents / 100 } : {}) },
      {
        onSuccess: (answer) => {
          setBidAmount('');
          setMaxBid('');
          toast({ title: 'Bid Placed', description: serverMessage(answer) ?? `Your bid of ${money(bid.cents / 100)} has been placed.` });
        },
        onError: (error) => failure('Bid Failed', error, 'Please sign in to place a bid.'),
      },
    );
  }

  function buy() {
    if (buyNow.isPending) return;
    if (!user) {
      requireSignIn('Please sign in to use Buy It Now.');
      return;
    }
    buyNow.mutate(undefined, {
      onSuccess: (answer) =>
        toast({
          title: 'Purchase Successful',
          description: serverMessage(answer) ?? `You bought "${auction.title}" for ${money(auction.buyItNowPrice ?? 0)}.`,
        }),
      onError: (error) => failure('Purchase Failed', error, 'Please sign in to use Buy It Now.'),
    });
  }

  function watchAuction() {
    if (watch.isPending || watching) return;
    if (!user) {
      requireSignIn('Please sign in to watch this auction.');
      return;
    }
    watch.mutate(undefined, {
      onSuccess: () => {
        setWatched(true);
        toast({ title: 'Added to Watchlist', description: 'You will be notified about this auction.' });
      },
      onError: (error) => failure('Failed to Watch', error, 'Please sign in to watch this auction.'),
    });
  }

  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', STATUS_STYLE[status])}>{status}</span>
        <AuctionClock endTime={auction.endTime} now={now} className="text-lg" />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-muted">{hasBids ? 'Current bid' : 'Starting bid'}</dt>
          <dd className="tabular text-3xl font-bold">{money(hasBids ? auction.currentBid : auction.startingBid)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-sm text-muted">Bids</dt>
          <dd className="tabular text-3xl font-bold">{formatGrouped(auction.totalBids)}</dd>
        </div>
        <div className="col-span-2 flex justify-between border-t border-line pt-3 text-sm">
          <dt className="text-muted">Minimum next bid</dt>
          <dd className="tabular font-semibold">{money(minimumCents / 100)}</dd>
        </div>
        {reserve.shown && (
          <div className="col-span-2 flex justify-between text-sm">
            <dt className="text-muted">Reserve{reserve.reservePrice ? ` ${money(reserve.reservePrice)}` : ''}</dt>
            <dd className={cn('inline-flex items-center gap-1 font-semibold', reserve.met ? 'text-success' : 'text-muted')}>
              {reserve.met && <ShieldCheck aria-hidden className="size-4" />}
              {reserve.met ? 'Reserve Met' : 'Reserve Not Met'}
            </dd>
          </div>
        )}
      </dl>

      {ownAuction ? (
        <p className="mt-5 rounded-md bg-paper p-3 text-sm text-muted">
          This is your auction. Bids, Buy It Now and watching are for other members.
        </p>
      ) : status === 'Active' ? (
        <form onSubmit={submitBid} className="mt-5 grid gap-3" noValidate>
          <TextField
            label="Your bid (USD)"
            id="bid-amount"
            name="bidAmount"
            inputMode="decimal"
            placeholder={(minimumCents / 100).toFixed(2)}
            value={bidAmount}
            onChange={(e) => setBidAmount(e.target.value)}
          />
          {auction.allowProxy !== false && (
            <>
              <TextField
                label="Maximum bid (USD)"
                hint="(optional)"
                id="max-bid-amount"
                name="maxBidAmount"
                inputMode="decimal"
                value={maxBid}
                onChange={(e) => setMaxBid(e.target.value)}
                aria-describedby="max-bid-help"
              />
              <p id="max-bid-help" className="-mt-2 text-xs text-muted">
                We bid for you, one increment at a time, up to this amount.
              </p>
            </>
          )}
          <Button type="submit" size="lg" disabled={placeBid.isPending}>
            <Gavel aria-hidden className="size-5" />
            {placeBid.isPending ? 'Placing Bid...' : 'Place Bid'}
          </Button>
        </form>
      ) : (
        <p className="mt-5 rounded-md bg-paper p-3 text-sm text-muted">
          {status === 'Ended' ? 'This auction has ended.' : `Bidding opens ${formatDateTime(auction.startTime)}.`}
        </p>
      )}

      {binOffered && !ownAuction && (
        <Button variant="secondary" size="lg" className="mt-3 w-full" onClick={buy} disabled={buyNow.isPending}>
          <Zap aria-hidden className="size-5" />
          {buyNow.isPending ? 'Purchasing...' : `Buy It Now ${money(auction.buyItNowPrice ?? 0)}`}
        </Button>
      )}
      {!ownAuction && (
        <Button variant="outline" className="mt-3 w-full" onClick={watchAuction} disabled={watch.isPending || watching}>
          <Eye aria-hidden className="size-4" />
          {watching ? 'Watching' : watch.isPending ? 'Adding...' : 'Watch'}
        </Button>
      )}
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
    </Card>
  );
}

function SellerCard({ sellerId, sellerName }: { sellerId: string; sellerName?: string | null }) {
  const storefront = useSellerStorefront(sellerId);
  const store = storefront.data;
  const name = store?.storeName || store?.name || sellerName || 'Seller';
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Store aria-hidden className="size-5 text-racing" />
        Seller Information
      </h2>
      {storefront.isLoading ? (
        <div className="mt-3 h-10 animate-pulse rounded bg-black/10" />
      ) : store?.slug ? (
        <div className="mt-3 grid gap-2">
          <p className="font-medium">{name}</p>
          {store.location && <p className="text-sm text-muted">{store.location}</p>}
          <ButtonLink to={`/storefront/${store.slug}`} variant="outline" size="sm">
            Visit Storefront
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-3">
          <p className="font-medium">{sellerName || 'Private Seller'}</p>
          <p className="text-sm text-muted">Private Seller</p>
        </div>
      )}
    </Card>
  );
}

function BidHistory({ auctionId }: { auctionId: string }) {
  const bids = useAuctionBids(auctionId, true);
  const rows = bidHistoryRows<Bid>(bids.data ?? []);
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold">Bid History</h2>
      {bids.isLoading ? (
        <div role="status" aria-label="Loading bids" className="mt-3 grid gap-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-8 animate-pulse rounded bg-black/10" />
          ))}
        </div>
      ) : bids.isError ? (
        <p className="mt-3 text-sm text-muted">We could not load the bid history.</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No bids yet. Be the first to bid.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {rows.map((bid) => (
            <li key={bid.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                {bid.bidderName || 'Bidder'}
                {bid.winning && (
                  <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-success">Winning</span>
                )}
              </span>
              <span className="flex shrink-0 items-center gap-3">
                <time className="text-xs text-muted" dateTime={bid.createdAt}>
                  {formatDateTime(bid.createdAt)}
                </time>
                <span className="tabular font-semibold">{formatUsdCents(bid.bidAmount)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
