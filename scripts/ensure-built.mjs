// Runs before `npm start`: builds server, web app and console when the build is missing or older
// than the sources, so `npm install && npm start` works on a fresh clone and never serves a stale build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const outputs = ['dist/server/src/cli/main.js', 'dist/web/index.html', 'dist/admin/index.html'];
const inputs = ['src', 'migrations', 'package-lock.json', 'vite.web.config.ts', 'vite.admin.config.ts', 'tsconfig.json', 'tsconfig.build.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const info = statSync(p);
  if (!info.isDirectory()) return info.mtimeMs;
  let max = info.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const missing = outputs.filter((o) => !existsSync(path.join(root, o)));
const stale = existsSync(stamp) && Math.max(...inputs.map((i) => newest(path.join(root, i)))) > statSync(stamp).mtimeMs;
if (missing.length || !existsSync(stamp) || stale) {
  console.log(missing.length ? 'Building Pitlane (first start; this takes a minute)...' : 'Sources changed since the last build: rebuilding...');
  // Always a production build: Vite bundles React's development build when NODE_ENV says otherwise, and
  // vitest (the browser tests build through this script) sets NODE_ENV=test.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, env, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}
