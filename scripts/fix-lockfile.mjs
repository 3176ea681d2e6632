// The registry this project is built against serves only the platform packages it can install, so npm
// leaves other platforms' optional packages (darwin, win32 ...) out of package-lock.json, and `npm ci`
// then refuses the lock as out of sync. This adds those entries back as optional (npm skips them when
// they cannot be fetched). Run it after every `npm install <pkg>`: `node scripts/fix-lockfile.mjs`.
import fs from 'node:fs';
const check = process.argv.includes('--check');
const file = process.argv.filter((a) => !a.startsWith('--'))[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const p = lock.packages;
let added = 0;
for (const [key, entry] of Object.entries(p)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === '' ? '' : key + '/';
    if (p[`${base}node_modules/${name}`] || p[`node_modules/${name}`]) continue;
    p[`node_modules/${name}`] = { version: range.replace(/^[\^~=]/, ''), ...(entry.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
if (check) {
  if (added) {
    console.error(`package-lock.json misses ${added} optional platform packages, so \`npm ci\` would fail: run node scripts/fix-lockfile.mjs`);
    process.exit(1);
  }
  process.exit(0);
}
lock.packages = Object.fromEntries(Object.entries(p).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: added ${added} optional platform entries`);
