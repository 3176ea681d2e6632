import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, HOUR, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { requestForm } from '../../../test/reverse.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { ReverseLifecycleService } from './reverse-lifecycle.service.js';

/** The garage's answers, as far as these tests read them (the garage's DTO file is its own). */
interface AlertDto {
  id: string;
  alertName: string;
  wantedRequestId: string | null;
}
interface WantedRequestAlertDto {
  alert: AlertDto | null;
}

/** Issue 35: a wanted request that ends without an award leaves the buyer an alert (offered or automatic). */
describe('wanted requests that end unfilled', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let lister: TestUser;
  const tick = () => t.inContext(() => t.rt.container.get(ReverseLifecycleService).tick());

  /** Posts a request, opens it and lets it end without quotes; answers its id once the events ran. */
  async function unfilled(overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await buyer.agent.post('/api/reverse-auctions').send(requestForm(t, overrides)).expect(201);
    t.clock.advance(HOUR);
    await tick();
    t.clock.advance(2 * HOUR);
    await tick();
    await t.drain();
    expect((await t.agent().get(`/api/reverse-auctions/${res.body.id}`).expect(200)).body).toMatchObject({ status: 'ended', awardStatus: 'unawarded' });
    return res.body.id as string;
  }
  const noticesOf = (userId: string, type: string) =>
    t.sql<{ related_item_id: string; link: string }>('select related_item_id, link from alert_notifications where user_id = $1 and notification_type = $2', [userId, type]);
  const alertFor = async (who: TestUser, requestId: string) =>
    ((await who.agent.get(`/api/alerts/from-request/${requestId}`).expect(200)).body as WantedRequestAlertDto).alert;

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    buyer = await fastUser(t, 'unfilled_buyer');
    other = await fastUser(t, 'unfilled_other');
    lister = await quickUser(t, 'unfilled_lister', 'admin');
  }, 60_000);
  afterAll(async () => t?.close());

  let automatic: string;
  let offered: string;

  it('makes the alert at once when the buyer asked for it when posting', async () => {
    automatic = await unfilled({ alertIfUnfilled: true, title: 'Wanted: K-code intake', make: 'ford' });
    expect((await t.agent().get(`/api/reverse-auctions/${automatic}`).expect(200)).body.alertIfUnfilled).toBe(true);
    expect(await alertFor(buyer, automatic)).toMatchObject({
      userId: buyer.id,
      wantedRequestId: automatic,
      alertName: 'Wanted: K-code intake',
      make: 'ford',
      model: 'Mustang',
      yearStart: 1965,
      yearEnd: 1966,
      category: 'engine',
      maxPrice: '500.00',
      keywords: [],
      frequency: 'instant',
      isActive: true,
    });
    expect(await noticesOf(buyer.id, 'wanted_alert_created')).toHaveLength(1);
    expect(await noticesOf(buyer.id, 'wanted_alert_offer')).toHaveLength(0);
  });

  it('otherwise offers it, made in one click on the request page (the same alert when clicked again)', async () => {
    offered = await unfilled({ title: 'Toploader shifter', partCategory: 'Drivetrain', make: 'Shelby American', maxBudget: '250.00' });
    expect(await alertFor(buyer, offered)).toBeNull();
    expect(await noticesOf(buyer.id, 'wanted_alert_offer')).toEqual([{ related_item_id: offered, link: `/reverse-auctions/${offered}` }]);
    await other.agent.post(`/api/alerts/from-request/${offered}`).expect(403);
    await buyer.agent.post('/api/alerts/from-request/00000000-0000-4000-8000-000000000000').expect(404);
    await t.agent().post(`/api/alerts/from-request/${offered}`).expect(401);
    const made = (await buyer.agent.post(`/api/alerts/from-request/${offered}`).expect(201)).body as AlertDto;
    expect(made.alertName).toBe('Wanted: Toploader shifter');
    // A make the list does not know becomes keywords.
    expect(made).toMatchObject({ wantedRequestId: offered, make: null, keywords: ['shelby', 'american'], category: 'drivetrain', maxPrice: '250.00' });
    const again = (await buyer.agent.post(`/api/alerts/from-request/${offered}`).expect(201)).body as AlertDto;
    expect(again.id).toBe(made.id);
    expect(await alertFor(other, offered)).toBeNull();
    const list = (await buyer.agent.get('/api/alerts/me').expect(200)).body as AlertDto[];
    expect(list.filter((a) => a.wantedRequestId === offered)).toHaveLength(1);
  });

  it('refuses a request that has not ended unfilled (409)', async () => {
    const res = await buyer.agent.post('/api/reverse-auctions').send(requestForm(t)).expect(201);
    const refused = await buyer.agent.post(`/api/alerts/from-request/${res.body.id}`).expect(409);
    expect(refused.body.message).toBe('Only a request that ended without an award can become an alert');
  });

  it('waits while the request is relisted: no alert and no offer yet', async () => {
    const relisted = await unfilled({ alertIfUnfilled: true, autoRelist: true, title: 'Relisted want' });
    expect(await alertFor(buyer, relisted)).toBeNull();
    const offers = await t.sql<{ n: number }>(
      "select count(*)::int as n from alert_notifications where related_item_id = $1 and notification_type like 'wanted_alert_%'",
      [relisted],
    );
    expect(offers[0]!.n).toBe(0);
  });

  it('tells a seller who later lists a matching part that a buyer wanted it, and the buyer by the alert', async () => {
    const intake = await partOf(lister, {
      title: 'Cast-iron 289 intake manifold',
      make: 'ford',
      model: 'Mustang',
      category: 'engine',
      yearStart: 1965,
      yearEnd: 1965,
      price: 450,
    });
    const pricey = await partOf(lister, { title: 'Another 289 intake', make: 'ford', model: 'Mustang', category: 'engine', yearStart: 1965, price: 650 });
    await t.drain();
    const auto = (await alertFor(buyer, automatic))!;
    const matches = await t.sql<{ related_item_id: string }>("select related_item_id from alert_notifications where alert_id = $1", [auto.id]);
    expect(matches.map((m) => m.related_item_id)).toEqual([intake]);
    const told = await noticesOf(lister.id, 'wanted_match');
    expect(told).toEqual([{ related_item_id: automatic, link: `/reverse-auctions/${automatic}` }]);
    expect(told.map((n) => n.related_item_id)).not.toContain(pricey);
    // Told once, however often the part is matched again.
    await lister.agent.patch(`/api/parts/${intake}`).send({ title: 'Cast-iron 289 intake manifold, K-code' });
    await t.drain();
    expect(await noticesOf(lister.id, 'wanted_match')).toHaveLength(1);
  });
});
