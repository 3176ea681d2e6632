import type { ConnectStatusDto, EarningsOrderDto } from '../../../modules/payments/order.dto';

/** What the Payouts & Earnings page says about the seller's payout setup, and the button it offers. */
export interface PayoutSetupState {
  kind: 'not_started' | 'incomplete' | 'ready';
  title: string;
  text: string;
  /** The onboarding button's label; null when there is nothing to do. */
  action: string | null;
}

/** The payout setup's state from GET /api/payments/connect/status. */
export function payoutSetupState(status: ConnectStatusDto): PayoutSetupState {
  if (status.ready) {
    return {
      kind: 'ready',
      title: 'Payouts are set up',
      text:
        status.provider === 'test'
          ? 'Test mode: buyers can pay your orders and no real money moves.'
          : 'Buyers can pay your orders, and your earnings are paid out to your bank account.',
      action: null,
    };
  }
  if (!status.accountId) {
    return {
      kind: 'not_started',
      title: 'Set up payouts to get paid',
      text: 'You can list and sell now, but buyers can pay your orders only once your payout account is set up. It takes a few minutes with our payment provider.',
      action: 'Set up payouts',
    };
  }
  return {
    kind: 'incomplete',
    title: 'Finish your payout setup',
    text: status.detailsSubmitted
      ? 'The payment provider is checking your details. Buyers can pay your orders once it has enabled charges and payouts.'
      : 'Your payout account is missing some details. Until they are in, buyers cannot pay your orders.',
    action: status.detailsSubmitted ? 'Review payout details' : 'Continue payout setup',
  };
}

export const PAYOUT_STATUS_LABEL: Record<EarningsOrderDto['payoutStatus'], string> = {
  pending: 'Pending',
  available: 'Available',
  paid_out: 'Paid out',
  none: '—',
};
