import { describe, expect, it } from 'vitest';
import { composeTemplates } from './message.templates.js';

describe('composeTemplates', () => {
  const part = {
    itemType: 'part' as const,
    title: 'G50 input shaft bearing',
    partNumber: '950.302.108.00',
    condition: 'used-excellent',
    make: 'Porsche',
    model: '911',
    year: '1987',
    price: '450.00',
    sellerName: 'Stuttgart Classics',
  };

  it('writes five suggestions for a priced part from its own facts', () => {
    const templates = composeTemplates(part, { location: 'Oslo', country: 'NO' });
    expect(templates.map((t) => t.category)).toEqual(['Availability', 'Condition & History', 'Fitment', 'Shipping', 'Price']);
    expect(templates[0]!.message).toContain('Hi Stuttgart Classics,');
    expect(templates[0]!.message).toContain('G50 input shaft bearing (part number 950.302.108.00)');
    expect(templates[1]!.message).toContain('listed as used, excellent');
    expect(templates[2]!.message).toContain('a 1987 Porsche 911');
    expect(templates[3]!.subject).toBe('Shipping the G50 input shaft bearing to Oslo, NO');
    expect(templates[4]!.message).toContain('$405 instead of $450');
    for (const t of templates) {
      expect(['professional', 'casual', 'enthusiastic', 'other']).toContain(t.tone);
      expect(t.subject.length).toBeLessThanOrEqual(200);
    }
  });

  it("uses the buyer's vehicle for fitment and leaves unknown facts out", () => {
    const templates = composeTemplates({ itemType: 'auction', title: 'Weber 48 IDA' }, { vehicle: '1965 Ford Mustang' });
    expect(templates).toHaveLength(4);
    expect(templates[0]!.message.startsWith('Hi,')).toBe(true);
    expect(templates[0]!.message).toContain('before bidding');
    expect(templates[2]!.message).toContain('my 1965 Ford Mustang');
    expect(templates.map((t) => t.message).join(' ')).not.toMatch(/undefined|null/);
  });

  it('writes from the seller to the buyer of a wanted request', () => {
    const templates = composeTemplates({ itemType: 'reverse_auction', title: '289 Hi-Po intake', sellerName: 'carroll' });
    expect(templates).toHaveLength(3);
    expect(templates[0]!.message).toContain('may match your request');
    // The seller writes: she is not greeted by her own name.
    expect(templates.map((t) => t.message).join(' ')).not.toContain('carroll');
    expect(templates[0]!.message).toMatch(/^Hi,\n/);
  });
});
