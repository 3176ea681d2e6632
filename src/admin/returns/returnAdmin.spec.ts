import { describe, expect, it } from 'vitest';
import { decisionBody } from './returnAdmin';

describe('decisionBody', () => {
  it('needs a note', () => {
    expect(decisionBody({ decision: 'reject', amount: '', note: ' ' }, '100.00')).toEqual({ ok: false, error: 'Explain the decision to the buyer and the seller' });
  });
  it('refunds the rest when no amount is given, or a valid partial amount', () => {
    expect(decisionBody({ decision: 'refund', amount: '', note: 'ok' }, '100.00')).toEqual({ ok: true, body: { decision: 'refund', note: 'ok' } });
    expect(decisionBody({ decision: 'refund', amount: '40.5', note: 'ok' }, '100.00')).toEqual({ ok: true, body: { decision: 'refund', amount: '40.5', note: 'ok' } });
    expect(decisionBody({ decision: 'refund', amount: '140', note: 'ok' }, '100.00')).toMatchObject({ ok: false });
    expect(decisionBody({ decision: 'refund', amount: '1.234', note: 'ok' }, '100.00')).toMatchObject({ ok: false });
  });
});
