// Bundle weight (issue 34): the gzip JavaScript and CSS a first visit to each web route loads, and the console's first
// screen and lazy pages; exits 1 when the home page passes HOME_BUDGET_KB or the console's first screen CONSOLE_BUDGET_KB.
//
//   npm run bench:bundle                      # builds both front ends into a temporary folder (dist/ is left alone)
//   npm run bench:bundle -- --dist            # reads the manifests of the existing build in dist/web and dist/admin
//   npm run bench:bundle -- --json out.json   # also writes the figures as JSON
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildFrontEnd,
  CONSOLE_BUDGET_KB,
  consoleWeights,
  FRONT_ENDS,
  HOME_BUDGET_KB,
  kb,
  webRouteWeights,
  type RouteWeight,
} from './weight.js';

const fromDist = process.argv.includes('--dist');
const jsonIndex = process.argv.indexOf('--json');
const jsonPath = jsonIndex >= 0 ? process.argv[jsonIndex + 1] : undefined;

function table(title: string, rows: RouteWeight[]): void {
  console.log(`\n${title} (gzip KB)`);
  console.log(`${'route'.padEnd(48)} ${'JS'.padStart(7)} ${'CSS'.padStart(6)} ${'total'.padStart(7)} ${'files'.padStart(5)}`);
  for (const r of rows) {
    console.log(
      `${r.route.padEnd(48)} ${kb(r.js).padStart(7)} ${kb(r.css).padStart(6)} ${kb(r.js + r.css).padStart(7)} ${String(r.files.length).padStart(5)}`,
    );
  }
}

const tmp = fromDist ? null : mkdtempSync(path.join(tmpdir(), 'pitlane-bundle-'));
try {
  const outDirs: Record<string, string> = {};
  for (const frontEnd of FRONT_ENDS) {
    if (tmp) {
      const started = performance.now();
      outDirs[frontEnd.name] = path.join(tmp, frontEnd.name);
      await buildFrontEnd(frontEnd, outDirs[frontEnd.name]!);
      console.log(`built ${frontEnd.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } else {
      outDirs[frontEnd.name] = frontEnd.defaultOutDir;
    }
  }
  const web = webRouteWeights(outDirs.web!);
  const admin = consoleWeights(outDirs.admin!);
  table('Web app: first visit per route', web);
  table('Console: first screen, then first screen + each lazy chunk', admin);

  const home = web.find((r) => r.route === '/')!;
  const consoleFirst = admin[0]!;
  const checks = [
    { name: 'home page', kb: (home.js + home.css) / 1000, budget: HOME_BUDGET_KB },
    { name: "console's first screen", kb: (consoleFirst.js + consoleFirst.css) / 1000, budget: CONSOLE_BUDGET_KB },
  ];
  console.log('');
  for (const c of checks) console.log(`${c.name}: ${c.kb.toFixed(1)} KB of ${c.budget} KB ${c.kb <= c.budget ? 'ok' : 'OVER BUDGET'}`);
  if (jsonPath) writeFileSync(jsonPath, JSON.stringify({ web, admin }, null, 2));
  if (checks.some((c) => c.kb > c.budget)) process.exitCode = 1;
} finally {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
