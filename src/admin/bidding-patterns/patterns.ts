import type { PatternAction } from '../../modules/auctions/bidding-pattern.dto';

/** The actions an admin may record, as the console names them. */
export const ACTION_LABELS: Record<PatternAction, string> = {
  none: 'No action (false alarm)',
  warning: 'Warning (mailed to the bidder)',
  block_bidder: 'Block bidder',
  cancel_bids: 'Cancel bids',
};
export const actionChoices = Object.entries(ACTION_LABELS).map(([id, name]) => ({ id, name }));

export const PATTERN_LABELS: Record<string, string> = {
  shared_ip_with_seller: 'Shared IP with seller',
  new_account_repeat_bidding: 'New account, repeat bidding',
};
export const patternLabel = (type: string) => PATTERN_LABELS[type] ?? type;
export const patternChoices = Object.entries(PATTERN_LABELS).map(([id, name]) => ({ id, name }));
