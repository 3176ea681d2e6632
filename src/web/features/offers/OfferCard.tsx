import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import type { OfferDto } from '../../../modules/offers/offer.dto';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { cn } from '../../lib/cn';
import { formatDateTime, formatUsdCents } from '../../lib/format';
import { OfferActions } from './OfferActions';
import { cancelText, KIND_LABEL, STATUS_LABEL, timeLeft, waitingText } from './offerFormat';

const STATUS_CLASS: Record<OfferDto['status'], string> = {
  open: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  accepted: 'border-green-300 bg-green-50 text-green-900',
  declined: 'border-line bg-paper text-muted',
  expired: 'border-line bg-paper text-muted',
  cancelled: 'border-red-300 bg-red-50 text-red-900',
};

const ACTION_TEXT = { open: 'Opened', offer: 'Offered', counter: 'Countered', accept: 'Accepted', decline: 'Declined', expire: 'Expired', cancel: 'Order cancelled' } as const;

/** One negotiation: the amount on the table, whose move it is, the history and the viewer's actions. */
export function OfferCard({ offer, showPart = true }: { offer: OfferDto; showPart?: boolean }) {
  const waiting = waitingText(offer);
  const cancelled = cancelText(offer);
  const other = offer.yourSide === 'seller' ? `Buyer: ${offer.buyerName}` : `Seller: ${offer.sellerName}`;
  const actorName = (actor: string) => (actor === 'buyer' ? offer.buyerName : actor === 'seller' ? offer.sellerName : 'Pitlane');
  return (
    <Card className="grid gap-3 p-4" data-testid="offer-card" aria-label={`${KIND_LABEL[offer.kind]} on ${offer.partTitle}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          {showPart && (
            <Link to={`/parts/${offer.partId}`} className="font-semibold hover:text-racing hover:underline">
              {offer.partTitle}
            </Link>
          )}
          <p className="text-sm text-muted">
            {offer.kind !== 'offer' && <span className="mr-2 font-medium text-racing">{KIND_LABEL[offer.kind]}</span>}
            {other}
            {offer.partPrice && offer.kind === 'offer' ? ` · Asking ${formatUsdCents(offer.partPrice)}` : ''}
          </p>
        </div>
        <span data-testid="offer-status" className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_CLASS[offer.status])}>
          {STATUS_LABEL[offer.status]}
        </span>
      </div>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="tabular text-2xl font-bold" data-testid="offer-amount">
          {offer.amount ? formatUsdCents(offer.amount) : `High bid ${formatUsdCents(offer.floorAmount)}`}
        </p>
        {waiting && <p className="text-sm font-medium">{waiting}</p>}
        {offer.status === 'open' && <p className="tabular text-sm text-muted">{timeLeft(offer.expiresAt)}</p>}
        {offer.kind !== 'second_chance' && (
          <p className="text-sm text-muted">
            Round {offer.rounds} of {offer.maxRounds}
          </p>
        )}
      </div>
      {offer.message && offer.status === 'open' && <p className="rounded-md bg-paper p-2 text-sm whitespace-pre-line">“{offer.message}”</p>}
      {offer.declineReason && <p className="text-sm text-muted">Reason: {offer.declineReason}</p>}
      {offer.status === 'accepted' && offer.yourSide === 'buyer' && offer.orderId && (
        <ButtonLink to={`/checkout/${offer.orderId}`} className="justify-self-start">
          <CreditCard aria-hidden className="size-4" /> Pay now
        </ButtonLink>
      )}
      {cancelled && (
        <p className="text-sm" data-testid="offer-cancelled">
          {cancelled} {offer.kind === 'offer' && offer.yourSide === 'buyer' ? 'You may make a new offer on the part while it is for sale.' : ''}
        </p>
      )}
      {offer.status === 'accepted' && !offer.orderId && <p className="text-sm text-muted">Your order is being prepared; we will email you when it is ready to pay.</p>}
      <OfferActions offer={offer} />
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">History ({offer.steps.length})</summary>
        <ol className="mt-2 grid gap-1">
          {offer.steps.map((s, i) => (
            <li key={i} className="flex flex-wrap gap-x-2">
              <span className="tabular text-muted">{formatDateTime(s.createdAt)}</span>
              <span>
                {s.action === 'cancel' ? ACTION_TEXT.cancel : `${ACTION_TEXT[s.action]} by ${actorName(s.actor)}`}
                {s.amount ? ` · ${formatUsdCents(s.amount)}` : ''}
              </span>
              {s.message && <span className="text-muted">“{s.message}”</span>}
            </li>
          ))}
        </ol>
      </details>
      <Link to={`/offers/${offer.id}`} className="justify-self-start text-sm font-medium text-racing hover:underline">
        View offer
      </Link>
    </Card>
  );
}
