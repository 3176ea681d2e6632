import { describe, expect, it } from 'vitest';
import { answerMessage, answerRefusal, askRefusal, confirmingAnswer, questionMessage } from './fitment-question.rules.js';

const part = { sellerId: 'seller', isPublic: true };

describe('asking about the fit', () => {
  it('lets a buyer ask about a public part for their own vehicle', () => {
    expect(askRefusal(part, 'buyer', 'buyer')).toBeNull();
  });
  it('refuses an unknown or hidden part, the seller, an unknown vehicle and a vehicle of someone else', () => {
    expect(askRefusal(null, 'buyer', 'buyer')?.kind).toBe('not_found');
    expect(askRefusal({ ...part, isPublic: false }, 'buyer', 'buyer')?.kind).toBe('not_found');
    expect(askRefusal(part, 'seller', 'seller')).toMatchObject({ kind: 'forbidden', code: 'own_part' });
    expect(askRefusal(part, null, 'buyer')).toMatchObject({ kind: 'not_found', message: 'Vehicle' });
    expect(askRefusal(part, 'someone', 'buyer')).toMatchObject({ kind: 'forbidden', code: 'not_your_vehicle' });
  });
});

describe('answering', () => {
  it('lets only the seller answer, once', () => {
    expect(answerRefusal({ sellerId: 'seller', fits: null }, 'seller')).toBeNull();
    expect(answerRefusal(null, 'seller')?.kind).toBe('not_found');
    expect(answerRefusal({ sellerId: 'seller', fits: null }, 'buyer')?.kind).toBe('forbidden');
    expect(answerRefusal({ sellerId: 'seller', fits: 'no' }, 'seller')).toMatchObject({ kind: 'conflict', code: 'already_answered' });
  });
});

describe('the answer a return rests on', () => {
  const order = new Date('2027-03-10T12:00:00Z');
  it('takes the earliest "yes" answered before the order', () => {
    const early = { id: 'a', fits: 'yes' as const, answeredAt: new Date('2027-03-01T00:00:00Z') };
    const later = { id: 'b', fits: 'yes' as const, answeredAt: new Date('2027-03-05T00:00:00Z') };
    expect(confirmingAnswer([later, early], order)?.id).toBe('a');
  });
  it('ignores "no", "unsure", unanswered questions and a "yes" after the order', () => {
    expect(
      confirmingAnswer(
        [
          { fits: 'no' as const, answeredAt: new Date('2027-03-01T00:00:00Z') },
          { fits: 'unsure' as const, answeredAt: new Date('2027-03-01T00:00:00Z') },
          { fits: null, answeredAt: null },
          { fits: 'yes' as const, answeredAt: new Date('2027-03-11T00:00:00Z') },
        ],
        order,
      ),
    ).toBeNull();
  });
});

describe('the conversation texts', () => {
  it('names the vehicle, the question and the photos; the answer in words', () => {
    expect(questionMessage('1967 Porsche 911', 'Casting 901/02?', [{ url: '/api/uploads/files/x.jpg' }])).toBe(
      'Will it fit my 1967 Porsche 911?\n\nCasting 901/02?\n\nPhotos: /api/uploads/files/x.jpg',
    );
    expect(answerMessage('1967 Porsche 911', 'yes', 'Same casting.')).toBe('Fitment answer for 1967 Porsche 911: Yes, it fits.\n\nSame casting.');
  });
});
