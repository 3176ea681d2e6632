import type { AdminAuctionDto, AdminAuctionStatus } from '../../modules/auctions/auction-admin.dto';

/** The status filter's choices; "All" is the empty choice. */
export const auctionStatusChoices: { id: AdminAuctionStatus; name: string }[] = [
  { id: 'active', name: 'Active' },
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'ended', name: 'Ended' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'pending', name: 'Pending' },
];

export const statusText = (status: string): string => auctionStatusChoices.find((c) => c.id === status)?.name ?? status;

/** "$1,234.50" from the API's decimal string. */
export const moneyText = (value: string | null | undefined): string =>
  value === null || value === undefined ? '—' : `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What the console may do with an auction now. */
export function auctionActions(a: Pick<AdminAuctionDto, 'status' | 'canRelist'>) {
  return {
    endEarly: a.status === 'active',
    cancel: a.status === 'active' || a.status === 'scheduled',
    relist: a.canRelist,
  };
}

/** The result line of a closed auction. */
export function resultText(a: Pick<AdminAuctionDto, 'status' | 'winnerName' | 'currentBid' | 'totalBids' | 'reserveMet'>): string {
  if (a.status === 'cancelled') return 'Cancelled: no winner';
  if (a.status !== 'ended') return '—';
  if (a.winnerName) return `Sold to ${a.winnerName} for ${moneyText(a.currentBid)}`;
  if (a.totalBids > 0 && !a.reserveMet) return 'Not sold: reserve not met';
  return 'Not sold';
}
