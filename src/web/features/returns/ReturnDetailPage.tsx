import { useState, type FormEvent, type ReactNode } from 'react';
import { ArrowLeft, CircleCheck, RotateCcw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { MessageCard } from '../../components/MessageCard';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatDateTime, formatUsdCents } from '../../lib/format';
import type { ReturnDto } from '../../../modules/returns/return.dto';
import { RETURN_FORM_MESSAGES } from '../../../modules/returns/return.messages';
import { CARRIERS } from '../payments/ShipOrderDialog';
import { reasonLabel, refundHint, returnStateLabel, SHIPPING_PAYER_TEXT, timelineLabel } from './returnFormat';
import { useReturn, useReturnAction, type ReturnActionInput } from './returns.api';

/** /account/returns/{id}: a return's facts, photos, the viewer's next step and its timeline (buyer, seller or admin). */
export function ReturnDetailPage() {
  const { id = '' } = useParams();
  const ret = useReturn(id);

  if (ret.isPending) {
    return (
      <PageContainer title="Return" className="grid gap-4" >
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </PageContainer>
    );
  }
  if (ret.isError) {
    return describeError(ret.error).status === 404 ? (
      <MessageCard title="Return Not Found" description="The return you're looking for doesn't exist or isn't yours.">
        <ButtonLink to="/account/returns">Your returns</ButtonLink>
      </MessageCard>
    ) : (
      <MessageCard title="Return Unavailable" description="We could not load this return. Please try again in a moment.">
        <Button onClick={() => void ret.refetch()}>Try again</Button>
      </MessageCard>
    );
  }
  const r = ret.data;
  const back = r.viewerRole === 'seller' ? { to: '/my-returns', label: 'Returns to answer' } : { to: `/account/orders/${r.orderId}`, label: 'Back to the order' };

  return (
    <PageContainer title={`Return ${r.partTitle}`} className="grid gap-6">
      <Link to={back.to} className="inline-flex items-center gap-1 text-sm text-muted hover:text-racing">
        <ArrowLeft aria-hidden className="size-4" /> {back.label}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Return of {r.partTitle}</h1>
        <span className="rounded-full border border-line px-3 py-1 text-sm font-medium" data-testid="return-state">
          {returnStateLabel(r.state)}
        </span>
        <p className="w-full text-sm text-muted">
          Requested {formatDateTime(r.createdAt)} by {r.buyerName ?? 'the buyer'} · seller {r.sellerName ?? ''}
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
        <div className="grid min-w-0 content-start gap-6">
          <NextStep ret={r} />
          <Card>
            <CardHeader className="pb-2">
              <h2 className="text-lg font-bold">Timeline</h2>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-3" aria-label="Return timeline">
                {r.history.map((e) => (
                  <li key={e.id} className="grid gap-0.5 border-l-2 border-line pl-3">
                    <p className="text-sm font-semibold">{timelineLabel(e)}</p>
                    <p className="text-xs text-muted">{formatDateTime(e.at)}</p>
                    {e.note && <p className="text-sm whitespace-pre-line">{e.note}</p>}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </div>
        <aside className="grid content-start gap-4" aria-label="Return facts">
          <Card>
            <CardContent className="grid gap-2 pt-4 text-sm">
              <Fact label="Reason">{reasonLabel(r.reason)}</Fact>
              <Fact label="Details">{r.details}</Fact>
              <Fact label="Return shipping">{SHIPPING_PAYER_TEXT[r.shippingPaidBy]}</Fact>
              <p className="text-muted">{r.policyNote}</p>
              <Fact label="Order total">{formatUsdCents(r.orderTotal)}</Fact>
              {r.state === 'requested' && <Fact label="Seller answers by">{formatDateTime(r.respondBy)}</Fact>}
              {r.instructions && <Fact label="Return instructions">{r.instructions}</Fact>}
              {r.declineReason && <Fact label="Declined because">{r.declineReason}</Fact>}
              {r.trackingNumber && (
                <Fact label="Shipped back">
                  {r.carrier} <span className="font-mono">{r.trackingNumber}</span>
                </Fact>
              )}
              {r.refundAmount && <Fact label="Refunded">{formatUsdCents(r.refundAmount)}</Fact>}
              {r.adminNote && <Fact label="Pitlane's decision">{r.adminNote}</Fact>}
            </CardContent>
          </Card>
          {r.photos.length > 0 && (
            <Card>
              <CardHeader className="pb-2">
                <h2 className="text-lg font-bold">Photos</h2>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                {r.photos.map((p, i) => (
                  <a key={p.url} href={p.url} target="_blank" rel="noreferrer">
                    <img src={p.url} alt={`Buyer's photo ${i + 1} of the problem`} loading="lazy" className="size-28 rounded-md border border-line object-cover" />
                  </a>
                ))}
              </CardContent>
            </Card>
          )}
        </aside>
      </div>
    </PageContainer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <p className="text-xs text-muted">{label}</p>
      <p className="whitespace-pre-line">{children}</p>
    </div>
  );
}

const TOASTS: Record<ReturnActionInput['action'], string> = {
  approve: 'Return Approved',
  decline: 'Return Declined',
  ship: 'Marked as Shipped Back',
  receive: 'Marked as Received',
  refund: 'Refund Sent',
  escalate: 'Sent to Pitlane',
  relist: 'Back on Sale',
};

/** The viewer's step: the seller approves or declines, receives and refunds; the buyer ships back or escalates. */
function NextStep({ ret }: { ret: ReturnDto }) {
  const action = useReturnAction(ret.id);
  const [text, setText] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const can = (a: ReturnDto['actions'][number]) => ret.actions.includes(a);

  function run(input: ReturnActionInput) {
    if (action.isPending) return;
    action.mutate(input, {
      onSuccess: () => {
        setErrors({});
        setText('');
        toast({ title: TOASTS[input.action], description: input.action === 'relist' ? 'The part is listed for sale again.' : 'We emailed both sides.' });
      },
      onError: (error) => {
        const details = describeError(error);
        setErrors(details.fieldErrors);
        toast({ title: 'Could Not Update Return', description: details.message, variant: 'destructive' });
      },
    });
  }
  const need = (field: string, message: string, value: string) => {
    if (value.trim()) return true;
    setErrors({ [field]: message });
    return false;
  };
  const pending = action.isPending;

  if (can('approve') || can('decline')) {
    return (
      <Card role="region" className="grid gap-3 p-4" aria-label="Answer the return">
        <p className="text-sm">
          Approve with return instructions (where to ship, how to pack), or decline with a reason. Answer by {formatDateTime(ret.respondBy)}, or Pitlane&apos;s team
          decides.
        </p>
        <TextAreaField label="Instructions or reason" name="answer" value={text} onChange={(e) => setText(e.target.value)} rows={3} error={errors.instructions ?? errors.reason} maxLength={2000} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={pending} onClick={() => need('reason', RETURN_FORM_MESSAGES.declineReason, text) && run({ action: 'decline', reason: text.trim() })}>
            Decline
          </Button>
          <Button
            disabled={pending}
            onClick={() => need('instructions', RETURN_FORM_MESSAGES.instructions, text) && run({ action: 'approve', instructions: text.trim() })}
          >
            <CircleCheck aria-hidden className="size-4" /> {pending ? 'Saving...' : 'Approve Return'}
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <>
      {can('ship') && (
        <Card className="p-4">
          <form
            className="grid gap-3"
            aria-label="Ship the part back"
            noValidate
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              if (!carrier) return setErrors({ carrier: RETURN_FORM_MESSAGES.carrier });
              if (need('trackingNumber', RETURN_FORM_MESSAGES.trackingNumber, tracking)) run({ action: 'ship', carrier, trackingNumber: tracking.trim() });
            }}
          >
            <p className="text-sm">The seller approved your return. Follow the instructions, then add the tracking number.</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField label="Carrier" name="carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} error={errors.carrier}>
                <option value="">Choose a carrier</option>
                {CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
              <TextField label="Tracking number" name="trackingNumber" value={tracking} onChange={(e) => setTracking(e.target.value)} error={errors.trackingNumber} className="font-mono" maxLength={100} />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : 'Mark Shipped Back'}
              </Button>
            </div>
          </form>
        </Card>
      )}
      {(can('receive') || can('refund')) && (
        <Card role="region" className="grid gap-3 p-4" aria-label="Receive and refund">
          {can('receive') && (
            <div className="flex flex-wrap items-center gap-3">
              <p className="flex-1 text-sm">
                The buyer shipped the part back with {ret.carrier} <span className="font-mono">{ret.trackingNumber}</span>.
              </p>
              <Button variant="outline" disabled={pending} onClick={() => run({ action: 'receive' })}>
                Mark Received
              </Button>
            </div>
          )}
          {can('refund') && (
            <div className="grid gap-2">
              <TextField
                label="Refund amount (USD)"
                hint={refundHint(ret)}
                name="amount"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={errors.amount}
                className="max-w-xs"
              />
              <div className="flex justify-end">
                <Button disabled={pending} onClick={() => run({ action: 'refund', ...(amount.trim() ? { amount: amount.trim() } : {}) })}>
                  {pending ? 'Refunding...' : 'Refund Buyer'}
                </Button>
              </div>
            </div>
          )}
        </Card>
      )}
      {ret.relistable && (
        <Card role="region" className="grid gap-3 p-4" aria-label="Put the part back on sale">
          <p className="text-sm">The part came back and the buyer was refunded, so it still shows as sold. Put it back on sale as it was listed?</p>
          <div className="flex flex-wrap justify-end gap-2">
            {ret.partId && (
              <Link to={`/parts/${ret.partId}`} className="self-center text-sm font-medium text-racing hover:underline">
                View the listing
              </Link>
            )}
            <Button disabled={pending} onClick={() => run({ action: 'relist' })}>
              <RotateCcw aria-hidden className="size-4" /> {pending ? 'Saving...' : 'Put Back on Sale'}
            </Button>
          </div>
        </Card>
      )}
      {can('escalate') && (
        <Card role="region" className="grid gap-3 p-4" aria-label="Ask Pitlane to decide">
          <p className="text-sm">{ret.state === 'declined' ? 'Disagree with the seller? Pitlane’s team can decide.' : 'No refund yet? Pitlane’s team can step in.'}</p>
          <TextAreaField label="Why" hint="(optional)" name="escalation" value={text} onChange={(e) => setText(e.target.value)} rows={2} maxLength={2000} />
          <div className="flex justify-end">
            <Button variant="outline" disabled={pending} onClick={() => run({ action: 'escalate', ...(text.trim() ? { reason: text.trim() } : {}) })}>
              <RotateCcw aria-hidden className="size-4" /> Escalate to Pitlane
            </Button>
          </div>
        </Card>
      )}
    </>
  );
}
