import { useCallback } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '../../components/PageContainer';
import { ActivityFeed } from './ActivityFeed';
import { AuctionDetailSkeleton, AuctionLoadError, AuctionNotFound } from './AuctionDetailStates';
import { AuctionDescription, AuctionHeading } from './AuctionFacts';
import { AuctionGallery } from './AuctionGallery';
import { AuctionSellerCard } from './AuctionSellerCard';
import { auctionKey, bidsKey, useAuction } from './auctions.api';
import { BidBox } from './BidBox';
import { BidHistory } from './BidHistory';
import { useActivityFeed } from './useActivityFeed';
import { FitmentBadge } from '../garage/FitmentBadge';
import { TrackPriceButton } from '../garage/TrackPriceButton';
import { useListingView } from '../analytics/useListingActivity';

/** /auctions/:id (spec 000 "Auction detail"). */
export function AuctionDetailPage() {
  const { id = '' } = useParams();
  const auction = useAuction(id);
  const client = useQueryClient();
  // A live event (a bid, an extension, the end) refreshes the auction and its bid history.
  const onEvent = useCallback(() => {
    void client.invalidateQueries({ queryKey: auctionKey(id) });
    void client.invalidateQueries({ queryKey: bidsKey(id) });
  }, [client, id]);
  const feed = useActivityFeed(auction.data ? id : undefined, onEvent);
  useListingView('auction', auction.data?.id);

  if (auction.isLoading) return <AuctionDetailSkeleton />;
  if (auction.isError) return <AuctionLoadError error={auction.error} onRetry={() => void auction.refetch()} />;
  if (!auction.data) return <AuctionNotFound />;
  const data = auction.data;

  return (
    <PageContainer title={data.title}>
      <Link to="/auctions" className="inline-flex items-center gap-1 text-sm text-muted hover:text-racing">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Auctions
      </Link>
      {/*
        Desktop: photos, title, description and bid history on the left; the bid box, the seller and the live feed in
        the column beside them. Phone (one column): photos and title, then the bid box at once, then the description,
        the seller and the feed, then the bid history. The right column's wrapper is `contents` on phones so that
        its two parts take their own places (order) among the others.
      */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_auto_1fr] lg:gap-x-8">
        <div className="order-1 grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-1">
          <AuctionGallery auction={data} />
          <AuctionHeading auction={data} />
        </div>
        <div className="contents lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:grid lg:content-start lg:gap-6">
          <aside aria-label="Bidding" className="order-2 min-w-0">
            <BidBox auction={data} />
          </aside>
          <div className="order-4 grid min-w-0 content-start gap-6">
            <AuctionSellerCard sellerId={data.sellerId} sellerName={data.sellerName} />
            <ActivityFeed feed={feed} />
          </div>
        </div>
        <div className="order-3 grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-2">
          {/* The garage (issue 20): whether the part fits the viewer's car, and following the current bid. */}
          <div className="flex flex-wrap items-center gap-3 empty:hidden">
            <FitmentBadge partId={data.partId} />
            <TrackPriceButton watchType="auction" itemId={data.id} itemTitle={data.title} />
          </div>
          <AuctionDescription auction={data} />
        </div>
        <div className="order-5 min-w-0 content-start lg:col-start-1 lg:row-start-3">
          <BidHistory auctionId={data.id} />
        </div>
      </div>
    </PageContainer>
  );
}
