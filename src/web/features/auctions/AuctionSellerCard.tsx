import { Store } from 'lucide-react';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { useSellerStorefront } from '../sellers/sellers.api';

/** "Seller Information": the storefront's name, location and link, or "Private Seller" when there is no storefront. */
export function AuctionSellerCard({ sellerId, sellerName }: { sellerId: string; sellerName?: string | null }) {
  const storefront = useSellerStorefront(sellerId);
  const store = storefront.data;
  const name = store?.displayName || sellerName || 'Seller';
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
