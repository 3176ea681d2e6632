import { describe, expect, it } from 'vitest';
import type { ConnectStatusDto } from '../../../modules/payments/order.dto';
import { payoutSetupState } from './payouts';

const status = (over: Partial<ConnectStatusDto>): ConnectStatusDto => ({
  accountId: null,
  provider: 'stripe',
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  ready: false,
  ...over,
});

describe('payoutSetupState', () => {
  it('offers "Set up payouts" before any account exists', () => {
    expect(payoutSetupState(status({}))).toMatchObject({ kind: 'not_started', action: 'Set up payouts' });
  });

  it('asks to continue an onboarding left half-way, and to review details the provider is checking', () => {
    expect(payoutSetupState(status({ accountId: 'acct_1' }))).toMatchObject({ kind: 'incomplete', action: 'Continue payout setup' });
    expect(payoutSetupState(status({ accountId: 'acct_1', detailsSubmitted: true }))).toMatchObject({
      kind: 'incomplete',
      action: 'Review payout details',
    });
  });

  it('has nothing to do once charges and payouts are enabled, and says so plainly in test mode', () => {
    expect(payoutSetupState(status({ accountId: 'acct_1', ready: true }))).toMatchObject({ kind: 'ready', action: null });
    expect(payoutSetupState(status({ provider: 'test', ready: true })).text).toMatch(/^Test mode/);
  });
});
