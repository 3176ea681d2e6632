#!/usr/bin/env node
// The `pitlane` command: runs the built CLI, or the TypeScript sources through tsx when not built.
import { existsSync } from 'node:fs';

// Node 24 comes with the project (the `node` devDependency) for npm scripts and `npx pitlane`; package.json declares
// no `engines`, since npm checks them against its own Node and warned on every `npx pitlane` (issue 34). Run directly
// on an older Node, say so plainly instead of failing later.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`pitlane needs Node 24 or later (this is ${process.version}): run it as \`npx pitlane\` or through npm scripts, which use the project's Node 24.`);
  process.exit(1);
}

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
