import { describe, expect, it } from 'vitest';
import type { PartDto } from '../../../modules/catalog/part.dto';
import {
  acceptPhotoFiles,
  addPhotos,
  editSavedMessage,
  EMPTY_SELL_FORM,
  keptFitments,
  lookupOfStatus,
  makePrimary,
  MAX_PHOTO_BYTES,
  newFitment,
  fitmentMakeOptions,
  listedMessage,
  missingAltText,
  photoProblem,
  removePhoto,
  sellAccess,
  sellFormFromPart,
  SELL_MESSAGES,
  splitServerErrors,
  toPartPayload,
  updatePhoto,
  validateFitments,
  validateSellForm,
  type PhotoItem,
  type SellForm,
} from './sellForm';

const photo = (key: string, overrides: Partial<PhotoItem> = {}): PhotoItem => ({
  key,
  url: `/api/uploads/files/${key.padEnd(32, '0')}.jpg`,
  altText: `Photo ${key}`,
  isPrimary: false,
  status: 'uploaded',
  progress: 100,
  ...overrides,
});

const primaryKeys = (list: PhotoItem[]) => list.filter((p) => p.isPrimary).map((p) => p.key);

const filledForm: SellForm = {
  ...EMPTY_SELL_FORM,
  title: ' Porsche 911 clutch kit ',
  category: 'transmission',
  make: 'porsche',
  price: '899.99',
  location: 'Stuttgart',
  description: 'Sachs clutch kit, new old stock.',
};

describe('choosing photo files', () => {
  it('keeps JPEG and PNG files up to 5 MB and silently skips the others', () => {
    const files = [
      { name: 'a.jpg', type: 'image/jpeg', size: 1000 },
      { name: 'b.gif', type: 'image/gif', size: 1000 },
      { name: 'c.png', type: 'image/png', size: MAX_PHOTO_BYTES },
      { name: 'd.png', type: 'image/png', size: MAX_PHOTO_BYTES + 1 },
      { name: 'e.webp', type: 'image/webp', size: 10 },
      { name: 'f.pdf', type: 'application/pdf', size: 10 },
    ];
    expect(acceptPhotoFiles(files, 0).map((f) => f.name)).toEqual(['a.jpg', 'c.png']);
  });

  it('caps the files at five minus the photos already present', () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ name: String(i), type: 'image/png', size: 10 }));
    expect(acceptPhotoFiles(files, 0)).toHaveLength(5);
    expect(acceptPhotoFiles(files, 3).map((f) => f.name)).toEqual(['0', '1']);
    expect(acceptPhotoFiles(files, 5)).toEqual([]);
  });
});

