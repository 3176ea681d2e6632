import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import type { PartFitmentAnswerDto, VehicleDto } from './garage.dto.js';

describe('garage vehicles and fitment', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;

  const porsche = { make: 'porsche', model: '911', yearStart: 1967, yearEnd: 1969 };

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    admin = await quickUser(t, 'garage_admin', 'admin');
    owner = await fastUser(t, 'garage_owner');
    other = await fastUser(t, 'garage_other');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('adds a vehicle with the spec defaults and a name made of years, make and model', async () => {
    const res = await owner.agent.post('/api/garage').send(porsche).expect(201);
    const v = res.body as VehicleDto;
    expect(v).toMatchObject({
      userId: owner.id,
      vehicleName: '1967-1969 Porsche 911',
      make: 'porsche',
      makeName: 'Porsche',
      projectType: 'restoration',
      priority: 1,
      isActive: true,
    });
    const list = await owner.agent.get('/api/garage/me').expect(200);
    expect(list.body.map((x: VehicleDto) => x.id)).toContain(v.id);
    expect(list.headers['x-total-count']).toBe('1');
    await owner.agent.get(`/api/garage/${owner.id}`).expect(200);
  });

  it('keeps the owner as the session user whatever userId the body names', async () => {
    const res = await owner.agent.post('/api/garage').send({ ...porsche, userId: other.id, vehicleName: 'Mine' }).expect(201);
    expect(res.body.userId).toBe(owner.id);
    await owner.agent.delete(`/api/garage/vehicle/${res.body.id}`).expect(200);
  });

  it("refuses someone else's garage with 403, but not an admin", async () => {
    await other.agent.get(`/api/garage/${owner.id}`).expect(403);
    await admin.agent.get(`/api/garage/${owner.id}`).expect(200);
    await t.agent().get('/api/garage/me').expect(401);
  });

  it("refuses to edit or remove someone else's vehicle with 403", async () => {
    const { body: v } = await owner.agent.post('/api/garage').send({ make: 'ford', model: 'Mustang' }).expect(201);
    await other.agent.patch(`/api/garage/vehicle/${v.id}`).send({ model: 'Falcon' }).expect(403);
    await other.agent.delete(`/api/garage/vehicle/${v.id}`).expect(403);
    const edited = await owner.agent.patch(`/api/garage/vehicle/${v.id}`).send({ model: 'Falcon', projectType: 'rebuild', priority: 2 }).expect(200);
    expect(edited.body).toMatchObject({ model: 'Falcon', projectType: 'rebuild', priority: 2 });
    await owner.agent.delete(`/api/garage/vehicle/${v.id}`).expect(200);
    await owner.agent.delete(`/api/garage/vehicle/${v.id}`).expect(404);
  });

  it('names each bad field with a clear message', async () => {
    const res = await owner.agent
      .post('/api/garage')
      .send({ make: '', model: '', yearStart: 1800, projectType: 'racing', priority: 0 })
      .expect(400);
    expect(res.body.errors).toMatchObject({
      make: 'Make is required',
      model: 'Model is required',
      yearStart: 'Year must be between 1900 and 2030',
      projectType: 'Project type must be restoration, maintenance, modification or rebuild',
      priority: 'Priority must be a whole number from 1 to 10',
    });
    const order = await owner.agent.post('/api/garage').send({ make: 'ford', model: 'GT40', yearStart: 1968, yearEnd: 1966 }).expect(400);
    expect(order.body.errors.yearEnd).toBe('End year must be the same as or after the start year');
    const unknown = await owner.agent.post('/api/garage').send({ make: 'not-a-make', model: 'X' }).expect(400);
    expect(unknown.body.errors.make).toBe('Choose a make from the list');
  });

  describe('fitment', () => {
    let vehicleId: string;
    const parts: Record<string, string> = {};
    const fit = (yearStart: number | null, yearEnd: number | null, model = '911', make = 'Porsche') => ({
      vehicleCompatibility: [{ make, model, ...(yearStart ? { yearStart } : {}), ...(yearEnd ? { yearEnd } : {}) }],
    });

    beforeAll(async () => {
      const { body } = await owner.agent.get('/api/garage/me').expect(200);
      vehicleId = (body as VehicleDto[]).find((v) => v.model === '911')!.id;
      parts.endsAtStart = await partOf(admin, { title: 'Ends at 1967', ...fit(1960, 1967) });
      parts.startsAtEnd = await partOf(admin, { title: 'Starts at 1969', ...fit(1969, 1975) });
      parts.before = await partOf(admin, { title: 'Before', ...fit(1960, 1966) });
      parts.after = await partOf(admin, { title: 'After', ...fit(1970, 1975) });
      parts.otherModel = await partOf(admin, { title: 'Other model', ...fit(1967, 1969, '912') });
      parts.otherMake = await partOf(admin, { title: 'Other make', ...fit(1967, 1969, 'Mustang', 'Ford') });
      parts.anyYear = await partOf(admin, { title: 'Any year', ...fit(null, null, '911 ') });
      parts.none = await partOf(admin, { title: 'No entries' });
    });

    it('answers fits at the year edges, no_fit with the reason, and no_entries, in one call', async () => {
      const ids = Object.values(parts);
      const res = await owner.agent.get(`/api/garage/fitment?partIds=${ids.join(',')}`).expect(200);
      const byId = new Map((res.body as PartFitmentAnswerDto[]).map((a) => [a.partId, a]));
      expect(res.body.map((a: PartFitmentAnswerDto) => a.partId)).toEqual(ids);
      const reason = (id: string) => byId.get(id)!.vehicles.find((v) => v.vehicleId === vehicleId)!.reason;
      expect(byId.get(parts.endsAtStart!)).toMatchObject({ status: 'fits', fitsVehicleName: '1967-1969 Porsche 911' });
      expect(byId.get(parts.startsAtEnd!)!.status).toBe('fits');
      expect(byId.get(parts.anyYear!)!.status).toBe('fits');
      expect(byId.get(parts.before!)!.status).toBe('no_fit');
      expect(reason(parts.before!)).toBe('years');
      expect(reason(parts.after!)).toBe('years');
      expect(reason(parts.otherModel!)).toBe('model');
      expect(reason(parts.otherMake!)).toBe('make');
      expect(byId.get(parts.none!)).toMatchObject({ status: 'no_entries', vehicles: [] });
    });

    it('filters the search with fitsVehicle to the parts that fit, for the owner only', async () => {
      const res = await owner.agent.get(`/api/parts?fitsVehicle=${vehicleId}&limit=50`).expect(200);
      const titles = (res.body as { title: string }[]).map((p) => p.title).sort();
      expect(titles).toEqual(['Any year', 'Ends at 1967', 'Starts at 1969']);
      await other.agent.get(`/api/parts?fitsVehicle=${vehicleId}`).expect(403);
      await t.agent().get(`/api/parts?fitsVehicle=${vehicleId}`).expect(401);
      await owner.agent.get('/api/parts?fitsVehicle=00000000-0000-4000-8000-000000000000').expect(404);
      await owner.agent.get('/api/parts?fitsVehicle=nope').expect(400);
    });

    it('ignores inactive vehicles in the fitment answer', async () => {
      await owner.agent.patch(`/api/garage/vehicle/${vehicleId}`).send({ isActive: false }).expect(200);
      const res = await owner.agent.get(`/api/garage/fitment?partIds=${parts.endsAtStart}`).expect(200);
      expect(res.body[0].status).toBe('no_fit');
      await owner.agent.patch(`/api/garage/vehicle/${vehicleId}`).send({ isActive: true }).expect(200);
    });
  });
});
