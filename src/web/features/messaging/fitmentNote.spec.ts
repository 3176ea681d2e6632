import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FitmentQuestionDto } from '../../../modules/garage/fitment-question.dto';
import type { ConversationDto } from '../../../modules/messaging/messaging.dto';
import { fitmentNoteView } from './fitmentNote';

// The two participants as the session names them (user ids are UUIDs); the view is given the signed-in viewer's.
const BUYER = randomUUID();
const SELLER = randomUUID();
const part = { relatedItem: { type: 'part', id: 'p1', title: 'Heads', imageUrl: null, price: null, availability: 'available' }, blockedByMe: false, blockedMe: false } satisfies Pick<
  ConversationDto,
  'relatedItem' | 'blockedByMe' | 'blockedMe'
>;
const question = (fits: FitmentQuestionDto['fits'] = null): FitmentQuestionDto => ({
  id: 'q1',
  vehicle: '1969 Chevrolet Camaro',
  question: 'Will these bolt onto the LS3?',
  fits,
  answer: fits ? 'No: these are small-block heads.' : null,
  askedAt: '2026-11-20T10:00:00.000Z',
  answeredAt: fits ? '2026-11-21T10:00:00.000Z' : null,
});
const asked = { senderId: BUYER, fitmentQuestionId: 'q1' };

describe("a fitment question's message in the thread", () => {
  it('offers the seller the answer form while the question is unanswered, and nothing to the buyer who asked', () => {
    expect(fitmentNoteView(asked, part, SELLER, [question()])).toEqual({ kind: 'answer-form', questionId: 'q1' });
    expect(fitmentNoteView(asked, part, BUYER, [question()])).toBeNull();
  });

  it('shows the answer to both once given, and no form', () => {
    const answered = question('no');
    expect(fitmentNoteView(asked, part, SELLER, [answered])).toEqual({ kind: 'answered', question: answered });
    expect(fitmentNoteView(asked, part, BUYER, [answered])).toEqual({ kind: 'answered', question: answered });
  });

  it('offers no form where the two can no longer write to each other', () => {
    expect(fitmentNoteView(asked, { ...part, blockedByMe: true }, SELLER, [question()])).toBeNull();
    expect(fitmentNoteView(asked, { ...part, blockedMe: true }, SELLER, [question()])).toBeNull();
    expect(fitmentNoteView(asked, { ...part, blockedMe: true }, SELLER, [question('yes')])).toMatchObject({ kind: 'answered' });
  });

  it('adds nothing to other messages, outside part conversations, signed out, or while the question is not known', () => {
    expect(fitmentNoteView({ senderId: BUYER, fitmentQuestionId: null }, part, SELLER, [question()])).toBeNull();
    expect(fitmentNoteView(asked, { ...part, relatedItem: { ...part.relatedItem, type: 'auction' } }, SELLER, [question()])).toBeNull();
    expect(fitmentNoteView(asked, part, undefined, [question()])).toBeNull();
    expect(fitmentNoteView(asked, part, SELLER, undefined)).toBeNull();
    expect(fitmentNoteView(asked, part, SELLER, [{ ...question(), id: 'q2' }])).toBeNull();
  });
});