describe('the photo list', () => {
  it('makes the first photo added to an empty list primary', () => {
    const list = addPhotos([], [photo('a'), photo('b')]);
    expect(primaryKeys(list)).toEqual(['a']);
  });

  it('does not change the primary when photos are added to a list that has some', () => {
    const list = addPhotos(addPhotos([], [photo('a')]), [photo('b', { isPrimary: true })]);
    expect(primaryKeys(list)).toEqual(['a']);
  });

  it('never holds more than five photos', () => {
    const list = addPhotos([photo('a'), photo('b'), photo('c'), photo('d')], [photo('e'), photo('f')]);
    expect(list.map((p) => p.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('makes the chosen photo the only primary', () => {
    const list = makePrimary(addPhotos([], [photo('a'), photo('b'), photo('c')]), 'c');
    expect(primaryKeys(list)).toEqual(['c']);
  });

  it('makes the first remaining photo primary when the primary is removed', () => {
    const list = removePhoto(makePrimary(addPhotos([], [photo('a'), photo('b'), photo('c')]), 'b'), 'b');
    expect(list.map((p) => p.key)).toEqual(['a', 'c']);
    expect(primaryKeys(list)).toEqual(['a']);
  });

  it('keeps the primary when another photo is removed, and empties cleanly', () => {
    const list = removePhoto(addPhotos([], [photo('a'), photo('b')]), 'b');
    expect(primaryKeys(list)).toEqual(['a']);
    expect(removePhoto(list, 'a')).toEqual([]);
  });

  it('updates one photo only', () => {
    const list = updatePhoto([photo('a'), photo('b')], 'b', { altText: 'Side view' });
    expect(list.map((p) => p.altText)).toEqual(['Photo a', 'Side view']);
  });
});

describe('what blocks submitting because of the photos', () => {
  it('asks for at least one photo', () => {
    expect(photoProblem([])).toEqual({
      title: 'Images Required',
      description: 'Please add at least one photo for your listing.',
    });
  });

  it('asks for alt text on every photo, blank counting as missing', () => {
    expect(photoProblem([photo('a'), photo('b', { altText: '   ' })])).toEqual({
      title: 'Alt Text Required',
      description: 'Please add descriptive alt text for all images for accessibility.',
    });
  });

  it('waits for uploads to finish', () => {
    expect(photoProblem([photo('a', { status: 'uploading', url: '' })])?.title).toBe('Photos Uploading');
  });

  it('lets complete photos through', () => {
    expect(photoProblem([photo('a')])).toBeNull();
  });

  it('names the photos whose alt text is blank, with the server message', () => {
    expect(missingAltText([photo('a'), photo('b', { altText: '  ' })])).toEqual({ b: 'Alt text is required for accessibility' });
  });
});

describe('vehicle compatibility entries', () => {
  it("start with blank years, or the part's own year range when it has a valid one", () => {
    expect(newFitment('x')).toMatchObject({ make: '', model: '', yearStart: '', yearEnd: '' });
    expect(newFitment('x', { yearStart: '1965', yearEnd: '1973' })).toMatchObject({ yearStart: '1965', yearEnd: '1973' });
    expect(newFitment('x', { yearStart: '1965', yearEnd: '' })).toMatchObject({ yearStart: '1965', yearEnd: '' });
    expect(newFitment('x', { yearStart: '1899', yearEnd: '19' })).toMatchObject({ yearStart: '', yearEnd: '' });
    expect(newFitment('x', { yearStart: '1990', yearEnd: '1980' })).toMatchObject({ yearStart: '', yearEnd: '' });
  });

  it('choose their make from the makes list, keeping a saved make the list lacks', () => {
    const makes = [{ name: 'Ford' }, { name: 'Porsche' }];
    expect(fitmentMakeOptions(makes, '')).toEqual(['Ford', 'Porsche']);
    expect(fitmentMakeOptions(makes, 'porsche')).toEqual(['Ford', 'Porsche']);
    expect(fitmentMakeOptions(makes, 'Abarth')).toEqual(['Abarth', 'Ford', 'Porsche']);
  });

  it('are dropped without a make or a model', () => {
    const drafts = [
      { ...newFitment('1'), make: 'Porsche', model: '911' },
      { ...newFitment('2'), make: 'Porsche', model: '  ' },
      { ...newFitment('3'), make: '', model: '356' },
    ];
    expect(keptFitments(drafts).map((d) => d.key)).toEqual(['1']);
  });

  it('have their years checked only when kept', () => {
    const drafts = [
      { ...newFitment('1'), make: 'Porsche', model: '911', yearStart: '1899', yearEnd: '1970' },
      { ...newFitment('2'), make: 'Porsche', model: '912', yearStart: '1970', yearEnd: '1965' },
      { ...newFitment('3'), yearStart: 'abc' },
    ];
    expect(validateFitments(drafts)).toEqual({
      '1': { yearStart: 'Year must be between 1900 and 2030' },
      '2': { yearEnd: 'The first year must not be after the last year' },
    });
  });
});

describe('checking the form', () => {
  it('names every missing required field', () => {
    expect(validateSellForm({ ...EMPTY_SELL_FORM })).toEqual({
      title: 'Title is required',
      category: 'Category is required',
      make: 'Make is required',
      price: 'Price is required',
      location: 'Location is required',
      description: 'Description is required',
    });
  });

  it('defaults the condition to used-good and accepts a filled form', () => {
    expect(EMPTY_SELL_FORM.condition).toBe('used-good');
    expect(validateSellForm(filledForm)).toEqual({});
  });

  it('checks the price like the server', () => {
    expect(validateSellForm({ ...filledForm, price: 'abc' }).price).toBe('Price must be a number');
    expect(validateSellForm({ ...filledForm, price: '1.999' }).price).toBe('Price can have at most 2 decimal places');
    expect(validateSellForm({ ...filledForm, price: '0' }).price).toBe('Price must be greater than 0');
    expect(validateSellForm({ ...filledForm, price: '0.01' }).price).toBeUndefined();
  });

  it('checks the optional years and their order', () => {
    expect(validateSellForm({ ...filledForm, yearStart: '2031' }).yearStart).toBe('Year must be between 1900 and 2030');
    expect(validateSellForm({ ...filledForm, yearStart: '1990', yearEnd: '1980' }).yearEnd).toBe(
      'The first year must not be after the last year',
    );
    expect(validateSellForm({ ...filledForm, yearStart: '1965', yearEnd: '' })).toEqual({});
  });
});

describe('the request body', () => {
  it('trims text, turns blanks into null, years into numbers, and sends only kept vehicle entries', () => {
    const body = toPartPayload(
      { ...filledForm, model: ' ', yearStart: '1965', partNumber: ' 911-116-015 ' },
      [photo('a', { isPrimary: true, altText: ' Front ' }), photo('b')],
      [{ ...newFitment('1'), make: ' Porsche ', model: '911', engine: '2.0 flat six' }, newFitment('2')],
    );
    expect(body).toEqual({
      title: 'Porsche 911 clutch kit',
      description: 'Sachs clutch kit, new old stock.',
      price: '899.99',
      category: 'transmission',
      make: 'porsche',
      model: null,
      yearStart: 1965,
      yearEnd: null,
      partNumber: '911-116-015',
      condition: 'used-good',
      location: 'Stuttgart',
      images: [
        { url: photo('a').url, altText: 'Front', isPrimary: true },
        { url: photo('b').url, altText: 'Photo b', isPrimary: false },
      ],
      vehicleCompatibility: [
        { make: 'Porsche', model: '911', yearStart: null, yearEnd: null, engine: '2.0 flat six', transmission: null, notes: null },
      ],
    });
    expect(body).not.toHaveProperty('sellerId');
  });
});

describe('placing the server field errors', () => {
  it('puts each error beside its field, photo or vehicle entry', () => {
    const split = splitServerErrors(
      {
        title: 'Title is required',
        category: 'Please choose a category from the list',
        'images.1.altText': 'Alt text is required for accessibility',
        'vehicleCompatibility.0.yearEnd': 'Year must be between 1900 and 2030',
        images: 'You can add at most 5 photos',
        _: 'Something else',
      },
      ['p1', 'p2'],
      ['f1'],
    );
    expect(split).toEqual({
      fields: { title: 'Title is required', category: 'Please choose a category from the list' },
      photos: { p2: 'Alt text is required for accessibility' },
      fitments: { f1: { yearEnd: 'Year must be between 1900 and 2030' } },
      general: ['You can add at most 5 photos', 'Something else'],
    });
  });
});

describe('who sees the form', () => {
  it('asks signed-out visitors to sign in', () => {
    expect(sellAccess(null, false, 'unknown')).toBe('signed-out');
  });

  it('waits while the user or the seller record loads', () => {
    expect(sellAccess(null, true, 'loading')).toBe('loading');
    expect(sellAccess({ role: 'seller' }, false, 'loading')).toBe('loading');
  });

  it('sends buyers and users without an approved seller record to the seller application', () => {
    expect(sellAccess({ role: 'buyer' }, false, 'unknown')).toBe('not-seller');
    expect(sellAccess({ role: 'buyer' }, false, 'missing')).toBe('not-seller');
    expect(sellAccess({ role: 'seller' }, false, 'missing')).toBe('not-seller');
  });

  it('tells applicants whose application is pending that it is in review', () => {
    expect(sellAccess({ role: 'buyer' }, false, 'pending')).toBe('seller-pending');
  });

  it('shows the form to approved sellers and to admins, and lets the role decide when the lookup cannot tell', () => {
    expect(sellAccess({ role: 'seller' }, false, 'approved')).toBe('allowed');
    expect(sellAccess({ role: 'buyer' }, false, 'approved')).toBe('allowed');
    expect(sellAccess({ role: 'admin' }, false, 'missing')).toBe('allowed');
    expect(sellAccess({ role: 'seller' }, false, 'unknown')).toBe('allowed');
  });
});

describe('reading the seller record', () => {
  it('knows approved and pending records and treats any other status as no seller account', () => {
    expect(lookupOfStatus('approved')).toBe('approved');
    expect(lookupOfStatus('pending')).toBe('pending');
    expect(lookupOfStatus('rejected')).toBe('missing');
    expect(lookupOfStatus(undefined)).toBe('missing');
  });
});

describe('the edit form, filled from a listing', () => {
  const listing = {
    title: 'Bosch distributor',
    category: 'electrical',
    condition: 'rebuilt',
    make: 'porsche',
    model: null,
    yearStart: 1972,
    yearEnd: null,
    partNumber: '0231170234',
    price: '650.00',
    location: 'Stuttgart',
    description: 'Rebuilt.',
    images: [
      { url: '/api/uploads/files/aa.jpg', thumbnailUrl: '/api/uploads/files/aa-thumb.jpg', altText: 'Side', isPrimary: false },
      { url: 'https://img.example.com/b.jpg', altText: 'Top', isPrimary: true },
    ],
    vehicleCompatibility: [
      { id: 'f1', make: 'Porsche', model: '911 T', yearStart: 1972, yearEnd: 1973, engine: '2.4', transmission: null, notes: null },
    ],
  } as unknown as PartDto;

  it('fills every field, photo and vehicle entry, and sends back what it was given', () => {
    const filled = sellFormFromPart(listing);
    expect(filled.form).toMatchObject({ model: '', yearStart: '1972', yearEnd: '', price: '650.00', condition: 'rebuilt' });
    expect(filled.photos.map((p) => [p.url, p.altText, p.isPrimary, p.status])).toEqual([
      ['/api/uploads/files/aa.jpg', 'Side', false, 'uploaded'],
      ['https://img.example.com/b.jpg', 'Top', true, 'uploaded'],
    ]);
    expect(photoProblem(filled.photos)).toBeNull();
    const payload = toPartPayload({ ...filled.form, price: '599' }, filled.photos, filled.fitments);
    expect(payload).toMatchObject({ price: '599', model: null, yearStart: 1972, partNumber: '0231170234' });
    expect(payload.vehicleCompatibility).toEqual([
      { make: 'Porsche', model: '911 T', yearStart: 1972, yearEnd: 1973, engine: '2.4', transmission: null, notes: null },
    ]);
  });

  it('says when a live listing went back to review', () => {
    expect(editSavedMessage({ isApproved: true }, { isApproved: false })).toBe(SELL_MESSAGES.savedForReview);
    expect(editSavedMessage({ isApproved: true }, { isApproved: true })).toBe(SELL_MESSAGES.saved);
    expect(editSavedMessage({ isApproved: false }, { isApproved: false })).toBe(SELL_MESSAGES.saved);
  });

  it("keeps the spec's \"added to the marketplace\" toast for a listing that went live, and says when it awaits review", () => {
    expect(listedMessage({ isApproved: true })).toEqual({ title: 'Part listed successfully!', description: 'Your part has been added to the marketplace.' });
    expect(listedMessage({ isApproved: false })).toBe(SELL_MESSAGES.submittedForReview);
    expect(SELL_MESSAGES.submittedForReview.description).not.toMatch(/added to the marketplace/);
  });
});
