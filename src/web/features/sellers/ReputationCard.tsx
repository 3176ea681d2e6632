import { Award, BadgeCheck, Star } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { formatDate, formatGrouped } from '../../lib/format';
import { NO_SALES_YET, formatRating, reputationFigures, stars, tierProgress } from './reputation';
import { useSellerReputation, useSellerReviews } from './sellers.api';
import { ReviewActions } from '../returns/ReviewActions';
import type { ReputationDto, ReviewDto } from '../../../modules/sellers/reputation.dto';

/** Reviews shown on the reputation card (spec 001 §9). */
export const REPUTATION_REVIEWS = 3;

/** A seller's points, tier with progress to the next, metrics and latest reviews (spec 001 §2 widgets). */
export function ReputationCard({ sellerId }: { sellerId: string | undefined }) {
  const reputation = useSellerReputation(sellerId);
  const reviews = useSellerReviews(sellerId, REPUTATION_REVIEWS);

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Award aria-hidden className="size-5 text-racing" /> Seller Reputation
        </h2>
      </CardHeader>
      <CardContent>
        {reputation.isLoading ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading reputation">
            <div className="h-6 w-1/2 animate-pulse rounded bg-line" />
            <div className="h-2 w-full animate-pulse rounded bg-line" />
            <div className="grid grid-cols-2 gap-2">
              {Array.from({ length: 4 }, (_, i) => (
                <div key={i} className="h-10 animate-pulse rounded bg-line" />
              ))}
            </div>
          </div>
        ) : reputation.isError || !reputation.data ? (
          <p className="text-sm text-muted">Seller reputation data not available</p>
        ) : (
          <ReputationDetails reputation={reputation.data} reviews={(reviews.data ?? []).slice(0, REPUTATION_REVIEWS)} />
        )}
      </CardContent>
    </Card>
  );
}

function ReputationDetails({ reputation, reviews }: { reputation: ReputationDto; reviews: ReviewDto[] }) {
  const points = Number(reputation.reputationPoints) || 0;
  const progress = tierProgress(points);
  const tierName = reputation.levelName || progress.tier.name;
  const rating = formatRating(reputation.overallRating, reputation.totalReviews);
  // The server bands the rating (reputation.rules.ts), null while there is no review.
  const band = reputation.ratingBand;
  const { noSales, metrics } = reputationFigures(reputation);

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-muted">Level {reputation.currentLevel || progress.tier.level}</p>
          <p className="text-xl font-bold">{tierName}</p>
        </div>
        <p className="tabular text-right">
          <span className="block text-2xl font-bold">{formatGrouped(points) || '0'}</span>
          <span className="text-sm text-muted">points</span>
        </p>
      </div>

      <div>
        <div
          role="progressbar"
          aria-label={progress.next ? `Progress to ${progress.next.name}` : 'Top tier reached'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          className="h-2 w-full overflow-hidden rounded-full bg-line"
        >
          <div className="h-full rounded-full bg-racing" style={{ width: `${progress.percent}%` }} />
        </div>
        <p className="mt-1 text-xs text-muted">
          {progress.next
            ? `${formatGrouped(progress.pointsToNext)} points to ${progress.next.name}`
            : 'Highest tier reached'}
        </p>
      </div>

      <div className="flex items-center gap-2">
        <Star aria-hidden className="size-5 fill-yellow-400 text-yellow-500" />
        <span className="text-lg font-semibold tabular">{rating}</span>
        {band && <span className="text-sm text-muted">({band})</span>}
        <span className="text-sm text-muted">
          · {formatGrouped(reputation.totalReviews) || '0'} review{reputation.totalReviews === 1 ? '' : 's'}
        </span>
      </div>

      {noSales && (
        <p className="rounded-md border border-line p-2 text-sm font-semibold" data-testid="reputation-no-sales">
          {NO_SALES_YET}
        </p>
      )}
      {metrics.length > 0 && (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {metrics.map(([label, value]) => (
            <div key={label} className="rounded-md border border-line p-2">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="font-semibold tabular">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      <section aria-label="Latest reviews" className="grid gap-3">
        <h3 className="text-sm font-semibold">Latest reviews</h3>
        {reviews.length === 0 ? (
          <p className="text-sm text-muted">No reviews yet.</p>
        ) : (
          reviews.map((review) => <ReviewItem key={review.id} review={review} />)
        )}
      </section>
    </div>
  );
}

function ReviewItem({ review }: { review: ReviewDto }) {
  return (
    <article className="grid gap-1 rounded-md border border-line p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span aria-label={`${review.rating} out of 5 stars`} className="text-yellow-600">
          {stars(review.rating)}
        </span>
        {review.isVerifiedPurchase && (
          <span className="inline-flex items-center gap-1 text-xs text-success">
            <BadgeCheck aria-hidden className="size-3.5" /> Verified purchase
          </span>
        )}
        <span className="ml-auto text-xs text-muted">{formatDate(review.createdAt)}</span>
      </div>
      {review.title && <p className="font-semibold">{review.title}</p>}
      {review.reviewText && <p className="text-muted">{review.reviewText}</p>}
      {review.pros.length > 0 && <p className="text-xs">Pros: {review.pros.join(', ')}</p>}
      {review.cons.length > 0 && <p className="text-xs">Cons: {review.cons.join(', ')}</p>}
      {review.reviewerName && <p className="text-xs text-muted">— {review.reviewerName}</p>}
      {review.sellerResponse && (
        <p className="mt-1 rounded bg-paper p-2 text-xs">
          <span className="font-semibold">Seller response: </span>
          {review.sellerResponse}
        </p>
      )}
      <ReviewActions review={review} />
    </article>
  );
}
