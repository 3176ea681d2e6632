#!/usr/bin/env node
// The `pitlane` command: runs the built CLI, or the TypeScript sources through tsx when not built.
import { existsSync } from 'node:fs';

const built = new URL('../dist/server/src/cli/main.js', import.meta.url);
let cli;
if (existsSync(built)) {
  cli = await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
await cli.runCli(process.argv);
