/**
 * The pure rules of "Will it fit my ...?" (issue 35): who may ask and answer, the conversation's texts, and which
 * answer a return of "doesn't fit" may rest on. No I/O; unit-tested in fitment-question.rules.spec.ts.
 */
import type { FitAnswer } from './fitment-question.dto.js';

export type Refusal = { kind: 'not_found' | 'forbidden' | 'conflict'; code: string; message: string };

export const FITMENT_QUESTION_TEXT = {
  part: 'Part',
  question: 'Fitment question',
  vehicle: 'Vehicle',
  ownPart: 'You cannot ask about the fit of your own part.',
  notYourVehicle: 'Ask about a vehicle in your own garage.',
  onlySeller: "Only the part's seller can answer this question.",
  answered: 'This question has already been answered.',
} as const;

/** Whether `actorId` may ask about a part (seller `sellerId`, public or not) for a vehicle of `vehicleOwnerId` (null: no such vehicle). */
export function askRefusal(
  part: { sellerId: string; isPublic: boolean } | null,
  vehicleOwnerId: string | null,
  actorId: string,
): Refusal | null {
  if (!part || !part.isPublic) return { kind: 'not_found', code: 'not_found', message: FITMENT_QUESTION_TEXT.part };
  if (part.sellerId === actorId) return { kind: 'forbidden', code: 'own_part', message: FITMENT_QUESTION_TEXT.ownPart };
  if (vehicleOwnerId === null) return { kind: 'not_found', code: 'not_found', message: FITMENT_QUESTION_TEXT.vehicle };
  if (vehicleOwnerId !== actorId) return { kind: 'forbidden', code: 'not_your_vehicle', message: FITMENT_QUESTION_TEXT.notYourVehicle };
  return null;
}

/** Whether `actorId` may answer the question: only its part's seller, only once. */
export function answerRefusal(q: { sellerId: string; fits: FitAnswer | null } | null, actorId: string): Refusal | null {
  if (!q) return { kind: 'not_found', code: 'not_found', message: FITMENT_QUESTION_TEXT.question };
  if (q.sellerId !== actorId) return { kind: 'forbidden', code: 'only_seller', message: FITMENT_QUESTION_TEXT.onlySeller };
  if (q.fits !== null) return { kind: 'conflict', code: 'already_answered', message: FITMENT_QUESTION_TEXT.answered };
  return null;
}

/**
 * The answer a return of "doesn't fit" rests on: of the buyer's questions about the part, the earliest answered
 * "yes" before the order was created (an answer given after the purchase did not lead to it), or null.
 */
export function confirmingAnswer<Q extends { fits?: FitAnswer | null; answeredAt?: Date | null }>(questions: readonly Q[], orderCreatedAt: Date): Q | null {
  const yes = questions.filter((q) => q.fits === 'yes' && q.answeredAt && q.answeredAt.getTime() <= orderCreatedAt.getTime());
  yes.sort((a, b) => a.answeredAt!.getTime() - b.answeredAt!.getTime());
  return yes[0] ?? null;
}

const FIT_WORDS: Record<FitAnswer, string> = { yes: 'Yes, it fits', no: 'No, it does not fit', unsure: 'Not sure' };

/** The conversation's message of a question (its photos as links, for the seller to look at). */
export function questionMessage(vehicle: string, question: string, photos: readonly { url: string }[]): string {
  const lines = [`Will it fit my ${vehicle}?`, '', question];
  if (photos.length) lines.push('', `Photos: ${photos.map((p) => p.url).join(' ')}`);
  return lines.join('\n');
}

/** The conversation's message of an answer. */
export function answerMessage(vehicle: string, fits: FitAnswer, answer: string): string {
  return `Fitment answer for ${vehicle}: ${FIT_WORDS[fits]}.\n\n${answer}`;
}
