import { describe, expect, it } from 'vitest';
import { messageOf, when } from './text';

describe('messageOf', () => {
  it("uses the error's own message", () => {
    expect(messageOf(new Error('Order already refunded'))).toBe('Order already refunded');
  });

  it('falls back for anything else or an empty message', () => {
    expect(messageOf('boom')).toBe('Something went wrong');
    expect(messageOf(new Error(''))).toBe('Something went wrong');
    expect(messageOf(undefined)).toBe('Something went wrong');
  });
});

describe('when', () => {
  it('shows a dash when there is no time', () => {
    expect(when(null)).toBe('—');
    expect(when(undefined)).toBe('—');
    expect(when('')).toBe('—');
  });

  it('formats a time the en-US way', () => {
    const iso = '2026-11-24T18:30:00.000Z';
    expect(when(iso)).toBe(new Date(iso).toLocaleString('en-US'));
  });
});
