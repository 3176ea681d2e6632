import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, unsignSessionCookie } from './live-session.js';

const SECRET = 'a-secret-for-the-live-session-test';
const sign = (sid: string, secret = SECRET) => `s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;

describe('the live socket session', () => {
  it('reads the session id of a cookie signed as express-session signs it', () => {
    expect(unsignSessionCookie(sign('abc.def'), SECRET)).toBe('abc.def');
  });
  it('refuses a cookie signed with another secret, unsigned or malformed', () => {
    expect(unsignSessionCookie(sign('abc', 'another-secret'), SECRET)).toBeNull();
    expect(unsignSessionCookie('abc', SECRET)).toBeNull();
    expect(unsignSessionCookie('s:abc', SECRET)).toBeNull();
    expect(unsignSessionCookie('s:abc.', SECRET)).toBeNull();
  });
  it('finds one cookie among several, decoded', () => {
    expect(cookieValue('a=1; pitlane.sid=s%3Aabc.xyz; b=2', 'pitlane.sid')).toBe('s:abc.xyz');
    expect(cookieValue('xpitlane.sid=1', 'pitlane.sid')).toBeNull();
    expect(cookieValue(undefined, 'pitlane.sid')).toBeNull();
    expect(cookieValue('pitlane.sid=%E0%A4%A', 'pitlane.sid')).toBeNull();
  });
});
