import { describe, expect, it } from 'vitest';
import { nextStatus, replyHref, topicChoices } from './contactRequests';

describe('contact requests in the console', () => {
  it('toggles between open and handled', () => {
    expect(nextStatus('open')).toEqual({ status: 'handled', label: 'Mark handled', done: 'Marked handled' });
    expect(nextStatus('handled')).toEqual({ status: 'open', label: 'Reopen', done: 'Reopened' });
  });

  it('offers every topic as a filter choice', () => {
    expect(topicChoices.map((c) => c.id)).toEqual(['general', 'buying', 'selling', 'payments', 'account', 'report']);
  });

  it('answers by mail with "Re:" and the subject, the address kept readable', () => {
    expect(replyHref({ email: 'jim.clark@example.com', subject: 'Lotus 25 & a gearbox?' })).toBe(
      'mailto:jim.clark@example.com?subject=Re%3A%20Lotus%2025%20%26%20a%20gearbox%3F',
    );
  });
});
