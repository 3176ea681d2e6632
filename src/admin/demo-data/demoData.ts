/** Pure rules of the console's Demo Data tab (spec 001 §2 "Demo Data tab", §7, §8). */
import type { DemoRunDto } from '../../platform/demo/demo.dto';

export const SEED_DEMO_API = '/api/admin/seed-demo';
export const CLEAR_DEMO_API = '/api/admin/clear-demo';
export const DEMO_STATUS_API = '/api/admin/demo';
export const demoRunApi = (id: string) => `/api/admin/demo/runs/${encodeURIComponent(id)}`;
/** The house account's parts, as the spec's call names them. */
export const HOUSE_PARTS_API = '/api/parts?sellerId=house-account-user&limit=6&sort=newest';
/** Spec 001 §8: what the tab says when the house account's parts cannot be fetched. */
export const HOUSE_PARTS_FAILED = 'Failed to fetch house account parts';
/** Spec 001 §9: at most 6 demo parts shown. */
export const DEMO_PARTS_SHOWN = 6;
/** How often a running seed or clear is polled. */
export const RUN_POLL_MS = 1000;

/** The spec's notification titles. */
export const DEMO_NOTICES = {
  seeded: 'Demo Data Seeded',
  cleared: 'Demo Data Cleared',
  seedFailed: 'Seeding Failed',
  clearFailed: 'Clearing Failed',
} as const;

/** Spec 001 §8: what a 401 on the seeding calls says. */
export const DEMO_SIGN_IN_MESSAGE = 'Please sign in as an admin user to manage demo data. Use the Sign In button in the top navigation.';

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

/** A failed request's notification: its title, then the server's message (the spec's sign-in text on a 401). */
export function demoFailureText(action: 'seed' | 'clear', error: unknown): string {
  const title = action === 'seed' ? DEMO_NOTICES.seedFailed : DEMO_NOTICES.clearFailed;
  if (statusOf(error) === 401) return `${title}: ${DEMO_SIGN_IN_MESSAGE}`;
  const message = error instanceof Error ? error.message.trim() : '';
  return message ? `${title}: ${message}` : title;
}

/** Whether a run is still to finish. */
export const isRunOpen = (run: Pick<DemoRunDto, 'status'> | null | undefined): boolean => run?.status === 'queued' || run?.status === 'running';

/** The notification of a finished run, or null while it runs. */
export function runNotice(run: DemoRunDto): { message: string; type: 'success' | 'error' } | null {
  if (run.status === 'succeeded') {
    const title = run.action === 'seed' ? DEMO_NOTICES.seeded : DEMO_NOTICES.cleared;
    return { message: run.summary.length ? `${title}: ${run.summary.join('; ')}` : title, type: 'success' };
  }
  if (run.status === 'failed') {
    const title = run.action === 'seed' ? DEMO_NOTICES.seedFailed : DEMO_NOTICES.clearFailed;
    return { message: run.error ? `${title}: ${run.error}` : title, type: 'error' };
  }
  return null;
}

/** What a running run shows under its progress bar. */
export function runCaption(run: DemoRunDto): string {
  const doing = run.action === 'seed' ? 'Adding demo data' : 'Clearing demo data';
  if (run.status === 'queued') return `${doing}: waiting for the worker…`;
  const counts = run.total > 1 ? ` (${run.done} of ${run.total})` : '';
  return `${doing}: ${run.percent}%${run.step ? ` — ${run.step}${counts}` : ''}`;
}

/** A part's page in the web app. */
export const partPath = (id: string) => `/parts/${encodeURIComponent(id)}`;

/** Dollars from the API's decimal string ("1234.50" -> "$1,234.50"). */
export function formatPrice(price: string): string {
  const n = Number(price);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { style: 'currency', currency: 'USD' }) : price;
}
