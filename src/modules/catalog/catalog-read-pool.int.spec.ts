import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { seedCatalog } from './catalog.seed.js';

let t: TestApp;
let partIds: string[];

beforeAll(async () => {
  t = await startTestApp({ DB_READ_CONNECTIONS: '2' });
  await seedCatalog(t.rt.container);
  const seller = await signedInBuyer(t, { username: 'pool_paula', email: 'paula@example.com' });
  partIds = await insertParts(t, seller.id, 6, { title: 'Weber carburetor', description: 'Twin choke', category: 'intake', make: 'ford' });
});
afterAll(async () => t?.close());

describe('the read pool', () => {
  it('serves many concurrent searches and part pages on DB_READ_CONNECTIONS connections, the rest waiting their turn', async () => {
    const searches = Array.from({ length: 8 }, (_, i) =>
      t.agent().get('/api/parts').query(i % 2 ? { q: 'carburetor' } : { q: 'carburator', sort: 'price_asc' }),
    );
    const pages = partIds.map((id) => t.agent().get(`/api/parts/${id}`));
    const responses = await Promise.all([...searches, ...pages]);

    for (const res of responses.slice(0, searches.length)) {
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('6');
    }
    expect(responses.slice(searches.length).map((res) => [res.status, res.body.id])).toEqual(partIds.map((id) => [200, id]));

    // Fourteen requests at once opened two connections, named so that operators can tell them apart.
    const [{ count }] = await t.sql<{ count: string }>(
      `select count(*) from pg_stat_activity where datname = current_database() and application_name like 'pitlane-%-read'`,
    );
    expect(Number(count)).toBe(2);
  });
});
