import { useQuery } from '@tanstack/react-query';
import { Award, BadgeCheck, Store, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { listQueryFn } from '../../lib/api';
import { badgeName, visibleBadges } from './sellerBadges';
import type { UserBadgeDto } from '../../../modules/sellers/reputation.dto';
import type { StorefrontDto } from '../../../modules/sellers/seller.dto';

/** Seller Information: the storefront when the seller has one (else "Private Seller") and their badges. */
export function SellerInfoCard({ sellerId, sellerName }: { sellerId: string; sellerName: string | null }) {
  const storefront = useQuery<StorefrontDto | null>({
    queryKey: [`/api/sellers/${sellerId}/storefront`],
    enabled: Boolean(sellerId),
  });
  const badges = useQuery({ queryKey: [`/api/users/${sellerId}/badges`], queryFn: listQueryFn<UserBadgeDto>(), enabled: Boolean(sellerId) });
  const store = storefront.isSuccess && storefront.data?.slug ? storefront.data : null;
  const logo = store?.logo ?? null;
  // The seller's own view includes the badges they hid; buyers never see those.
  const { shown, more } = visibleBadges((badges.data?.items ?? []).filter((b) => b.isDisplayed));

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-bold">Seller Information</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        {storefront.isLoading ? (
          <div className="flex items-center gap-3" aria-label="Loading seller" aria-busy="true">
            <Skeleton className="size-12 rounded-full" />
            <Skeleton className="h-5 w-40" />
          </div>
        ) : store ? (
          <div className="grid gap-3">
            <Link to={`/storefront/${encodeURIComponent(store.slug)}`} className="group flex items-center gap-3">
              {logo ? (
                <img src={logo} alt={`${store.displayName} logo`} loading="lazy" className="size-12 rounded-full border border-line object-cover" />
              ) : (
                <span className="grid size-12 place-items-center rounded-full bg-paper text-muted">
                  <Store aria-hidden className="size-6" />
                </span>
              )}
              <span className="font-semibold group-hover:text-racing group-hover:underline">{store.displayName}</span>
            </Link>
            {store.isActive && (
              <p className="inline-flex w-fit items-center gap-1 rounded-sm bg-success/10 px-2 py-0.5 text-sm font-medium text-success">
                <BadgeCheck aria-hidden className="size-4" /> Verified Seller
              </p>
            )}
            {store.description && <p className="text-sm text-muted">{store.description}</p>}
          </div>
        ) : (
          <div className="flex items-center gap-3">
            <span className="grid size-12 place-items-center rounded-full bg-paper text-muted">
              <UserRound aria-hidden className="size-6" />
            </span>
            <div>
              <p className="font-semibold">Private Seller</p>
              {sellerName && <p className="text-sm text-muted">{sellerName}</p>}
            </div>
          </div>
        )}
        {shown.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Seller badges">
            {shown.map((badge) => (
              <li key={badge.id} className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs font-medium">
                <Award aria-hidden className="size-3 text-racing" /> {badgeName(badge)}
              </li>
            ))}
            {more > 0 && <li className="rounded-full px-2 py-0.5 text-xs text-muted">+{more} more</li>}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
