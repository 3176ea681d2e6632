import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { Clock, DollarSign, Flame, LayoutGrid, List, Search, Target } from 'lucide-react';
import type { ReverseAuctionDto } from '../../../modules/reverse/reverse.dto';
import { ButtonLink } from '../../components/Button';
import { Card, CardContent } from '../../components/Card';
import { inputClass } from '../../components/Field';
import { PageContainer } from '../../components/PageContainer';
import { describeError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatUsd, formatUsdCents } from '../../lib/format';
import { useNow } from '../auctions/useNow';
import { useReverseAuctions, useReverseStats, type ReverseSort } from './reverse.api';
import { displayStatus, requestTimeLeft, stateNote, URGENCY_LABEL } from './reverseRules';

const TABS = [
  ['all', 'All Requests'],
  ['high', 'High Priority'],
  ['ending', 'Ending Soon'],
] as const;
const SORTS: Array<[ReverseSort, string]> = [
  ['endTime', 'Ending Soon'],
  ['maxBudget', 'Highest Budget'],
  ['totalBids', 'Most Bids'],
  ['priority', 'Priority'],
];
const tabClass =
  'h-9 rounded px-4 text-sm font-medium text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm';

/** /reverse-auctions: wanted-part requests (spec 000 "Reverse auction list"); filters live in the address. */
export function ReverseAuctionsPage() {
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') ?? 'all') as (typeof TABS)[number][0];
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? 'all';
  const category = params.get('category') ?? 'all';
  const sort = (params.get('sort') ?? 'endTime') as ReverseSort;
  const view = params.get('view') === 'table' ? 'table' : 'grid';
  const set = (key: string, value: string, fallback: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === fallback || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const query = useMemo(() => {
    if (tab === 'high') return { status: 'active', urgency: 'high', q, sort: 'endTime' as const, limit: 100 };
    if (tab === 'ending') return { status: 'active', endingWithinHours: 24, q, sort: 'endTime' as const, limit: 100 };
    return { status, category, q, sort, limit: 100 };
  }, [tab, status, category, q, sort]);
  const list = useReverseAuctions(query);
  const all = useReverseAuctions({ sort: 'endTime', limit: 100 });
  const stats = useReverseStats();
  const categories = useMemo(() => [...new Set((all.data?.items ?? []).map((r) => r.partCategory))].sort(), [all.data]);
  const items = list.data?.items ?? [];
  const filtered = !!q || (tab === 'all' && (status !== 'all' || category !== 'all'));

  return (
    <PageContainer title="Reverse Auctions">
      <h1 className="text-3xl font-bold tracking-tight">Reverse Auctions</h1>
      <p className="mt-1 text-muted">Buyers post the parts they need with a budget; sellers compete with lower quotes.</p>

      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Tile icon={<Target aria-hidden className="size-5" />} label="Active Requests" value={stats.data ? String(stats.data.activeRequests) : '—'} />
        <Tile icon={<Flame aria-hidden className="size-5" />} label="High Priority" value={stats.data ? String(stats.data.highPriority) : '—'} />
        <Tile icon={<DollarSign aria-hidden className="size-5" />} label="Total Budget" value={stats.data ? formatUsd(stats.data.totalBudget) : '—'} />
        <Tile icon={<Clock aria-hidden className="size-5" />} label="Total Bids" value={stats.data ? String(stats.data.totalBids) : '—'} />
      </div>

      <Card className="mt-6 border-racing/30 bg-racing/5">
        <CardContent className="flex flex-col items-start justify-between gap-3 p-4 sm:flex-row sm:items-center">
          <p className="text-sm">Can't find the part you need? Post a wanted request and let sellers come to you.</p>
          <ButtonLink to="/schedule-auction?tab=reverse" size="sm">
            Post a Wanted Request
          </ButtonLink>
        </CardContent>
      </Card>

      <Tabs.Root value={tab} onValueChange={(v) => set('tab', v, 'all')} className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List aria-label="Requests" className="flex gap-1 rounded-md bg-black/5 p-1">
            {TABS.map(([value, label]) => (
              <Tabs.Trigger key={value} value={value} className={tabClass}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="flex items-center gap-2">
            <label className="relative">
              <span className="sr-only">Search requests</span>
              <Search aria-hidden className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
              <input
                type="search"
                className={cn(inputClass, 'w-64 pl-9')}
                placeholder="Search wanted parts..."
                defaultValue={q}
                onChange={(e) => set('q', e.target.value.trim(), '')}
              />
            </label>
            <button type="button" aria-label="Grid view" aria-pressed={view === 'grid'} className={cn('rounded p-2', view === 'grid' && 'bg-black/10')} onClick={() => set('view', 'grid', 'grid')}>
              <LayoutGrid aria-hidden className="size-4" />
            </button>
            <button type="button" aria-label="Table view" aria-pressed={view === 'table'} className={cn('rounded p-2', view === 'table' && 'bg-black/10')} onClick={() => set('view', 'table', 'grid')}>
              <List aria-hidden className="size-4" />
            </button>
          </div>
        </div>
        {tab === 'all' && (
          <div className="mt-4 flex flex-wrap gap-3">
            <Select label="Status" value={status} onChange={(v) => set('status', v, 'all')} options={[['all', 'All statuses'], ['active', 'Active'], ['scheduled', 'Scheduled'], ['ended', 'Ended']]} />
            <Select label="Category" value={category} onChange={(v) => set('category', v, 'all')} options={[['all', 'All categories'], ...categories.map((c): [string, string] => [c, c])]} />
            <Select label="Sort" value={sort} onChange={(v) => set('sort', v, 'endTime')} options={SORTS} />
          </div>
        )}
      </Tabs.Root>

      <div className="mt-6">
        {list.isLoading ? (
          <p role="status" className="text-muted">
            Loading requests...
          </p>
        ) : list.isError ? (
          <p role="alert" className="text-red-700">
            {describeError(list.error).message}
          </p>
        ) : items.length === 0 ? (
          <Card>
            <CardContent className="p-8 text-center">
              <p className="font-medium">No reverse auctions found</p>
              {filtered && <p className="mt-1 text-sm text-muted">No reverse auctions found matching your criteria.</p>}
            </CardContent>
          </Card>
        ) : view === 'table' ? (
          <RequestTable items={items} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((r) => (
              <RequestCard key={r.id} r={r} />
            ))}
          </div>
        )}
      </div>
    </PageContainer>
  );
}

function Tile({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-4">
        <span className="rounded-full bg-racing/10 p-2 text-racing">{icon}</span>
        <div>
          <p className="text-sm text-muted">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: Array<[string, string]> }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <select className={cn(inputClass, 'w-48')} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function StatusBadge({ r }: { r: ReverseAuctionDto }) {
  const now = useNow();
  const s = displayStatus(r, now);
  const note = stateNote(r, now);
  const tone = s === 'Ended' ? 'bg-black/10 text-muted' : s === 'Ending Soon' ? 'bg-red-100 text-red-800' : s === 'Active' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800';
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tone)}>{s}</span>
      {note && <span className="text-xs text-muted">{note}</span>}
    </span>
  );
}

function TimeLeft({ r }: { r: ReverseAuctionDto }) {
  const now = useNow();
  const left = requestTimeLeft(r, now);
  return <span className={cn('tabular', left.urgent && 'text-red-700', left.final && 'motion-safe:animate-pulse')}>{left.text}</span>;
}

function RequestCard({ r }: { r: ReverseAuctionDto }) {
  return (
    <Card className="flex flex-col">
      <CardContent className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <StatusBadge r={r} />
          {r.urgency === 'high' && <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-medium text-white">{URGENCY_LABEL.high}</span>}
        </div>
        <Link to={`/reverse-auctions/${r.id}`} className="text-lg font-semibold hover:underline">
          {r.title}
        </Link>
        <p className="text-sm text-muted">
          {r.partCategory}
          {r.make ? ` · ${[r.make, r.model].filter(Boolean).join(' ')}` : ''}
        </p>
        <dl className="mt-auto grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-muted">Budget</dt>
            <dd className="font-semibold">{formatUsdCents(r.maxBudget)}</dd>
          </div>
          <div>
            <dt className="text-muted">Low bid</dt>
            <dd className="font-semibold">{r.currentLowestBid ? formatUsdCents(r.currentLowestBid) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted">Time left</dt>
            <dd className="font-semibold">
              <TimeLeft r={r} />
            </dd>
          </div>
        </dl>
        <p className="text-xs text-muted">
          {r.totalBids} quote{r.totalBids === 1 ? '' : 's'} · {r.watchers} watching
        </p>
      </CardContent>
    </Card>
  );
}

function RequestTable({ items }: { items: ReverseAuctionDto[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-black/10">
      <table className="w-full text-left text-sm">
        <thead className="bg-black/5">
          <tr>
            {['Part Wanted', 'Budget', 'Current Low Bid', 'Time Left', 'Status', 'Actions'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} className="border-t border-black/10">
              <td className="px-3 py-2">
                <Link to={`/reverse-auctions/${r.id}`} className="font-medium hover:underline">
                  {r.title}
                </Link>
                <div className="text-xs text-muted">{r.partCategory}</div>
              </td>
              <td className="px-3 py-2">{formatUsdCents(r.maxBudget)}</td>
              <td className="px-3 py-2">{r.currentLowestBid ? formatUsdCents(r.currentLowestBid) : '—'}</td>
              <td className="px-3 py-2">
                <TimeLeft r={r} />
              </td>
              <td className="px-3 py-2">
                <StatusBadge r={r} />
              </td>
              <td className="px-3 py-2">
                <Link to={`/reverse-auctions/${r.id}`} className="font-medium text-racing hover:underline">
                  Quote
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
