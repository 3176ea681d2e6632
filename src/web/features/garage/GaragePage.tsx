import type { ReactNode } from 'react';
import { Bell, BellRing, Car, LineChart } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useNavigate, useSearchParams } from 'react-router';
import { AccessGuard } from '../../components/AccessGuard';
import { PageContainer } from '../../components/PageContainer';
import { Skeleton } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { AlertsTab } from './AlertsTab';
import { GARAGE_NOTIFICATIONS, GARAGE_TEXT, garageStats } from './garage';
import { useAlerts, useMarketWatch, useVehicles } from './garage.api';
import { notificationHref, relativeTime } from '../notifications/notifications';
import { useMarkNotificationRead, useNotifications, useUnreadNotifications } from '../notifications/notifications.api';
import { MarketWatchTab } from './MarketWatchTab';
import { VehiclesSection } from './VehiclesSection';
import type { NotificationDto } from './garage.types';

type GarageTab = 'alerts' | 'watch';
const TABS: ReadonlyArray<{ value: GarageTab; label: string }> = [
  { value: 'alerts', label: 'Part Alerts' },
  { value: 'watch', label: 'Market Watch' },
];

/** /garage: My Garage (spec 001 §2) for signed-in users; visitors see the sign-in prompt. */
export function GaragePage() {
  return (
    <PageContainer title="My Garage">
      <header className="mb-6 grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">My Garage</h1>
        <p className="text-muted">Your cars, the parts you are hunting for and the prices you follow.</p>
      </header>
      <AccessGuard>
        <Garage />
      </AccessGuard>
    </PageContainer>
  );
}

function Garage() {
  const [params, setParams] = useSearchParams();
  const tab: GarageTab = params.get('tab') === 'watch' ? 'watch' : 'alerts';
  const vehicles = useVehicles();
  const alerts = useAlerts();
  const watches = useMarketWatch();
  const unread = useUnreadNotifications();
  const stats = garageStats(vehicles.data ?? [], alerts.data ?? [], watches.data ?? [], unread.data?.count ?? 0);
  const statsReady = vehicles.isSuccess && alerts.isSuccess && watches.isSuccess;

  const setTab = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="grid gap-8">
      <section aria-label="Quick stats" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat icon={<Car aria-hidden className="size-5" />} label="Vehicles" value={stats.vehicles} ready={statsReady} />
        <Stat icon={<BellRing aria-hidden className="size-5" />} label="Active alerts" value={stats.activeAlerts} ready={statsReady} />
        <Stat icon={<LineChart aria-hidden className="size-5" />} label="Watch items" value={stats.watchItems} ready={statsReady} />
        <Stat icon={<Bell aria-hidden className="size-5" />} label="Unread notifications" value={stats.unread} ready={unread.isSuccess || unread.isError} />
      </section>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-8">
          <VehiclesSection vehicles={vehicles} />
          <Tabs.Root value={tab} onValueChange={setTab} className="grid gap-4">
            <Tabs.List aria-label="Alerts and market watch" className="flex w-full gap-1 rounded-md bg-black/5 p-1 sm:w-fit">
              {TABS.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  className="h-9 flex-1 rounded px-4 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm sm:flex-none"
                >
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="alerts">
              <AlertsTab vehicles={vehicles.data ?? []} />
            </Tabs.Content>
            <Tabs.Content value="watch">
              <MarketWatchTab />
            </Tabs.Content>
          </Tabs.Root>
        </div>
        <RecentNotifications />
      </div>
    </div>
  );
}

function Stat({ icon, label, value, ready }: { icon: ReactNode; label: string; value: number; ready: boolean }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-line bg-surface p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-md bg-racing-soft text-racing-dark">{icon}</span>
      <div className="grid min-w-0">
        <span className="text-xs text-muted">{label}</span>
        {ready ? (
          <span className="tabular text-2xl font-bold" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </span>
        ) : <Skeleton className="mt-1 h-7 w-10" />}
      </div>
    </div>
  );
}

/** The first 5 notifications (spec 001 §9); clicking one marks it read and opens its item. */
function RecentNotifications() {
  const notifications = useNotifications(GARAGE_NOTIFICATIONS);
  const markRead = useMarkNotificationRead();
  const now = Date.now();
  const navigate = useNavigate();

  const open = (n: NotificationDto) => {
    if (!n.isRead) {
      markRead.mutate(n.id, {
        onError: (error) => toast({ title: GARAGE_TEXT.markReadFailed, description: errorMessage(error, GARAGE_TEXT.markReadFailed), variant: 'destructive' }),
      });
    }
    void navigate(notificationHref(n));
  };

  return (
    <section aria-labelledby="garage-notifications" className="grid content-start gap-3 self-start rounded-lg border border-line bg-surface p-4">
      <h2 id="garage-notifications" className="flex items-center gap-2 text-lg font-bold">
        <Bell aria-hidden className="size-5 text-muted" /> Recent Notifications
      </h2>
      {notifications.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading notifications">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : notifications.isError ? (
        <p role="alert" className="text-sm text-racing">
          Notifications could not be loaded.
        </p>
      ) : notifications.data.length === 0 ? (
        <p className="text-sm text-muted">No notifications yet. Alert matches and price moves show up here.</p>
      ) : (
        <ul className="grid gap-1" aria-label="Notifications">
          {notifications.data.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                onClick={() => open(n)}
                className={cn(
                  'grid w-full gap-0.5 rounded-md p-2 text-left hover:bg-paper focus-visible:outline-2 focus-visible:outline-racing',
                  !n.isRead && 'bg-racing-soft/60',
                )}
              >
                <span className="flex items-start gap-2 text-sm font-semibold">
                  {!n.isRead && <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-racing" />}
                  <span className="min-w-0">{n.title}</span>
                  {!n.isRead && <span className="sr-only">(unread)</span>}
                </span>
                <span className="line-clamp-2 text-xs text-muted">{n.message}</span>
                <span className="text-xs text-muted">{relativeTime(n.createdAt, now)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
