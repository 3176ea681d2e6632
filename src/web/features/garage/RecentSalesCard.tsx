import { lazy, Suspense } from 'react';
import { History } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { formatUsdCents } from '../../lib/format';
import { useSoldHistory } from './garage.api';

const PriceLineChart = lazy(() => import('./PriceLineChart'));

/** "Recent sales of this part": the recorded final prices of its part number, shown only when there are any. */
export function RecentSalesCard({ partNumber }: { partNumber: string | null }) {
  const history = useSoldHistory(partNumber);
  const data = history.data;
  if (!partNumber || !data || data.count === 0) return null;
  const s = data.count === 1 ? '' : 's';
  const range = data.min !== null && data.max !== null ? `${formatUsdCents(data.min)} to ${formatUsdCents(data.max)}` : '';
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <History aria-hidden className="size-5 text-muted" /> Recent sales of this part
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-muted">Sales</dt>
            <dd className="tabular text-lg font-bold">{data.count}</dd>
          </div>
          <div>
            <dt className="text-muted">Median</dt>
            <dd className="tabular text-lg font-bold">{formatUsdCents(data.median)}</dd>
          </div>
          <div>
            <dt className="text-muted">Range</dt>
            <dd className="tabular font-semibold">{range}</dd>
          </div>
        </dl>
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <PriceLineChart
            points={data.points}
            label={`Final prices of part number ${partNumber}: ${data.count} sale${s}, median ${formatUsdCents(data.median)}${range ? `, from ${range}` : ''}`}
          />
        </Suspense>
      </CardContent>
    </Card>
  );
}
