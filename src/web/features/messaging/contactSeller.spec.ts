import { describe, expect, it } from 'vitest';
import { canSend, fallbackTemplates, inboxTime, sentDescription, templatePayload, type ContactTarget } from './contactSeller';

const target: ContactTarget = {
  itemType: 'part',
  itemId: 'p1',
  itemTitle: 'Weber 48 IDA pair',
  price: '2400.00',
  condition: 'rebuilt',
  recipientId: 's1',
  recipientName: 'Modena Parts',
};

describe('the Contact Seller dialog', () => {
  it('falls back to General Inquiry and Technical Questions, both professional', () => {
    const templates = fallbackTemplates(target);
    expect(templates.map((t) => [t.category, t.tone])).toEqual([
      ['General Inquiry', 'professional'],
      ['Technical Questions', 'professional'],
    ]);
    expect(templates[0]!.message).toContain('Hi Modena Parts,');
  });

  it('sends the spec payload with the general-inquiry context and the seller name', () => {
    expect(templatePayload(target)).toMatchObject({ itemType: 'part', itemTitle: 'Weber 48 IDA pair', sellerName: 'Modena Parts', buyerContext: 'general-inquiry' });
  });

  it('greets the seller by storefront name from the buyer\'s side, never the sender or a placeholder', () => {
    expect(templatePayload({ ...target, recipientName: 'the seller' }).sellerName).toBeUndefined();
    expect(fallbackTemplates({ ...target, recipientName: 'the seller' })[0]!.message).toMatch(/^Hi,\n/);
    // A wanted request's Message Buyer is the seller writing: no seller name to greet herself with.
    const wanted: ContactTarget = { ...target, itemType: 'reverse_auction', recipientName: 'Dana Wells' };
    expect(templatePayload(wanted).sellerName).toBeUndefined();
    expect(fallbackTemplates(wanted)[0]!.message).toContain('Hi Dana Wells,');
  });

  it('needs a subject and a message that are not blank', () => {
    expect(canSend('Hi', 'There')).toBe(true);
    expect(canSend('  ', 'There')).toBe(false);
    expect(canSend('Hi', '\n ')).toBe(false);
  });

  it('says whom the message went to', () => {
    expect(sentDescription('Modena Parts')).toBe('Your message has been sent to Modena Parts!');
  });

  it('shows the time today, the weekday this week, else the date', () => {
    const now = new Date('2026-11-24T15:00:00');
    expect(inboxTime('2026-11-24T09:05:00', now)).toBe('9:05 AM');
    expect(inboxTime('2026-11-21T09:05:00', now)).toBe('Sat');
    expect(inboxTime('2026-10-01T09:05:00', now)).toBe('Oct 1');
  });
});
