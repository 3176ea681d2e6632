import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { ArrowDownRight, ArrowRight, ArrowUpRight, LineChart, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { FormActions } from '../../components/FormDialog';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { describeError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatUsdCents } from '../../lib/format';
import { FilterSelect } from '../catalog/FilterSelect';
import { changePercentText, directionLabel, GARAGE_TEXT, parseThreshold, THRESHOLD_MESSAGE, thresholdInput, thresholdText } from './garage';
import { useAddWatch, useMarketWatch, useRemoveWatch, useUpdateWatch, useWatchCandidates, useWatchHistory } from './garage.api';
import { ConfirmRemove, GarageDialog } from './GarageDialog';
import { ThresholdField, ThresholdForm } from './ThresholdField';
import { DEFAULT_THRESHOLD } from './TrackPriceButton';
import type { MarketWatchItemDto, PriceDirection, WatchCandidateDto, WatchType } from './garage.types';

const PriceLineChart = lazy(() => import('./PriceLineChart'));

const WATCH_TYPES: ReadonlyArray<{ value: WatchType; label: string }> = [
  { value: 'part', label: 'Parts' },
  { value: 'auction', label: 'Auctions' },
  { value: 'reverse_auction', label: 'Wanted requests' },
];

/** The Market Watch tab: watched prices with their change since watching began, a price line each, add and remove. */
export function MarketWatchTab() {
  const watches = useMarketWatch();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Follow prices of parts, auctions and wanted requests.</p>
        <AddWatchDialog
          trigger={
            <Button>
              <Plus aria-hidden className="size-4" /> Add Watch Item
            </Button>
          }
        />
      </div>
      {watches.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading market watch">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : watches.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-lg border border-line p-6 text-center">
          <p className="font-semibold">Your market watch could not be loaded.</p>
          <p className="text-sm text-muted">{errorMessage(watches.error)}</p>
          <Button variant="outline" onClick={() => void watches.refetch()}>
            Try again
          </Button>
        </div>
      ) : watches.data.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-line p-8 text-center">
          <LineChart aria-hidden className="size-8 text-muted" />
          <p className="font-semibold">No watched prices yet</p>
          <p className="max-w-md text-sm text-muted">Use "Track Price" on a part or auction, or add one here, to follow its price.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Market watch items">
          {watches.data.map((item) => (
            <WatchRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

const DIRECTION_STYLE: Record<PriceDirection, { icon: ReactNode; className: string }> = {
  up: { icon: <ArrowUpRight aria-hidden className="size-4" />, className: 'text-racing' },
  down: { icon: <ArrowDownRight aria-hidden className="size-4" />, className: 'text-success' },
  stable: { icon: <ArrowRight aria-hidden className="size-4" />, className: 'text-muted' },
};

function WatchRow({ item }: { item: MarketWatchItemDto }) {
  const remove = useRemoveWatch();
  const title = item.title ?? 'Item no longer listed';
  const direction = DIRECTION_STYLE[item.priceDirection] ?? DIRECTION_STYLE.stable;
  const onRemove = () =>
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: GARAGE_TEXT.watchRemoved, description: `${title} is no longer watched.` }),
      onError: (error) => toast({ title: GARAGE_TEXT.removeWatchFailed, description: errorMessage(error, GARAGE_TEXT.removeWatchFailed), variant: 'destructive' }),
    });

  return (
    <li className="grid gap-3 rounded-lg border border-line bg-surface p-4 md:grid-cols-[minmax(0,1fr)_16rem]" data-testid="watch-row">
      <div className="grid content-start gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold">
            {item.title ? (
              <Link to={item.itemPath} className="hover:text-racing hover:underline">
                {title}
              </Link>
            ) : (
              <span className="text-muted">{title}</span>
            )}
          </h3>
          <span className="rounded-sm border border-line px-1.5 py-0.5 text-xs text-muted">
            {WATCH_TYPES.find((t) => t.value === item.watchType)?.label.replace(/s$/, '') ?? item.watchType}
          </span>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-muted">Original</dt>
            <dd className="tabular font-medium">{formatUsdCents(item.originalPrice) || '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Current</dt>
            <dd className="tabular font-bold">{formatUsdCents(item.currentPrice) || '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Change</dt>
            <dd className={cn('tabular flex items-center gap-1 font-bold', direction.className)}>
              {direction.icon}
              <span>{changePercentText(item.priceChangePercent)}</span>
              <span className="sr-only">({directionLabel(item.priceDirection)})</span>
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted">{thresholdText(item.priceAlertThreshold)}</p>
          <div className="flex flex-wrap items-center gap-1">
            <EditThresholdDialog item={item} title={title} />
            <ConfirmRemove
              title="Stop watching this price?"
              description={`${title} leaves your market watch.`}
              confirmLabel="Remove"
              onConfirm={onRemove}
              trigger={
                <Button size="sm" variant="ghost" className="text-racing" disabled={remove.isPending}>
                  <Trash2 aria-hidden className="size-4" /> {remove.isPending ? 'Removing...' : 'Remove'}
                  <span className="sr-only"> {title}</span>
                </Button>
              }
            />
          </div>
        </div>
      </div>
      <WatchLine id={item.id} title={title} />
    </li>
  );
}

/** Changes a watch's price alert threshold (PATCH /api/market-watch/item/{id}); the server's field error shows under the input. */
function EditThresholdDialog({ item, title }: { item: MarketWatchItemDto; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <GarageDialog
      open={open}
      onOpenChange={setOpen}
      title="Edit Price Alert"
      description={`You are told when the price of ${title} moves by this much.`}
      trigger={
        <Button size="sm" variant="ghost">
          <Pencil aria-hidden className="size-4" /> Edit Alert
          <span className="sr-only"> {title}</span>
        </Button>
      }
    >
      {open && <EditThresholdBody item={item} title={title} onDone={() => setOpen(false)} />}
    </GarageDialog>
  );
}

function EditThresholdBody({ item, title, onDone }: { item: MarketWatchItemDto; title: string; onDone: () => void }) {
  const [error, setError] = useState<string>();
  const update = useUpdateWatch();
  const onSubmit = (percent: number) =>
    update.mutate(
      { id: item.id, priceAlertThreshold: percent },
      {
        onSuccess: () => {
          toast({ title: GARAGE_TEXT.watchUpdated, description: `We will tell you when the price of ${title} moves ${percent}% or more.` });
          onDone();
        },
        onError: (err) => {
          const details = describeError(err, GARAGE_TEXT.updateWatchFailed);
          setError(details.fieldErrors.priceAlertThreshold);
          toast({ title: GARAGE_TEXT.updateWatchFailed, description: details.message, variant: 'destructive' });
        },
      },
    );
  return (
    <ThresholdForm
      initial={thresholdInput(item.priceAlertThreshold, DEFAULT_THRESHOLD)}
      error={error}
      onError={setError}
      onSubmit={onSubmit}
      submitLabel="Save Alert"
      pendingLabel="Saving..."
      pending={update.isPending}
      onCancel={onDone}
    />
  );
}

function WatchLine({ id, title }: { id: string; title: string }) {
  const history = useWatchHistory(id);
  if (history.isPending) return <Skeleton className="h-28 w-full" />;
  const points = history.data ?? [];
  if (points.length < 2) {
    return <p className="grid h-28 place-items-center rounded-md bg-paper text-center text-xs text-muted">The price line appears after the first change.</p>;
  }
  return (
    <Suspense fallback={<Skeleton className="h-28 w-full" />}>
      <PriceLineChart points={points} height={112} label={`Price of ${title} over time: ${points.length} recorded prices`} />
    </Suspense>
  );
}

/** Add a watch: pick the item by searching its title (not by typing an id), then a threshold in percent. */
function AddWatchDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <GarageDialog open={open} onOpenChange={setOpen} trigger={trigger} title="Add Watch Item" description="Find a part, auction or wanted request by its title.">
      {open && <AddWatchBody onDone={() => setOpen(false)} />}
    </GarageDialog>
  );
}

function AddWatchBody({ onDone }: { onDone: () => void }) {
  const [watchType, setWatchType] = useState<WatchType>('part');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<WatchCandidateDto | null>(null);
  const [threshold, setThreshold] = useState(String(DEFAULT_THRESHOLD));
  const [errors, setErrors] = useState<{ item?: string; threshold?: string }>({});
  const candidates = useWatchCandidates(q, watchType);
  const add = useAddWatch();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const percent = parseThreshold(threshold);
    const next: typeof errors = {};
    if (!chosen) next.item = 'Choose an item to watch';
    if (percent === null) next.threshold = THRESHOLD_MESSAGE;
    if (next.item || next.threshold || !chosen || percent === null) return setErrors(next);
    const idField = chosen.watchType === 'part' ? 'partId' : chosen.watchType === 'auction' ? 'auctionId' : 'reverseAuctionId';
    add.mutate(
      { watchType: chosen.watchType, [idField]: chosen.id, priceAlertThreshold: percent },
      {
        onSuccess: () => {
          toast({ title: GARAGE_TEXT.watchAdded, description: `${chosen.title} is in your market watch.` });
          onDone();
        },
        onError: (error) => {
          const details = describeError(error, GARAGE_TEXT.addWatchFailed);
          setErrors({ threshold: details.fieldErrors.priceAlertThreshold, item: details.fieldErrors.partId ?? details.fieldErrors.auctionId });
          toast({ title: GARAGE_TEXT.addWatchFailed, description: details.message, variant: 'destructive' });
        },
      },
    );
  };

  const results = candidates.data ?? [];
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FilterSelect
          label="Type"
          value={watchType}
          onChange={(v) => {
            setWatchType(v as WatchType);
            setChosen(null);
          }}
          options={WATCH_TYPES}
        />
        <div className="grid gap-1.5">
          <label htmlFor="watch-search" className="text-sm font-medium">
            Search by title
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <input
              id="watch-search"
              type="search"
              className={cn(inputClass, 'pl-9')}
              placeholder="e.g. Holley carburetor"
              value={q}
              aria-invalid={errors.item ? true : undefined}
              aria-describedby={errors.item ? 'watch-search-error' : undefined}
              onChange={(e) => {
                setQ(e.target.value);
                setErrors((x) => ({ ...x, item: undefined }));
              }}
            />
          </div>
        </div>
      </div>
      {errors.item && (
        <p id="watch-search-error" className="-mt-2 text-sm font-medium text-racing">
          {errors.item}
        </p>
      )}
      <fieldset className="grid gap-2">
        <legend className="sr-only">Results</legend>
        {q.trim().length < 2 ? (
          <p className="text-sm text-muted">Type at least 2 letters of the title.</p>
        ) : candidates.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Searching">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : candidates.isError ? (
          <p role="alert" className="text-sm text-racing">
            The search failed: {errorMessage(candidates.error)}
          </p>
        ) : results.length === 0 ? (
          <p className="text-sm text-muted">Nothing found with that title.</p>
        ) : (
          <div className="grid max-h-64 gap-1 overflow-y-auto">
            {results.map((c) => (
              <label
                key={`${c.watchType}-${c.id}`}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-line p-2 has-[:checked]:border-racing has-[:checked]:bg-racing-soft"
              >
                <input
                  type="radio"
                  name="watch-candidate"
                  className="accent-racing"
                  checked={chosen?.id === c.id && chosen.watchType === c.watchType}
                  onChange={() => {
                    setChosen(c);
                    setErrors((x) => ({ ...x, item: undefined }));
                  }}
                />
                {c.imageUrl ? (
                  <img src={c.imageUrl} alt="" className="size-10 shrink-0 rounded object-cover" loading="lazy" />
                ) : (
                  <span aria-hidden className="size-10 shrink-0 rounded bg-paper" />
                )}
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{c.title}</span>
                <span className="tabular text-sm">{formatUsdCents(c.price)}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <ThresholdField
        value={threshold}
        error={errors.threshold}
        onChange={(value) => {
          setThreshold(value);
          setErrors((x) => ({ ...x, threshold: undefined }));
        }}
      />
      <FormActions submitLabel="Add Watch Item" pendingLabel="Adding..." pending={add.isPending} busy onCancel={onDone} />
    </form>
  );
}
