import { lazy, Suspense } from 'react';
import { useAuth } from '../accounts/useAuth';

// Only a signed-in user has a garage: a visitor's first page does not download the garage's code for the badges.
const FitmentBadgeContent = lazy(() => import('./FitmentBadgeContent'));

/** "Fits your {vehicleName}" or "Check fitment" on a part, for a signed-in user with vehicles in the garage. */
export function FitmentBadge({ partId, className }: { partId: string | null | undefined; className?: string }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <FitmentBadgeContent partId={partId} className={className} />
    </Suspense>
  );
}
