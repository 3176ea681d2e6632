import { useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { CheckboxField, FieldError, TextAreaField, TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { cn } from '../../lib/cn';
import type { OrderDto } from '../../../modules/payments/order.dto';
import { REVIEW_MESSAGES } from '../../../modules/sellers/reputation.messages';
import { canReview } from './returnFormat';
import { useCreateReview, useOrderReview } from './returns.api';

/** A 1-5 star picker as a radio group (keyboard: arrows move, space picks). */
function StarPicker({ label, value, onChange, error, name }: { label: string; value: number; onChange: (v: number) => void; error?: string; name: string }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" aria-label={`${n} star${n === 1 ? '' : 's'}`} />
            <Star
              aria-hidden
              className={cn('size-6 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-racing', n <= value ? 'fill-yellow-400 text-yellow-500' : 'text-line')}
            />
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}

const splitList = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 10);

/** The order page's invitation to review the seller once the part is delivered (one review per order). */
export function ReviewOrderCard({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [rating, setRating] = useState(0);
  const [quality, setQuality] = useState(0);
  const [service, setService] = useState(0);
  const [shipping, setShipping] = useState(0);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [pros, setPros] = useState('');
  const [cons, setCons] = useState('');
  const [recommend, setRecommend] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateReview(order.sellerId);
  const existing = useOrderReview(order.sellerId, order.id, canReview(order));

  if (!canReview(order) || existing.isPending) return null;
  if (existing.data && !done) {
    return (
      <Card className="p-4 text-sm" data-testid="order-review">
        You reviewed {order.sellerName}: {existing.data.rating} out of 5 stars{existing.data.title ? ` · "${existing.data.title}"` : ''}.
      </Card>
    );
  }
  if (done) {
    return (
      <Card className="p-4 text-sm" role="status">
        Thanks for your review of {order.sellerName}!
      </Card>
    );
  }
  if (!open) {
    return (
      <Card className="flex flex-wrap items-center gap-3 p-4">
        <p className="flex-1 text-sm">How was buying from {order.sellerName}? Your review helps other enthusiasts.</p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Star aria-hidden className="size-4" /> Write a review
        </Button>
      </Card>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    if (rating < 1) {
      setErrors({ rating: REVIEW_MESSAGES.rating });
      return;
    }
    create.mutate(
      {
        orderId: order.id,
        rating,
        qualityRating: quality || null,
        serviceRating: service || null,
        shippingRating: shipping || null,
        title: title.trim() || undefined,
        reviewText: text.trim() || undefined,
        pros: splitList(pros),
        cons: splitList(cons),
        wouldRecommend: recommend,
      },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: 'Review Posted', description: 'Thank you for reviewing this seller.' });
        },
        onError: (error) => {
          const details = describeError(error);
          setErrors(details.fieldErrors);
          toast({ title: 'Could Not Post Review', description: details.message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-bold">Review {order.sellerName}</h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Write a review">
          <StarPicker label="Overall rating" name="rating" value={rating} onChange={setRating} error={errors.rating} />
          <div className="grid gap-3 sm:grid-cols-3">
            <StarPicker label="Part quality" name="qualityRating" value={quality} onChange={setQuality} error={errors.qualityRating} />
            <StarPicker label="Service" name="serviceRating" value={service} onChange={setService} error={errors.serviceRating} />
            <StarPicker label="Shipping" name="shippingRating" value={shipping} onChange={setShipping} error={errors.shippingRating} />
          </div>
          <TextField label="Title" hint="(optional)" name="title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} error={errors.title} />
          <TextAreaField label="Your review" hint="(optional)" name="reviewText" value={text} onChange={(e) => setText(e.target.value)} maxLength={5000} rows={4} error={errors.reviewText} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextAreaField label="Pros" hint="(one per line)" name="pros" value={pros} onChange={(e) => setPros(e.target.value)} rows={3} error={errors.pros} />
            <TextAreaField label="Cons" hint="(one per line)" name="cons" value={cons} onChange={(e) => setCons(e.target.value)} rows={3} error={errors.cons} />
          </div>
          <CheckboxField name="wouldRecommend" checked={recommend} onChange={(e) => setRecommend(e.target.checked)}>
            I would recommend this seller
          </CheckboxField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Posting...' : 'Post Review'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
