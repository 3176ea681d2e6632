// The minimal proxy bid (../shared/anchors/bid-minimal), the yardstick of this machine's speed this hour: loaded once
// into a database of its own on a bench's cluster, reset before each run. Shared by the benchmarks that print it
// beside their figures.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { argValue } from './stack.js';

const ANCHOR_DB = 'bid_minimal_anchor';

/**
 * The anchor's database on the bench's cluster: ../shared/anchors/bid-minimal/schema.sql (100,000 auctions,
 * 2,000,000 old bids) loaded once and kept while schema.sql is unchanged (anchor_meta holds its digest and the
 * last loaded bid); each run first removes the bids earlier runs added and resets the auctions they bid on,
 * so every run starts from the loaded state. Returns the database's URL.
 */
export async function prepareAnchor(anchorDir: string, databaseUrl: string): Promise<string> {
  const schema = readFileSync(path.join(anchorDir, 'schema.sql'), 'utf8');
  const digest = createHash('sha256').update(schema).digest('hex');
  const url = new URL(databaseUrl);
  url.pathname = `/${ANCHOR_DB}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [ANCHOR_DB]);
    if (!exists.rowCount) await admin.query(`create database ${ANCHOR_DB}`);
  } finally {
    await admin.end();
  }
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await db.query('create table if not exists anchor_meta (digest text not null, last_bid bigint not null)');
    const [meta] = (await db.query<{ digest: string; last_bid: string }>('select digest, last_bid from anchor_meta')).rows;
    if (meta?.digest !== digest) {
      const started = Date.now();
      console.log('loading the minimal anchor (100,000 auctions, 2,000,000 bids)...');
      // psql, as the anchor's README loads it: the file ends with VACUUM, which cannot run in one multi-statement query.
      const loaded = spawnSync(argValue('--psql') ?? 'psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-f', path.join(anchorDir, 'schema.sql'), url.toString()], {
        encoding: 'utf8',
      });
      if (loaded.status !== 0) throw new Error(`loading the anchor failed (exit ${loaded.status}):\n${loaded.stderr}`);
      await db.query('truncate anchor_meta');
      await db.query('insert into anchor_meta select $1, coalesce(max(id), 0) from bids', [digest]);
      console.log(`anchor loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } else {
      const deleted = await db.query('delete from bids where id > $1', [meta.last_bid]);
      await db.query(
        `update auctions set current_bid = starting_bid, high_bidder_id = null, proxy_max = null, total_bids = 0, version = 0
         where id <= 1000 and (total_bids <> 0 or proxy_max is not null)`,
      );
      await db.query(`update auctions set end_time = now() + interval '90 seconds' where id = 1`);
      if (deleted.rowCount) await db.query('vacuum analyze auctions, bids');
    }
  } finally {
    await db.end();
  }
  return url.toString();
}

