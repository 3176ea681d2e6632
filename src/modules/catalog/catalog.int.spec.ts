import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { seedCatalog } from './catalog.seed.js';
import { SEED_CATEGORIES } from './catalog.seed-data.js';
import { NOT_A_SELLER_MESSAGE } from './part-listing.service.js';
import { approveSeller, sellerApprover } from '../../../test/sellers.fixtures.js';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let seller: { agent: Agent; id: string };
let rival: { agent: Agent; id: string; sellerId: string };
let buyer: { agent: Agent; id: string };
let admin: { agent: Agent; id: string };

async function signedInSeller(username: string) {
  const user = await signedInBuyer(t, { username, email: `${username}@example.com` });
  const sellerId = await approveSeller(t, user.agent, { application: { businessName: `${username} parts` } });
  return { ...user, sellerId };
}

const photo = (n = 1) => ({ url: `https://img.example.com/p${n}.jpg`, altText: `Photo ${n} of the part` });

const validPart = (overrides: Record<string, unknown> = {}) => ({
  title: 'Holley 750 CFM Double Pumper Carburetor',
  description: 'Rebuilt Holley 4150 double pumper, bench tested, mechanical secondaries.',
  price: 549.5,
  category: 'intake',
  make: 'ford',
  model: 'Mustang',
  yearStart: 1965,
  yearEnd: 1970,
  partNumber: '0-4779C',
  condition: 'rebuilt',
  location: 'Detroit, MI',
  images: [photo(1), { ...photo(2), isPrimary: true }],
  vehicleCompatibility: [
    { make: 'Ford', model: 'Mustang', yearStart: 1965, yearEnd: 1970, engine: '289 V8', transmission: 'Toploader', notes: '' },
    { make: 'Ford', model: '', yearStart: 2000, yearEnd: 2000 },
    { make: '', model: 'Cougar' },
  ],
  ...overrides,
});

async function listPart(agent: Agent, overrides: Record<string, unknown> = {}) {
  const res = await agent.post('/api/parts').send(validPart(overrides)).expect(201);
  return res.body as { id: string; [key: string]: unknown };
}

async function outbox(to: string) {
  await t.drain();
  return t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 order by created_at', [to]);
}

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  seller = await signedInSeller('sally_seller');
  rival = await signedInSeller('rick_rival');
  buyer = await signedInBuyer(t, { username: 'bob_buyer', email: 'bob@example.com' });
  admin = await signedInAdmin(t);
});
afterAll(async () => t?.close());

describe('categories and makes', () => {
  it('lists the twenty seeded categories with names and icon keywords', async () => {
    const res = await t.agent().get('/api/categories').expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(20);
    expect(res.headers['x-total-count']).toBe('20');
    expect(res.body.map((c: { slug: string }) => c.slug).sort()).toEqual(SEED_CATEGORIES.map((c) => c.slug).sort());
    expect(res.body.find((c: { slug: string }) => c.slug === 'brakes')).toMatchObject({
      id: expect.any(String),
      name: 'Brakes',
      icon: 'disc',
      parentId: null,
    });
  });

  it('lists at least fifty makes with slugs', async () => {
    const res = await t.agent().get('/api/makes').expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(50);
    expect(res.headers['x-total-count']).toBe(String(res.body.length));
    expect(res.body).toContainEqual({ id: expect.any(String), name: 'Porsche', slug: 'porsche', logo: null });
    expect(res.body).toContainEqual(expect.objectContaining({ name: 'Alfa Romeo', slug: 'alfa-romeo' }));
  });

  it('changes nothing when the seed runs again', async () => {
    const before = await t.sql('select id, name, slug, icon from categories order by slug');
    const lines = await seedCatalog(t.rt.container);
    expect(lines).toEqual([
      'categories: 0 added, 0 updated, 20 unchanged',
      expect.stringMatching(/^makes: 0 added, 0 updated, \d+ unchanged$/),
    ]);
    expect(await t.sql('select id, name, slug, icon from categories order by slug')).toEqual(before);
  });
});

