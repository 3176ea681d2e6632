import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, buildQueryUrl, fetchListPage, listQueryFn, type ListPage } from '../../lib/api';
import { useAuth } from '../accounts/useAuth';
import type { AlertCreateInput, AlertUpdateInput, VehicleCreateInput, VehicleUpdateInput, WatchCreateInput, WatchUpdateInput } from '../../../modules/garage/garage.inputs';
import type {
  GarageVehicleDto,
  MarketWatchItemDto,
  PartAlertDto,
  PartFitmentDto,
  PricePointDto,
  SoldPriceHistoryDto,
  WantedRequestAlertDto,
  WatchCandidateDto,
  WatchType,
} from './garage.types';

/** The signed-in user's lists: `me` stands for the session's user (the server never trusts a client id). */
export const VEHICLES_KEY = ['/api/garage/me', { limit: 100 }] as const;
export const ALERTS_KEY = ['/api/alerts/me', { limit: 100 }] as const;
export const WATCH_KEY = ['/api/market-watch/me', { limit: 100 }] as const;
export const FITMENT_PATH = '/api/garage/fitment';

const itemsOf = <T>(page: ListPage<T>): T[] => page.items;

/** The browser's IANA time zone, if it tells. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The signed-in user's vehicles (none asked for when signed out). */
export function useVehicles(enabled = true) {
  return useQuery({ queryKey: VEHICLES_KEY, queryFn: listQueryFn<GarageVehicleDto>(), select: itemsOf<GarageVehicleDto>, enabled });
}

/** The signed-in user's active vehicles, or [] for a visitor; `ready` once known. */
export function useMyActiveVehicles() {
  const { user, isLoading } = useAuth();
  const vehicles = useVehicles(user !== null);
  const active = (vehicles.data ?? []).filter((v) => v.isActive);
  return { user, vehicles: active, ready: !isLoading && (user === null || vehicles.isSuccess || vehicles.isError) };
}

function refreshGarage(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: VEHICLES_KEY }),
    // Fitment answers depend on the vehicles.
    client.invalidateQueries({ queryKey: [FITMENT_PATH] }),
  ]);
}

export function useSaveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VehicleCreateInput & VehicleUpdateInput }) =>
      id
        ? apiRequest<GarageVehicleDto>(`/api/garage/vehicle/${encodeURIComponent(id)}`, { method: 'PATCH', data: body })
        : apiRequest<GarageVehicleDto>('/api/garage', { method: 'POST', data: body }),
    onSuccess: () => refreshGarage(client),
  });
}

export function useRemoveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/garage/vehicle/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refreshGarage(client),
  });
}

/** The signed-in user's part alerts. */
export function useAlerts(enabled = true) {
  return useQuery({ queryKey: ALERTS_KEY, queryFn: listQueryFn<PartAlertDto>(), select: itemsOf<PartAlertDto>, enabled });
}

export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    // The browser's time zone goes along: the daily digest comes at the configured hour of the user's day.
    mutationFn: (body: AlertCreateInput) =>
      apiRequest<PartAlertDto>('/api/alerts', { method: 'POST', data: { ...body, timeZone: browserTimeZone() } satisfies AlertCreateInput }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

const wantedAlertKey = (requestId: string) => ['/api/alerts/from-request', requestId] as const;

/** The signed-in buyer's alert made from a wanted request that ended without an award, or null. */
export function useWantedRequestAlert(requestId: string, enabled = true) {
  return useQuery({
    queryKey: wantedAlertKey(requestId),
    queryFn: () => apiRequest<WantedRequestAlertDto>(`/api/alerts/from-request/${encodeURIComponent(requestId)}`),
    enabled,
  });
}

/** POST /api/alerts/from-request/{id}: the request page's one click (the same alert when asked again). */
export function useAlertFromRequest(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PartAlertDto>(`/api/alerts/from-request/${encodeURIComponent(requestId)}`, { method: 'POST' }),
    onSuccess: (alert) => {
      client.setQueryData<WantedRequestAlertDto>(wantedAlertKey(requestId), { alert });
      return client.invalidateQueries({ queryKey: ALERTS_KEY });
    },
  });
}

/** PATCH /api/alerts/alert/{id}: pause or resume, rename, change frequency. */
export function useUpdateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Pick<AlertUpdateInput, 'alertName' | 'isActive' | 'frequency'> }) =>
      apiRequest<PartAlertDto>(`/api/alerts/alert/${encodeURIComponent(id)}`, { method: 'PATCH', data: patch }),
    onSuccess: (saved) => {
      client.setQueryData<ListPage<PartAlertDto>>(ALERTS_KEY, (old) =>
        old ? { ...old, items: old.items.map((a) => (a.id === saved.id ? saved : a)) } : old,
      );
      return client.invalidateQueries({ queryKey: ALERTS_KEY });
    },
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/alerts/alert/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** The signed-in user's market watch items. */
export function useMarketWatch(enabled = true) {
  return useQuery({ queryKey: WATCH_KEY, queryFn: listQueryFn<MarketWatchItemDto>(), select: itemsOf<MarketWatchItemDto>, enabled });
}

