import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Photo } from '../../components/Photo';
import { Skeleton } from '../../components/Skeleton';
import { formatUsd } from '../../lib/format';
import { FitmentBadge } from '../garage/FitmentBadge';
import { CardEvidence } from './CardEvidence';
import { useFeaturedPartIds } from '../featured/featured.api';
import { withFeaturedMark } from '../featured/slotAssignment';
import { cardBadgeNames, useShownBadgeNames } from '../sellers/earnedBadges';
import { badgePreview, conditionLabel, partBadges, primaryImage, thumbnailSrc, yearsLabel, makeModel } from './partFormat';
import type { PartDto, PartImageDto } from '../../../modules/catalog/part.dto';

interface PartCardProps {
  part: PartDto;
  /** Badge names to show (up to 2, then "+N"); by default the part's own (Featured, Verified Seller) and its seller's. */
  badges?: readonly string[];
}

/** A part in a grid: photo first, badges, title, description, price and condition; links to /parts/{id}. */
export function PartCard({ part, badges }: PartCardProps) {
  const featuredIds = useFeaturedPartIds();
  const sellerBadges = useShownBadgeNames(badges ? undefined : part.sellerId);
  const { shown, more } = badgePreview(
    badges ?? cardBadgeNames(withFeaturedMark(partBadges(part), featuredIds.has(part.id)), sellerBadges.data ?? []),
  );
  const fits = [makeModel(part), yearsLabel(part.yearStart, part.yearEnd)].filter(Boolean).join(' · ');
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-racing">
      <PartCardPhoto image={primaryImage(part.images)} title={part.title} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {shown.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Badges">
            {shown.map((name) => (
              <li key={name} className="rounded-sm bg-racing-soft px-2 py-0.5 text-xs font-medium text-racing-dark">
                {name}
              </li>
            ))}
            {more > 0 && (
              <li className="rounded-sm border border-line px-2 py-0.5 text-xs text-muted" aria-label={`${more} more badges`}>
                +{more}
              </li>
            )}
          </ul>
        )}
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link to={`/parts/${part.id}`} className="after:absolute after:inset-0 group-hover:text-racing focus-visible:outline-none">
            {part.title}
          </Link>
        </h3>
        {fits && <p className="text-xs text-muted">{fits}</p>}
        {part.interchangeableWith && (
          <p className="text-xs font-medium text-ink">
            Interchangeable: same as <span className="font-mono">{part.interchangeableWith}</span>
          </p>
        )}
        <FitmentBadge partId={part.id} />
        <CardEvidence partId={part.id} />
        <p className="line-clamp-2 text-sm text-muted">{part.description}</p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <p className="tabular text-xl font-bold">{formatUsd(part.price)}</p>
          <p className="rounded-sm border border-line px-2 py-0.5 text-xs font-medium">{conditionLabel(part.condition)}</p>
        </div>
        {part.location && (
          <p className="flex items-center gap-1 text-xs text-muted">
            <MapPin aria-hidden className="size-3" /> {part.location}
          </p>
        )}
      </div>
    </article>
  );
}

/** The loading shape of a PartCard. */
/** A part card's photo: a 4:3 box with the photo's small copy, or the placeholder when there is none or it fails. */
export function PartCardPhoto({ image, title }: { image: PartImageDto | null; title: string }) {
  return (
    <div className="aspect-[4/3] bg-paper">
      <Photo src={image && thumbnailSrc(image)} alt={image?.altText || title} loading="lazy" decoding="async" />
    </div>
  );
}

export function PartCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-surface" data-testid="part-card-skeleton">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-6 w-1/3" />
      </div>
    </div>
  );
}