describe('listing a part', () => {
  it('refuses visitors (401) and users without a seller account (403)', async () => {
    await t.agent().post('/api/parts').send(validPart()).expect(401);
    const res = await buyer.agent.post('/api/parts').send(validPart()).expect(403);
    expect(res.body.message).toBe(NOT_A_SELLER_MESSAGE);
  });

  it('creates a pending listing for the signed-in seller, ignoring seller and approval fields in the body', async () => {
    const res = await seller.agent
      .post('/api/parts')
      .send(validPart({ sellerId: rival.id, isApproved: true, isFeatured: true, approvedBy: admin.id }))
      .expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      title: 'Holley 750 CFM Double Pumper Carburetor',
      price: '549.50',
      originalPrice: null,
      condition: 'rebuilt',
      category: 'intake',
      categoryName: 'Intake & Fuel',
      make: 'ford',
      makeName: 'Ford',
      model: 'Mustang',
      yearStart: 1965,
      yearEnd: 1970,
      partNumber: '0-4779C',
      location: 'Detroit, MI',
      sellerId: seller.id,
      sellerName: 'sally_seller parts',
      isVerified: false,
      isFeatured: false,
      isActive: true,
      isApproved: false,
      approvedBy: null,
      approvedAt: null,
      rejectionReason: null,
    });
    // Exactly one primary photo: the one marked.
    expect(res.body.images).toEqual([
      { url: 'https://img.example.com/p1.jpg', altText: 'Photo 1 of the part', isPrimary: false },
      { url: 'https://img.example.com/p2.jpg', altText: 'Photo 2 of the part', isPrimary: true },
    ]);
    // The entries without a make or a model were dropped.
    expect(res.body.vehicleCompatibility).toEqual([
      {
        id: expect.any(String),
        make: 'Ford',
        model: 'Mustang',
        yearStart: 1965,
        yearEnd: 1970,
        engine: '289 V8',
        transmission: 'Toploader',
        notes: null,
      },
    ]);
    const [row] = await t.sql('select price::text as price, is_approved, seller_id from parts where id = $1', [res.body.id]);
    expect(row).toEqual({ price: '549.50', is_approved: false, seller_id: seller.id });
  });

  it('reads the vehicle entries back in order, field by field, on the part page and in search results', async () => {
    const entries = [
      { make: 'Ford', model: 'Mustang', yearStart: 1965, yearEnd: 1970, engine: '289 V8', transmission: 'Toploader', notes: 'Early bellhousing' },
      { make: 'Mercury', model: 'Cougar', yearStart: 1967, yearEnd: null, engine: null, transmission: null, notes: null },
    ];
    const created = await listPart(seller.agent, { title: 'Fitment Readback Bellhousing', vehicleCompatibility: entries });
    const expected = entries.map((e) => ({ ...e, id: expect.any(String) }));
    expect(created.vehicleCompatibility).toEqual(expected);
    const page = (await seller.agent.get(`/api/parts/${created.id}`).expect(200)).body as { vehicleCompatibility: unknown[] };
    expect(page.vehicleCompatibility).toEqual(created.vehicleCompatibility);
    const found = (await seller.agent.get('/api/parts').query({ sellerId: seller.id, q: 'fitment readback bellhousing' }).expect(200))
      .body as { id: string; vehicleCompatibility: unknown[] }[];
    expect(found.find((p) => p.id === created.id)?.vehicleCompatibility).toEqual(created.vehicleCompatibility);
  });

  it('accepts the price as a string and makes the first photo primary when none is marked', async () => {
    const part = await listPart(seller.agent, { price: '19.9', originalPrice: '25', images: [photo(1), photo(2)] });
    expect(part.price).toBe('19.90');
    expect(part.originalPrice).toBe('25.00');
    expect((part.images as { isPrimary: boolean }[]).map((i) => i.isPrimary)).toEqual([true, false]);
  });

  it('names every missing required field with its message', async () => {
    const res = await seller.agent.post('/api/parts').send({}).expect(400);
    expect(res.body.errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      price: 'Price is required',
      category: 'Category is required',
      make: 'Make is required',
      condition: 'Condition is required',
      location: 'Location is required',
      images: 'Please add at least one photo for your listing.',
    });
    const blank = await seller.agent.post('/api/parts').send(validPart({ title: '   ', images: [] })).expect(400);
    expect(blank.body.errors).toEqual({
      title: 'Title is required',
      images: 'Please add at least one photo for your listing.',
    });
    expect(blank.body.message).toBe('Title is required');
  });

  it.each([
    [{ condition: 'mint' }, 'condition', 'Condition must be one of new-in-box, new-out-of-box, used-excellent, used-good, used-poor, rebuilt, for-parts'],
    [{ images: [{ url: 'https://img.example.com/a.jpg', altText: '  ' }] }, 'images.0.altText', 'Alt text is required for accessibility'],
    [{ images: [{ url: 'https://img.example.com/a.jpg' }] }, 'images.0.altText', 'Alt text is required for accessibility'],
    [{ images: [1, 2, 3, 4, 5, 6].map(photo) }, 'images', 'You can add at most 5 photos'],
    [{ images: [{ url: 'javascript:alert(1)', altText: 'x' }] }, 'images.0.url', 'Each photo must be an uploaded photo or an http(s) address'],
    [{ yearStart: 1899 }, 'yearStart', 'Year must be between 1900 and 2030'],
    [{ yearEnd: 2031 }, 'yearEnd', 'Year must be between 1900 and 2030'],
    [{ yearStart: 1980, yearEnd: 1970 }, 'yearEnd', 'The first year must not be after the last year'],
    [{ price: 0 }, 'price', 'Price must be greater than 0'],
    [{ price: -5 }, 'price', 'Price must be greater than 0'],
    [{ price: 12.345 }, 'price', 'Price can have at most 2 decimal places'],
    [{ price: '12.3.4' }, 'price', 'Price must be a number'],
    [{ price: 100_000_000 }, 'price', 'Price must be at most 99,999,999.99'],
    [{ category: 'spaceships' }, 'category', 'Please choose a category from the list'],
    [{ make: 'yugo-deluxe' }, 'make', 'Please choose a make from the list'],
    [{ vehicleCompatibility: [{ make: 'Ford', model: 'Falcon', yearStart: 1850 }] }, 'vehicleCompatibility.0.yearStart', 'Year must be between 1900 and 2030'],
  ])('rejects %j with the message for %s', async (override, field, message) => {
    const res = await seller.agent.post('/api/parts').send(validPart(override)).expect(400);
    expect(res.body.errors[field]).toBe(message);
  });
});

