import { describe, expect, it } from 'vitest';
import { offPlatformWarnings } from './message.safety.js';

describe('offPlatformWarnings', () => {
  it('finds email addresses, also written out', () => {
    expect(offPlatformWarnings('mail me at joe.bloggs@example.com')).toEqual(['email']);
    expect(offPlatformWarnings('joe (at) example (dot) com')).toEqual(['email']);
  });
  it('finds phone numbers in the usual notations', () => {
    expect(offPlatformWarnings('call (313) 555-0142')).toEqual(['phone']);
    expect(offPlatformWarnings('+44 20 7946 0958')).toEqual(['phone']);
  });
  it('finds payments outside the platform', () => {
    for (const text of ['I take Zelle', 'wire transfer only', 'pay in bitcoin', 'PayPal friends and family please', 'paypal F&F', 'crypto is fine']) {
      expect(offPlatformWarnings(text), text).toEqual(['off_platform_payment']);
    }
  });
  it('leaves ordinary questions about parts alone', () => {
    for (const text of [
      'Is this the 915 or the G50 bearing?',
      'Does part 911-105-023-00 fit a 1972 911T?',
      'Can you ship to Norway? I can pay $1,250 through the site.',
      'Built in 1967, rebuilt 2019',
    ]) {
      expect(offPlatformWarnings(text), text).toEqual([]);
    }
  });
});
