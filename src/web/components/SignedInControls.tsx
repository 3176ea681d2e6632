import { Heart, Plus } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { Link } from 'react-router';
import type { CurrentUser } from '../features/accounts/useAuth';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { ButtonLink } from './Button';
import { TooltipProvider } from './TooltipProvider';
import { UserMenu } from './UserMenu';

/**
 * The header's controls for a signed-in user: Favorites, the bell, the user menu and List Your Parts. A chunk of
 * its own (Header loads it once someone is signed in), so a visitor's first page does not download the menus.
 */
export default function SignedInControls({ user }: { user: CurrentUser }) {
  return (
    <>
      <TooltipProvider>
        <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Link to="/watchlist" aria-label="Favorites" className="grid size-10 place-items-center rounded-md text-white hover:bg-white/10">
            <Heart aria-hidden className="size-5" />
          </Link>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content sideOffset={6} className="z-50 rounded-sm bg-ink px-2 py-1 text-xs text-white">
            Favorites
          </Tooltip.Content>
        </Tooltip.Portal>
        </Tooltip.Root>
      </TooltipProvider>
      <NotificationBell />
      <div className="hidden md:block">
        <UserMenu user={user} />
      </div>
      {/* A wrapper hides it: the button's own inline-flex would override a `hidden` on it. */}
      <div className="hidden md:block">
        <ButtonLink to="/sell" size="sm">
          <Plus aria-hidden className="size-4" />
          List Your Parts
        </ButtonLink>
      </div>
    </>
  );
}