describe('who sees which listing', () => {
  it('hides a pending listing from the public but shows it to its seller and to admins', async () => {
    const part = await listPart(seller.agent, { title: 'Secret pending listing' });
    await t.agent().get(`/api/parts/${part.id}`).expect(404);
    const notFound = await buyer.agent.get(`/api/parts/${part.id}`).expect(404);
    expect(notFound.body).toEqual({ message: 'Part not found', code: 'not_found' });
    await seller.agent.get(`/api/parts/${part.id}`).expect(200);
    await admin.agent.get(`/api/parts/${part.id}`).expect(200);

    const ids = (res: { body: { id: string }[] }) => res.body.map((p) => p.id);
    const browse = await t.agent().get('/api/parts').expect(200);
    expect(Array.isArray(browse.body)).toBe(true);
    expect(Number(browse.headers['x-total-count'])).toBeGreaterThanOrEqual(browse.body.length);
    expect(ids(browse)).not.toContain(part.id);
    expect(ids(await buyer.agent.get('/api/parts').query({ sellerId: seller.id }).expect(200))).not.toContain(part.id);
    expect(ids(await seller.agent.get('/api/parts').query({ sellerId: seller.id }).expect(200))).toContain(part.id);
    expect(ids(await admin.agent.get('/api/parts').query({ limit: 100 }).expect(200))).toContain(part.id);
  });

  it('answers unknown ids with a JSON 404 and malformed ids with a 400', async () => {
    await t.agent().get('/api/parts/00000000-0000-4000-8000-000000000000').expect(404);
    const bad = await t.agent().get('/api/parts/part-1').expect(400);
    expect(bad.body.errors.id).toBe('Not a valid part id');
  });
});

