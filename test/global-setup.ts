import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster, type EmbeddedCluster } from '../src/platform/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database on the test cluster; each test file creates its own database. */
    pgAdminUrl: string;
  }
}

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

/** One real PostgreSQL for the whole run: DATABASE_URL's server when set, else an embedded cluster. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    project.provide('pgAdminUrl', url.toString());
    return;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitlane-test-'));
  await chmod(dataDir, 0o755); // the postgres user must be able to enter it when we run as root
  const cluster: EmbeddedCluster = await startEmbeddedCluster({ dataDir, port: await freePort(), database: 'postgres' });
  project.provide('pgAdminUrl', cluster.adminUrl);
  return async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
