import { describe, expect, it } from 'vitest';
import { canRequestReturn, photoFileProblem, refundHint, timelineLabel, validateReturnForm } from './returnFormat';

describe('returnFormat', () => {
  it('says what an empty refund amount refunds: the full total, or what remains after an earlier refund', () => {
    expect(refundHint({ orderTotal: '880.00', refundable: '880.00' })).toBe('(leave empty for the full $880.00)');
    expect(refundHint({ orderTotal: '880.00', refundable: null })).toBe('(leave empty for the full $880.00)');
    expect(refundHint({ orderTotal: '880.00', refundable: '780.00' })).toBe('(leave empty for the remaining $780.00 of $880.00)');
  });

  it('offers a return only after delivery and inside the window', () => {
    const now = new Date('2027-03-05T00:00:00Z');
    expect(canRequestReturn({ state: 'shipped', deliveredAt: null, returnWindowEndsAt: null }, now)).toBe(false);
    expect(canRequestReturn({ state: 'delivered', deliveredAt: '2027-03-01T00:00:00Z', returnWindowEndsAt: '2027-03-08T00:00:00Z' }, now)).toBe(true);
    expect(canRequestReturn({ state: 'delivered', deliveredAt: '2027-02-01T00:00:00Z', returnWindowEndsAt: '2027-02-08T00:00:00Z' }, now)).toBe(false);
  });

  it('asks for photos for fault reasons only', () => {
    expect(validateReturnForm({ reason: 'wrong item', details: 'x', photos: [] }).photos).toContain('Add 1 to 5 photos');
    expect(validateReturnForm({ reason: 'changed my mind', details: 'x', photos: [] })).toEqual({});
    expect(validateReturnForm({ reason: '', details: ' ', photos: [] })).toEqual({ reason: 'Choose a reason', details: 'Describe the problem' });
  });

  it('checks photo files like the server', () => {
    expect(photoFileProblem({ type: 'image/gif', size: 10 })).toBe('Photos must be JPEG or PNG images');
    expect(photoFileProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('Each photo must be 5 MB or smaller');
    expect(photoFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
  });

  it('names a system escalation', () => {
    expect(timelineLabel({ id: '1', state: 'escalated', action: 'escalate', actorRole: 'system', actorId: null, note: null, at: '' })).toBe(
      'Escalated: no answer from the seller in time',
    );
  });
});
