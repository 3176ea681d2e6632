import { Trophy } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../accounts/useAuth';
import { useSetBadgeDisplayed, useUserBadges } from './sellers.api';
import type { UserBadgeDto } from '../../../modules/sellers/reputation.dto';

/** Badges shown by default; the storefront shows 8 (spec 001 §9). */
export const DEFAULT_BADGE_COUNT = 6;
export const STOREFRONT_BADGE_COUNT = 8;

const RARITY_CLASS: Record<string, string> = {
  common: 'border-line bg-paper',
  rare: 'border-blue-200 bg-blue-50',
  epic: 'border-purple-200 bg-purple-50',
  legendary: 'border-yellow-300 bg-yellow-50',
};

/**
 * The achievement badges a user earned, newest first, up to `max` with "+N more". Their holder also sees the ones
 * they hid, marked, and shows or hides each (buyers see only the shown ones).
 */
export function BadgesCard({ userId, max = DEFAULT_BADGE_COUNT }: { userId: string | undefined; max?: number }) {
  const { user } = useAuth();
  const holder = Boolean(userId) && user?.id === userId;
  const badges = useUserBadges(userId);
  const list = [...(badges.data ?? [])]
    .filter((b) => holder || b.isDisplayed)
    .sort((a, b) => Date.parse(b.earnedAt) - Date.parse(a.earnedAt));
  const shown = list.slice(0, max);
  const more = list.length - shown.length;

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Trophy aria-hidden className="size-5 text-racing" /> Achievement Badges
        </h2>
      </CardHeader>
      <CardContent>
        {badges.isLoading ? (
          <div className="grid grid-cols-2 gap-2" aria-busy="true" aria-label="Loading badges">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-14 animate-pulse rounded bg-line" />
            ))}
          </div>
        ) : badges.isError ? (
          <p className="text-sm text-muted">Badges could not be loaded.</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted">No badges earned yet.</p>
        ) : (
          <>
            <ul className="grid gap-2">
              {shown.map((earned) => (
                <BadgeItem key={earned.id} earned={earned} holderId={holder ? userId : undefined} />
              ))}
            </ul>
            {more > 0 && <p className="mt-2 text-sm text-muted">+{more} more</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BadgeItem({ earned, holderId }: { earned: UserBadgeDto; holderId?: string }) {
  const badge = earned.badge;
  const rarity = (badge?.rarity ?? 'common').toLowerCase();
  return (
    <li className={cn('flex items-start gap-2 rounded-md border p-2', RARITY_CLASS[rarity] ?? RARITY_CLASS.common, !earned.isDisplayed && 'opacity-60')}>
      <span aria-hidden className="text-2xl leading-none">
        {badge?.icon || '🏅'}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{badge?.name ?? 'Badge'}</p>
        {badge?.description && <p className="line-clamp-2 text-xs text-muted">{badge.description}</p>}
        <p className="text-xs text-muted">
          <span className="capitalize">{rarity}</span> · {formatDate(earned.earnedAt)}
          {!earned.isDisplayed && ' · Hidden from buyers'}
        </p>
      </div>
      {holderId && <DisplayToggle holderId={holderId} earned={earned} />}
    </li>
  );
}

/** The holder's Hide / Show of one badge. */
function DisplayToggle({ holderId, earned }: { holderId: string; earned: UserBadgeDto }) {
  const setDisplayed = useSetBadgeDisplayed(holderId);
  const name = earned.badge?.name ?? 'badge';
  return (
    <Button
      variant="ghost"
      size="sm"
      className="ml-auto shrink-0"
      disabled={setDisplayed.isPending}
      aria-label={earned.isDisplayed ? `Hide ${name} from buyers` : `Show ${name} to buyers`}
      onClick={() =>
        setDisplayed.mutate(
          { badgeId: earned.badgeId, isDisplayed: !earned.isDisplayed },
          { onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }) },
        )
      }
    >
      {earned.isDisplayed ? 'Hide' : 'Show'}
    </Button>
  );
}