export function useAddWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WatchCreateInput) => apiRequest<MarketWatchItemDto>('/api/market-watch', { method: 'POST', data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WATCH_KEY }),
  });
}

/** PATCH /api/market-watch/item/{id}: a watch's price alert threshold (percent). */
export function useUpdateWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, priceAlertThreshold }: { id: string; priceAlertThreshold: number }) =>
      apiRequest<MarketWatchItemDto>(`/api/market-watch/item/${encodeURIComponent(id)}`, { method: 'PATCH', data: { priceAlertThreshold } satisfies WatchUpdateInput }),
    onSuccess: (saved) => {
      client.setQueryData<ListPage<MarketWatchItemDto>>(WATCH_KEY, (old) =>
        old ? { ...old, items: old.items.map((w) => (w.id === saved.id ? saved : w)) } : old,
      );
      return client.invalidateQueries({ queryKey: WATCH_KEY });
    },
  });
}

export function useRemoveWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/market-watch/item/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: WATCH_KEY }),
  });
}

/** One watched item's recorded prices, oldest first (the Market Watch tab's line). */
export function useWatchHistory(id: string) {
  return useQuery({
    queryKey: [`/api/market-watch/item/${encodeURIComponent(id)}/history`],
    queryFn: listQueryFn<PricePointDto>(),
    select: itemsOf<PricePointDto>,
  });
}

/** Recorded final prices of a part number (GET /api/market/history), for "Recent sales of this part". */
export function useSoldHistory(partNumber: string | null | undefined) {
  return useQuery<SoldPriceHistoryDto>({
    queryKey: ['/api/market/history', { partNumber }],
    enabled: Boolean(partNumber),
  });
}

/* Fitment: the cards of one render ask together, so a page of results is one call. */

type Waiter = { resolve: (answer: PartFitmentDto | null) => void; reject: (error: unknown) => void };
let waiting = new Map<string, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** Largest number of parts in one call (a search page is 24). */
const FITMENT_BATCH = 100;

async function flushFitment() {
  const batch = waiting;
  waiting = new Map();
  timer = null;
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += FITMENT_BATCH) {
    const chunk = ids.slice(i, i + FITMENT_BATCH);
    try {
      const { items } = await fetchListPage<PartFitmentDto>(buildQueryUrl([FITMENT_PATH, { partIds: chunk.join(',') }]));
      const byId = new Map(items.map((a) => [a.partId, a]));
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.resolve(byId.get(id) ?? null);
    } catch (error) {
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(error);
    }
  }
}

/** The fitment answer for one part, gathered with the other parts asked for in the same tick. */
export function loadFitment(partId: string): Promise<PartFitmentDto | null> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(partId) ?? [];
    list.push({ resolve, reject });
    waiting.set(partId, list);
    timer ??= setTimeout(() => void flushFitment(), 0);
  });
}

/** Which of the signed-in user's vehicles a part fits; asked only for users with an active vehicle. */
export function usePartFitment(partId: string | null | undefined) {
  const { vehicles, ready } = useMyActiveVehicles();
  const enabled = Boolean(partId) && ready && vehicles.length > 0;
  const query = useQuery({
    queryKey: [FITMENT_PATH, partId],
    queryFn: () => loadFitment(partId!),
    enabled,
    staleTime: 60_000,
  });
  return { ...query, enabled };
}

/** Items the watch form can pick, found by title (GET /api/market-watch/search). */
export function useWatchCandidates(q: string, watchType: WatchType) {
  const text = q.trim();
  return useQuery({
    queryKey: ['/api/market-watch/search', { q: text, watchType }],
    queryFn: listQueryFn<WatchCandidateDto>(),
    select: itemsOf<WatchCandidateDto>,
    enabled: text.length >= 2,
    staleTime: 30_000,
  });
}

/** GET/PUT /api/alerts/settings: the user's time zone and the hour their daily digest is sent. */
export interface DigestSettings {
  timeZone: string;
  digestHour: number;
}
export const DIGEST_SETTINGS_KEY = ['/api/alerts/settings'] as const;

export function useDigestSettings() {
  return useQuery<DigestSettings>({ queryKey: DIGEST_SETTINGS_KEY });
}

/** Saves the digest hour, with the browser's time zone. */
export function useSaveDigestHour() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (digestHour: number) =>
      apiRequest<DigestSettings>(DIGEST_SETTINGS_KEY[0], { method: 'PUT', data: { digestHour, timeZone: browserTimeZone() } }),
    onSuccess: (saved) => client.setQueryData(DIGEST_SETTINGS_KEY, saved),
  });
}
