import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of the web app, the console and the API. Both front ends are Vite builds that load
 * scripts and styles from their own files only; the console's MUI (emotion) injects <style> tags, hence the
 * styles' 'unsafe-inline'. Photos come from /api/uploads, data: (icons), blob: (upload previews) or a seller's
 * https address; the auction feed is a WebSocket to this host. With Stripe configured, the checkout's card
 * form loads Stripe.js and its frames from Stripe (their documented CSP), and nothing else changes.
 */
export function contentSecurityPolicy(publicUrl: string, options: { stripe?: boolean } = {}): Record<string, string[]> {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  const stripe = options.stripe === true;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
    ...(stripe ? { 'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers ws: and wss: of this host in current browsers; the explicit origin serves older ones.
    'connect-src': ["'self'", `${https ? 'wss' : 'ws'}://${url.host}`, ...(stripe ? ['https://api.stripe.com'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** helmet with the policy above: no framing, nosniff, strict-origin-when-cross-origin, HSTS behind https. */
export function securityHeaders(publicUrl: string, options: { stripe?: boolean } = {}): RequestHandler {
  const https = new URL(publicUrl).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl, options) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600 } : false,
  });
}
