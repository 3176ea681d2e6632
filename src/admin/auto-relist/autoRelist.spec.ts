import { describe, expect, it } from 'vitest';
import { EMPTY_ID_MESSAGE, manualRelistRequest, relistTypeLabel, toRelistStatus } from './autoRelist';

describe('manualRelistRequest', () => {
  it('refuses an empty or blank auction id with "Please enter an auction ID"', () => {
    expect(manualRelistRequest('')).toEqual({ ok: false, message: EMPTY_ID_MESSAGE });
    expect(manualRelistRequest('   ')).toEqual({ ok: false, message: 'Please enter an auction ID' });
  });
  it('posts to the auction manual relist path with the trimmed, encoded id', () => {
    expect(manualRelistRequest(' 6f1c2f0e-1d6a-4a53-9a43-0c1f2b3d4e5f ')).toEqual({
      ok: true,
      path: '/api/admin/auto-relist/manual/auction/6f1c2f0e-1d6a-4a53-9a43-0c1f2b3d4e5f',
    });
    expect(manualRelistRequest('a/b')).toEqual({ ok: true, path: '/api/admin/auto-relist/manual/auction/a%2Fb' });
  });
  it('posts a reverse auction to the reverse-auction manual relist path', () => {
    expect(manualRelistRequest(' r1 ', 'reverse-auction')).toEqual({ ok: true, path: '/api/admin/auto-relist/manual/reverse-auction/r1' });
    expect(manualRelistRequest(' ', 'reverse-auction')).toEqual({ ok: false, message: EMPTY_ID_MESSAGE });
  });
});

describe('toRelistStatus', () => {
  it('reads the counts and the upcoming relists', () => {
    expect(
      toRelistStatus({
        totalJobs: 5,
        pendingJobs: 2,
        processedJobs: 3,
        upcomingJobs: [{ type: 'auction', originalId: 'a1', scheduledTime: '2026-03-10T12:00:00.000Z' }],
      }),
    ).toEqual({
      totalJobs: 5,
      pendingJobs: 2,
      processedJobs: 3,
      upcomingJobs: [{ type: 'auction', originalId: 'a1', scheduledTime: '2026-03-10T12:00:00.000Z' }],
    });
  });
  it('treats missing counts as 0 and a missing list as empty', () => {
    expect(toRelistStatus(null)).toEqual({ totalJobs: 0, pendingJobs: 0, processedJobs: 0, upcomingJobs: [] });
    expect(toRelistStatus({ totalJobs: '4', upcomingJobs: [null, 3] })).toEqual({
      totalJobs: 4,
      pendingJobs: 0,
      processedJobs: 0,
      upcomingJobs: [],
    });
  });
});

describe('relistTypeLabel', () => {
  it('labels the relist types', () => {
    expect(relistTypeLabel('auction')).toBe('Auction');
    expect(relistTypeLabel('reverse-auction')).toBe('Reverse auction');
    expect(relistTypeLabel('reverse_auction')).toBe('Reverse auction');
  });
});
