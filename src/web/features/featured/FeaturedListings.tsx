import { Gavel, Search, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { Photo } from '../../components/Photo';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { formatUsd, formatUsdCents } from '../../lib/format';
import { FEATURED_FETCH_FAILED, FEATURED_SLOTS, recordFeaturedClick, useFeaturedListings } from './featured.api';
import { useNow } from '../auctions/useNow';
import { assignSlots, featuredClock, featuredHref, type FeaturedClockSource, type FeaturedSlot } from './slotAssignment';
import type { FeaturedImageDto, FeaturedPlacementType, PublicFeaturedListingDto } from '../../../modules/featured/featured-listing.dto';

/** Home: "Featured Listings" with its 12 slots (spec 000 §2), shown only when at least one listing is featured. */
export function HomeFeaturedListings({ title = 'Featured Listings' }: { title?: string }) {
  const query = useFeaturedListings('homepage');
  if (query.isPending) return <FeaturedSection title={title} loading slots={FEATURED_SLOTS.homepage} />;
  if (query.isError) {
    return (
      <section aria-label={title} className="mx-auto max-w-7xl px-4 pt-12">
        <p role="alert" className="text-sm text-muted">{FEATURED_FETCH_FAILED}</p>
      </section>
    );
  }
  if (!query.data.length) return null;
  return (
    <FeaturedSection title={title} slots={FEATURED_SLOTS.homepage}>
      <FeaturedGrid listings={query.data} placementType="homepage" />
      <div className="mt-6 flex justify-center">
        <ButtonLink to="/search" variant="outline">
          Browse All Parts
        </ButtonLink>
      </div>
    </FeaturedSection>
  );
}

/** A category page's 8 slots, inside the search page's "Featured {category} Parts" block. */
export function CategoryFeaturedListings({ categoryId }: { categoryId: string | undefined }) {
  const query = useFeaturedListings('category', categoryId, Boolean(categoryId));
  if (!categoryId || query.isPending) return <FeaturedSkeletons slots={FEATURED_SLOTS.category} className="mt-6" />;
  if (query.isError) return <p role="alert" className="mt-4 text-sm text-muted">{FEATURED_FETCH_FAILED}</p>;
  if (!query.data.length) return null;
  return (
    <div className="mt-6">
      <FeaturedGrid listings={query.data} placementType="category" />
    </div>
  );
}

function FeaturedSection({ title, loading, slots, children }: { title: string; loading?: boolean; slots: number; children?: ReactNode }) {
  return (
    <section aria-labelledby="featured-listings-title" className="mx-auto max-w-7xl px-4 pt-12" data-testid="featured-listings" aria-busy={loading || undefined}>
      <div className="mb-4 flex items-center gap-2">
        <Sparkles aria-hidden className="size-5 text-racing" />
        <h2 id="featured-listings-title" className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
      </div>
      {loading ? <FeaturedSkeletons slots={slots} /> : children}
    </section>
  );
}

function FeaturedSkeletons({ slots, className }: { slots: number; className?: string }) {
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)} data-testid="featured-skeleton">
      {Array.from({ length: slots }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-lg border border-line bg-surface">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="grid gap-2 p-3">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The slots of a page: 3 rows of 4 at home, 2 of 4 on a category page. */
export function FeaturedGrid({ listings, placementType }: { listings: readonly PublicFeaturedListingDto[]; placementType: FeaturedPlacementType }) {
  const slots = assignSlots(listings, FEATURED_SLOTS[placementType]);
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Featured slots">
      {slots.map((slot) => (
        <li key={slot.position} className="min-w-0">
          <SlotCard slot={slot} />
        </li>
      ))}
    </ol>
  );
}

function SlotCard({ slot }: { slot: FeaturedSlot }) {
  if (slot.kind === 'empty') {
    return (
      <div className="grid h-full min-h-40 place-items-center rounded-lg border border-dashed border-line p-4 text-sm text-muted">
        Available Slot {slot.position}
      </div>
    );
  }
  if (slot.kind === 'unavailable') {
    return <div className="grid h-full min-h-40 place-items-center rounded-lg border border-line bg-paper p-4 text-sm text-muted">Listing not available</div>;
  }
  const l = slot.listing;
  const href = featuredHref(l)!;
  const card = cardFacts(l);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-racing" data-testid="featured-card">
      <div className="aspect-[4/3] bg-paper">
        <Photo src={card.image?.url} alt={card.image?.altText || card.title} loading="lazy" decoding="async" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="flex items-center gap-1 text-xs font-semibold tracking-wide text-racing uppercase">
          {card.icon} {card.label}
        </p>
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link to={href} onClick={() => recordFeaturedClick(l.id)} className="after:absolute after:inset-0 group-hover:text-racing focus-visible:outline-none">
            {card.title}
          </Link>
        </h3>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <p className="grid">
            <span className="text-xs text-muted">{card.priceLabel}</span>
            <span className="tabular text-lg font-bold">{card.price}</span>
          </p>
          {card.clock && <FeaturedClock source={card.clock} />}
        </div>
      </div>
    </article>
  );
}

interface CardFacts {
  title: string;
  label: string;
  icon: ReactNode;
  image: FeaturedImageDto | undefined;
  priceLabel: string;
  price: string;
  /** What the clock counts to: the auction (its start while scheduled, else its end) or the wanted request's end; none for a part. */
  clock: FeaturedClockSource | null;
}

/**
 * The time left on a featured auction or wanted request, ticking: red under 24 hours, pulsing with seconds under 1
 * hour; a scheduled auction's "Starts in …" until its start, then its time left.
 */
function FeaturedClock({ source }: { source: FeaturedClockSource }) {
  const left = featuredClock(source, useNow(1000));
  return (
    <p data-clock-phase={left.phase} className={cn('tabular text-sm font-medium', left.urgent ? 'text-racing' : 'text-muted', left.final && 'motion-safe:animate-pulse')}>
      {left.phase === 'ends' && <span className="sr-only">Time left: </span>}
      {left.text}
    </p>
  );
}

function cardFacts(l: PublicFeaturedListingDto): CardFacts {
  if (l.auction) {
    const a = l.auction;
    const bid = a.totalBids > 0 ? a.currentBid : a.startingBid;
    return {
      title: a.title,
      label: 'Auction',
      icon: <Gavel aria-hidden className="size-3" />,
      image: a.images[0],
      priceLabel: a.totalBids > 0 ? 'Current bid' : 'Starting bid',
      price: formatUsdCents(bid),
      clock: { auction: { status: a.status, startTime: a.startTime, endTime: a.endTime } },
    };
  }
  if (l.reverseAuction) {
    const r = l.reverseAuction;
    return {
      title: r.title,
      label: 'Wanted',
      icon: <Search aria-hidden className="size-3" />,
      image: r.images[0],
      priceLabel: 'Budget',
      price: formatUsdCents(r.maxBudget),
      clock: { endTime: r.endTime },
    };
  }
  const p = l.part!;
  return {
    title: p.title,
    label: 'Featured',
    icon: <Sparkles aria-hidden className="size-3" />,
    image: p.images[0],
    priceLabel: p.categoryName ?? 'Price',
    price: formatUsd(p.price),
    clock: null,
  };
}
