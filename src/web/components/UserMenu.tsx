import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { signOut, SIGN_OUT_PATH } from '../features/accounts/signOut';
import { displayName, type CurrentUser } from '../features/accounts/useAuth';
import { userMenuLinks } from './userMenuLinks';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-paper data-[highlighted]:text-racing';

/** The signed-in user's menu: name on the trigger; email, Seller Dashboard, My Listings, My Auctions (sellers), Orders, My Offers, Returns, Account Settings and Sign Out inside. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex h-10 max-w-48 items-center gap-2 rounded-md px-2 text-sm font-medium text-white hover:bg-white/10"
        data-testid="user-menu"
      >
        <UserRound aria-hidden className="size-5 shrink-0" />
        <span className="truncate" data-testid="user-menu-name">
          {name}
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border border-line bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-2">
            <span className="block text-sm font-semibold text-ink">{name}</span>
            <span className="block truncate text-xs text-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {userMenuLinks(user.role).map(({ to, label, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild className={itemClass}>
              <Link to={to}>
                <Icon aria-hidden className="size-4" />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item asChild className={itemClass}>
            <a href={SIGN_OUT_PATH} onClick={signOut}>
              <LogOut aria-hidden className="size-4" />
              Sign Out
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
