// What a first visit downloads, read from Vite's build manifest: the entry chunk with its static imports, plus the
// lazy chunk of the page (and that chunk's static imports), JavaScript and CSS, each file's gzip size counted once.
// Used by weigh.ts (npm run bench:bundle) and by weight.spec.ts (the budget check in npm test).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WEB_ROUTES, type WebRouteName } from '../../src/web/routes.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Issue 34's budgets, in gzip KB (1,000 bytes, as Vite reports): the home page's first load and the console's first screen. */
export const HOME_BUDGET_KB = 150;
export const CONSOLE_BUDGET_KB = 250;

/** One chunk of `.vite/manifest.json`, keyed by its source path (or `_name-hash.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Weight {
  /** gzip bytes of the JavaScript and of the CSS. */
  js: number;
  css: number;
  files: string[];
}

export interface FrontEnd {
  name: 'web' | 'admin';
  config: string;
  /** Where its build lands by default (dist/web, dist/admin). */
  defaultOutDir: string;
}

export const FRONT_ENDS: readonly FrontEnd[] = [
  { name: 'web', config: 'vite.web.config.ts', defaultOutDir: path.join(root, 'dist', 'web') },
  { name: 'admin', config: 'vite.admin.config.ts', defaultOutDir: path.join(root, 'dist', 'admin') },
];

export function readManifest(outDir: string): Manifest {
  const file = path.join(outDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build first (npm run build), or weigh without --dist`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function closure(manifest: Manifest, keys: readonly string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    if (!manifest[key]) throw new Error(`the manifest has no chunk ${key}`);
    into.add(key);
    closure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.join(', ') || 'none'}`);
  return entries[0]!;
}

/** The gzip weight of the entry with its static imports plus, when given, the chunks in `lazy` with theirs. */
export function weigh(manifest: Manifest, outDir: string, lazy: readonly string[] = []): Weight {
  const keys = closure(manifest, [entryKey(manifest), ...lazy]);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    js.add(manifest[key]!.file);
    for (const file of manifest[key]!.css ?? []) css.add(file);
  }
  const gzip = (files: Set<string>) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length, 0);
  return { js: gzip(js), css: gzip(css), files: [...js, ...css] };
}

/**
 * Each web route's page module as router.tsx imports it (`name: page(async () => (await import('...'))...)`), as a
 * manifest key; the home page (in the entry) maps to none. Throws when a route of WEB_ROUTES is not found, so a
 * change of the router's shape breaks the measurement loudly rather than under-counting.
 */
export function webRouteModules(manifest: Manifest, routerSource: string): Map<WebRouteName, string | null> {
  const imports = new Map<string, string>();
  for (const m of routerSource.matchAll(/(\w+):\s*(?:page|guarded)\(\s*async\s*\(\)\s*=>\s*\(await import\('([^']+)'\)\)/g)) {
    imports.set(m[1]!, m[2]!);
  }
  const lazyChunks = manifest[entryKey(manifest)]!.dynamicImports ?? [];
  const byModule = new Map(Object.keys(manifest).map((key) => [key.replace(/\.[jt]sx?$/, ''), key]));
  const modules = new Map<WebRouteName, string | null>();
  for (const name of Object.keys(WEB_ROUTES) as WebRouteName[]) {
    const specifier = imports.get(name);
    if (specifier === undefined) {
      if (new RegExp(`\\b${name}:\\s*\\{\\s*Component:`).test(routerSource)) modules.set(name, null);
      else throw new Error(`router.tsx: no page found for the route "${name}"`);
      continue;
    }
    const module = path.posix.join('app', specifier); // router.tsx sits in src/web/app; manifest keys are relative to src/web
    // A page that another module also imports statically lands in a shared chunk, keyed `_Name-hash.js` and named after it.
    const shared = lazyChunks.filter((key) => manifest[key]!.name === path.posix.basename(module) && !manifest[key]!.src);
    const key = byModule.get(module) ?? (shared.length === 1 ? shared[0] : undefined);
    if (!key) throw new Error(`the manifest has no chunk for ${module} (route "${name}")`);
    modules.set(name, key);
  }
  return modules;
}

export interface RouteWeight extends Weight {
  route: string;
}

/** The first-visit weight of every web route, in WEB_ROUTES order. */
export function webRouteWeights(outDir: string): RouteWeight[] {
  const manifest = readManifest(outDir);
  const routerSource = readFileSync(path.join(root, 'src', 'web', 'app', 'router.tsx'), 'utf8');
  return [...webRouteModules(manifest, routerSource)].map(([name, key]) => ({
    route: WEB_ROUTES[name],
    ...weigh(manifest, outDir, key ? [key] : []),
  }));
}

/** The console's first screen (its entry), then each lazy chunk the entry imports (a resource page, the charts) on top of it. */
export function consoleWeights(outDir: string): RouteWeight[] {
  const manifest = readManifest(outDir);
  const entry = entryKey(manifest);
  const lazy = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))].sort();
  return [
    { route: 'first screen', ...weigh(manifest, outDir) },
    ...lazy.filter((key) => key !== entry).map((key) => ({ route: key, ...weigh(manifest, outDir, [key]) })),
  ];
}

/** Builds a front end with Vite's JS API into `outDir` (with its manifest), as `npm run build` would. */
export async function buildFrontEnd(frontEnd: FrontEnd, outDir: string): Promise<void> {
  const { build } = await import('vite');
  // Vite bundles React's development build unless NODE_ENV says production (vitest sets it to "test").
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, frontEnd.config),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);