describe('reviewing listings', () => {
  it('keeps the review queue and decisions to admins', async () => {
    const part = await listPart(seller.agent);
    await t.agent().get('/api/parts/pending').expect(401);
    await buyer.agent.get('/api/parts/pending').expect(403);
    await buyer.agent.patch(`/api/parts/${part.id}/approve`).send({ approvedBy: buyer.id }).expect(403);
    await seller.agent.patch(`/api/parts/${part.id}/approve`).send({}).expect(403);
    await seller.agent.patch(`/api/parts/${part.id}/reject`).send({ rejectionReason: 'no' }).expect(403);
    const queue = await admin.agent.get('/api/parts/pending').expect(200);
    expect(Array.isArray(queue.body)).toBe(true);
    expect(queue.body.map((p: { id: string }) => p.id)).toContain(part.id);
    expect(Number(queue.headers['x-total-count'])).toBe(queue.body.length);
    const first = await admin.agent.get('/api/parts/pending').query({ limit: 1 }).expect(200);
    expect(first.body).toHaveLength(1);
    expect(first.headers['x-total-count']).toBe(queue.headers['x-total-count']);
  });

  it('approves as the signed-in admin whatever the body says, and emails the seller', async () => {
    const part = await listPart(seller.agent, { title: 'Approve me: Shelby valve covers' });
    // A forged approver (the seller's own id) in the body is ignored: the approver is the signed-in admin.
    const res = await admin.agent.patch(`/api/parts/${part.id}/approve`).send({ approvedBy: seller.id }).expect(200);
    expect(res.body).toMatchObject({ isApproved: true, approvedBy: admin.id, approvedAt: expect.any(String), rejectionReason: null });
    const { fitmentEvidence, ...page } = (await t.agent().get(`/api/parts/${part.id}`).expect(200)).body as {
      id: string;
      vehicleCompatibility: unknown[];
      fitmentEvidence: unknown[];
    };
    expect(page.vehicleCompatibility).toHaveLength(1);
    expect(fitmentEvidence).toEqual([]);
    // Search results carry the same part as its page (but for the page's fitment evidence): a text search (one
    // statement), a filtered one (the parts read apart) and the newest-first list.
    for (const query of [{ q: 'shelby valve covers' }, { q: 'shelby valve covers', make: 'ford' }, { category: 'intake', sort: 'newest' }]) {
      const found = (await t.agent().get('/api/parts').query(query).expect(200)).body as { id: string }[];
      expect(found.find((p) => p.id === part.id), JSON.stringify(query)).toEqual(page);
    }
    const queue = await admin.agent.get('/api/parts/pending').expect(200);
    expect(queue.body.map((p: { id: string }) => p.id)).not.toContain(part.id);
    const mails = await outbox('sally_seller@example.com');
    expect(mails.some((m) => m.subject === 'Your listing "Approve me: Shelby valve covers" is live on Pitlane')).toBe(true);
  });

  it('rejects only with a reason, emails the seller the reason, and an edit sends the listing back to review', async () => {
    const part = await listPart(seller.agent, { title: 'Reject me: replica badge' });
    const blank = await admin.agent.patch(`/api/parts/${part.id}/reject`).send({ rejectionReason: '  ' }).expect(400);
    expect(blank.body.errors.rejectionReason).toBe('Please give a reason for the rejection');
    await admin.agent.patch(`/api/parts/${part.id}/reject`).send({}).expect(400);

    const res = await admin.agent
      .patch(`/api/parts/${part.id}/reject`)
      .send({ rejectionReason: 'Reproduction parts must say so in the title.' })
      .expect(200);
    expect(res.body).toMatchObject({ isApproved: false, rejectionReason: 'Reproduction parts must say so in the title.' });
    const mails = await outbox('sally_seller@example.com');
    const mail = mails.find((m) => m.subject === 'Your listing "Reject me: replica badge" was not approved');
    expect(mail?.text).toContain('Reproduction parts must say so in the title.');
    await t.agent().get(`/api/parts/${part.id}`).expect(404);
    const own = await seller.agent.get('/api/parts').query({ sellerId: seller.id, limit: 100 }).expect(200);
    expect(own.body.find((p: { id: string }) => p.id === part.id)?.rejectionReason).toBe(
      'Reproduction parts must say so in the title.',
    );

    const edited = await seller.agent.patch(`/api/parts/${part.id}`).send({ title: 'Reproduction badge (replica)' }).expect(200);
    expect(edited.body).toMatchObject({ title: 'Reproduction badge (replica)', isApproved: false, rejectionReason: null });
    const queue = await admin.agent.get('/api/parts/pending').expect(200);
    expect(queue.body.map((p: { id: string }) => p.id)).toContain(part.id);
  });

  it('approves at once when the seller does not need listing approval', async () => {
    const approver = await sellerApprover(t);
    await approver.agent
      .patch(`/api/sellers/${rival.sellerId}/listing-approval`)
      .send({ requiresListingApproval: false })
      .expect(200);
    try {
      const dto = await listPart(rival.agent, { title: 'Trusted seller: Edelbrock intake' });
      expect(dto).toMatchObject({ isApproved: true, approvedBy: null, approvedAt: expect.any(String) });
      await t.agent().get(`/api/parts/${dto.id}`).expect(200);
    } finally {
      await approver.agent
        .patch(`/api/sellers/${rival.sellerId}/listing-approval`)
        .send({ requiresListingApproval: true })
        .expect(200);
    }
  });
});

