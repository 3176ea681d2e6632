import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleHelp, CircleX, MessageCircleQuestion } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { SelectField, TextAreaField } from '../../components/Field';
import { toast } from '../../components/toast';
import { apiRequest, describeError, listQueryFn } from '../../lib/api';
import { PhotoUploader } from '../catalog/PhotoUploader';
import type { PhotoItem } from '../catalog/sellForm';
import { useMyActiveVehicles } from './garage.api';
import { FITMENT_QUESTION_MESSAGES, MAX_QUESTION_PHOTOS } from '../../../modules/garage/fitment-question.messages';
import type { FitAnswer, FitmentQuestionDetailDto, FitmentQuestionDto } from '../../../modules/garage/fitment-question.dto';
import type { FitmentAnswerInput, FitmentQuestionInput } from '../../../modules/garage/garage.inputs';

const FIT_LABEL: Record<FitAnswer, string> = { yes: 'Fits', no: "Doesn't fit", unsure: 'Not sure' };
const FIT_ICON = { yes: CircleCheck, no: CircleX, unsure: CircleHelp } as const;

/** The part's questions (GET /api/parts/{id}/fitment-questions), the key's path: the part page and the message thread share it. */
export const fitmentQuestionsPath = (partId: string) => `/api/parts/${encodeURIComponent(partId)}/fitment-questions`;

/**
 * "Will it fit my ...?" on the part page (issue 35): the questions buyers asked and the seller's answers (the asker
 * never named), the ask form for a signed-in buyer with a garage, and the answer form for the part's seller.
 */
