import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers.js';

/** The scripts a page of the built app loads up front: its entry and the chunks it preloads. */
async function startupScripts(pagePath: string): Promise<string[]> {
  const html = await (await fetch(new URL(pagePath, baseUrl))).text();
  const paths = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(paths.length).toBeGreaterThan(0);
  return Promise.all(paths.map(async (p) => (await fetch(new URL(p, baseUrl))).text()));
}

// React's production build replaces its error messages with this line and a link; the development build,
// which Vite bundles whenever NODE_ENV is not "production" at build time, spells them out instead.
const PRODUCTION_REACT = 'Minified React error';

describe('the build that `npm start` serves', () => {
  it.each([
    ['the web app', '/'],
    ['the admin console', '/admin/'],
  ])('gives %s the production build of React', async (_name, pagePath) => {
    const scripts = await startupScripts(pagePath);
    expect(scripts.some((code) => code.includes(PRODUCTION_REACT))).toBe(true);
  });
});
