import { SearchX } from 'lucide-react';
import { Button, ButtonLink } from '../../components/Button';
import { MessageCard } from '../../components/MessageCard';
import { PageContainer } from '../../components/PageContainer';
import { describeError } from '../../lib/api';

/** The auction detail page while the auction loads: skeletons shaped like the gallery, title, text and bid box. */
export function AuctionDetailSkeleton() {
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

/** An unknown auction id: "Auction Not Found" and the way back. */
export function AuctionNotFound() {
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

/** The auction could not be loaded: what happened, Try again, or back to the list. */
export function AuctionLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <MessageCard title="Something went wrong" description={describeError(error).message} actionsClassName="flex gap-2">
      <Button onClick={onRetry}>Try again</Button>
      <ButtonLink to="/auctions" variant="outline">
        Back to Auctions
      </ButtonLink>
    </MessageCard>
  );
}