export function FitmentQuestionsCard({ partId, sellerId }: { partId: string; sellerId: string }) {
  const { user, vehicles } = useMyActiveVehicles();
  const listKey = [fitmentQuestionsPath(partId)];
  const list = useQuery({ queryKey: listKey, queryFn: listQueryFn<FitmentQuestionDto>() });
  const isSeller = user?.id === sellerId;
  const questions = list.data?.items ?? [];
  if (!questions.length && (!user || isSeller || !vehicles.length)) return null;

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <MessageCircleQuestion aria-hidden className="size-5 text-muted" /> Will it fit?
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        {user && !isSeller && vehicles.length > 0 && <AskForm partId={partId} vehicles={vehicles} listKey={listKey} />}
        {questions.length > 0 && (
          <ul className="grid gap-3" data-testid="fitment-questions">
            {questions.map((q) => (
              <li key={q.id} className="grid gap-1 rounded-md border border-line p-3 text-sm">
                <p className="text-muted">
                  About a {q.vehicle} · {new Date(q.askedAt).toLocaleDateString()}
                </p>
                <p className="whitespace-pre-line">{q.question}</p>
                {q.fits ? (
                  <Answer fits={q.fits} answer={q.answer ?? ''} />
                ) : isSeller ? (
                  <AnswerForm questionId={q.id} listKey={listKey} />
                ) : (
                  <p className="text-muted">Waiting for the seller's answer.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The seller's answer: fits, doesn't fit or not sure, and their words. */
export function Answer({ fits, answer }: { fits: FitAnswer; answer: string }) {
  const Icon = FIT_ICON[fits];
  return (
    <div className={fits === 'yes' ? 'text-success' : fits === 'no' ? 'text-danger' : ''}>
      <p className="flex items-center gap-1.5 font-semibold">
        <Icon aria-hidden className="size-4" /> Seller: {FIT_LABEL[fits]}
      </p>
      <p className="whitespace-pre-line text-ink">{answer}</p>
    </div>
  );
}

function AskForm({ partId, vehicles, listKey }: { partId: string; vehicles: { id: string; vehicleName: string }[]; listKey: string[] }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [vehicleId, setVehicleId] = useState(vehicles[0]?.id ?? '');
  const [question, setQuestion] = useState('');
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const vehicleName = vehicles.find((v) => v.id === vehicleId)?.vehicleName ?? 'vehicle';
  const ask = useMutation({
    mutationFn: (body: FitmentQuestionInput) =>
      apiRequest<FitmentQuestionDetailDto>(`/api/parts/${encodeURIComponent(partId)}/fitment-questions`, { method: 'POST', data: body }),
    onSuccess: () => {
      toast({ title: 'Question sent', description: 'The seller answers in your messages and here.' });
      setQuestion('');
      setPhotos([]);
      setOpen(false);
      void client.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => {
      const details = describeError(error);
      setErrors(details.fieldErrors);
      toast({ title: 'The question was not sent', description: details.message, variant: 'destructive' });
    },
  });

  if (!open) {
    return (
      <Button variant="outline" wrap onClick={() => setOpen(true)}>
        Will it fit my {vehicles.length === 1 ? vehicleName : 'car'}?
      </Button>
    );
  }
  const uploading = photos.some((p) => p.status === 'uploading');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return setErrors({ question: FITMENT_QUESTION_MESSAGES.question });
    setErrors({});
    ask.mutate({ vehicleId, question, photos: photos.filter((p) => p.url).map((p) => p.url) } satisfies FitmentQuestionInput);
  };
  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Ask the seller about the fit">
      <SelectField label="Your vehicle" value={vehicleId} onChange={(e) => setVehicleId(e.target.value)} error={errors.vehicleId}>
        {vehicles.map((v) => (
          <option key={v.id} value={v.id}>
            {v.vehicleName}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={`Will it fit my ${vehicleName}?`}
        hint="casting numbers, engine code, VIN"
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
        error={errors.question}
        required
      />
      <p className="text-sm text-muted">Photos of a casting number or the VIN plate help the seller (optional, up to {MAX_QUESTION_PHOTOS}).</p>
      <PhotoUploader photos={photos} setPhotos={setPhotos} disabled={ask.isPending} uploadPath="/api/fitment-questions/photos" />
      <div className="flex gap-2">
        <Button type="submit" disabled={ask.isPending || uploading}>
          {ask.isPending ? 'Sending...' : 'Ask the seller'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The seller's answer form (POST /api/fitment-questions/{id}/answer); `listKey` is refreshed after it, and after a
 * 409 (answered meanwhile, elsewhere). Also in the message thread, under the question's message.
 */
export function AnswerForm({ questionId, listKey, onAnswered }: { questionId: string; listKey: readonly unknown[]; onAnswered?: () => void }) {
  const client = useQueryClient();
  // No answer is chosen for the seller: a "yes" binds them (see the note under the form).
  const [fits, setFits] = useState<FitAnswer | ''>('');
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: FitmentAnswerInput) =>
      apiRequest<FitmentQuestionDetailDto>(`/api/fitment-questions/${encodeURIComponent(questionId)}/answer`, { method: 'POST', data: body }),
    onSuccess: () => {
      toast({ title: 'Answer sent', description: 'The buyer sees it in your messages and on the part page.' });
      void client.invalidateQueries({ queryKey: listKey });
      onAnswered?.();
    },
    onError: (error) => {
      const details = describeError(error);
      setErrors(details.fieldErrors);
      toast({ title: 'The answer was not sent', description: details.message, variant: 'destructive' });
      // Answered meanwhile (on the part page or in the messages): show that answer instead of the form.
      if (details.status === 409) void client.invalidateQueries({ queryKey: listKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(fits ? {} : { fits: FITMENT_QUESTION_MESSAGES.fits }),
      ...(answer.trim() ? {} : { answer: FITMENT_QUESTION_MESSAGES.answer }),
    };
    if (!fits || Object.keys(missing).length) return setErrors(missing);
    setErrors({});
    send.mutate({ fits, answer } satisfies FitmentAnswerInput);
  };
  return (
    <form className="grid gap-2" onSubmit={submit} aria-label="Answer the fitment question">
      <SelectField label="Does it fit?" value={fits} onChange={(e) => setFits(e.target.value as FitAnswer | '')} error={errors.fits} required>
        <option value="" disabled>
          Choose an answer
        </option>
        <option value="yes">Yes, it fits</option>
        <option value="no">No, it does not fit</option>
        <option value="unsure">Not sure</option>
      </SelectField>
      <TextAreaField label="Your answer" value={answer} onChange={(e) => setAnswer(e.target.value)} error={errors.answer} required />
      <p className="text-sm text-muted">A "yes" counts: if the part then doesn't fit, the buyer may return it and you pay return shipping.</p>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send answer'}
      </Button>
    </form>
  );
}
