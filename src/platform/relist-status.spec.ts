import { describe, expect, it } from 'vitest';
import { mergeRelistStatus, UPCOMING_RELISTS } from './relist-status.js';

const job = (type: string, originalId: string, scheduledTime: string) => ({ type, originalId, scheduledTime });

describe('mergeRelistStatus', () => {
  it('adds up the counts and interleaves the upcoming relists soonest first', () => {
    const merged = mergeRelistStatus([
      { totalJobs: 3, pendingJobs: 1, processedJobs: 2, upcomingJobs: [job('auction', 'a1', '2026-03-10T12:00:00.000Z')] },
      {
        totalJobs: 2,
        pendingJobs: 2,
        processedJobs: 0,
        upcomingJobs: [job('reverse-auction', 'r1', '2026-03-10T11:00:00.000Z'), job('reverse-auction', 'r2', '2026-03-11T00:00:00.000Z')],
      },
    ]);
    expect(merged).toEqual({
      totalJobs: 5,
      pendingJobs: 3,
      processedJobs: 2,
      upcomingJobs: [
        job('reverse-auction', 'r1', '2026-03-10T11:00:00.000Z'),
        job('auction', 'a1', '2026-03-10T12:00:00.000Z'),
        job('reverse-auction', 'r2', '2026-03-11T00:00:00.000Z'),
      ],
    });
  });

  it('keeps only the soonest relists over all sources, and answers zeros without sources', () => {
    const many = (type: string, hour: number) =>
      Array.from({ length: UPCOMING_RELISTS }, (_, i) => job(type, `${type}-${i}`, new Date(Date.UTC(2026, 2, 10, hour, i)).toISOString()));
    const merged = mergeRelistStatus([
      { totalJobs: 20, pendingJobs: 20, processedJobs: 0, upcomingJobs: many('auction', 12) },
      { totalJobs: 20, pendingJobs: 20, processedJobs: 0, upcomingJobs: many('reverse-auction', 11) },
    ]);
    expect(merged.upcomingJobs).toHaveLength(UPCOMING_RELISTS);
    expect(merged.upcomingJobs.every((j) => j.type === 'reverse-auction')).toBe(true);
    expect(mergeRelistStatus([])).toEqual({ totalJobs: 0, pendingJobs: 0, processedJobs: 0, upcomingJobs: [] });
  });
});
