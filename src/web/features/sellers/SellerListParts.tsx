import { useState, type FormEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { inputClass } from '../../components/Field';
import { describeError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { pageCount, rangeText } from './myListings';

/** The pieces My Listings and My Auctions share: filter tabs, the search box, paging, list messages and a confirmation dialog. */

export function StatusPill({ label, className }: { label: string; className: string }) {
  return <span className={cn('inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', className)}>{label}</span>;
}

/** Filter buttons; the chosen one is pressed. They scroll sideways on a phone. */
export function FilterTabs<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-9 shrink-0 rounded-full border px-4 text-sm font-medium',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-racing',
            option.value === value ? 'border-graphite bg-graphite text-white' : 'border-line bg-surface text-ink hover:bg-paper',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A search box that searches on submit (Enter or the button). */
export function ListSearch({ label, initial, onSearch }: { label: string; initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex w-full gap-2 sm:max-w-md">
      <label htmlFor="my-list-search" className="sr-only">
        {label}
      </label>
      <input
        id="my-list-search"
        type="search"
        value={text}
        maxLength={200}
        placeholder="Title or part number"
        onChange={(e) => setText(e.target.value)}
        className={cn(inputClass, 'flex-1')}
      />
      <Button type="submit" variant="outline">
        Search
      </Button>
    </form>
  );
}

/** Previous / next paging with "Showing 1-20 of 57". */
export function Pager({
  page,
  pageSize,
  shown,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4 text-sm">
      <p className="text-muted tabular" aria-live="polite">
        {rangeText(page, pageSize, shown, total)}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden className="size-4" /> Previous
          </Button>
          <span className="tabular text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}

/** Skeleton rows shaped like the list's cards. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex gap-4 rounded-lg border border-line bg-surface p-3">
          <div className="h-18 w-24 shrink-0 animate-pulse rounded bg-line" />
          <div className="grid flex-1 content-start gap-2">
            <div className="h-5 w-2/3 animate-pulse rounded bg-line" />
            <div className="h-4 w-1/3 animate-pulse rounded bg-line" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A sentence and the one action that helps, for an empty list or a failed load. */
export function ListMessage({ text, tone = 'muted', children }: { text: string; tone?: 'muted' | 'error'; children?: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="grid justify-items-start gap-3 rounded-lg border border-dashed border-line bg-surface p-6"
    >
      <p className={cn('text-sm', tone === 'error' ? 'text-racing' : 'text-muted')}>{text}</p>
      {children}
    </div>
  );
}

/** A list message whose one action is an outline button: "Try again" after a failed load, "Show all ..." after an empty filter. */
export function ListRetryMessage({
  text,
  tone,
  actionLabel,
  onAction,
}: {
  text: string;
  tone?: 'muted' | 'error';
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <ListMessage text={text} tone={tone}>
      <Button variant="outline" onClick={onAction}>
        {actionLabel}
      </Button>
    </ListMessage>
  );
}

/** What a paged list of the seller's own things needs from its query. */
interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data?: { items: T[]; total: number };
  refetch: () => unknown;
}

/**
 * A seller's paged list with its states: skeleton while loading, the error with Try again,
 * "nothing matches" with a way back to all, the empty list's own action, the rows and the pager.
 */
export function SellerPagedList<T>({
  query,
  loadingLabel,
  errorText,
  filtered,
  noMatchText,
  showAllLabel,
  onShowAll,
  emptyText,
  emptyAction,
  listLabel,
  renderRow,
  page,
  pageSize,
  onPage,
}: {
  query: PagedQuery<T>;
  loadingLabel: string;
  /** The sentence before the error's own message. */
  errorText: string;
  filtered: boolean;
  noMatchText: string;
  showAllLabel: string;
  onShowAll: () => void;
  emptyText: string;
  emptyAction: ReactNode;
  listLabel: string;
  renderRow: (row: T) => ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const rows = query.data?.items ?? [];
  return (
    <>
      {query.isPending ? (
        <ListSkeleton label={loadingLabel} />
      ) : query.isError ? (
        <ListRetryMessage
          tone="error"
          text={`${errorText} ${describeError(query.error).message}`}
          actionLabel="Try again"
          onAction={() => void query.refetch()}
        />
      ) : rows.length === 0 ? (
        filtered ? (
          <ListRetryMessage text={noMatchText} actionLabel={showAllLabel} onAction={onShowAll} />
        ) : (
          <ListMessage text={emptyText}>{emptyAction}</ListMessage>
        )
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label={listLabel} aria-busy={query.isFetching}>
          {rows.map(renderRow)}
        </ul>
      )}

      {query.data && rows.length > 0 && (
        <Pager page={page} pageSize={pageSize} shown={rows.length} total={query.data.total} onPage={onPage} />
      )}
    </>
  );
}

/** A confirmation before an action that takes something off the market; the trigger is the button given. */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return <ConfirmDialog trigger={trigger} title={title} description={description} confirmLabel={confirmLabel} cancelLabel="Keep it" onConfirm={onConfirm} />;
}
