import { describe, expect, it } from 'vitest';
import { WEB_ROUTES, type WebRouteName } from '../routes';
import { SITEMAP, SITEMAP_LEFT_OUT, sitemapHref } from './sitemap';

const listed = SITEMAP.flatMap((g) => g.pages.map((p) => p.route));

describe('the sitemap page', () => {
  it('lists every page of the web app once, or says why it leaves it out', () => {
    expect(new Set(listed).size).toBe(listed.length);
    for (const route of Object.keys(WEB_ROUTES) as WebRouteName[]) {
      const isListed = listed.includes(route);
      const leftOut = route in SITEMAP_LEFT_OUT;
      expect(isListed !== leftOut, `${route} is ${isListed ? 'both listed and left out' : 'neither listed nor left out'}`).toBe(true);
    }
  });

  it('links only addresses without parameters', () => {
    for (const route of listed) expect(sitemapHref(route), route).not.toContain(':');
  });
});
