import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string };
  }
}

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { username: 'e2e_admin', password: 'e2e admin password' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/** Builds if needed, starts `pitlane serve` on a fresh data folder and creates an admin with the CLI. */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitlane-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const server = spawn(process.execPath, ['bin/pitlane.js', 'serve'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, 120_000);

  const admin = spawnSync(
    process.execPath,
    ['bin/pitlane.js', 'create-admin', '--username', ADMIN.username, '--email', 'e2e-admin@example.com', '--password', ADMIN.password],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (admin.status !== 0) throw new Error('create-admin failed');
  // Reference data (categories, makes) that the listing journeys choose from.
  const seed = spawnSync(process.execPath, ['bin/pitlane.js', 'seed'], { cwd: root, env, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('seed failed');

  project.provide('baseUrl', baseUrl);
  project.provide('admin', ADMIN);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
