import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FitmentQuestionDto } from '../../../modules/garage/fitment-question.dto';
import type { ConversationDto, MessageDto } from '../../../modules/messaging/messaging.dto';
import { listQueryFn } from '../../lib/api';
import { useAuth } from '../accounts/useAuth';
import { Answer, AnswerForm, fitmentQuestionsPath } from '../garage/FitmentQuestionsCard';
import { fitmentNoteView, THREAD_FITMENT_QUESTIONS } from './fitmentNote';
import { CONVERSATIONS_KEY, threadKey } from './messaging.api';

/**
 * Under a fitment question's message in a thread: the seller's answer once given, or the seller's answer form
 * (fits, doesn't fit, not sure) while it is unanswered. The question's state comes from the part's question list,
 * the part page's (one request per thread, however many questions it holds).
 */
export function FitmentQuestionNote({ message, conversation: c }: { message: MessageDto; conversation: ConversationDto }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const path = fitmentQuestionsPath(c.relatedItem.id);
  const list = useQuery({ queryKey: [path, { limit: THREAD_FITMENT_QUESTIONS }], queryFn: listQueryFn<FitmentQuestionDto>() });
  const view = fitmentNoteView(message, c, user?.id, list.data?.items);
  if (!view) return null;
  if (view.kind === 'answered') {
    return (
      <div className="rounded-md border border-line bg-surface p-3 text-sm" data-testid="fitment-answer">
        <Answer fits={view.question.fits!} answer={view.question.answer ?? ''} />
      </div>
    );
  }
  // The answer goes into this thread too: show it at once (the live push brings it as well).
  const onAnswered = () => {
    void client.invalidateQueries({ queryKey: threadKey(c.id) });
    void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  };
  return (
    <div className="grid gap-2 rounded-md border border-line bg-surface p-3 text-sm">
      <p className="font-semibold">Answer this fitment question</p>
      <AnswerForm questionId={view.questionId} listKey={[path]} onAnswered={onAnswered} />
    </div>
  );
}
