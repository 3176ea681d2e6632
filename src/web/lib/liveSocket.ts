/** The pure part of the live socket (useLiveSocket): where it connects, when it reconnects, how a frame reads. */

/** Spec 000 §9: a live socket reconnects 3 s after a disconnect. */
export const RECONNECT_DELAY_MS = 3000;

/** The WebSocket address of /api/ws on this site (ws: or wss: following the page). */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/ws`;
}

/** A frame of /api/ws as JSON with a `type`, or null for anything else (not text, not JSON, no type). */
export function readFrame(raw: unknown): ({ type: string } & Record<string, unknown>) | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'string') return null;
    return value as { type: string } & Record<string, unknown>;
  } catch {
    return null;
  }
}
