import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { approveSeller } from '../../../test/sellers.fixtures.js';
import { seedCatalog } from './catalog.seed.js';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let seller: { agent: Agent; id: string };
let admin: { agent: Agent; id: string };

const listing = (title: string) => ({
  title,
  description: 'Review filter test listing.',
  price: '120.00',
  category: 'intake',
  make: 'ford',
  condition: 'used-good',
  location: 'Austin, TX',
  images: [{ url: 'https://img.example.com/review.jpg', altText: 'The part from above' }],
});

async function list(agent: Agent, title: string): Promise<string> {
  const res = await agent.post('/api/parts').send(listing(title)).expect(201);
  return (res.body as { id: string }).id;
}

async function consoleTitles(filter: Record<string, unknown>): Promise<{ titles: string[]; range: string }> {
  const res = await admin.agent
    .get('/api/admin/parts')
    .query({ filter: JSON.stringify(filter), sort: JSON.stringify(['title', 'ASC']), range: JSON.stringify([0, 24]) })
    .expect(200);
  return { titles: (res.body as { title: string }[]).map((p) => p.title), range: String(res.headers['content-range']) };
}

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  seller = await signedInBuyer(t, { username: 'review_seller', email: 'review_seller@example.com' });
  await approveSeller(t, seller.agent);
  admin = await signedInAdmin(t);

  await list(seller.agent, 'A pending header');
  const approved = await list(seller.agent, 'B approved grille');
  const rejected = await list(seller.agent, 'C rejected bumper');
  const withdrawn = await list(seller.agent, 'D withdrawn mirror');
  await admin.agent.patch(`/api/parts/${approved}/approve`).send({}).expect(200);
  await admin.agent.patch(`/api/parts/${rejected}/reject`).send({ rejectionReason: 'Blurry photos' }).expect(200);
  await seller.agent.delete(`/api/parts/${withdrawn}`).expect(200);
});
afterAll(async () => t?.close());

describe('the console resource parts filtered by review status', () => {
  it('shows only active undecided listings as pending', async () => {
    expect(await consoleTitles({ status: 'pending' })).toEqual({ titles: ['A pending header'], range: 'parts 0-0/1' });
  });

  it('shows approved listings as approved', async () => {
    expect((await consoleTitles({ status: 'approved' })).titles).toEqual(['B approved grille']);
  });

  it('shows listings rejected with a reason as rejected', async () => {
    const res = await admin.agent
      .get('/api/admin/parts')
      .query({ filter: JSON.stringify({ status: 'rejected' }) })
      .expect(200);
    expect(res.body).toEqual([expect.objectContaining({ title: 'C rejected bumper', rejectionReason: 'Blurry photos' })]);
  });

  it('combines the status with the text search', async () => {
    expect((await consoleTitles({ status: 'approved', q: 'grille' })).titles).toEqual(['B approved grille']);
    expect((await consoleTitles({ status: 'approved', q: 'header' })).titles).toEqual([]);
  });

  it('lists every state without a status', async () => {
    expect((await consoleTitles({})).titles).toEqual([
      'A pending header',
      'B approved grille',
      'C rejected bumper',
      'D withdrawn mirror',
    ]);
  });

  it('refuses an unknown status with a field error', async () => {
    const res = await admin.agent
      .get('/api/admin/parts')
      .query({ filter: JSON.stringify({ status: 'archived' }) })
      .expect(400);
    expect(res.body.errors.status).toBe('Status must be one of pending, approved, rejected');
  });
});
