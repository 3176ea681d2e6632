import { describe, expect, it } from 'vitest';
import { auctionRow } from '../../../test/auction-rows.fixtures.js';
import { applyBatchStatement, lockForBidsSql, readLocked, type BatchWrite } from './bid-batch.sql.js';

const placeholders = (sql: string) => sql.split('?').length - 1;
const write = (outbid: BatchWrite['outbid'] = []): BatchWrite => ({
  auctionId: 'a1',
  rows: [{ bidderId: 'b1', amount: '100.00', type: 'regular', max: null, ip: null, country: 'US', userAgent: null }],
  leaderId: 'b1',
  state: auctionRow({ id: 'a1', currentBid: 10000, totalBids: 1 }),
  now: new Date('2026-06-01T12:00:00Z'),
  activity: { rows: '[]', channel: 'pitlane_live', notices: '[]' },
  outbid,
});

describe('the bid batch SQL', () => {
  it('stores a batch with nobody outbid in one call of auction_apply_bid, one parameter per placeholder', () => {
    const { sql, params } = applyBatchStatement(write());
    expect(sql).toBe('select auction_apply_bid(?, ?::json, ?, ?, ?, ?, ?, ?::json, ?, ?::json) as applied');
    expect(params).toHaveLength(placeholders(sql));
    expect(params.slice(0, 7)).toEqual(['a1', JSON.stringify(write().rows), 'b1', '100.00', '2026-06-01T14:00:00.000Z', 0, '2026-06-01T12:00:00.000Z']);
  });

  it('stores the outbid notices in the same statement when someone was outbid, and adds no job', () => {
    const { sql, params } = applyBatchStatement(write([{ userId: 'b0', row: 0 }]));
    expect(sql).toContain('insert into auction_outbid_notices');
    expect(sql).not.toContain('graphile_worker');
    expect(params).toHaveLength(placeholders(sql));
    expect(params.slice(-2)).toEqual(['a1', JSON.stringify([{ user_id: 'b0', row: 0, n: 0 }])]);
  });

  it('locks with literals only (it goes with BEGIN) and reads the locked row', () => {
    const [b1, b2] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const sql = lockForBidsSql((v) => `'${v}'`, 'a1', [b1, b2, b1]);
    expect(sql).toBe(`select auction_lock_for_bids('a1'::uuid, '{${b1},${b2}}'::uuid[]) as locked`);
    expect(readLocked({ locked: null })).toBeNull();
    expect(readLocked(undefined)).toBeNull();
  });
});
