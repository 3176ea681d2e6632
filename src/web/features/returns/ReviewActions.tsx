import { useState, type FormEvent } from 'react';
import { Flag, ThumbsUp } from 'lucide-react';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import type { ReviewDto } from '../../../modules/sellers/reputation.dto';
import { useAuth } from '../accounts/useAuth';
import { useMarkHelpful, useReportReview, useRespondToReview } from './returns.api';

/** Under a review: Helpful and Report for other signed-in users, and the seller's one answer. */
export function ReviewActions({ review }: { review: ReviewDto }) {
  const { user } = useAuth();
  const helpful = useMarkHelpful();
  const report = useReportReview();
  const respond = useRespondToReview(review.sellerId);
  const [mode, setMode] = useState<'report' | 'respond' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [reported, setReported] = useState(false);
  if (!user) return null;
  const isAuthor = review.isOwnReview;
  const isSeller = user.id === review.sellerUserId;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return setError(mode === 'report' ? 'Tell us what is wrong with this review' : 'Response is required');
    const onError = (e: unknown) => {
      const d = describeError(e);
      setError(d.fieldErrors.reason ?? d.fieldErrors.sellerResponse ?? d.message);
    };
    if (mode === 'report') {
      report.mutate(
        { reviewId: review.id, reason: text.trim() },
        {
          onSuccess: () => {
            setReported(true);
            setMode(null);
            toast({ title: 'Review Reported', description: 'Thank you. Our team will look at it.' });
          },
          onError,
        },
      );
    } else {
      respond.mutate(
        { reviewId: review.id, sellerResponse: text.trim() },
        { onSuccess: () => { setMode(null); toast({ title: 'Response Posted', description: 'Your answer now shows under the review.' }); }, onError },
      );
    }
  }

  return (
    <div className="mt-1 grid gap-2">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {!isAuthor && (
          <Button
            variant="ghost"
            size="sm"
            disabled={helpful.isPending}
            onClick={() =>
              helpful.mutate(review.id, {
                onError: (e) => toast({ title: 'Could Not Vote', description: describeError(e).message, variant: 'destructive' }),
              })
            }
          >
            <ThumbsUp aria-hidden className="size-3.5" /> Helpful ({review.helpfulCount})
          </Button>
        )}
        {!isAuthor && !reported && (
          <Button variant="ghost" size="sm" onClick={() => setMode(mode === 'report' ? null : 'report')}>
            <Flag aria-hidden className="size-3.5" /> Report
          </Button>
        )}
        {isSeller && !review.sellerResponse && (
          <Button variant="ghost" size="sm" onClick={() => setMode(mode === 'respond' ? null : 'respond')}>
            Respond
          </Button>
        )}
      </div>
      {mode && (
        <form onSubmit={submit} noValidate className="grid gap-2">
          <TextAreaField
            label={mode === 'report' ? 'What is wrong with this review?' : 'Your public response (once)'}
            name={mode === 'report' ? 'reason' : 'sellerResponse'}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={2}
            maxLength={mode === 'report' ? 1000 : 5000}
            error={error}
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setMode(null)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={report.isPending || respond.isPending}>
              {mode === 'report' ? 'Send Report' : 'Post Response'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
