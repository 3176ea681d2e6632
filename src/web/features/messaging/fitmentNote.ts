import type { FitmentQuestionDto } from '../../../modules/garage/fitment-question.dto';
import type { ConversationDto, MessageDto } from '../../../modules/messaging/messaging.dto';

/** How many of the part's questions (newest first, the list's most) the thread looks its question messages up in. */
export const THREAD_FITMENT_QUESTIONS = 100;

/** What the thread shows under a message besides its text. */
export type FitmentNoteView = { kind: 'answered'; question: FitmentQuestionDto } | { kind: 'answer-form'; questionId: string } | null;

/**
 * Under a fitment question's message (the buyer's "Will it fit my ...?", which names its question, in a conversation
 * about a part): the seller's answer once given, for both; until then, for the seller (the one who did not send it)
 * the answer form, while the two can still write to each other. Nothing under other messages, nor while the question
 * is not known (its list loading, or the question older than the part's newest THREAD_FITMENT_QUESTIONS).
 */
export function fitmentNoteView(
  message: Pick<MessageDto, 'senderId' | 'fitmentQuestionId'>,
  conversation: Pick<ConversationDto, 'relatedItem' | 'blockedByMe' | 'blockedMe'>,
  viewerId: string | undefined,
  questions: readonly FitmentQuestionDto[] | undefined,
): FitmentNoteView {
  if (!message.fitmentQuestionId || conversation.relatedItem.type !== 'part' || !viewerId) return null;
  const question = questions?.find((q) => q.id === message.fitmentQuestionId);
  if (!question) return null;
  if (question.fits) return { kind: 'answered', question };
  const isSeller = message.senderId !== viewerId;
  const blocked = conversation.blockedByMe || conversation.blockedMe;
  return isSeller && !blocked ? { kind: 'answer-form', questionId: question.id } : null;
}
