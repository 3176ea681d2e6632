import { describe, expect, it } from 'vitest';
import { parseCrontab } from 'graphile-worker';
import { sellerCrontab, sellerTasks } from './sellers.tasks.js';
import { EVALUATE_ALL_BADGES_TASK } from './reputation.service.js';

describe('sellers crontab', () => {
  it('runs the badge evaluation of every seller nightly, with a task that exists', () => {
    const [item] = parseCrontab(sellerCrontab.join('\n'));
    expect(item!.task).toBe(EVALUATE_ALL_BADGES_TASK);
    expect(Object.keys(sellerTasks)).toContain(item!.task);
  });
});
