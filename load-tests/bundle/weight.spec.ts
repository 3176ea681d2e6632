import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrontEnd, CONSOLE_BUDGET_KB, consoleWeights, FRONT_ENDS, HOME_BUDGET_KB, webRouteWeights } from './weight.js';

// Builds both front ends with Vite's JS API into a temporary folder (about 10 s on the 2-core VM) and holds the
// first loads to issue 34's budgets; npm run bench:bundle prints every route's figures.
const tmp = mkdtempSync(path.join(tmpdir(), 'pitlane-weight-'));
const outDir = (name: string) => path.join(tmp, name);

beforeAll(async () => {
  for (const frontEnd of FRONT_ENDS) await buildFrontEnd(frontEnd, outDir(frontEnd.name));
}, 180_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the first load', () => {
  it(`of the home page stays within ${HOME_BUDGET_KB} KB of gzip JavaScript and CSS`, () => {
    const home = webRouteWeights(outDir('web')).find((r) => r.route === '/')!;
    expect((home.js + home.css) / 1000).toBeLessThanOrEqual(HOME_BUDGET_KB);
  });

  it('of every other web page adds its own chunk to the entry, and the entry holds no page but the home page', () => {
    const routes = webRouteWeights(outDir('web'));
    const home = routes.find((r) => r.route === '/')!;
    for (const route of routes) {
      expect(route.files, route.route).toEqual(expect.arrayContaining(home.files));
      if (route.route !== '/') expect(route.files.length, route.route).toBeGreaterThan(home.files.length);
    }
  });

  it(`of the console's first screen stays within ${CONSOLE_BUDGET_KB} KB of gzip JavaScript and CSS`, () => {
    const [first] = consoleWeights(outDir('admin'));
    expect((first!.js + first!.css) / 1000).toBeLessThanOrEqual(CONSOLE_BUDGET_KB);
  });
});
