import { useEffect, useRef, useState } from 'react';
import { Activity, Pause, Play, Wifi, WifiOff } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { cn } from '../../lib/cn';
import { formatUsdCents } from '../../lib/format';
import type { ActivityEventDto } from '../../../modules/auctions/auction.dto';
import { describeEvent } from './activityFeed';
import type { ActivityFeedState } from './useActivityFeed';

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

const EVENT_DOT: Record<string, string> = {
  bid: 'bg-success',
  outbid: 'bg-amber-500',
  extension: 'bg-racing',
  watcher: 'bg-sky-600',
  end: 'bg-ink',
};

/**
 * Spec 000 "Live activity feed": connection indicator, Pause/Live toggle (a paused feed keeps the
 * events it showed), auto-scroll on by default, red banner for connection errors.
 */
export function ActivityFeed({ feed }: { feed: ActivityFeedState }) {
  const [paused, setPaused] = useState(false);
  const [autoScroll, setAutoScroll] = useState(true);
  const [frozen, setFrozen] = useState<ActivityEventDto[]>([]);
  const listRef = useRef<HTMLOListElement>(null);
  const shown = paused ? frozen : feed.events;

  useEffect(() => {
    if (autoScroll && !paused && listRef.current) listRef.current.scrollTop = 0;
  }, [feed.events, autoScroll, paused]);

  function togglePause() {
    if (!paused) setFrozen(feed.events);
    setPaused(!paused);
  }

  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Activity aria-hidden className="size-5 text-racing" />
          Live Activity
        </h2>
        <span
          className={cn('inline-flex items-center gap-1 text-xs font-medium', feed.connected ? 'text-success' : 'text-muted')}
          role="status"
        >
          {feed.connected ? <Wifi aria-hidden className="size-4" /> : <WifiOff aria-hidden className="size-4" />}
          {feed.connected ? 'Connected' : 'Disconnected'}
        </span>
      </div>
      {feed.error && (
        <p role="alert" className="mt-3 rounded-md bg-racing px-3 py-2 text-sm font-medium text-white">
          {feed.error}
        </p>
      )}
      {feed.stats && (
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs">
          <div className="rounded-md bg-paper p-2">
            <dt className="text-muted">Recent bids</dt>
            <dd className="tabular text-base font-semibold">{feed.stats.recentBids}</dd>
          </div>
          <div className="rounded-md bg-paper p-2">
            <dt className="text-muted">Watching</dt>
            <dd className="tabular text-base font-semibold">{feed.stats.activeWatchers}</dd>
          </div>
          <div className="rounded-md bg-paper p-2">
            <dt className="text-muted">Extensions</dt>
            <dd className="tabular text-base font-semibold">{feed.stats.extensions}</dd>
          </div>
        </dl>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={togglePause} aria-pressed={paused}>
          {paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
          {paused ? 'Live' : 'Pause'}
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-racing" checked={autoScroll} onChange={(e) => setAutoScroll(e.target.checked)} />
          Auto-scroll
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No activity yet. Bids and extensions will appear here as they happen.</p>
      ) : (
        <ol ref={listRef} aria-live={paused ? 'off' : 'polite'} className="mt-4 grid max-h-72 gap-2 overflow-y-auto pr-1">
          {shown.map((event) => (
            <li key={event.id} className="flex items-start gap-2 text-sm">
              <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', EVENT_DOT[event.type] ?? 'bg-muted')} />
              <span className="flex-1">{describeEvent(event, formatUsdCents)}</span>
              <time className="tabular shrink-0 text-xs text-muted" dateTime={event.timestamp}>
                {formatTime(event.timestamp)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function formatTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : timeOnly.format(d);
}
