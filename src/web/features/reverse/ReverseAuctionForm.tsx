import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { Card, CardContent } from '../../components/Card';
import { CheckboxField, RequiredNote, SelectField, TextAreaField, TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import type { ReverseCreateInput } from '../../../modules/reverse/reverse.inputs';
import { MAX_YEAR, MIN_YEAR, PART_CATEGORIES, REVERSE_MESSAGES } from '../../../modules/reverse/reverse.messages';
import { useCreateReverseAuction } from './reverse.api';

type Choice<K extends 'shippingPreference' | 'urgency'> = NonNullable<ReverseCreateInput[K]>;

const REQUIRED = ['title', 'description', 'partCategory', 'maxBudget', 'minBidDecrement', 'startTime', 'endTime'] as const;

/** A datetime-local value `minutes` from now. */
function localIn(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * The Reverse Auction tab of /schedule-auction (spec 001 "Reverse auction form"): a wanted request, in any of the
 * catalog's categories (PART_CATEGORIES, the server's list).
 */
export function ReverseAuctionForm() {
  const navigate = useNavigate();
  const create = useCreateReverseAuction();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [autoRelist, setAutoRelist] = useState(false);
  const [alertIfUnfilled, setAlertIfUnfilled] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const found: Record<string, string> = {};
    for (const field of REQUIRED) if (!text(field)) found[field] = REVERSE_MESSAGES[field];
    for (const field of ['yearStart', 'yearEnd']) {
      const y = text(field);
      if (y && (!/^\d{4}$/.test(y) || Number(y) < MIN_YEAR || Number(y) > MAX_YEAR)) found[field] = REVERSE_MESSAGES.year;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const start = new Date(text('startTime'));
    const end = new Date(text('endTime'));
    if (start.getTime() <= Date.now()) {
      toast({ title: 'Invalid Start Time', description: 'Start time must be in the future', variant: 'destructive' });
      return;
    }
    if (end.getTime() <= start.getTime()) {
      toast({ title: 'Invalid End Time', description: 'End time must be after start time', variant: 'destructive' });
      return;
    }
    const optional = (name: string) => text(name) || undefined;
    const year = (name: string) => (text(name) ? Number(text(name)) : undefined);
    create.mutate(
      {
        title: text('title'),
        description: text('description'),
        partCategory: text('partCategory'),
        make: optional('make'),
        model: optional('model'),
        yearStart: year('yearStart'),
        yearEnd: year('yearEnd'),
        condition: optional('condition'),
        location: optional('location'),
        maxBudget: text('maxBudget'),
        minBidDecrement: text('minBidDecrement'),
        startTime: start.toISOString(),
        endTime: end.toISOString(),
        // The selects offer the schema's choices only.
        shippingPreference: (text('shippingPreference') || 'both') as Choice<'shippingPreference'>,
        urgency: (text('urgency') || 'normal') as Choice<'urgency'>,
        images: [],
        autoRelist,
        maxRelists: Number(text('maxRelists') || 3),
        relistBudgetIncrease: Number(text('relistBudgetIncrease') || 0),
        relistDelay: Number(text('relistDelay') || 24),
        alertIfUnfilled,
      },
      {
        onSuccess: () => {
          toast({ title: 'Reverse Auction Scheduled', description: 'Sellers will be able to quote once it starts.' });
          void navigate('/reverse-auctions');
        },
        onError: (error) => {
          const details = describeError(error, 'Failed to schedule reverse auction');
          setErrors(details.fieldErrors);
          toast({ title: 'Error', description: details.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <CardContent className="p-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reverse auction">
          <RequiredNote />
          <TextField name="title" label="Title" required placeholder="What part do you need?" error={errors.title} />
          <TextAreaField name="description" label="Description" required error={errors.description} />
          <SelectField name="partCategory" label="Part category" required defaultValue="" error={errors.partCategory}>
            <option value="">Choose a category</option>
            {PART_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="make" label="Make" hint="(optional)" />
            <TextField name="model" label="Model" hint="(optional)" />
            <TextField name="yearStart" label="Year from" hint="(optional)" type="number" min={MIN_YEAR} max={MAX_YEAR} error={errors.yearStart} />
            <TextField name="yearEnd" label="Year to" hint="(optional)" type="number" min={MIN_YEAR} max={MAX_YEAR} error={errors.yearEnd} />
            <TextField name="condition" label="Condition" hint="(optional)" />
            <TextField name="location" label="Location" hint="(optional)" />
            <TextField name="maxBudget" label="Maximum budget ($)" required type="number" step="0.01" min="0.01" error={errors.maxBudget} />
            <TextField name="minBidDecrement" label="Minimum bid decrement ($)" required type="number" step="0.01" min="0.01" defaultValue="10.00" error={errors.minBidDecrement} />
            <TextField name="startTime" label="Start time" required type="datetime-local" min={localIn(60)} defaultValue={localIn(60)} error={errors.startTime} />
            <TextField name="endTime" label="End time" required type="datetime-local" min={localIn(120)} defaultValue={localIn(7 * 24 * 60 + 60)} error={errors.endTime} />
            <SelectField name="shippingPreference" label="Shipping preference" defaultValue="both">
              <option value="both">Pickup or shipping</option>
              <option value="pickup">Local pickup</option>
              <option value="shipping">Shipping</option>
            </SelectField>
            <SelectField name="urgency" label="Urgency" defaultValue="normal">
              <option value="low">Low</option>
              <option value="normal">Normal</option>
              <option value="high">High</option>
            </SelectField>
          </div>
          <CheckboxField checked={autoRelist} onChange={(e) => setAutoRelist(e.currentTarget.checked)}>
            Relist automatically when no quote is accepted
          </CheckboxField>
          {autoRelist && (
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="maxRelists" label="Max relists" type="number" min={1} max={10} step={1} defaultValue="3" error={errors.maxRelists} />
              <TextField name="relistBudgetIncrease" label="Budget increase (%)" type="number" min={0} max={50} step={0.1} defaultValue="0" error={errors.relistBudgetIncrease} />
              <TextField name="relistDelay" label="Relist delay (hours)" type="number" min={1} max={168} step={1} defaultValue="24" error={errors.relistDelay} />
            </div>
          )}
          <CheckboxField checked={alertIfUnfilled} onChange={(e) => setAlertIfUnfilled(e.currentTarget.checked)}>
            If no seller is chosen, keep looking: make me a part alert like this request
          </CheckboxField>
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Scheduling...' : 'Schedule Reverse Auction'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