describe('changing and withdrawing a listing', () => {
  it('lets only the owner edit or withdraw', async () => {
    const part = await listPart(seller.agent);
    await admin.agent.patch(`/api/parts/${part.id}/approve`).send({}).expect(200);
    await t.agent().patch(`/api/parts/${part.id}`).send({ price: 1 }).expect(401);
    const res = await rival.agent.patch(`/api/parts/${part.id}`).send({ price: 1 }).expect(403);
    expect(res.body.message).toBe('You can only change your own listings.');
    await buyer.agent.patch(`/api/parts/${part.id}`).send({ price: 1 }).expect(403);
    await rival.agent.delete(`/api/parts/${part.id}`).expect(403);
    const [row] = await t.sql('select price::text as price, is_active from parts where id = $1', [part.id]);
    expect(row).toEqual({ price: '549.50', is_active: true });
  });

  it('keeps an approved listing live on a price change but sends it back to review when the title changes', async () => {
    const part = await listPart(seller.agent);
    await admin.agent.patch(`/api/parts/${part.id}/approve`).send({}).expect(200);
    const cheaper = await seller.agent.patch(`/api/parts/${part.id}`).send({ price: '499.99' }).expect(200);
    expect(cheaper.body).toMatchObject({ price: '499.99', isApproved: true });
    const bad = await seller.agent.patch(`/api/parts/${part.id}`).send({ price: 0, images: [] }).expect(400);
    expect(bad.body.errors).toEqual({ price: 'Price must be greater than 0', images: 'Please add at least one photo for your listing.' });
    const retitled = await seller.agent
      .patch(`/api/parts/${part.id}`)
      .send({ title: 'Holley 750 double pumper, fresh rebuild', vehicleCompatibility: [{ make: 'Ford', model: 'Torino' }] })
      .expect(200);
    expect(retitled.body).toMatchObject({ isApproved: false, approvedBy: null, approvedAt: null });
    expect(retitled.body.vehicleCompatibility).toEqual([expect.objectContaining({ make: 'Ford', model: 'Torino', yearStart: null })]);
  });

  it('withdraws softly: the part disappears but stays on watchlists as unavailable', async () => {
    const part = await listPart(seller.agent);
    await admin.agent.patch(`/api/parts/${part.id}/approve`).send({}).expect(200);
    await buyer.agent.post('/api/watchlist').send({ partId: part.id }).expect(201);
    const res = await seller.agent.delete(`/api/parts/${part.id}`).expect(200);
    expect(res.body).toMatchObject({ id: part.id, isActive: false });
    await t.agent().get(`/api/parts/${part.id}`).expect(404);
    await seller.agent.get(`/api/parts/${part.id}`).expect(404);
    await seller.agent.delete(`/api/parts/${part.id}`).expect(409);
    const [row] = await t.sql('select is_active from parts where id = $1', [part.id]);
    expect(row!.is_active).toBe(false);
    const list = await buyer.agent.get('/api/watchlist').expect(200);
    expect(list.body.find((e: { partId: string }) => e.partId === part.id)?.isPartAvailable).toBe(false);
  });
});

