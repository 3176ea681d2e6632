import { BadgeCheck, MapPin, Package, ScrollText, Star, Store, Tag } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink, buttonClass } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { MessageCard } from '../../components/MessageCard';
import { Skeleton } from '../../components/Skeleton';
import { formatGrouped, formatUsd } from '../../lib/format';
import { PartCardPhoto } from '../catalog/PartCard';
import { conditionLabel, primaryImage } from '../catalog/partFormat';
import { FitmentBadge } from '../garage/FitmentBadge';
import { BadgesCard, STOREFRONT_BADGE_COUNT } from './BadgesCard';
import { ReputationCard } from './ReputationCard';
import { useSellerParts, useStorefront } from './sellers.api';
import type { StorefrontDto } from '../../../modules/sellers/seller.dto';
import { STOREFRONT_PARTS_PAGE, partsAvailableLabel, policyParagraphs, storefrontStats } from './storefront';
import type { PartDto } from '../../../modules/catalog/part.dto';

/** /storefront/{slug}: a seller's public shop (no sign-in needed). */
export function StorefrontPage() {
  const { slug } = useParams();
  const storefront = useStorefront(slug);

  if (!slug) return <StorefrontMessage title="Invalid storefront URL" text="This address does not name a storefront." />;
  if (storefront.isLoading) return <StorefrontSkeleton />;
  if (storefront.isError || !storefront.data) {
    return (
      <StorefrontMessage
        title="Storefront Not Found"
        text="This storefront does not exist or is no longer available."
      />
    );
  }
  return <Storefront storefront={storefront.data} />;
}

function StorefrontMessage({ title, text }: { title: string; text: string }) {
  return (
    <MessageCard icon={Store} title={title} description={text}>
      <ButtonLink to="/">Back to Home</ButtonLink>
    </MessageCard>
  );
}

