import { describe, expect, it } from 'vitest';
import { centsOf, ledgerBalanceCents, moneyText, orderStateText, refundableCents, refundAmountPayload, refundErrors, refundSubmission } from './orderAdmin';

describe('money in the console', () => {
  it('reads decimal strings as exact cents and shows them with cents', () => {
    expect(centsOf('4999.99')).toBe(499_999);
    expect(centsOf('-70.5')).toBe(-7_050);
    expect(centsOf('1.234')).toBeNull();
    expect(moneyText('1234.5')).toBe('$1,234.50');
    expect(moneyText('-5')).toBe('-$5.00');
    expect(moneyText(null)).toBe('—');
  });
});

describe('ledgerBalanceCents', () => {
  it('is zero for balanced books, without floating-point drift', () => {
    const entries = [{ amount: '0.10' }, { amount: '0.20' }, { amount: '-0.30' }];
    expect(ledgerBalanceCents(entries)).toBe(0);
    expect(ledgerBalanceCents([{ amount: '1000.00' }, { amount: '-930.00' }])).toBe(7_000);
  });
});

describe('refunds', () => {
  it('leaves what was not refunded yet', () => {
    expect(refundableCents({ total: '1250.00', refunded: '250.00' })).toBe(100_000);
    expect(refundableCents({ total: '10.00', refunded: '10.00' })).toBe(0);
  });

  it('checks the amount against what is left and wants a reason', () => {
    expect(refundErrors('100.00', 'damaged', 10_000)).toEqual({});
    expect(refundErrors('$1,000.00', 'x', 100_000)).toEqual({});
    expect(refundErrors('100.01', 'damaged', 10_000).amount).toBe('At most $100.00 is left to refund');
    expect(refundErrors('0', 'damaged', 10_000).amount).toBe('Must be more than 0');
    expect(refundErrors('12.345', 'damaged', 10_000).amount).toBe('Enter an amount such as 125.00');
    expect(refundErrors('5', '  ', 10_000).reason).toBe('Reason is required');
  });

  it('sends the amount as a plain decimal string', () => {
    expect(refundAmountPayload('$1,234.5')).toBe('1234.50');
    expect(refundAmountPayload('7')).toBe('7.00');
  });
});

describe('orderStateText', () => {
  it('names the states and keeps an unknown one', () => {
    expect(orderStateText('pending_payment')).toBe('Awaiting payment');
    expect(orderStateText('on_hold')).toBe('on_hold');
  });
});

describe('refund submissions', () => {
  it('sends one Idempotency-Key per dialog submission: kept for the same amount, new for another amount or a new dialog', () => {
    let n = 0;
    const fresh = () => `key-${++n}`;
    const first = refundSubmission(null, '5.00', fresh);
    expect(first).toEqual({ key: 'key-1', amount: '5.00' });
    // Clicked again (or retried after a lost answer): the same key, so the server makes one refund.
    expect(refundSubmission(first, '5.00', fresh)).toBe(first);
    // Another amount is another refund.
    expect(refundSubmission(first, '6.00', fresh)).toEqual({ key: 'key-2', amount: '6.00' });
    // A dialog opened again starts without one.
    expect(refundSubmission(null, '5.00', fresh)).toEqual({ key: 'key-3', amount: '5.00' });
  });
});
