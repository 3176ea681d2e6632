import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { fakeOrders } from '../../../test/returns.fixtures.js';
import type { PartDto } from '../catalog/index.js';
import { catalogModule } from '../catalog/index.js';
import type { PartEvidenceDto } from './garage.dto.js';

// Orders come from an in-memory OrdersApi (test/returns.fixtures.ts), so each test sets the order's state itself.
vi.mock('../../modules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../modules.js')>();
  const { fakeOrders: fake, fakeOrdersModule } = await import('../../../test/returns.fixtures.js');
  return { modules: [...original.modules, fakeOrdersModule(fake)] };
});

/** Issue 35: the cards' evidence in one call per page, and confirmations flowing along an interchange group. */
describe('fitment evidence of part cards', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  const parts: Record<string, string> = {};
  const camaroLine = { make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1972 };

  const report = async (partId: string, fits: string) => {
    const order = fakeOrders.add({ buyerId: buyer.id, sellerId: seller.id, partId, state: 'delivered', partTitle: 'Head' }).id;
    await buyer.agent.post(`/api/orders/${order}/fitment-report`).send({ fits }).expect(201);
  };
  const cards = async (ids: string[], agent = t.agent()) =>
    (await agent.get('/api/garage/fitment-evidence').query({ partIds: ids.join(',') }).expect(200)).body as PartEvidenceDto[];
  const confirmedOf = (rows: PartEvidenceDto[], id: string) => rows.find((r) => r.partId === id)?.evidence.reduce((n, l) => n + l.confirmed, 0);

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    seller = await quickUser(t, 'card_seller', 'admin');
    buyer = await fastUser(t, 'card_buyer');
    const head = { category: 'engine', make: 'chevrolet', vehicleCompatibility: [camaroLine] };
    parts.reported = await partOf(seller, { ...head, title: 'SBC head 3970010', partNumber: '3970010' });
    parts.sameNumber = await partOf(seller, { ...head, title: 'SBC head, same number', partNumber: '3970-010' });
    parts.inGroup = await partOf(seller, { ...head, title: 'SBC head, interchangeable', partNumber: '3932441' });
    parts.outside = await partOf(seller, { ...head, title: 'SBC head, other number', partNumber: '9999999' });
    parts.noNumber = await partOf(seller, { ...head, title: 'SBC head, no number' });
    parts.hidden = await partOf(seller, { ...head, title: 'SBC head, pending', partNumber: '3970 010' });
    await t.sql('update parts set is_approved = false where id = $1', [parts.hidden]);
    await seller.agent.post('/api/admin/interchange-groups').send({ name: 'SBC heads', numbers: ['3970010', '3932-441'] }).expect(201);
    await report(parts.reported!, 'yes');
    await report(parts.reported!, 'yes');
    await report(parts.outside!, 'no');
    await t.drain();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the visible parts of a page in the order asked, each with its evidence lines', async () => {
    const ids = [parts.noNumber!, parts.reported!, parts.hidden!, parts.outside!, '00000000-0000-4000-8000-000000000000'];
    const rows = await cards(ids);
    expect(rows.map((r) => r.partId)).toEqual([parts.noNumber, parts.reported, parts.outside]);
    expect(rows[0]!.evidence).toEqual([]);
    expect(rows[1]!.evidence).toEqual([
      { make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1972, engine: null, confirmed: 2, withModification: 0, didNotFit: 0 },
    ]);
    expect(rows[2]!.evidence.map((l) => l.didNotFit)).toEqual([1]);
  });

  it('shows a pending part to its seller only', async () => {
    expect((await cards([parts.hidden!], buyer.agent)).map((r) => r.partId)).toEqual([]);
    const own = await cards([parts.hidden!], seller.agent);
    expect(own.map((r) => r.partId)).toEqual([parts.hidden]);
    // The same number as the reported listing: its confirmations count.
    expect(confirmedOf(own, parts.hidden!)).toBe(2);
  });

  it('counts confirmations of the same number and along the interchange group, not outside it', async () => {
    const rows = await cards([parts.sameNumber!, parts.inGroup!, parts.outside!, parts.noNumber!]);
    expect(confirmedOf(rows, parts.sameNumber!)).toBe(2);
    expect(confirmedOf(rows, parts.inGroup!)).toBe(2);
    expect(confirmedOf(rows, parts.outside!)).toBe(0);
    expect(confirmedOf(rows, parts.noNumber!)).toBe(0);
  });

  it('gives the part page the same evidence along the group', async () => {
    const page = (await t.agent().get(`/api/parts/${parts.inGroup}`).expect(200)).body as PartDto;
    expect(page.fitmentEvidence?.map((l) => l.confirmed)).toEqual([2]);
    // And the reported part gets none of the interchangeable part's (it has none), nor of the outsider's "no".
    const reported = (await t.agent().get(`/api/parts/${parts.reported}`).expect(200)).body as PartDto;
    expect(reported.fitmentEvidence?.map((l) => [l.confirmed, l.didNotFit])).toEqual([[2, 0]]);
  });

  it('reads the part page in two round trips: the part with its numbers, then the reports beside the DTO\'s read', async () => {
    const path = `/api/parts/${parts.inGroup}`;
    // Once to fill the catalog's caches (names), so only the page's own reads are counted.
    await t.agent().get(path).expect(200);
    // Each statement on the read pool, with how many statements had answered when it was sent.
    const sent: { sql: string; answeredBefore: number }[] = [];
    let answered = 0;
    const read = t.rt.db.runner('read');
    const watch = (name: 'run' | 'runPrepared') => {
      const original = read[name].bind(read);
      return vi.spyOn(read, name).mockImplementation((async (sql: string, params?: readonly unknown[]) => {
        sent.push({ sql, answeredBefore: answered });
        try {
          return await original(sql, params);
        } finally {
          answered++;
        }
      }) as typeof original);
    };
    const spies = [watch('runPrepared'), watch('run')];
    try {
      const page = (await t.agent().get(path).expect(200)).body as PartDto;
      expect(page.fitmentEvidence?.map((l) => l.confirmed)).toEqual([2]);
      const [part, ...rest] = sent;
      expect(part).toMatchObject({ sql: expect.stringMatching(/interchange_numbers[\s\S]*from parts p where/), answeredBefore: 0 });
      // Then the reports (one statement) and the DTO's open-auctions read, sent together once the part was read.
      expect(rest.filter((s) => /from fitment_reports r\b/.test(s.sql))).toHaveLength(1);
      expect(rest).toHaveLength(2);
      expect(rest.map((s) => s.answeredBefore)).toEqual([1, 1]);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it('refuses a missing, malformed or too long list of ids with 400', async () => {
    await t.agent().get('/api/garage/fitment-evidence').expect(400);
    await t.agent().get('/api/garage/fitment-evidence').query({ partIds: ' , ' }).expect(400);
    await t.agent().get('/api/garage/fitment-evidence').query({ partIds: 'not-a-uuid' }).expect(400);
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await t.agent().get('/api/garage/fitment-evidence').query({ partIds: many.join(',') }).expect(400);
    expect(JSON.stringify(res.body)).toContain('At most 100 part ids');
  });

  it('answers a page of 100 ids in one request quickly', async () => {
    const ids = [...Array.from({ length: 94 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`), ...Object.values(parts)];
    await cards(ids);
    const started = performance.now();
    const runs = 20;
    for (let i = 0; i < runs; i++) await cards(ids);
    const ms = (performance.now() - started) / runs;
    console.log(`GET /api/garage/fitment-evidence, 100 ids: ${ms.toFixed(1)} ms per request (mean of ${runs})`);
    expect(ms).toBeLessThan(250);
  });
});
