import { describe, expect, it } from 'vitest';
import { formatCents, parseMoney } from '../../platform/money.js';
import { MESSAGES, partCreateSchema, partListQuery, partUpdateSchema } from './part.schemas.js';
import { detectImageKind } from './upload.service.js';

const valid = {
  title: 'Porsche 911 Clutch Kit',
  description: 'Complete kit.',
  price: 899,
  category: 'Drivetrain',
  make: 'porsche',
  condition: 'new-in-box',
  location: 'Austin, TX',
  images: [{ url: '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg', altText: 'The kit' }],
};

const errorsOf = (result: ReturnType<typeof partCreateSchema.safeParse>) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('money', () => {
  it('parses decimals into cents without floating-point error', () => {
    expect(parseMoney('1234.5')).toEqual({ ok: true, cents: 123450 });
    expect(parseMoney(0.1 + 0.2)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMoney(19.99)).toEqual({ ok: true, cents: 1999 });
    expect(parseMoney('12.340')).toEqual({ ok: true, cents: 1234 });
    expect(parseMoney('1e3')).toEqual({ ok: false, reason: 'format' });
    expect(parseMoney('123456789')).toEqual({ ok: false, reason: 'range' });
  });

  it('formats cents with exactly two decimals', () => {
    expect(formatCents(123450)).toBe('1234.50');
    expect(formatCents(5)).toBe('0.05');
  });
});

describe('partCreateSchema', () => {
  it('normalizes a valid listing: slugs lower-cased, price as a decimal string, first photo primary, blanks null', () => {
    const parsed = partCreateSchema.parse({ ...valid, model: ' ', partNumber: '', yearStart: '1965', vehicleCompatibility: null });
    expect(parsed).toMatchObject({
      category: 'drivetrain',
      price: '899.00',
      model: null,
      partNumber: null,
      yearStart: 1965,
      yearEnd: null,
      originalPrice: null,
      vehicleCompatibility: [],
    });
    expect(parsed.images).toEqual([{ url: valid.images[0]!.url, altText: 'The kit', isPrimary: true }]);
  });

  it('drops vehicle entries without a make or a model before validating the rest', () => {
    const parsed = partCreateSchema.parse({
      ...valid,
      vehicleCompatibility: [{ make: 'Porsche', model: '911', yearStart: 2000 }, { make: ' ', model: '912' }, { model: '914' }, 'junk'],
    });
    expect(parsed.vehicleCompatibility).toEqual([
      { make: 'Porsche', model: '911', yearStart: 2000, yearEnd: null, engine: null, transmission: null, notes: null },
    ]);
  });

  it("keeps a vehicle entry's engine, refusing text-direction controls in it (it is shown inline)", () => {
    const entry = { make: 'Chevrolet', model: 'Corvette', engine: ' LS3 ' };
    expect(partCreateSchema.parse({ ...valid, vehicleCompatibility: [entry] }).vehicleCompatibility[0]!.engine).toBe('LS3');
    expect(errorsOf(partCreateSchema.safeParse({ ...valid, vehicleCompatibility: [{ ...entry, engine: 'LS\u202E3' }] }))).toEqual({
      'vehicleCompatibility.0.engine': expect.stringContaining('text-direction'),
    });
  });

  it('gives the spec messages for photos', () => {
    expect(errorsOf(partCreateSchema.safeParse({ ...valid, images: [] }))).toEqual({ images: MESSAGES.photosRequired });
    expect(errorsOf(partCreateSchema.safeParse({ ...valid, images: [{ url: 'https://x.example/a.jpg', altText: '' }] }))).toEqual({
      'images.0.altText': 'Alt text is required for accessibility',
    });
  });

  it('limits prices to positive amounts with two decimals', () => {
    expect(errorsOf(partCreateSchema.safeParse({ ...valid, price: '0.00' }))).toEqual({ price: 'Price must be greater than 0' });
    expect(errorsOf(partCreateSchema.safeParse({ ...valid, price: 1.999 }))).toEqual({ price: 'Price can have at most 2 decimal places' });
    expect(errorsOf(partCreateSchema.safeParse({ ...valid, price: true }))).toEqual({ price: 'Price must be a number' });
  });

  it('lets an update carry any subset of fields, validated the same way', () => {
    expect(partUpdateSchema.parse({ price: '10' })).toEqual({ price: '10.00' });
    expect(partUpdateSchema.safeParse({ yearStart: 1990, yearEnd: 1980 }).success).toBe(false);
  });
});

describe('partListQuery', () => {
  it('treats "all" and blanks as no filter, and applies paging defaults', () => {
    expect(partListQuery.parse({ q: '  ', category: 'all', make: '', yearFrom: 'all' })).toEqual({ limit: 24, offset: 0 });
  });

  it('reads the sort in several spellings', () => {
    expect(partListQuery.parse({ sort: 'Price Asc' }).sort).toBe('price_asc');
    expect(partListQuery.parse({ sort: 'price-desc' }).sort).toBe('price_desc');
  });
});

describe('detectImageKind', () => {
  it('knows JPEG and PNG by their magic bytes only', () => {
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(detectImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });
});
