import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { fakeOrders } from '../../../test/returns.fixtures.js';
import type { PartDto } from '../catalog/index.js';
import { catalogModule } from '../catalog/index.js';
import type { FitmentReportDto, VehicleDto } from './garage.dto.js';

// Orders come from an in-memory OrdersApi (test/returns.fixtures.ts), so each test sets the order's state itself.
vi.mock('../../modules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../modules.js')>();
  const { fakeOrders: fake, fakeOrdersModule } = await import('../../../test/returns.fixtures.js');
  return { modules: [...original.modules, fakeOrdersModule(fake)] };
});

/** Issue 35 part 1: "Did it fit?" reports, their evidence on the part page, confirmedOnly and the seller's notice. */
describe('fitment reports', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let stranger: TestUser;
  let camaro: VehicleDto;
  let mustang: VehicleDto;
  let strangerCar: VehicleDto;
  const parts: Record<string, string> = {};

  const camaroLine = { make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1972 };
  const orderOf = (partId: string, state: 'delivered' | 'completed' | 'shipped' = 'delivered', buyerId = buyer.id) =>
    fakeOrders.add({ buyerId, sellerId: seller.id, partId, state, partTitle: 'Camaro water pump' }).id;
  const report = (orderId: string, body: Record<string, unknown>, who = buyer) => who.agent.post(`/api/orders/${orderId}/fitment-report`).send(body);
  const noticesOf = (userId: string) =>
    t.sql<{ notification_type: string; message: string; link: string }>('select notification_type, message, link from alert_notifications where user_id = $1', [userId]);
  const partPage = async (id: string) => (await buyer.agent.get(`/api/parts/${id}`).expect(200)).body as PartDto;
  const search = async (query: string) => ((await buyer.agent.get(`/api/parts?${query}`).expect(200)).body as PartDto[]).map((p) => p.id);

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    seller = await quickUser(t, 'fit_seller', 'admin');
    buyer = await fastUser(t, 'fit_buyer');
    stranger = await fastUser(t, 'fit_stranger');
    const pump = { category: 'engine', make: 'chevrolet', vehicleCompatibility: [camaroLine] };
    parts.pumpA = await partOf(seller, { ...pump, title: 'Camaro water pump', partNumber: 'GM-3970010' });
    parts.pumpB = await partOf(seller, { ...pump, title: 'Camaro water pump, second listing', partNumber: 'gm 3970 010' });
    parts.pumpC = await partOf(seller, { ...pump, title: 'Camaro water pump, unreported', partNumber: 'GM-1111111' });
    parts.twoLines = await partOf(seller, {
      category: 'body',
      make: 'chevrolet',
      title: 'Chevrolet door handle',
      vehicleCompatibility: [
        { make: 'Chevrolet', model: 'Camaro', yearStart: 1967, yearEnd: 1968 },
        { make: 'Chevrolet', model: 'Nova', yearStart: 1968, yearEnd: 1972 },
      ],
    });
    const add = async (who: TestUser, body: Record<string, unknown>) => (await who.agent.post('/api/garage').send(body).expect(201)).body as VehicleDto;
    camaro = await add(buyer, { make: 'chevrolet', model: 'Camaro', yearStart: 1970, yearEnd: 1970, engineCode: '350', priority: 1 });
    mustang = await add(buyer, { make: 'ford', model: 'Mustang', yearStart: 1968, yearEnd: 1968, priority: 2 });
    strangerCar = await add(stranger, { make: 'chevrolet', model: 'Camaro', yearStart: 1971, yearEnd: 1971 });
    await t.drain();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('who may report, when and how often', () => {
    it('answers 404 for an unknown order and 403 for someone else’s', async () => {
      await report('00000000-0000-4000-8000-000000000000', { fits: 'yes' }).expect(404);
      const order = orderOf(parts.pumpA!);
      await report(order, { fits: 'yes' }, stranger).expect(403);
    });

    it('answers 409 before delivery', async () => {
      const res = await report(orderOf(parts.pumpA!, 'shipped'), { fits: 'yes' }).expect(409);
      expect(res.body.code).toBe('not_delivered');
    });

    it('takes only the buyer’s own vehicle', async () => {
      await report(orderOf(parts.pumpA!), { fits: 'yes', vehicleId: strangerCar.id }).expect(403);
      await report(orderOf(parts.pumpA!), { fits: 'yes', vehicleId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    });

    it('stores one report per order, with the garage vehicle and the part number', async () => {
      const order = orderOf(parts.pumpA!, 'completed');
      const res = await report(order, { fits: 'yes', vehicleId: camaro.id, note: ' Bolted straight on ' }).expect(201);
      expect(res.body as FitmentReportDto).toMatchObject({
        orderId: order,
        partId: parts.pumpA,
        partNumberNorm: 'GM3970010',
        reporterId: buyer.id,
        vehicleId: camaro.id,
        make: 'Chevrolet',
        model: 'Camaro',
        yearStart: 1970,
        yearEnd: 1970,
        engine: '350',
        fits: 'yes',
        note: 'Bolted straight on',
        declared: true,
      });
      const again = await report(order, { fits: 'no' }).expect(409);
      expect(again.body.code).toBe('already_reported');
      const mine = await buyer.agent.get(`/api/orders/${order}/fitment-report`).expect(200);
      expect(mine.body.report).toMatchObject({ orderId: order, fits: 'yes' });
    });

    it('rejects an unknown answer', async () => {
      await report(orderOf(parts.pumpA!), { fits: 'maybe' }).expect(400);
    });

    it('without a vehicle takes the part’s line one of the buyer’s vehicles fits, else its first line', async () => {
      const only = await report(orderOf(parts.pumpA!), { fits: 'with_modification' }).expect(201);
      expect(only.body).toMatchObject({ vehicleId: null, make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1972, engine: null, declared: true });
      const first = await report(orderOf(parts.twoLines!), { fits: 'yes' }).expect(201);
      expect(first.body).toMatchObject({ make: 'Chevrolet', model: 'Camaro', yearStart: 1967, yearEnd: 1968 });
    });
  });

  describe('evidence on the part page', () => {
    it('counts the listing’s reports and those of listings with the same part number', async () => {
      const expected = [
        { make: 'Chevrolet', model: 'Camaro', yearStart: 1970, yearEnd: 1970, engine: '350', confirmed: 1, withModification: 0, didNotFit: 0 },
        { make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1972, engine: null, confirmed: 0, withModification: 1, didNotFit: 0 },
      ];
      expect((await partPage(parts.pumpA!)).fitmentEvidence).toEqual(expected);
      expect((await partPage(parts.pumpB!)).fitmentEvidence).toEqual(expected);
      expect((await partPage(parts.pumpC!)).fitmentEvidence).toEqual([]);
    });

    it('leaves search lists without evidence', async () => {
      const res = await buyer.agent.get('/api/parts?q=camaro').expect(200);
      expect((res.body as PartDto[]).every((p) => p.fitmentEvidence === undefined)).toBe(true);
    });
  });

  describe('confirmedOnly', () => {
    it('keeps the parts reported fitting the vehicle, by listing or part number', async () => {
      const all = await search(`fitsVehicle=${camaro.id}`);
      expect(all).toEqual(expect.arrayContaining([parts.pumpA, parts.pumpB, parts.pumpC]));
      const confirmed = await search(`fitsVehicle=${camaro.id}&confirmedOnly=true`);
      expect(confirmed.sort()).toEqual([parts.pumpA, parts.pumpB].sort());
      expect(await search(`fitsVehicle=${strangerCar.id}&confirmedOnly=true`).catch(() => 'refused')).toBe('refused');
    });

    it('does not count another engine’s "yes"', async () => {
      const other = (await buyer.agent.post('/api/garage').send({ make: 'chevrolet', model: 'Camaro', yearStart: 1970, yearEnd: 1970, engineCode: 'LT1' }).expect(201))
        .body as VehicleDto;
      expect(await search(`fitsVehicle=${other.id}&confirmedOnly=true`)).toEqual([]);
      expect((await search(`fitsVehicle=${other.id}`)).length).toBeGreaterThan(0);
    });
  });

  describe('a "no" on a declared vehicle', () => {
    it('tells the seller, and a "no" on an undeclared vehicle does not', async () => {
      await report(orderOf(parts.pumpC!), { fits: 'no', vehicleId: mustang.id }).expect(201);
      expect(await noticesOf(seller.id)).toEqual([]);
      const res = await report(orderOf(parts.pumpC!), { fits: 'no', vehicleId: camaro.id, note: 'Outlet on the wrong side' }).expect(201);
      expect(res.body.declared).toBe(true);
      const notices = await noticesOf(seller.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ notification_type: 'fitment_did_not_fit', link: `/parts/${parts.pumpC}` });
      expect(notices[0]!.message).toContain('1970 Chevrolet Camaro (350)');
      expect(notices[0]!.message).toContain('Outlet on the wrong side');
    });

    it('is listed for admins, and only for admins', async () => {
      const res = await seller.agent.get('/api/admin/fitment-reports').query({ filter: JSON.stringify({ fits: 'no' }), range: '[0,9]' }).expect(200);
      expect(res.headers['content-range']).toBe('fitment-reports 0-1/2');
      expect((res.body as FitmentReportDto[]).map((r) => r.declared).sort()).toEqual([false, true]);
      const declared = await seller.agent.get('/api/admin/fitment-reports').query({ filter: JSON.stringify({ declared: true, fits: 'no' }) }).expect(200);
      expect(declared.body).toHaveLength(1);
      await buyer.agent.get('/api/admin/fitment-reports').expect(403);
    });
  });
});
