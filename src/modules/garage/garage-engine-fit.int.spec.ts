import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import type { AlertDto, PartFitmentAnswerDto, VehicleDto } from './garage.dto.js';

/** Issue 35: engine codes, chassis numbers and modifications; engine-specific fitment; alerts keyed to a vehicle. */
describe('a garage that knows engines', () => {
  let t: TestApp;
  let seller: TestUser;
  let owner: TestUser;
  let other: TestUser;
  /** A 1969 Camaro with an LS3 swapped in, a stock one (L78), and one whose engine the owner has not given. */
  let swapped: VehicleDto;
  let stock: VehicleDto;
  let unknown: VehicleDto;
  const parts: Record<string, string> = {};

  const camaro = { make: 'chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1969 };
  const addVehicle = async (who: TestUser, body: Record<string, unknown>) => (await who.agent.post('/api/garage').send(body).expect(201)).body as VehicleDto;
  const answers = async (who: TestUser, ids: string[]) => {
    const res = await who.agent.get(`/api/garage/fitment?partIds=${ids.join(',')}`).expect(200);
    return new Map((res.body as PartFitmentAnswerDto[]).map((a) => [a.partId, a]));
  };
  const matchesOf = async (alertId: string) =>
    (await t.sql<{ related_item_id: string }>("select related_item_id from alert_notifications where alert_id = $1 and notification_type = 'alert_match'", [alertId])).map(
      (r) => r.related_item_id,
    );

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    seller = await quickUser(t, 'engine_seller', 'admin');
    owner = await fastUser(t, 'engine_owner');
    other = await fastUser(t, 'engine_other');
    parts.ls3Pump = await partOf(seller, {
      title: 'LS3 water pump',
      make: 'chevrolet',
      category: 'engine',
      vehicleCompatibility: [{ make: 'Chevrolet', model: 'Corvette', yearStart: 2008, yearEnd: 2013, engine: 'LS-3' }],
    });
    parts.l78Manifold = await partOf(seller, {
      title: 'L78 intake manifold',
      make: 'chevrolet',
      category: 'engine',
      vehicleCompatibility: [{ make: 'Chevrolet', model: 'Camaro', yearStart: 1967, yearEnd: 1969, engine: 'L78' }],
    });
    parts.fender = await partOf(seller, {
      title: 'Camaro front fender',
      make: 'chevrolet',
      category: 'body',
      vehicleCompatibility: [{ make: 'Chevrolet', model: 'Camaro', yearStart: 1967, yearEnd: 1969 }],
    });
    await t.drain();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('vehicles', () => {
    it('keeps the engine code, chassis number and modifications beside the engine type', async () => {
      swapped = await addVehicle(owner, {
        ...camaro,
        vehicleName: 'Pro-touring Camaro',
        engineType: '6.2 V8',
        engineCode: ' LS3 ',
        chassisNumber: '124379N600001',
        modifications: 'LS3 swap, T56 gearbox',
        priority: 1,
      });
      expect(swapped).toMatchObject({ engineType: '6.2 V8', engineCode: 'LS3', chassisNumber: '124379N600001', modifications: 'LS3 swap, T56 gearbox' });
      stock = await addVehicle(owner, { ...camaro, vehicleName: 'Stock Camaro', engineCode: 'L78', priority: 2 });
      unknown = await addVehicle(owner, { ...camaro, vehicleName: 'Barn-find Camaro', priority: 3 });
      expect(unknown).toMatchObject({ engineCode: null, chassisNumber: null, modifications: null });
      const list = (await owner.agent.get('/api/garage/me').expect(200)).body as VehicleDto[];
      expect(list.find((v) => v.id === swapped.id)).toMatchObject({ engineCode: 'LS3', modifications: 'LS3 swap, T56 gearbox' });
    });

    it('edits and clears them', async () => {
      const v = await addVehicle(owner, { ...camaro, engineCode: 'L48', chassisNumber: 'X1' });
      const edited = await owner.agent.patch(`/api/garage/vehicle/${v.id}`).send({ engineCode: 'LT1', modifications: 'Headers' }).expect(200);
      expect(edited.body).toMatchObject({ engineCode: 'LT1', chassisNumber: 'X1', modifications: 'Headers' });
      const cleared = await owner.agent.patch(`/api/garage/vehicle/${v.id}`).send({ engineCode: '', chassisNumber: null }).expect(200);
      expect(cleared.body).toMatchObject({ engineCode: null, chassisNumber: null, modifications: 'Headers' });
      await owner.agent.delete(`/api/garage/vehicle/${v.id}`).expect(200);
    });

    it('names bad engine codes and chassis numbers', async () => {
      const res = await owner.agent
        .post('/api/garage')
        .send({ ...camaro, engineCode: '--', chassisNumber: 'AB\u202Ecd', modifications: 'x'.repeat(1001) })
        .expect(400);
      expect(res.body.errors).toMatchObject({
        engineCode: 'Engine code must have a letter or a digit',
        chassisNumber: expect.stringContaining('text-direction'),
        modifications: 'Must be at most 1000 characters',
      });
      const long = await owner.agent.post('/api/garage').send({ ...camaro, engineCode: 'L'.repeat(51) }).expect(400);
      expect(long.body.errors.engineCode).toBe('Must be at most 50 characters');
    });
  });

  describe('fitment', () => {
    it('matches engine parts on the engine code and body parts on the body', async () => {
      const byId = await answers(owner, [parts.ls3Pump!, parts.l78Manifold!, parts.fender!]);
      const of = (part: string, v: VehicleDto) => byId.get(parts[part]!)!.vehicles.find((x) => x.vehicleId === v.id)!;
      // The swapped car: the LS3 pump (listed for a Corvette) fits on its engine; the fender fits on its body.
      expect(of('ls3Pump', swapped)).toMatchObject({ fits: true, status: 'fits', reason: null });
      expect(of('fender', swapped)).toMatchObject({ fits: true, status: 'fits' });
      // Its body matches the L78 manifold's entry, its engine code does not.
      expect(of('l78Manifold', swapped)).toMatchObject({ fits: false, status: 'no_fit', reason: 'engine' });
      expect(of('l78Manifold', stock)).toMatchObject({ fits: true, status: 'fits' });
      // No engine code: the engine must be checked; a part for another car's engine simply does not fit.
      expect(of('l78Manifold', unknown)).toMatchObject({ fits: false, status: 'check', reason: 'engine_unknown' });
      expect(of('ls3Pump', unknown)).toMatchObject({ fits: false, status: 'no_fit', reason: 'model' });
      expect(of('ls3Pump', stock)).toMatchObject({ status: 'no_fit', reason: 'model' });
      expect(byId.get(parts.ls3Pump!)).toMatchObject({ status: 'fits', fitsVehicleName: 'Pro-touring Camaro', checkVehicleName: null, engines: ['LS-3'] });
      expect(byId.get(parts.fender!)).toMatchObject({ engines: [] });
    });

    it('answers check, naming the vehicle, when no vehicle fits and one has no engine code', async () => {
      await owner.agent.patch(`/api/garage/vehicle/${stock.id}`).send({ isActive: false }).expect(200);
      const byId = await answers(owner, [parts.l78Manifold!]);
      expect(byId.get(parts.l78Manifold!)).toMatchObject({ status: 'check', fitsVehicleName: null, checkVehicleName: 'Barn-find Camaro', engines: ['L78'] });
      await owner.agent.patch(`/api/garage/vehicle/${stock.id}`).send({ isActive: true }).expect(200);
    });

    it('filters the search with fitsVehicle by the same rule', async () => {
      const titles = async (v: VehicleDto) =>
        ((await owner.agent.get(`/api/parts?fitsVehicle=${v.id}&limit=50`).expect(200)).body as { title: string }[]).map((p) => p.title).sort();
      expect(await titles(swapped)).toEqual(['Camaro front fender', 'LS3 water pump']);
      expect(await titles(stock)).toEqual(['Camaro front fender', 'L78 intake manifold']);
      // Without an engine code, only parts for any engine.
      expect(await titles(unknown)).toEqual(['Camaro front fender']);
      // "ls 3" is LS3.
      await owner.agent.patch(`/api/garage/vehicle/${unknown.id}`).send({ engineCode: 'ls 3' }).expect(200);
      expect(await titles(unknown)).toEqual(['Camaro front fender', 'LS3 water pump']);
      await owner.agent.patch(`/api/garage/vehicle/${unknown.id}`).send({ engineCode: null }).expect(200);
    });
  });

  describe('alerts keyed to a vehicle', () => {
    it("takes only the caller's own vehicle: 404 unknown, 403 someone else's", async () => {
      const body = { alertName: 'For the Camaro' };
      await owner.agent.post('/api/alerts').send({ ...body, vehicleId: '00000000-0000-4000-8000-000000000000' }).expect(404);
      await other.agent.post('/api/alerts').send({ ...body, vehicleId: swapped.id }).expect(403);
      const mine = (await other.agent.post('/api/alerts').send(body).expect(201)).body as AlertDto;
      await other.agent.patch(`/api/alerts/alert/${mine.id}`).send({ vehicleId: swapped.id }).expect(403);
      await other.agent.delete(`/api/alerts/alert/${mine.id}`).expect(200);
      const bad = await owner.agent.post('/api/alerts').send({ ...body, vehicleId: 'nope' }).expect(400);
      expect(bad.body.errors.vehicleId).toBe('Not a valid vehicle id');
    });

    it('is raised by a new part that fits the vehicle in its category, and not by others', async () => {
      const keyed = async (name: string, vehicle: VehicleDto, extra: Record<string, unknown> = {}) =>
        (await owner.agent.post('/api/alerts').send({ alertName: name, vehicleId: vehicle.id, ...extra }).expect(201)).body as AlertDto;
      const swappedEngine = await keyed('Swapped: engine', swapped, { category: 'engine', make: 'ford', model: 'Mustang', yearStart: 1965 });
      expect(swappedEngine).toMatchObject({ vehicleId: swapped.id, category: 'engine', make: null, model: null, yearStart: null, yearEnd: null });
      const swappedBody = await keyed('Swapped: body', swapped, { category: 'body' });
      const stockAny = await keyed('Stock: anything', stock);
      const unknownAny = await keyed('Unknown engine: anything', unknown);

      const pump = await partOf(seller, {
        title: 'LS3 timing chain',
        make: 'chevrolet',
        category: 'engine',
        vehicleCompatibility: [{ make: 'Chevrolet', model: 'Corvette', yearStart: 2008, yearEnd: 2013, engine: 'ls3' }],
      });
      const quarter = await partOf(seller, {
        title: 'Camaro quarter panel',
        make: 'chevrolet',
        category: 'body',
        vehicleCompatibility: [{ make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1969 }],
      });
      const l78Heads = await partOf(seller, {
        title: 'L78 cylinder heads',
        make: 'chevrolet',
        category: 'engine',
        vehicleCompatibility: [{ make: 'Chevrolet', model: 'Camaro', yearStart: 1969, yearEnd: 1969, engine: 'L-78' }],
      });
      await t.drain();

      expect((await matchesOf(swappedEngine.id)).sort()).toEqual([pump]);
      expect(await matchesOf(swappedBody.id)).toEqual([quarter]);
      expect((await matchesOf(stockAny.id)).sort()).toEqual([quarter, l78Heads].sort());
      // No engine code: the L78 heads are a "check", not a fit, and raise nothing.
      expect(await matchesOf(unknownAny.id)).toEqual([quarter]);
    });

    it('goes with its vehicle', async () => {
      const v = await addVehicle(owner, { ...camaro, vehicleName: 'Short-lived' });
      const alert = (await owner.agent.post('/api/alerts').send({ alertName: 'Short-lived', vehicleId: v.id }).expect(201)).body as AlertDto;
      await owner.agent.delete(`/api/garage/vehicle/${v.id}`).expect(200);
      const list = (await owner.agent.get('/api/alerts/me').expect(200)).body as AlertDto[];
      expect(list.map((a) => a.id)).not.toContain(alert.id);
    });
  });
});
