import { describe, expect, it } from 'vitest';
import { balanceTransactionFeeCents, balances, escrowReleaseLines, paymentLines, providerFeeLines, refundLines, transferReversalLines, type LedgerLine } from './ledger.rules.js';
import { chargeFeeOf } from './payment.provider.js';

const sum = (lines: LedgerLine[]) => lines.reduce((s, l) => s + l.cents, 0);

describe('ledger balance', () => {
  it('a direct sale sums to zero: the seller nets the total less the commission', () => {
    const lines = paymentLines({ totalCents: 250_000, commissionCents: 14_500, escrow: false, providerFeeCents: 7280 });
    expect(sum(lines)).toBe(0);
    expect(balances(lines)).toEqual({ buyer: -250_000, seller: 235_500, marketplace: 7220, provider: 7280 });
  });

  it('partial then full refunds return the commission in proportion and still sum to zero', () => {
    const all: LedgerLine[] = paymentLines({ totalCents: 100_000, commissionCents: 7000, escrow: false });
    const first = refundLines({ totalCents: 100_000, commissionCents: 7000, refundedCents: 0, newRefundedCents: 25_000, escrowHeld: false });
    expect(first.commissionReturnedCents).toBe(1750);
    const second = refundLines({ totalCents: 100_000, commissionCents: 7000, refundedCents: 25_000, newRefundedCents: 100_000, escrowHeld: false });
    all.push(...first.lines, ...second.lines);
    expect(sum(all)).toBe(0);
    expect(balances(all)).toEqual({ buyer: 0, seller: 0, marketplace: 0 });
  });

  it('escrow holds, refunds from the hold, then releases the rest less the commission left', () => {
    const all: LedgerLine[] = paymentLines({ totalCents: 600_000, commissionCents: 30_000, escrow: true });
    const refund = refundLines({ totalCents: 600_000, commissionCents: 30_000, refundedCents: 0, newRefundedCents: 60_000, escrowHeld: true });
    all.push(...refund.lines);
    all.push(...escrowReleaseLines({ totalCents: 600_000, refundedCents: 60_000, commissionCents: 30_000, commissionReturnedCents: refund.commissionReturnedCents }));
    expect(sum(all)).toBe(0);
    expect(balances(all)).toEqual({ buyer: -540_000, escrow: 0, seller: 513_000, marketplace: 27_000 });
  });

  it('after an escrow release, refunds come from the platform and the reversals take back the refund less the commission returned', () => {
    // $6,000 escrow, $300 commission; $600 refunded while held, then released, then $1,000 and the rest refunded.
    const o = { totalCents: 600_000, commissionCents: 30_000 };
    const all: LedgerLine[] = paymentLines({ ...o, escrow: true });
    const held = refundLines({ ...o, refundedCents: 0, newRefundedCents: 60_000, escrowHeld: true });
    expect(held.reversalCents).toBe(0);
    all.push(...held.lines, ...escrowReleaseLines({ ...o, refundedCents: 60_000, commissionReturnedCents: held.commissionReturnedCents }));
    const transferred = 600_000 - 60_000 - (30_000 - held.commissionReturnedCents);
    expect(transferred).toBe(513_000);

    const partial = refundLines({ ...o, refundedCents: 60_000, newRefundedCents: 160_000, escrowHeld: false, escrowReleased: true });
    // The commission returned goes from $30 to $80 (in proportion, on the running total): the seller gives back $950.
    expect(partial.commissionReturnedCents).toBe(8000);
    expect(partial.reversalCents).toBe(95_000);
    expect(partial.lines).toEqual([
      { account: 'marketplace', kind: 'refund', cents: -100_000, memo: 'Refunded from the platform balance' },
      { account: 'buyer', kind: 'refund', cents: 100_000, memo: 'Refunded from the platform balance' },
    ]);
    all.push(...partial.lines, ...transferReversalLines(partial.reversalCents));
    const rest = refundLines({ ...o, refundedCents: 160_000, newRefundedCents: 600_000, escrowHeld: false, escrowReleased: true });
    expect(rest.commissionReturnedCents).toBe(30_000);
    all.push(...rest.lines, ...transferReversalLines(rest.reversalCents));
    // The reversals add up to exactly the transfer: nothing is left with the seller, nor taken twice.
    expect(partial.reversalCents + rest.reversalCents).toBe(transferred);
    expect(sum(all)).toBe(0);
    expect(balances(all)).toEqual({ buyer: 0, escrow: 0, seller: 0, marketplace: 0 });
  });

  it('a reversal not made leaves the seller untouched and the marketplace out of pocket, as at the provider', () => {
    const o = { totalCents: 100_000, commissionCents: 7000 };
    const all: LedgerLine[] = [...paymentLines({ ...o, escrow: true }), ...escrowReleaseLines({ ...o, refundedCents: 0, commissionReturnedCents: 0 })];
    const r = refundLines({ ...o, refundedCents: 0, newRefundedCents: 25_001, escrowHeld: false, escrowReleased: true });
    expect(r.commissionReturnedCents).toBe(1750); // 7000 * 25001 / 100000 = 1750.07, half up
    expect(r.reversalCents).toBe(23_251);
    all.push(...r.lines);
    expect(balances(all)).toEqual({ buyer: -74_999, escrow: 0, seller: 93_000, marketplace: -18_001 });
    all.push(...transferReversalLines(r.reversalCents, 'Transfer reversal (trr_1)'));
    expect(sum(all)).toBe(0);
    // Once made, the same nets as a direct sale's refund: the seller bears the refund less the commission returned.
    expect(balances(all)).toEqual({ buyer: -74_999, escrow: 0, seller: 69_749, marketplace: 5250 });
    expect(transferReversalLines(0)).toEqual([]);
  });

  it("books the provider's fee as marketplace to provider, none when unknown or 0, and a refund leaves it with the marketplace", () => {
    expect(providerFeeLines(3230, 'Stripe fee (txn_1)')).toEqual([
      { account: 'marketplace', kind: 'provider_fee', cents: -3230, memo: 'Stripe fee (txn_1)' },
      { account: 'provider', kind: 'provider_fee', cents: 3230, memo: 'Stripe fee (txn_1)' },
    ]);
    for (const none of [0, null, undefined, -5, 1.5]) expect(providerFeeLines(none)).toEqual([]);
    const all: LedgerLine[] = [...paymentLines({ totalCents: 100_000, commissionCents: 7000, escrow: false }), ...providerFeeLines(3230)];
    all.push(...refundLines({ totalCents: 100_000, commissionCents: 7000, refundedCents: 0, newRefundedCents: 100_000, escrowHeld: false }).lines);
    expect(sum(all)).toBe(0);
    expect(balances(all)).toEqual({ buyer: 0, seller: 0, marketplace: -3230, provider: 3230 });
  });

  it('an escrow charge is the platform\'s too: its fee is booked beside the hold', () => {
    const lines = paymentLines({ totalCents: 600_000, commissionCents: 30_000, escrow: true, providerFeeCents: 17_430 });
    expect(sum(lines)).toBe(0);
    expect(balances(lines)).toEqual({ buyer: -600_000, escrow: 600_000, marketplace: -17_430, provider: 17_430 });
  });

  it("reads Stripe's own fee from a balance transaction: fee_details less any application fee, else fee", () => {
    expect(balanceTransactionFeeCents({ fee: 3230, fee_details: [{ amount: 3230, type: 'stripe_fee' }] })).toBe(3230);
    expect(balanceTransactionFeeCents({ fee: 3530, fee_details: [{ amount: 3230, type: 'stripe_fee' }, { amount: 300, type: 'tax' }] })).toBe(3530);
    expect(balanceTransactionFeeCents({ fee: 10_230, fee_details: [{ amount: 3230, type: 'stripe_fee' }, { amount: 7000, type: 'application_fee' }] })).toBe(3230);
    expect(balanceTransactionFeeCents({ fee: 59, fee_details: [] })).toBe(59);
    expect(balanceTransactionFeeCents({ fee_details: [{ amount: 'x', type: 'stripe_fee' }] })).toBeNull();
    expect(balanceTransactionFeeCents('txn_1')).toBeNull();
    expect(balanceTransactionFeeCents(null)).toBeNull();
  });

  it('takes the fee from a charge only when its balance transaction is expanded', () => {
    expect(chargeFeeOf({ id: 'ch_1', balance_transaction: { id: 'txn_1', fee: 120, fee_details: [] } })).toEqual({ feeCents: 120, ref: 'txn_1' });
    expect(chargeFeeOf({ id: 'ch_1', balance_transaction: 'txn_1' })).toBeNull();
    expect(chargeFeeOf({ id: 'ch_1', balance_transaction: null })).toBeNull();
    expect(chargeFeeOf('ch_1')).toBeNull();
  });
});
