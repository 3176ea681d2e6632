import { Command, Option } from 'commander';
import { z } from 'zod';
import { loadConfig, ConfigError } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { boot, type Runtime } from '../platform/runtime.js';
import { parseOrThrow } from '../platform/http/validate.js';
import { AppError } from '../platform/errors.js';
import { RequestContext } from '@mikro-orm/postgresql';
import { drainJobs, startWorker } from '../jobs/runner.js';
import { AccountsApi, createAdminSchema } from '../modules/accounts/index.js';
import { AuctionsApi } from '../modules/auctions/index.js';
import { ReverseApi } from '../modules/reverse/index.js';

import { modules } from '../modules.js';
import { serveUntilSignal } from '../main.js';
import { createInterface } from 'node:readline/promises';
import { clearDemo, DEFAULT_DEMO_PARTS, MAX_DEMO_PARTS, seedDemo } from '../platform/demo/demo.runner.js';
import { seedDemoBody } from '../platform/demo/demo.admin-routes.js';
import { progressReporter } from './progress.js';
import { copyFiles } from '../platform/storage/copy.js';
import { LocalFileStore, S3FileStore } from '../platform/storage/index.js';

async function withRuntime<T>(fn: (rt: Runtime) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const rt = await boot(config, modules, { logger, migrate: options.migrate });
  try {
    return await RequestContext.create(rt.orm.em, () => fn(rt));
  } finally {
    await rt.close();
  }
}

