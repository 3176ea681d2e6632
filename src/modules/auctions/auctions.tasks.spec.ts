import { describe, expect, it } from 'vitest';
import { parseCrontab } from 'graphile-worker';
import type { Container } from 'inversify';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionNotificationService } from './auction-notification.service.js';
import { AuctionRelistService } from './auction-relist.service.js';
import {
  auctionCrontab,
  auctionStartupTasks,
  auctionTasks,
  CLOSE_FOR_SOLD_PART_TASK,
  OUTBID_SWEEP_TASK,
  OUTBID_TASK,
  RESERVE_AGREED_TASK,
  TICK_TASK,
} from './auctions.tasks.js';

/** A container whose services record the calls the tasks make. */
function recorder() {
  const calls: [string, unknown][] = [];
  const service = (name: string) =>
    new Proxy({}, { get: (_t, method) => async (arg: unknown) => void calls.push([`${name}.${String(method)}`, arg]) });
  const services = new Map<unknown, unknown>([
    [AuctionLifecycleService, service('lifecycle')],
    [AuctionNotificationService, service('notifications')],
    [AuctionRelistService, service('relists')],
  ]);
  const container = { get: (token: unknown) => services.get(token) } as unknown as Container;
  return { calls, container };
}
const run = (task: string, container: Container, payload: unknown) =>
  (auctionTasks[task]!(container) as (payload: unknown, helpers: unknown) => Promise<void>)(payload, {});

const auctionId = '00000000-0000-4000-8000-000000000001';
const userId = '00000000-0000-4000-8000-000000000002';

describe('auctions tasks', () => {
  it('ticks and sweeps the outbid notices every minute and once when a worker starts, with tasks that exist', () => {
    const items = parseCrontab(auctionCrontab.join('\n'));
    expect(items.map((i) => i.task)).toEqual([TICK_TASK, OUTBID_SWEEP_TASK]);
    expect(items[1]!.options.jobKey).toBe('auctions-outbid-sweep');
    expect(auctionStartupTasks).toEqual([TICK_TASK, OUTBID_SWEEP_TASK]);
    expect(Object.keys(auctionTasks)).toEqual(expect.arrayContaining([TICK_TASK, OUTBID_SWEEP_TASK]));
  });

  it('sweeps the waiting outbid notices', async () => {
    const { calls, container } = recorder();
    await run(OUTBID_SWEEP_TASK, container, {});
    expect(calls).toEqual([['notifications.sweepOutbid', undefined]]);
  });

  it('takes a batch of outbid notices, or one notice queued before batching', async () => {
    const { calls, container } = recorder();
    const notice = { auctionId, userId, bidSeq: '12' };
    await run(OUTBID_TASK, container, [notice, { ...notice, bidSeq: '13' }]);
    await run(OUTBID_TASK, container, notice);
    expect(calls).toEqual([
      ['notifications.notifyOutbid', [notice, { ...notice, bidSeq: '13' }]],
      ['notifications.notifyOutbid', [notice]],
    ]);
  });

  it('refuses a payload that is not an auction id', async () => {
    const { calls, container } = recorder();
    const perAuction = Object.keys(auctionTasks).filter((t) => ![TICK_TASK, OUTBID_TASK, OUTBID_SWEEP_TASK, CLOSE_FOR_SOLD_PART_TASK, RESERVE_AGREED_TASK].includes(t));
    for (const task of perAuction) {
      await expect(run(task, container, { auctionId: 'nope' })).rejects.toThrow();
      await run(task, container, { auctionId });
    }
    expect(calls.map(([call]) => call)).toEqual([
      'lifecycle.start',
      'lifecycle.end',
      'relists.relist',
      'notifications.notifyResult',
      'notifications.notifyClosed',
    ]);
  });

  it('closes the auctions of a sold part from the catalog.part.sold event, and refuses another payload', async () => {
    const { calls, container } = recorder();
    const partId = '00000000-0000-4000-8000-000000000003';
    await expect(run(CLOSE_FOR_SOLD_PART_TASK, container, { partId })).rejects.toThrow();
    await run(CLOSE_FOR_SOLD_PART_TASK, container, { event: 'catalog.part.sold', payload: { partId } });
    expect(calls).toEqual([['lifecycle.closeForSoldPart', partId]]);
  });

  it('skips the relist of an auction whose seller and high bidder agreed (offers.reserve.agreed), and refuses another payload', async () => {
    const { calls, container } = recorder();
    await expect(run(RESERVE_AGREED_TASK, container, { auctionId })).rejects.toThrow();
    await expect(run(RESERVE_AGREED_TASK, container, { event: 'offers.reserve.agreed', payload: { auctionId: 'nope' } })).rejects.toThrow();
    await run(RESERVE_AGREED_TASK, container, { event: 'offers.reserve.agreed', payload: { auctionId } });
    expect(calls).toEqual([['relists.skipRelist', auctionId]]);
  });
});
