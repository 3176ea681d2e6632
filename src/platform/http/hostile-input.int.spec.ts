import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { validRegistration } from '../../../test/accounts.fixtures.js';
import { auctionForm, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { validSellerApplication } from '../../../test/sellers.fixtures.js';
import { modules } from '../../modules.js';

// Issue 25, "Bad input answered with 500": each class of bad input is a 400 with the API's error shape.

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  for (const module of modules) await module.seed?.(t.rt.container); // reference data, as `pitlane seed` makes it
  admin = await quickUser(t, 'hostile_admin', 'admin');
  buyer = await quickUser(t, 'hostile_buyer');
});
afterAll(async () => t?.close());

const NUL = 'a\u0000b';

/** The 400 of a validation failure that names `field`. */
function expectFieldError(res: { status: number; body: Record<string, unknown> }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('validation_failed');
  expect(typeof res.body.message).toBe('string');
  expect(Object.keys((res.body.errors ?? {}) as object)).toContain(field);
}

describe('NUL characters', () => {
  it('refuses one in a JSON string field of a registration, naming the field', async () => {
    const res = await t.agent().post('/api/users').send(validRegistration({ username: 'nul_reg', email: 'nul_reg@example.com', firstName: NUL }));
    expectFieldError(res, 'firstName');
    expect(res.body.errors.firstName).toMatch(/NUL/);
    expect(await t.sql("select 1 from users where username = 'nul_reg'")).toEqual([]);
  });

  it('refuses one in a sign-in name', async () => {
    expectFieldError(await t.agent().post('/api/auth/login').send({ username: NUL, password: 'whatever it is' }), 'username');
  });

  it('names the path of a nested field', async () => {
    const res = await admin.agent.post('/api/parts').send({
      title: 'Nested NUL test part',
      description: 'A part whose fitment carries a NUL.',
      price: 10,
      category: 'intake',
      make: 'ford',
      condition: 'used',
      location: 'Detroit',
      images: [{ url: 'https://img.example.com/a.jpg', altText: 'The part' }],
      vehicleCompatibility: [{ make: 'Ford', model: 'Escort' }, { make: 'Ford', model: `Capri ${NUL}` }],
    });
    expectFieldError(res, 'vehicleCompatibility.1.model');
  });

  it('refuses one in a seller application and an auction form', async () => {
    expectFieldError(await buyer.agent.post('/api/sellers').send(validSellerApplication({ description: NUL })), 'description');
    const partId = await partOf(admin, { title: 'NUL auction host part' });
    expectFieldError(await admin.agent.post('/api/auctions').send(auctionForm(t, partId, { title: NUL })), 'title');
  });

  it('refuses one in a body the route reads without a schema (auction settings)', async () => {
    const res = await admin.agent.put('/api/admin/settings/bidder').send({ allowedCountries: ['US', NUL] });
    expectFieldError(res, 'allowedCountries.1');
  });

  it('refuses one in an object key', async () => {
    const res = await admin.agent.put('/api/admin/settings/bidder').send({ [NUL]: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('refuses one in a query parameter', async () => {
    expectFieldError(await t.agent().get('/api/parts').query({ q: NUL }), 'q');
    expectFieldError(await t.agent().get('/api/parts').query({ make: NUL }), 'make');
    expectFieldError(await admin.agent.get('/api/users').query({ q: NUL }), 'q');
  });

  it('refuses one in a path parameter', async () => {
    expectFieldError(await t.agent().get('/api/storefronts/slug/a%00b'), 'slug');
    expectFieldError(await t.agent().get('/api/parts/a%00b'), 'id');
  });

  it('refuses one inside a console filter', async () => {
    const res = await admin.agent.get('/api/admin/users').query({ filter: JSON.stringify({ q: NUL }) });
    expectFieldError(res, 'q');
  });
});

describe('console filters', () => {
  const bad: [resource: string, filter: unknown, field: string][] = [
    ['users', { id: 'not-a-uuid' }, 'id'],
    ['users', { id: ['5e0c6d5c-7d1f-4f53-9b7e-0b5d8b0f6a11', 'junk', 7] }, 'id.1'],
    ['users', { role: 'emperor' }, 'role'],
    ['users', { q: 5 }, 'q'],
    ['users', { q: 'x'.repeat(5000) }, 'q'],
    ['mail-outbox', { id: 'not-a-uuid' }, 'id'],
    ['mail-outbox', { q: 5 }, 'q'],
    ['mail-outbox', { q: 'x'.repeat(5000) }, 'q'],
    ['mail-outbox', { to: ['a@example.com'] }, 'to'],
    ['parts', { id: ['junk'] }, 'id.0'],
    ['parts', { isActive: 'maybe' }, 'isActive'],
    ['sellers', { id: 'junk' }, 'id'],
    ['sellers', { status: 'sideways' }, 'status'],
    ['seller-analytics', { id: 'junk' }, 'id'],
    ['badges', { id: [{}] }, 'id.0'],
    ['badges', { rarity: 'mythic' }, 'rarity'],
  ];
  it.each(bad.map(([resource, filter, field]) => [resource, JSON.stringify(filter).slice(0, 60), field, filter] as const))(
    'refuses the %s filter %s with a 400 naming %s',
    async (resource, _label, field, filter) => {
      expectFieldError(await admin.agent.get(`/api/admin/${resource}`).query({ filter: JSON.stringify(filter) }), field);
    },
  );

  it('refuses a filter that is not an object', async () => {
    expectFieldError(await admin.agent.get('/api/admin/users').query({ filter: '[1,2]' }), 'filter');
    expectFieldError(await admin.agent.get('/api/admin/users').query({ filter: '{"q":' }), 'filter');
  });

  it('still reads good filters, ids included', async () => {
    const ok = await admin.agent.get('/api/admin/users').query({ filter: JSON.stringify({ id: [admin.id, buyer.id], q: 'hostile' }) }).expect(200);
    expect(ok.body.map((u: { id: string }) => u.id).sort()).toEqual([admin.id, buyer.id].sort());
    const one = await admin.agent.get('/api/admin/users').query({ filter: JSON.stringify({ id: buyer.id }) }).expect(200);
    expect(one.body.map((u: { id: string }) => u.id)).toEqual([buyer.id]);
    await admin.agent.get('/api/admin/mail-outbox').query({ filter: JSON.stringify({ q: 'verify', to: 'example.com' }) }).expect(200);
    await admin.agent.get('/api/admin/badges').query({ filter: JSON.stringify({ isActive: 'true', rarity: 'common' }) }).expect(200);
  });
});

describe('malformed bodies', () => {
  const boundary = 'XhostileBoundaryX';
  it('answers an upload without a multipart boundary with a 400', async () => {
    const res = await admin.agent.post('/api/uploads').set('Content-Type', 'multipart/form-data').send('--x\r\n\r\nnothing');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('malformed_body');
    expect(res.body.message).toMatch(/multipart/i);
  });

  it('answers a truncated multipart form with a 400', async () => {
    const truncated =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n` +
      '\xff\xd8\xff\xe0 and then the connection ends';
    const res = await admin.agent.post('/api/uploads').set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(truncated);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('malformed_body');
  });

  it('answers a malformed part header with a 400', async () => {
    const res = await admin.agent
      .post('/api/uploads')
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(`--${boundary}\r\nnot a header line\r\n\r\nx\r\n--${boundary}--\r\n`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });

  it('answers malformed JSON with a 400 in the API shape', async () => {
    for (const text of ['{"title":', '{"a":1}}', 'nul\u0000l', '"just a string"', '{"a":1e5000x}']) {
      const res = await admin.agent.post('/api/parts').set('Content-Type', 'application/json').send(text);
      expect(res.status, text).toBe(400);
      expect(res.body.code, text).toBe('malformed_body');
      expect(res.body.message).toMatch(/JSON/);
    }
  });

  it('answers a JSON body in an unknown charset with a 4xx in the API shape', async () => {
    const res = await admin.agent.post('/api/parts').set('Content-Type', 'application/json; charset=klingon').send('{}');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_charset');
  });
});

describe('numbers', () => {
  it('accepts numbers and numeric strings but not booleans, lists or objects', async () => {
    const badge = (overrides: Record<string, unknown>) => ({
      name: `Number badge ${Math.random()}`,
      description: 'A badge for the number tests.',
      icon: '🔢',
      category: 'sales',
      type: 'seller',
      rarity: 'common',
      pointsAwarded: 10,
      requirement: { minSales: 1 },
      isActive: true,
      sortOrder: 1,
      ...overrides,
    });
    await admin.agent.post('/api/admin/badges').send(badge({ pointsAwarded: '25', sortOrder: 3 })).expect(201);
    expectFieldError(await admin.agent.post('/api/admin/badges').send(badge({ pointsAwarded: true })), 'pointsAwarded');
    expectFieldError(await admin.agent.post('/api/admin/badges').send(badge({ sortOrder: [5] })), 'sortOrder');
    expectFieldError(await admin.agent.post('/api/admin/badges').send(badge({ sortOrder: {} })), 'sortOrder');
    expectFieldError(await admin.agent.post('/api/admin/badges').send(badge({ sortOrder: '' })), 'sortOrder');
  });

  it('refuses a boolean or a list for a numeric setting', async () => {
    expectFieldError(await admin.agent.put('/api/admin/settings/auction').send({ maxExtensions: true }), 'maxExtensions');
    expectFieldError(await admin.agent.put('/api/admin/settings/auction').send({ autoExtendTime: [60] }), 'autoExtendTime');
    const ok = await admin.agent.put('/api/admin/settings/auction').send({ maxExtensions: '4' }).expect(200);
    expect(JSON.stringify(ok.body)).toMatch(/"maxExtensions":4/);
  });

  it('refuses a boolean for a count in an auction form, and a list for a page size', async () => {
    const partId = await partOf(admin, { title: 'Number test part' });
    expectFieldError(await admin.agent.post('/api/auctions').send(auctionForm(t, partId, { maxExtensions: true })), 'maxExtensions');
    expectFieldError(await admin.agent.post('/api/auctions').send(auctionForm(t, partId, { relistPriceReduction: [5] })), 'relistPriceReduction');
    expectFieldError(await t.agent().get('/api/parts?limit=5&limit=6'), 'limit');
    expectFieldError(await t.agent().get('/api/auctions?offset=0x10'), 'offset');
    await t.agent().get('/api/auctions?limit=5&offset=0').expect(200);
  });
});

// Issue 31 part 3: text that is not well-formed Unicode, overlong input and direction controls.
const LONE = 'a\ud800b';
const LONE_LOW = '\udc00';
const RLO = 'Weber \u202Egpj.exe\u202C carburettor';

const address = (overrides: Record<string, unknown> = {}) => ({
  name: 'Alice Racer', line1: '1 Main St', city: 'Detroit', postalCode: '48226', country: 'US', ...overrides,
});

describe('lone surrogates', () => {
  it('refuses one in a registration, so no verification mail is ever queued for it', async () => {
    const res = await t.agent().post('/api/users').send(validRegistration({ username: 'lone_reg', email: 'lone_reg@example.com', firstName: LONE }));
    expectFieldError(res, 'firstName');
    expect(res.body.errors.firstName).toMatch(/well-formed/);
    expect(await t.sql("select 1 from users where username = 'lone_reg'")).toEqual([]);
  });

  it('refuses one in a checkout shipping address and in photo alt texts', async () => {
    const checkout = await buyer.agent.post(`/api/orders/${crypto.randomUUID()}/checkout`).send({ shippingAddress: address({ line2: LONE_LOW }) });
    expectFieldError(checkout, 'shippingAddress.line2');
    const res = await admin.agent.post('/api/parts').send({
      title: 'Lone surrogate alt text part', description: 'A part whose photo alt text is broken.', price: 10,
      category: 'intake', make: 'ford', condition: 'used', location: 'Detroit',
      images: [{ url: 'https://img.example.com/a.jpg', altText: `The part ${LONE}` }],
    });
    expectFieldError(res, 'images.0.altText');
  });

  it('refuses one in the reasons admins give: reject, unpublish, suspend, seller rejection', async () => {
    const partId = await partOf(admin, { title: 'Lone surrogate reasons part' });
    expectFieldError(await admin.agent.patch(`/api/parts/${partId}/reject`).send({ reason: LONE }), 'reason');
    expectFieldError(await admin.agent.post(`/api/admin/parts/${partId}/unpublish`).send({ reason: LONE }), 'reason');
    expectFieldError(await admin.agent.post(`/api/admin/users/${buyer.id}/suspend`).send({ reason: LONE }), 'reason');
    const rejected = await admin.agent.put(`/api/admin/sellers/${crypto.randomUUID()}`).send({ status: 'rejected', rejectionReason: LONE });
    expectFieldError(rejected, 'rejectionReason');
  });

  it('refuses one in the bidder settings blocked list and in Contact Us', async () => {
    expectFieldError(await admin.agent.put('/api/admin/settings/bidder').send({ blockedBidders: ['fine', LONE] }), 'blockedBidders.1');
    const contact = await t.agent().post('/api/contact-requests').send({
      name: LONE, email: 'lone@example.com', topic: 'general', subject: 'Hello', message: 'A message long enough to send.',
    });
    expectFieldError(contact, 'name');
    expect(await t.sql("select 1 from contact_requests where email = 'lone@example.com'")).toEqual([]);
  });

  it('refuses one in an object key and inside a console filter', async () => {
    const key = await admin.agent.put('/api/admin/settings/bidder').send({ [LONE]: 1 });
    expect(key.status).toBe(400);
    expect(Object.keys(key.body.errors)).toEqual(['a\\ud800b']);
    expectFieldError(await admin.agent.get('/api/admin/users').query({ filter: '{"q":"\\ud800"}' }), 'q');
  });

  it('accepts characters outside the BMP (a well-formed surrogate pair)', async () => {
    const res = await t.agent().post('/api/users').send(validRegistration({ username: 'emoji_reg', email: 'emoji_reg@example.com', firstName: 'Zoë 🏁' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await t.sql("select first_name from users where username = 'emoji_reg'")).toEqual([{ first_name: 'Zoë 🏁' }]);
  });
});

describe('overlong input', () => {
  it('refuses a JSON body that is not UTF-8 (an overlong encoding of "/")', async () => {
    const body = Buffer.concat([Buffer.from('{"title":"a'), Buffer.from([0xc0, 0xaf]), Buffer.from('b"}')]);
    // serialize: superagent would otherwise send the Buffer as JSON of its own.
    const res = await admin.agent.post('/api/parts').set('Content-Type', 'application/json').serialize((b: Buffer) => b as unknown as string).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('malformed_body');
    expect(res.body.message).toMatch(/UTF-8/);
  });

  it('refuses overlong text in nested fields, naming them', async () => {
    const huge = 'x'.repeat(100_000);
    expectFieldError(await buyer.agent.post(`/api/orders/${crypto.randomUUID()}/checkout`).send({ shippingAddress: address({ name: huge }) }), 'shippingAddress.name');
    expectFieldError(await admin.agent.put('/api/admin/settings/bidder').send({ blockedBidders: ['fine', huge] }), 'blockedBidders.1');
    const partId = await partOf(admin, { title: 'Overlong reasons part' });
    expectFieldError(await admin.agent.post(`/api/admin/parts/${partId}/unpublish`).send({ reason: huge }), 'reason');
  });
});

describe('direction controls (bidi overrides and isolates)', () => {
  it('refuses them in names and titles, naming the field', async () => {
    expectFieldError(await t.agent().post('/api/users').send(validRegistration({ username: 'bidi_reg', email: 'bidi_reg@example.com', lastName: 'Racer\u2067' })), 'lastName');
    const part = await admin.agent.post('/api/parts').send({
      title: RLO, description: 'Plain description.', price: 10, category: 'intake', make: 'ford', condition: 'used', location: 'Detroit',
      images: [{ url: 'https://img.example.com/a.jpg', altText: 'The part' }],
    });
    expectFieldError(part, 'title');
    expect(part.body.errors.title).toMatch(/direction/);
    const partId = await partOf(admin, { title: 'Bidi auction host part' });
    expectFieldError(await admin.agent.post('/api/auctions').send(auctionForm(t, partId, { title: RLO })), 'title');
    expectFieldError(await buyer.agent.post('/api/sellers').send(validSellerApplication({ businessName: 'Joe\u202D Garage' })), 'businessName');
  });

  it('keeps right-to-left text and direction controls in free text', async () => {
    const partId = await partOf(admin, { title: 'מצתים NGK לפורד', description: `Fits the Capri. ${RLO}. العربية \u2067isolated\u2069.` });
    const res = await t.agent().get(`/api/parts/${partId}`).expect(200);
    expect(res.body.title).toBe('מצתים NGK לפורד');
    expect(res.body.description).toContain('\u202Egpj.exe\u202C');
  });
});
