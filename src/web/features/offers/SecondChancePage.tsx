import { useState } from 'react';
import { Send } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField } from '../../components/Field';
import { MessageCard } from '../../components/MessageCard';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { formatUsdCents } from '../../lib/format';
import { useSecondChance, useSendSecondChance } from './offers.api';
import { SECOND_CHANCE_DAYS, STATUS_LABEL } from './offerFormat';

/** /auctions/{id}/second-chance: the seller offers the part to another bidder at their highest bid, valid 1, 3, 5 or 7 days. */
export function SecondChancePage() {
  const { id = '' } = useParams();
  const sc = useSecondChance(id);
  const send = useSendSecondChance(id);
  const [days, setDays] = useState<Record<string, number>>({});

  if (sc.isLoading) {
    return (
      <PageContainer narrow>
        <Skeleton className="h-64 w-full" />
      </PageContainer>
    );
  }
  if (sc.isError || !sc.data) {
    return (
      <MessageCard title="No Second Chance" description="Second Chance offers are possible once the winner of your auction did not pay.">
        <ButtonLink to="/seller-dashboard#offers">Seller Dashboard</ButtonLink>
      </MessageCard>
    );
  }
  const data = sc.data;
  const offer = (bidderId: string, username: string) => {
    if (send.isPending) return;
    send.mutate(
      { bidderId, days: days[bidderId] ?? 3 },
      {
        onSuccess: (o) => toast({ title: 'Second Chance Offer Sent', description: `${username} can buy it for ${formatUsdCents(o.amount)} until they or another bidder accept.` }),
        onError: (e) => toast({ title: 'Offer Not Sent', description: describeError(e).message, variant: 'destructive' }),
      },
    );
  };
  return (
    <PageContainer className="grid max-w-3xl gap-4" title="Second Chance Offer">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Second Chance Offer</h1>
        <p className="text-sm text-muted">
          The winner of <Link to={`/parts/${data.partId}`} className="font-medium text-ink hover:underline">{data.partTitle}</Link> did not pay. Offer
          it to another bidder at their highest bid; the first to accept buys it.
        </p>
      </header>
      {!data.available && (
        <p role="status" className="rounded-md border border-line bg-surface p-3 text-sm">
          This part can no longer be offered: it is sold or held by another order or auction.
        </p>
      )}
      {!data.candidates.length ? (
        <p className="text-sm text-muted">No other bidder bid on this auction.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Bidders">
          {data.candidates.map((c) => (
            <li key={c.bidderId}>
              <Card className="flex flex-wrap items-end justify-between gap-3 p-4">
                <div className="grid gap-0.5">
                  <p className="font-semibold">{c.username}</p>
                  <p className="tabular text-sm text-muted">Highest bid {formatUsdCents(c.amount)}</p>
                </div>
                {c.offerId ? (
                  <p className="text-sm">
                    Offer sent · {STATUS_LABEL[c.offerStatus ?? 'open']}{' '}
                    <Link to={`/offers/${c.offerId}`} className="font-medium text-racing hover:underline">
                      View
                    </Link>
                  </p>
                ) : (
                  <div className="flex flex-wrap items-end gap-2">
                    <SelectField
                      label="Valid for"
                      name={`days-${c.bidderId}`}
                      value={String(days[c.bidderId] ?? 3)}
                      onChange={(e) => setDays({ ...days, [c.bidderId]: Number(e.target.value) })}
                    >
                      {SECOND_CHANCE_DAYS.map((d) => (
                        <option key={d} value={d}>
                          {d} {d === 1 ? 'day' : 'days'}
                        </option>
                      ))}
                    </SelectField>
                    <Button onClick={() => offer(c.bidderId, c.username)} disabled={!data.available || send.isPending}>
                      <Send aria-hidden className="size-4" /> {send.isPending && send.variables?.bidderId === c.bidderId ? 'Sending...' : `Offer at ${formatUsdCents(c.amount)}`}
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}
