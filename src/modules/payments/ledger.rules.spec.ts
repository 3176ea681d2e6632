import { describe, expect, it } from 'vitest';
import { balances, escrowReleaseLines, paymentLines, refundLines, type LedgerLine } from './ledger.rules.js';

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
});
