import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Download, Landmark, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonAnchor, ButtonLink } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { apiRequest, describeError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import type { ConnectOnboardingDto, ConnectStatusDto, EarningsDto, EarningsOrderDto } from '../../../modules/payments/order.dto';
import { formatAmount } from '../payments/orderFormat';
import { OrderStateChip } from '../payments/OrderStateChip';
import { payoutSetupState, PAYOUT_STATUS_LABEL } from './payouts';

export const CONNECT_STATUS_KEY = ['/api/payments/connect/status'] as const;
export const EARNINGS_KEY = ['/api/payments/earnings'] as const;
const EARNINGS_CSV = '/api/payments/earnings?format=csv';

/** /payouts: the seller's payout setup (Stripe Connect) and earnings: pending, available, paid out, by order, CSV. */
export function PayoutsPage() {
  const status = useQuery<ConnectStatusDto>({ queryKey: CONNECT_STATUS_KEY });
  const earnings = useQuery<EarningsDto>({ queryKey: EARNINGS_KEY });

  return (
    <PageContainer className="grid gap-6" title="Payouts & Earnings">
      <PageHeader
        back={{ to: '/seller-dashboard', label: 'Seller Dashboard' }}
        title="Payouts & Earnings"
        intro="What your sales earned after commission, and where the money is."
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/my-sales" variant="outline">
              <Truck aria-hidden className="size-4" /> Sales to ship
            </ButtonLink>
            <ButtonAnchor href={EARNINGS_CSV} download variant="outline">
              <Download aria-hidden className="size-4" /> Download CSV
            </ButtonAnchor>
          </div>
        }
      />

      {status.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : status.isError ? (
        <Card role="alert" className="p-4 text-sm text-racing">
          We could not load your payout setup. Please try again in a moment.
        </Card>
      ) : (
        <PayoutSetupCard status={status.data} />
      )}

      {earnings.isPending ? (
        <div className="grid gap-4 sm:grid-cols-3" aria-busy="true" aria-label="Loading earnings">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : earnings.isError ? (
        <Card role="alert" className="p-4 text-sm text-racing">
          We could not load your earnings. Please try again in a moment.
        </Card>
      ) : (
        <>
          <section aria-label="Earnings" className="grid gap-4 sm:grid-cols-3">
            <Figure label="Pending" value={earnings.data.pending} hint="Paid by buyers, not yet released to you" />
            <Figure label="Available" value={earnings.data.available} hint="Transferred to your payout account" />
            <Figure label="Paid out" value={earnings.data.paidOut} hint="Settled sales past the return window" />
          </section>
          <EarningsTable orders={earnings.data.orders} totalCommission={earnings.data.totalCommission} />
        </>
      )}
    </PageContainer>
  );
}

function PayoutSetupCard({ status }: { status: ConnectStatusDto }) {
  const setup = payoutSetupState(status);
  const onboarding = useMutation({
    mutationFn: () => apiRequest<ConnectOnboardingDto>('/api/payments/connect/onboarding', { method: 'POST', data: {} }),
    onSuccess: (answer) => window.location.assign(answer.url),
    onError: (error) =>
      toast({ title: 'Payout Setup Failed', description: describeError(error, 'Please try again in a moment.').message, variant: 'destructive' }),
  });
  const ready = setup.kind === 'ready';
  return (
    <Card className={cn('flex flex-wrap items-center gap-4 p-4', ready ? 'border-green-200 bg-green-50' : 'border-amber-200 bg-amber-50')} aria-label="Payout setup">
      {ready ? <CircleCheck aria-hidden className="size-8 text-success" /> : <CircleAlert aria-hidden className="size-8 text-amber-700" />}
      <div className="grid flex-1 gap-0.5">
        <p className="font-semibold">{setup.title}</p>
        <p className="text-sm text-muted">{setup.text}</p>
      </div>
      {setup.action && (
        <Button onClick={() => onboarding.mutate()} disabled={onboarding.isPending || onboarding.isSuccess}>
          <Landmark aria-hidden className="size-4" />
          {onboarding.isPending || onboarding.isSuccess ? 'Opening...' : setup.action}
        </Button>
      )}
    </Card>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="tabular text-2xl font-bold">{formatAmount(value)}</p>
      <p className="text-xs text-muted">{hint}</p>
    </Card>
  );
}

function EarningsTable({ orders, totalCommission }: { orders: EarningsOrderDto[]; totalCommission: string }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg font-bold">By order</h2>
        <p className="text-sm text-muted">Commission paid in total: {formatAmount(totalCommission)}. Buyers pay no fee; the commission comes out of the sale.</p>
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <p className="text-sm text-muted">No paid orders yet. Earnings appear here once a buyer pays.</p>
        ) : (
          <div className="-mx-6 overflow-x-auto px-6">
            <table className="w-full min-w-[40rem] text-sm">
              <thead>
                <tr className="border-b border-line text-left text-muted">
                  <th scope="col" className="py-2 pr-3 font-medium">Order</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Paid</th>
                  <th scope="col" className="py-2 pr-3 font-medium">State</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Total</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Commission</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Refunded</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">You receive</th>
                  <th scope="col" className="py-2 font-medium">Payout</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.orderId} className="border-b border-line last:border-0">
                    <td className="py-2 pr-3">
                      <Link to={`/account/orders/${o.orderId}`} className="line-clamp-1 font-medium hover:text-racing hover:underline">
                        {o.partTitle}
                      </Link>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{o.paidAt ? formatDate(o.paidAt) : '—'}</td>
                    <td className="py-2 pr-3">
                      <OrderStateChip state={o.state} />
                    </td>
                    <td className="tabular py-2 pr-3 text-right">{formatAmount(o.total)}</td>
                    <td className="tabular py-2 pr-3 text-right">{formatAmount(o.commission)}</td>
                    <td className="tabular py-2 pr-3 text-right">{formatAmount(o.refunded)}</td>
                    <td className="tabular py-2 pr-3 text-right font-semibold">{formatAmount(o.net)}</td>
                    <td className="py-2 whitespace-nowrap">{PAYOUT_STATUS_LABEL[o.payoutStatus]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