describe('the watchlist', () => {
  it('needs a signed-in user', async () => {
    await t.agent().get('/api/watchlist').expect(401);
    await t.agent().post('/api/watchlist').send({ partId: '00000000-0000-4000-8000-000000000000' }).expect(401);
    await t.agent().delete('/api/watchlist/00000000-0000-4000-8000-000000000000').expect(401);
  });

  it('adds idempotently for the session user, lists with part facts, and removes own entries only', async () => {
    const watcher = await signedInBuyer(t, { username: 'wendy_watch', email: 'wendy@example.com' });
    const part = await listPart(seller.agent, { title: 'Watch me: BMW 2002 tii injection pump' });
    await admin.agent.patch(`/api/parts/${part.id}/approve`).send({}).expect(200);

    const first = await watcher.agent.post('/api/watchlist').send({ partId: part.id, userId: buyer.id }).expect(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      partId: part.id,
      userId: watcher.id,
      partTitle: 'Watch me: BMW 2002 tii injection pump',
      partDescription: expect.any(String),
      partPrice: '549.50',
      partCategory: 'intake',
      partCondition: 'rebuilt',
      partLocation: 'Detroit, MI',
      partImage: (part.images as { isPrimary: boolean }[]).find((i) => i.isPrimary),
      isPartAvailable: true,
      createdAt: expect.any(String),
    });
    // The listing's second photo is the one marked primary: the card shows it, not the first.
    expect(first.body.partImage).toEqual({ ...photo(2), isPrimary: true });
    const again = await watcher.agent.post('/api/watchlist').send({ partId: part.id }).expect(200);
    expect(again.body.id).toBe(first.body.id);
    const rows = await t.sql('select count(*)::int as n from favorites where part_id = $1', [part.id]);
    expect(rows[0]!.n).toBe(1);

    const list = await watcher.agent.get('/api/watchlist').expect(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toEqual([first.body]);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await buyer.agent.get('/api/watchlist').expect(200)).body.map((e: { id: string }) => e.id)).not.toContain(first.body.id);

    await buyer.agent.delete(`/api/watchlist/${first.body.id}`).expect(404);
    await watcher.agent.delete(`/api/watchlist/${first.body.id}`).expect(200, { id: first.body.id, removed: true });
    expect((await watcher.agent.get('/api/watchlist').expect(200)).body).toEqual([]);
  });

  it('refuses parts that do not exist or that the user cannot see', async () => {
    const pending = await listPart(seller.agent);
    await buyer.agent.post('/api/watchlist').send({ partId: pending.id }).expect(404);
    await buyer.agent.post('/api/watchlist').send({ partId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    const bad = await buyer.agent.post('/api/watchlist').send({ partId: 'part-1' }).expect(400);
    expect(bad.body.errors.partId).toBe('Not a valid part id');
  });
});

describe('the console resource parts', () => {
  it('lists every state in the simple-rest protocol with filters, and shows one part', async () => {
    const part = await listPart(rival.agent, { title: 'Console test: Lucas headlamp bucket', category: 'lighting' });
    await buyer.agent.get('/api/admin/parts').expect(403);
    const res = await admin.agent
      .get('/api/admin/parts')
      .query({
        filter: JSON.stringify({ q: 'lucas', isApproved: false, sellerId: rival.id, category: 'lighting' }),
        sort: JSON.stringify(['createdAt', 'DESC']),
        range: JSON.stringify([0, 9]),
      })
      .expect(200);
    expect(res.headers['content-range']).toBe('parts 0-0/1');
    expect(res.body).toEqual([expect.objectContaining({ id: part.id, title: 'Console test: Lucas headlamp bucket' })]);
    const show = await admin.agent.get(`/api/admin/parts/${part.id}`).expect(200);
    expect(show.body.sellerName).toBe('rick_rival parts');
    const badSort = await admin.agent.get('/api/admin/parts').query({ sort: JSON.stringify(['sellerId', 'ASC']) }).expect(400);
    expect(badSort.body.errors.sort).toBe('Cannot sort by sellerId');
    await admin.agent.get('/api/admin/parts').query({ filter: JSON.stringify({ sellerId: 'x' }) }).expect(400);
  });
});
