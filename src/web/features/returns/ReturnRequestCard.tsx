import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Camera, RotateCcw, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { FieldError, TextAreaField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import type { OrderDto } from '../../../modules/payments/order.dto';
import type { ReturnReasonDto } from '../../../modules/returns/return.dto';
import { RETURN_FORM_MESSAGES } from '../../../modules/returns/return.messages';
import {
  canRequestReturn,
  MAX_RETURN_PHOTOS,
  photoFileProblem,
  reasonLabel,
  RETURN_REASON_OPTIONS,
  returnStateLabel,
  validateReturnForm,
  type ReturnFormValues,
} from './returnFormat';
import { uploadReturnPhoto, useRequestReturn, useReturns } from './returns.api';

/** The order page's returns part: the open return's state, or the request form while the window is open. */
export function ReturnRequestCard({ order }: { order: OrderDto }) {
  const existing = useReturns({ page: 1, orderId: order.id });
  const current = existing.data?.items[0];
  if (existing.isPending) return null;
  if (current) {
    return (
      <Card className="flex flex-wrap items-center gap-3 p-4" data-testid="order-return-status">
        <RotateCcw aria-hidden className="size-5 text-racing" />
        <p className="flex-1 text-sm">
          Return {returnStateLabel(current.state).toLowerCase()} · {reasonLabel(current.reason)}
        </p>
        <Link to={`/account/returns/${current.id}`} className="text-sm font-medium text-racing hover:underline">
          View return
        </Link>
      </Card>
    );
  }
  if (!canRequestReturn(order, new Date())) return null;
  return <ReturnForm order={order} />;
}

function ReturnForm({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ReturnFormValues>({ reason: '', details: '', photos: [] });
  const [errors, setErrors] = useState<Partial<Record<'reason' | 'details' | 'photos', string>>>({});
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const request = useRequestReturn(order.id);
  const option = RETURN_REASON_OPTIONS.find((o) => o.value === values.reason);

  async function addPhotos(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = MAX_RETURN_PHOTOS - values.photos.length;
    if (files.length > room) setErrors((e) => ({ ...e, photos: RETURN_FORM_MESSAGES.tooManyPhotos }));
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = photoFileProblem(file);
      if (problem) {
        setErrors((e) => ({ ...e, photos: problem }));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const uploaded = await uploadReturnPhoto(file);
        setValues((v) => ({ ...v, photos: [...v.photos, uploaded.url].slice(0, MAX_RETURN_PHOTOS) }));
        setErrors((e) => ({ ...e, photos: undefined }));
      } catch (error) {
        setErrors((e) => ({ ...e, photos: describeError(error).message }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending || uploading > 0) return;
    const found = validateReturnForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !values.reason) return;
    request.mutate(
      { reason: values.reason, details: values.details.trim(), photos: values.photos },
      {
        onSuccess: () => toast({ title: 'Return Requested', description: 'The seller has 3 business days to answer. We will email you.' }),
        onError: (error) => {
          const details = describeError(error);
          setErrors(details.fieldErrors);
          toast({ title: 'Could Not Request Return', description: details.message, variant: 'destructive' });
        },
      },
    );
  }

  if (!open) {
    return (
      <Card className="flex flex-wrap items-center gap-3 p-4">
        <p className="flex-1 text-sm">
          Something wrong with the part? You can request a return until{' '}
          {order.returnWindowEndsAt ? formatDateTime(order.returnWindowEndsAt) : '7 days after delivery'}.
        </p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <RotateCcw aria-hidden className="size-4" /> Request a return
        </Button>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-bold">Request a return</h2>
        <p className="text-sm text-muted">
          Final Sale items, most electrical parts, custom or modified parts and auction wins cannot be returned because they don&apos;t fit or you
          changed your mind. A part that was misrepresented or faulty can always be returned.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Request a return">
          <fieldset className="grid gap-2" aria-describedby={errors.reason ? 'return-reason-error' : undefined}>
            <legend className="text-sm font-medium">Reason</legend>
            {RETURN_REASON_OPTIONS.map((o) => (
              <label key={o.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={o.value}
                  checked={values.reason === o.value}
                  onChange={() => setValues((v) => ({ ...v, reason: o.value as ReturnReasonDto }))}
                  className="accent-racing"
                />
                {o.label}
              </label>
            ))}
            <FieldError id="return-reason-error">{errors.reason}</FieldError>
          </fieldset>
          {values.reason === 'damaged in transit' && (
            <p className="rounded-md border border-line bg-paper p-3 text-sm" role="note">
              Pitlane does not cover shipping damage or loss. Keep the box and packing: the seller files a claim with the carrier, and you can too with the
              tracking number.
            </p>
          )}
          {option && values.reason !== 'damaged in transit' && (
            <p className="text-sm text-muted">
              {option.preference ? 'You pay return shipping for this reason.' : 'The seller pays return shipping when the part was misrepresented.'}
            </p>
          )}
          <TextAreaField
            label="Details"
            name="details"
            value={values.details}
            onChange={(e) => setValues((v) => ({ ...v, details: e.target.value }))}
            error={errors.details}
            maxLength={2000}
            rows={4}
            required
          />
          <div className="grid gap-2">
            <p className="text-sm font-medium" id="return-photos-label">
              Photos {option?.needsPhotos ? '(1 to 5, required)' : '(optional, up to 5)'}
            </p>
            <div className="flex flex-wrap gap-2" aria-labelledby="return-photos-label">
              {values.photos.map((url, i) => (
                <div key={url} className="relative">
                  <img src={url} alt={`Return photo ${i + 1}`} className="size-20 rounded-md border border-line object-cover" />
                  <button
                    type="button"
                    aria-label={`Remove photo ${i + 1}`}
                    onClick={() => setValues((v) => ({ ...v, photos: v.photos.filter((p) => p !== url) }))}
                    className="absolute -top-2 -right-2 rounded-full bg-graphite p-0.5 text-white"
                  >
                    <X aria-hidden className="size-3.5" />
                  </button>
                </div>
              ))}
            </div>
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-label="Add photos"
              data-testid="return-photo-input"
              onChange={(e) => void addPhotos(e)}
            />
            <div>
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={values.photos.length >= MAX_RETURN_PHOTOS}>
                <Camera aria-hidden className="size-4" /> {uploading > 0 ? 'Uploading...' : 'Add photos'}
              </Button>
            </div>
            <FieldError id="return-photos-error">{errors.photos}</FieldError>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending || uploading > 0}>
              {request.isPending ? 'Sending...' : 'Request Return'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
