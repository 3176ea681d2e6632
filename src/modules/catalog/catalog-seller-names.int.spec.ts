import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { signedInSeller } from '../../../test/sellers.fixtures.js';
import { SELLER_NAME_TTL_MS } from './catalog.lookups.js';
import { seedCatalog } from './catalog.seed.js';

// Issue 34: buyers see a part's seller by their shop's name (storefront, else business name), not the username.

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];

const form = (title: string) => ({
  title,
  description: 'Original Lucas part, tested and working.',
  price: '120.00',
  category: 'electrical',
  make: 'ford',
  condition: 'used-good',
  location: 'Coventry',
  images: [{ url: 'https://img.example.com/lucas.jpg', altText: 'The part', isPrimary: true }],
});

async function list(agent: Agent, title: string): Promise<string> {
  return (await agent.post('/api/parts').send(form(title)).expect(201)).body.id as string;
}

const sellerNameOf = async (id: string) => (await t.agent().get(`/api/parts/${id}`).expect(200)).body.sellerName as string | null;

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
}, 60_000);
afterAll(async () => t?.close());

describe('Part.sellerName', () => {
  it('is the storefront\'s name on the part page and in search, and follows a rename once the cached name expires', async () => {
    const seller = await signedInSeller(t, 'nina_names', { application: { businessName: 'Nina Speed Shop' }, requiresListingApproval: false });
    const id = await list(seller.agent, 'Lucas Sport coil DLB105');
    expect(await sellerNameOf(id)).toBe('Nina Speed Shop');
    const search = await t.agent().get('/api/parts').query({ q: 'Lucas coil' }).expect(200);
    expect(search.body.find((p: { id: string }) => p.id === id)?.sellerName).toBe('Nina Speed Shop');

    const front = (await t.agent().get(`/api/sellers/${seller.sellerId}/storefront`).expect(200)).body as { id: string };
    await seller.agent.patch(`/api/storefronts/${front.id}`).send({ displayName: 'Nina Classics' }).expect(200);
    t.clock.advance(SELLER_NAME_TTL_MS);
    expect(await sellerNameOf(id)).toBe('Nina Classics');
  });

  it('falls back to the business name without a storefront, and to the username without a seller record', async () => {
    const seller = await signedInSeller(t, 'otto_nofront', { application: { businessName: 'Otto Restorations' }, requiresListingApproval: false });
    await t.sql('delete from storefronts where user_id = $1', [seller.id]);
    expect(await sellerNameOf(await list(seller.agent, 'Lucas wiper motor'))).toBe('Otto Restorations');

    const admin = await signedInAdmin(t, 'ada_admin');
    expect(await sellerNameOf(await list(admin.agent, 'Lucas fuel pump'))).toBe('ada_admin');
  });
});
