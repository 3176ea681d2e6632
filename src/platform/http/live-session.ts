import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { LiveIdentify } from '../live.js';
import { SESSION_COOKIE } from './app.js';
import type { IdentityLookup } from './auth.js';
import { plainSessionReader } from './session-store.js';

/** The session id of a signed `pitlane.sid` cookie value (`s:<sid>.<signature>`, as express-session signs it), or null. */
export function unsignSessionCookie(value: string, secret: string): string | null {
  if (!value.startsWith('s:')) return null;
  const signed = value.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const sid = signed.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(signed.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? sid : null;
}

/** The value of cookie `name` in a Cookie header, decoded, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * How the live hub knows who a socket is: the same signed session cookie and stored session as the API's, and a
 * user that still exists. Read once per connection.
 */
export function liveSessionIdentify(pool: pg.Pool, secret: string, identity: IdentityLookup): LiveIdentify {
  const read = plainSessionReader(pool);
  return async (req: IncomingMessage) => {
    const cookie = cookieValue(req.headers.cookie, SESSION_COOKIE);
    const sid = cookie ? unsignSessionCookie(cookie, secret) : null;
    if (!sid) return null;
    const userId = (await read(sid, Date.now()))?.userId;
    return userId ? ((await identity.findActor(userId))?.id ?? null) : null;
  };
}
