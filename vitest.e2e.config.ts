import { defineConfig } from 'vitest/config';

/** Browser journeys: the built product in one process, driven by playwright-core in Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // A busy 2-core CI machine needs more than expect.poll's default second for a page to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
