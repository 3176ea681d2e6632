import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { signedInSeller, validSellerApplication } from '../../../test/sellers.fixtures.js';
import { catalogModule } from '../catalog/index.js';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let admin: { agent: Agent; id: string };

let n = 0;
const newBuyer = async () => {
  n += 1;
  return signedInBuyer(t, { username: `applicant_${n}`, email: `applicant_${n}@example.com` });
};

async function outbox(to: string) {
  await t.drain();
  return t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 order by created_at', [to]);
}

const part = (overrides: Record<string, unknown> = {}) => ({
  title: 'Edelbrock Performer intake manifold',
  description: 'Aluminium intake for small-block Ford, clean and straight.',
  price: '249.00',
  category: 'intake',
  make: 'ford',
  condition: 'used-good',
  location: 'Detroit, MI',
  images: [{ url: 'https://img.example.com/intake.jpg', altText: 'Intake manifold', isPrimary: true }],
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp();
  await catalogModule.seed!(t.rt.container);
  admin = await signedInAdmin(t);
});
afterAll(async () => t?.close());

describe('POST /api/sellers (seller application)', () => {
  it('refuses visitors with 401', async () => {
    await t.agent().post('/api/sellers').send(validSellerApplication()).expect(401);
  });

  it.each([
    [{ businessName: 'J' }, 'businessName', 'Business name must be at least 2 characters'],
    [{ businessName: undefined }, 'businessName', 'Business name must be at least 2 characters'],
    [{ contactPhone: '555-0142' }, 'contactPhone', 'Phone number must be at least 10 digits'],
    [{ contactPhone: '(555) abc-defg-hi' }, 'contactPhone', 'Phone number must be at least 10 digits'],
    [{ businessAddress: '12 A' }, 'businessAddress', 'Address must be at least 5 characters'],
    [{ businessCity: 'D' }, 'businessCity', 'City must be at least 2 characters'],
    [{ businessState: 'M' }, 'businessState', 'State must be at least 2 characters'],
    [{ businessState: 'XX' }, 'businessState', 'Please choose a US state from the list'],
    [{ businessZip: '4822' }, 'businessZip', 'ZIP code must be at least 5 characters'],
    [{ yearsInBusiness: 2.5 }, 'yearsInBusiness', 'Years in business must be a whole number'],
    [{ yearsInBusiness: 'ten' }, 'yearsInBusiness', 'Years in business must be a whole number'],
    [{ businessType: 'corporation' }, 'businessType', 'Business type must be individual, business or dealership'],
  ])('rejects %o with the spec message for %s', async (override, field, message) => {
    const { agent } = await newBuyer();
    const res = await agent.post('/api/sellers').send(validSellerApplication(override)).expect(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('creates a pending application for the signed-in user, ignoring userId and status in the body', async () => {
    const { agent, id } = await newBuyer();
    const res = await agent
      .post('/api/sellers')
      .send(
        validSellerApplication({
          userId: admin.id,
          status: 'approved',
          businessState: 'mi',
          yearsInBusiness: '',
          businessType: undefined,
          businessCountry: undefined,
          specialties: [' Ford ', 'Mopar', 'ford', '', 'Mopar '],
          website: 'joes-garage.example.com',
        }),
      )
      .expect(201);
    expect(res.body).toMatchObject({
      userId: id,
      status: 'pending',
      businessState: 'MI',
      businessType: 'individual',
      businessCountry: 'USA',
      yearsInBusiness: null,
      specialties: ['Ford', 'Mopar'],
      website: 'https://joes-garage.example.com/',
      requiresListingApproval: true,
      approvedBy: null,
      approvedAt: null,
    });
    const mine = await agent.get(`/api/sellers/by-user/${id}`).expect(200);
    expect(mine.body.id).toBe(res.body.id);
  });

  it('allows one open application per user (409), but a rejected applicant may apply again', async () => {
    const { agent } = await newBuyer();
    const first = await agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    const again = await agent.post('/api/sellers').send(validSellerApplication()).expect(409);
    expect(again.body.message).toBe('You already have a seller application pending or approved.');
    await admin.agent.patch(`/api/sellers/${first.body.id}`).send({ status: 'rejected', rejectionReason: 'Licence unreadable' }).expect(200);
    const retry = await agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    expect(retry.body.status).toBe('pending');
  });
});

describe('reading seller records', () => {
  it('shows a user their own record, admins anyone, others 403, and 404 when none', async () => {
    const applicant = await newBuyer();
    const other = await newBuyer();
    await applicant.agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    await t.agent().get(`/api/sellers/by-user/${applicant.id}`).expect(401);
    await other.agent.get(`/api/sellers/by-user/${applicant.id}`).expect(403);
    await admin.agent.get(`/api/sellers/by-user/${applicant.id}`).expect(200);
    await other.agent.get(`/api/sellers/by-user/${other.id}`).expect(404);
  });

  it('lists sellers for admins only, filtered by status and paginated', async () => {
    const buyer = await newBuyer();
    await buyer.agent.get('/api/sellers').expect(403);
    const all = await admin.agent.get('/api/sellers').query({ status: 'pending', limit: 2 }).expect(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.length).toBeLessThanOrEqual(2);
    expect(all.body.every((s: { status: string }) => s.status === 'pending')).toBe(true);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(all.body.length);
    const bad = await admin.agent.get('/api/sellers').query({ status: 'sold' }).expect(400);
    expect(bad.body.errors.status).toBe('Status must be pending, approved or rejected');
  });
});

describe('PATCH /api/sellers/{id} (approval)', () => {
  it('lets only admins decide', async () => {
    const applicant = await newBuyer();
    const res = await applicant.agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    await t.agent().patch(`/api/sellers/${res.body.id}`).send({ status: 'approved' }).expect(401);
    await applicant.agent.patch(`/api/sellers/${res.body.id}`).send({ status: 'approved' }).expect(403);
    const [row] = await t.sql('select status from sellers where id = $1', [res.body.id]);
    expect(row!.status).toBe('pending');
  });

  it('approves as the signed-in admin at the clock time, grants the seller role, creates the storefront and emails', async () => {
    const applicant = await newBuyer();
    const applied = await applicant.agent.post('/api/sellers').send(validSellerApplication({ businessName: "Joe's Garage" })).expect(201);
    const res = await admin.agent
      .patch(`/api/sellers/${applied.body.id}`)
      .send({ status: 'approved', approvedBy: applicant.id, approvedAt: '1999-01-01T00:00:00Z' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'approved', approvedBy: admin.id, approvedAt: t.clock.now().toISOString() });
    const me = await applicant.agent.get('/api/auth/user').expect(200);
    expect(me.body.role).toBe('seller');
    const storefront = await t.agent().get(`/api/sellers/${applied.body.id}/storefront`).expect(200);
    expect(storefront.body).toMatchObject({ slug: 'joes-garage', displayName: "Joe's Garage", sellerId: applied.body.id, userId: applicant.id, isActive: true });
    const mails = await outbox(`applicant_${n}@example.com`);
    expect(mails.at(-1)!.subject).toContain('is approved');
    expect(mails.at(-1)!.text).toContain('/storefront/joes-garage');
    const twice = await admin.agent.patch(`/api/sellers/${applied.body.id}`).send({ status: 'approved' }).expect(409);
    expect(twice.body.message).toBe('This application has already been decided.');
  });

  it('gives each storefront a unique slug from the business name', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const applicant = await newBuyer();
      const applied = await applicant.agent.post('/api/sellers').send(validSellerApplication({ businessName: "Joe's  Garage!" })).expect(201);
      await admin.agent.patch(`/api/sellers/${applied.body.id}`).send({ status: 'approved' }).expect(200);
      slugs.push((await t.agent().get(`/api/sellers/${applicant.id}/storefront`).expect(200)).body.slug);
    }
    expect(slugs).toEqual(['joes-garage-2', 'joes-garage-3']);
    await t.agent().get('/api/storefronts/slug/joes-garage-3').expect(200);
  });

  it('rejects only with a non-blank reason, and emails the reason', async () => {
    const applicant = await newBuyer();
    const applied = await applicant.agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    const blank = await admin.agent.patch(`/api/sellers/${applied.body.id}`).send({ status: 'rejected', rejectionReason: '   ' }).expect(400);
    expect(blank.body.errors.rejectionReason).toBe('Please give a reason for the rejection');
    await admin.agent.patch(`/api/sellers/${applied.body.id}`).send({ status: 'rejected' }).expect(400);
    const bad = await admin.agent.patch(`/api/sellers/${applied.body.id}`).send({ status: 'sold' }).expect(400);
    expect(bad.body.errors.status).toBe('Status must be approved or rejected');
    const res = await admin.agent
      .patch(`/api/sellers/${applied.body.id}`)
      .send({ status: 'rejected', rejectionReason: 'We could not verify the business licence' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'We could not verify the business licence', approvedBy: null });
    const mails = await outbox(`applicant_${n}@example.com`);
    expect(mails.at(-1)!.subject).toContain('was not approved');
    expect(mails.at(-1)!.text).toContain('We could not verify the business licence');
    const me = await applicant.agent.get('/api/auth/user').expect(200);
    expect(me.body.role).toBe('buyer');
    await t.agent().get(`/api/sellers/${applied.body.id}/storefront`).expect(404);
  });
});

describe('listing terms', () => {
  it('lets only approved sellers list, reviewed by default and auto-approved when listing approval is off', async () => {
    const applicant = await newBuyer();
    const applied = await applicant.agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    await applicant.agent.post('/api/parts').send(part()).expect(403);
    await admin.agent.patch(`/api/sellers/${applied.body.id}`).send({ status: 'approved' }).expect(200);
    const reviewed = await applicant.agent.post('/api/parts').send(part()).expect(201);
    expect(reviewed.body.isApproved).toBe(false);

    const buyer = await newBuyer();
    await buyer.agent.patch(`/api/sellers/${applied.body.id}/listing-approval`).send({ requiresListingApproval: false }).expect(403);
    const bad = await admin.agent.patch(`/api/sellers/${applied.body.id}/listing-approval`).send({ requiresListingApproval: 'no' }).expect(400);
    expect(bad.body.errors.requiresListingApproval).toBeDefined();
    const off = await admin.agent.patch(`/api/sellers/${applied.body.id}/listing-approval`).send({ requiresListingApproval: false }).expect(200);
    expect(off.body.requiresListingApproval).toBe(false);
    const trusted = await applicant.agent.post('/api/parts').send(part({ title: 'Trusted listing: Ford 9 inch housing' })).expect(201);
    expect(trusted.body.isApproved).toBe(true);

    const parts = await t.agent().get(`/api/sellers/${applied.body.id}/parts`).expect(200);
    expect(Array.isArray(parts.body)).toBe(true);
    expect(parts.body.map((p: { id: string }) => p.id)).toEqual([trusted.body.id]);
    expect(parts.headers['x-total-count']).toBe('1');
    const byUser = await t.agent().get(`/api/sellers/${applicant.id}/parts`).expect(200);
    expect(byUser.body).toHaveLength(1);
  });

  it('refuses the listing-approval switch for a seller who is not approved', async () => {
    const applicant = await newBuyer();
    const applied = await applicant.agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    await admin.agent.patch(`/api/sellers/${applied.body.id}/listing-approval`).send({ requiresListingApproval: false }).expect(409);
  });
});

describe('storefronts', () => {
  it('shows location and real stats, and 404s unknown slugs and sellers', async () => {
    const seller = await signedInSeller(t, 'store_owner', {
      requiresListingApproval: false,
      application: { businessName: 'Store Owner Speed Shop', businessCity: 'Austin', businessState: 'TX' },
    });
    await seller.agent.post('/api/parts').send(part()).expect(201);
    await seller.agent.post('/api/parts').send(part({ title: 'Ford 289 valve covers', category: 'engine' })).expect(201);
    const res = await t.agent().get('/api/storefronts/slug/store-owner-speed-shop').expect(200);
    expect(res.body).toMatchObject({
      sellerId: seller.sellerId,
      userId: seller.id,
      displayName: 'Store Owner Speed Shop',
      location: 'Austin, TX',
      businessCity: 'Austin',
      businessState: 'TX',
      stats: { totalParts: 2, featuredParts: 0, memberSince: t.clock.now().getUTCFullYear() },
    });
    expect(res.body.stats.categories.map((c: { slug: string }) => c.slug).sort()).toEqual(['engine', 'intake']);
    await t.agent().get('/api/storefronts/slug/no-such-store').expect(404);
    await t.agent().get('/api/sellers/00000000-0000-4000-8000-000000000000/storefront').expect(404);
  });

  it('lets only the owner edit it, with image URLs from uploads', async () => {
    const owner = await signedInSeller(t, 'front_owner');
    const rival = await signedInSeller(t, 'front_rival');
    const front = (await t.agent().get(`/api/sellers/${owner.sellerId}/storefront`).expect(200)).body;
    const change = { displayName: 'Front Owner Classics', logo: '/api/uploads/files/0123456789abcdef0123456789abcdef.png', policies: 'Ships in 72 hours.' };
    await t.agent().patch(`/api/storefronts/${front.id}`).send(change).expect(401);
    const denied = await rival.agent.patch(`/api/storefronts/${front.id}`).send(change).expect(403);
    expect(denied.body.message).toBe('You can only change your own storefront.');
    await admin.agent.patch(`/api/storefronts/${front.id}`).send(change).expect(403);
    const badLogo = await owner.agent.patch(`/api/storefronts/${front.id}`).send({ logo: 'javascript:alert(1)' }).expect(400);
    expect(badLogo.body.errors.logo).toBe('Please upload the image or give an https address');
    const ok = await owner.agent.patch(`/api/storefronts/${front.id}`).send(change).expect(200);
    expect(ok.body).toMatchObject({ ...change, slug: front.slug });
  });
});

describe('console resources', () => {
  it('lists sellers in the simple-rest protocol with user names, filters and counts', async () => {
    await signedInSeller(t, 'console_seller', { application: { businessName: 'Console Carburetors' } });
    const res = await admin.agent
      .get('/api/admin/sellers')
      .query({ filter: JSON.stringify({ status: 'approved', q: 'carburetors' }), sort: JSON.stringify(['createdAt', 'DESC']), range: JSON.stringify([0, 9]) })
      .expect(200);
    expect(res.headers['content-range']).toBe('sellers 0-0/1');
    expect(res.body[0]).toMatchObject({
      id: expect.any(String),
      businessName: 'Console Carburetors',
      username: 'console_seller',
      email: 'console_seller@example.com',
      status: 'approved',
      requiresListingApproval: true,
      specialties: ['Ford', 'Mopar'],
      // Spec 001 §3's seller row for the featured form.
      contactEmail: 'console_seller@example.com',
      businessEmail: 'console_seller@example.com',
      contactPhone: expect.any(String),
      firstName: 'Alice',
      lastName: expect.any(String),
      isApproved: true,
      createdAt: expect.any(String),
      businessCity: expect.any(String),
      businessState: expect.any(String),
    });
    const pending = await newBuyer();
    await pending.agent.post('/api/sellers').send(validSellerApplication({ businessName: 'Pending Pistons' })).expect(201);
    const waiting = await admin.agent.get('/api/admin/sellers').query({ filter: JSON.stringify({ q: 'pending pistons' }) }).expect(200);
    expect(waiting.body[0]).toMatchObject({ businessName: 'Pending Pistons', status: 'pending', isApproved: null });
    const byEmail = await admin.agent
      .get('/api/admin/sellers')
      .query({ filter: JSON.stringify({ q: 'console_seller@example' }) })
      .expect(200);
    expect(byEmail.body.map((s: { id: string }) => s.id)).toEqual([res.body[0].id]);
    const one = await admin.agent.get(`/api/admin/sellers/${res.body[0].id}`).expect(200);
    expect(one.body.username).toBe('console_seller');
    const counts = await admin.agent.get('/api/admin/seller-counts').expect(200);
    const [db] = await t.sql<{ pending: number; approved: number; rejected: number }>(
      `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'approved')::int as approved,
              count(*) filter (where status = 'rejected')::int as rejected from sellers`,
    );
    expect(counts.body).toEqual(db);
    const buyer = await newBuyer();
    await buyer.agent.get('/api/admin/sellers').expect(403);
  });

  it('updates a seller from the console (decision and listing switch)', async () => {
    const applicant = await newBuyer();
    const applied = await applicant.agent.post('/api/sellers').send(validSellerApplication()).expect(201);
    const missing = await admin.agent.put(`/api/admin/sellers/${applied.body.id}`).send({ status: 'rejected', rejectionReason: '' }).expect(400);
    expect(missing.body.errors.rejectionReason).toBe('Please give a reason for the rejection');
    const res = await admin.agent
      .put(`/api/admin/sellers/${applied.body.id}`)
      .send({ ...applied.body, status: 'approved', requiresListingApproval: false })
      .expect(200);
    expect(res.body).toMatchObject({ id: applied.body.id, status: 'approved', requiresListingApproval: false, approvedBy: admin.id });
  });

  it('reports real per-seller analytics', async () => {
    const seller = await signedInSeller(t, 'analytics_seller', {
      requiresListingApproval: false,
      application: { businessName: 'AAA Analytics Auto' },
    });
    await seller.agent.post('/api/parts').send(part()).expect(201);
    const res = await admin.agent
      .get('/api/admin/seller-analytics')
      .query({ sort: JSON.stringify(['businessName', 'ASC']), range: JSON.stringify([0, 0]) })
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^seller-analytics 0-0\/\d+$/);
    expect(res.body[0]).toMatchObject({
      businessName: 'AAA Analytics Auto',
      partsListed: 1,
      activeParts: 1,
      soldCount: 0,
      revenue: '0.00',
      rating: 0,
      reviews: 0,
      reputationPoints: 0,
      level: 1,
      levelName: 'New Seller',
    });
  });
});