function Storefront({ storefront }: { storefront: StorefrontDto }) {
  const stats = storefrontStats(storefront);
  const parts = useSellerParts<PartDto>(storefront.sellerId, STOREFRONT_PARTS_PAGE);
  const loadedParts = parts.data?.pages.flatMap((page) => page.items) ?? [];
  const available = stats.totalParts || parts.data?.pages[0]?.total || 0;
  const policies = policyParagraphs(storefront.policies);

  return (
    <div>
      <div className="h-40 w-full bg-graphite md:h-56">
        {storefront.bannerImage && (
          <img src={storefront.bannerImage} alt={`${storefront.displayName} banner`} className="size-full object-cover" />
        )}
      </div>
      <PageContainer className="grid gap-6 pt-0 md:pt-0" title={storefront.displayName}>
        <header className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-lg border-4 border-surface bg-surface shadow-md">
            {storefront.logo ? (
              <img src={storefront.logo} alt={`${storefront.displayName} logo`} className="size-full object-cover" />
            ) : (
              <Store aria-hidden className="size-10 text-muted" />
            )}
          </div>
          <div className="grid gap-1 sm:mt-14">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{storefront.displayName}</h1>
              {storefront.isActive && (
                <span className="rounded-full border border-green-200 bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                  Active
                </span>
              )}
            </div>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
              {storefront.isActive && (
                <span className="inline-flex items-center gap-1 font-medium text-success">
                  <BadgeCheck aria-hidden className="size-4" /> Verified Seller
                </span>
              )}
              <span className="inline-flex items-center gap-1">
                <Package aria-hidden className="size-4" /> {partsAvailableLabel(available)}
              </span>
              {storefront.location && (
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden className="size-4" /> {storefront.location}
                </span>
              )}
            </p>
          </div>
        </header>
        {storefront.description && <p className="max-w-3xl text-muted">{storefront.description}</p>}

        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="storefront-parts" className="grid content-start gap-4">
            <h2 id="storefront-parts" className="text-xl font-semibold">
              Parts for Sale
            </h2>
            {parts.isLoading ? (
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="aspect-[3/4]" />
                ))}
              </div>
            ) : parts.isError ? (
              <p className="text-sm text-racing">This seller's parts could not be loaded. Please try again later.</p>
            ) : loadedParts.length === 0 ? (
              <Card className="grid justify-items-start gap-3 p-6">
                <p className="text-muted">This seller has no parts for sale right now.</p>
                <ButtonLink to="/search" variant="outline">
                  Browse All Parts
                </ButtonLink>
              </Card>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {loadedParts.map((part) => (
                  <li key={part.id}>
                    <StorefrontPartCard part={part} />
                  </li>
                ))}
              </ul>
            )}
            {parts.hasNextPage && (
              <Button
                variant="outline"
                className="justify-self-center"
                onClick={() => void parts.fetchNextPage()}
                disabled={parts.isFetchingNextPage}
              >
                {parts.isFetchingNextPage ? 'Loading...' : 'Load More Parts'}
              </Button>
            )}
          </section>

          <aside className="grid content-start gap-6">
            <ReputationCard sellerId={storefront.sellerId} />
            <BadgesCard userId={storefront.userId} max={STOREFRONT_BADGE_COUNT} />
            <Card>
              <CardHeader>
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  <Star aria-hidden className="size-5 text-racing" /> Store Stats
                </h2>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-3 gap-2 text-center">
                  <Stat label="Total parts" value={formatGrouped(stats.totalParts) || '0'} />
                  <Stat label="Featured" value={formatGrouped(stats.featuredParts) || '0'} />
                  <Stat label="Member since" value={stats.memberSince || '—'} />
                </dl>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  <Tag aria-hidden className="size-5 text-racing" /> Categories
                </h2>
              </CardHeader>
              <CardContent>
                {stats.categories.length === 0 ? (
                  <p className="text-sm text-muted">No categories yet.</p>
                ) : (
                  <ul className="flex flex-wrap gap-2">
                    {stats.categories.map((category) => (
                      <li key={category.slug}>
                        <Link
                          to={`/search?category=${encodeURIComponent(category.slug)}`}
                          className="inline-block rounded-full border border-line px-3 py-1 text-sm hover:border-racing"
                        >
                          {category.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  <ScrollText aria-hidden className="size-5 text-racing" /> Store Policies
                </h2>
              </CardHeader>
              <CardContent className="grid gap-2 text-sm">
                {policies.length === 0 ? (
                  <p className="text-muted">
                    This seller follows the Pitlane{' '}
                    <Link to="/terms-of-service" className="text-racing hover:underline">
                      Terms of Service
                    </Link>
                    .
                  </p>
                ) : (
                  policies.map((paragraph, i) => (
                    <p key={i} className="whitespace-pre-line">
                      {paragraph}
                    </p>
                  ))
                )}
              </CardContent>
            </Card>
          </aside>
        </div>
      </PageContainer>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-line p-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-bold tabular">{value}</dd>
    </div>
  );
}

/** A part on the storefront grid, with its "View Details" link. */
function StorefrontPartCard({ part }: { part: PartDto }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-sm">
      <PartCardPhoto image={primaryImage(part.images)} title={part.title} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold leading-snug">{part.title}</h3>
        {part.partNumber && <p className="font-mono text-xs text-muted">{part.partNumber}</p>}
        <FitmentBadge partId={part.id} />
        <p className="line-clamp-2 text-sm text-muted">{part.description}</p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <p className="tabular text-xl font-bold">{formatUsd(part.price)}</p>
          <p className="rounded-sm border border-line px-2 py-0.5 text-xs font-medium">{conditionLabel(part.condition)}</p>
        </div>
        <Link to={`/parts/${part.id}`} className={buttonClass('outline', 'sm', 'w-full')} aria-label={`View details of ${part.title}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}

function StorefrontSkeleton() {
  return (
    <div>
      <span role="status" className="sr-only">
        Loading...
      </span>
      <Skeleton className="h-40 w-full rounded-none md:h-56" />
      <PageContainer className="grid gap-6">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-4 w-1/2" />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-[3/4]" />
          ))}
        </div>
      </PageContainer>
    </div>
  );
}