/** The `pitlane` operator commands. */
export function buildCli(): Command {
  const program = new Command('pitlane')
    .description('Operate Pitlane: the marketplace for classic, performance and race car parts')
    .showHelpAfterError();

  program
    .command('serve')
    .description('run the whole product: API, web app, admin console, live feeds and (unless WORKER=off) the job worker')
    .action(async () => {
      await serveUntilSignal();
    });

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      await withRuntime(async () => {
        console.log('Database is up to date.');
      });
    });

  program
    .command('seed')
    .description('load reference data (categories, makes ...); running it twice changes nothing')
    .action(async () => {
      await withRuntime(async (rt) => {
        let lines = 0;
        for (const module of rt.modules) {
          for (const line of (await module.seed?.(rt.container)) ?? []) {
            console.log(`${module.name}: ${line}`);
            lines++;
          }
        }
        console.log(lines ? 'Seed complete.' : 'Seed complete: nothing to load yet.');
      });
    });

  program
    .command('seed-demo')
    .description('fill the marketplace with a believable demo (house account, sellers, parts with photos, auctions); running it twice adds nothing twice')
    .addOption(new Option('--parts <n>', `how many demo parts (1 to ${MAX_DEMO_PARTS})`).default(String(DEFAULT_DEMO_PARTS)))
    .action(async (opts: { parts: string }) => {
      const { parts } = parseOrThrow(seedDemoBody, { parts: opts.parts });
      await withRuntime(async (rt) => {
        const progress = progressReporter();
        try {
          const summary = await seedDemo(rt.container, rt.modules, { parts }, progress.report);
          progress.end();
          for (const line of summary) console.log(line);
          console.log('Demo data ready.');
        } catch (error) {
          progress.end();
          throw error;
        }
      });
    });

  program
    .command('clear-demo')
    .description('remove exactly the demo data and everything hanging off it (bids, watchers, activity, photos); real users\' data stays')
    .addOption(new Option('--yes', 'do not ask for confirmation'))
    .action(async (opts: { yes?: boolean }) => {
      if (!opts.yes && process.stdin.isTTY) {
        const rl = createInterface({ input: process.stdin, output: process.stdout });
        const answer = await rl.question('Remove all demo data, and real users\' bids on demo auctions? [y/N] ');
        rl.close();
        if (!/^y(es)?$/i.test(answer.trim())) {
          console.log('Nothing removed.');
          return;
        }
      }
      await withRuntime(async (rt) => {
        const progress = progressReporter();
        try {
          const summary = await clearDemo(rt.container, rt.modules, progress.report);
          progress.end();
          for (const line of summary) console.log(line);
          console.log('Demo data cleared.');
        } catch (error) {
          progress.end();
          throw error;
        }
      });
    });

  program
    .command('create-admin')
    .description('create an admin account, or promote the existing user of that username (idempotent)')
    .requiredOption('--username <username>', 'username, at least 3 characters')
    .requiredOption('--email <email>', 'email address')
    .requiredOption('--password <password>', 'password, at least 8 characters')
    .action(async (opts: { username: string; email: string; password: string }) => {
      const input = parseOrThrow(createAdminSchema, opts);
      await withRuntime(async (rt) => {
        const result = await rt.container.get(AccountsApi).createAdmin(input);
        console.log(result.created ? `Admin ${input.username} created (${result.id}).` : `User ${input.username} is now an admin (${result.id}).`);
      });
    });

  const relist = program
    .command('relist')
    .description('relist an ended, unsold item at once (what the console\'s manual relist does)');
  relist
    .command('auction <id>')
    .description('relist the forward auction <id> now, with its relist price reduction')
    .action(async (id: string) => {
      const auctionId = parseOrThrow(z.object({ id: z.uuid({ message: 'Please enter an auction ID' }) }), { id }).id;
      await withRuntime(async (rt) => {
        const newId = await rt.container.get(AuctionsApi).relistNow(auctionId);
        console.log(`Auction ${auctionId} relisted as ${newId}.`);
      });
    });
  relist
    .command('reverse-auction <id>')
    .description('relist the reverse auction <id> now (closed without an award), with its budget increase')
    .action(async (id: string) => {
      const reverseAuctionId = parseOrThrow(z.object({ id: z.uuid({ message: 'Please enter an auction ID' }) }), { id }).id;
      await withRuntime(async (rt) => {
        const newId = await rt.container.get(ReverseApi).relistNow(reverseAuctionId);
        console.log(`Reverse auction ${reverseAuctionId} relisted as ${newId}.`);
      });
    });

  program
    .command('worker')
    .description('run only the job worker (for WORKER=off web processes)')
    .addOption(new Option('--once', 'run the jobs that are due now, then exit'))
    .action(async (opts: { once?: boolean }) => {
      const config = loadConfig();
      const logger = createLogger(config.logLevel);
      const rt = await boot(config, modules, { logger });
      if (opts.once) {
        await drainJobs(rt);
        await rt.close();
        return;
      }
      const runner = await startWorker(rt);
      logger.info('worker running');
      const stop = async () => {
        await runner.stop();
        await rt.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      await runner.promise;
    });

  const storage = program.command('storage').description('the store of uploaded and generated files (UPLOADS_DIR or S3_BUCKET)');
  storage
    .command('migrate')
    .description('copy the files of a local folder (UPLOADS_DIR, or --from) into the bucket (S3_BUCKET); resumable: files already there are skipped')
    .option('--from <dir>', 'the local folder to copy from (default: UPLOADS_DIR)')
    .action(async (opts: { from?: string }) => {
      const config = loadConfig();
      if (!config.s3) throw new AppError('invalid', 'no_bucket', 'Set S3_BUCKET (and S3_ENDPOINT, S3_REGION and the keys) to the bucket to copy into.');
      const target = new S3FileStore(config.s3);
      try {
        await target.check();
        const { report, end } = progressReporter();
        const { copied, skipped } = await copyFiles(new LocalFileStore(opts.from ?? config.uploadsDir), target, report);
        end();
        console.log(`Copied ${copied} file${copied === 1 ? '' : 's'} into ${config.s3.bucket}; ${skipped} already there.`);
      } finally {
        target.close();
      }
    });

  return program;
}

/** Runs the CLI; failures print a clear message and exit non-zero. */
export async function runCli(argv = process.argv): Promise<void> {
  try {
    await buildCli().parseAsync(argv);
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof AppError) {
      console.error(`Error: ${error.message}`);
      for (const [field, message] of Object.entries(error.details ?? {})) console.error(`  --${field}: ${message}`);
    } else console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
