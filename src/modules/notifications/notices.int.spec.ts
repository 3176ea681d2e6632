import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { auctionForm, fastUser, partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { approvedSeller } from '../../../test/reverse.fixtures.js';
import { EventBus } from '../../platform/events.js';
import { CATALOG_EVENTS, catalogModule } from '../catalog/index.js';
import { OFFERS_EVENTS } from '../offers/index.js';
import { OrdersApi, PAYMENTS_EVENTS as PAYMENT_ORDER_EVENTS } from '../payments/index.js';
import { RETURNS_EVENTS } from '../returns/index.js';
import { REVERSE_EVENTS } from '../reverse/index.js';
import { SELLER_EVENTS } from '../sellers/index.js';
import type { NotificationDto } from './notification.dto.js';
import { NOTIFICATIONS_TASKS, notificationsTasks } from './notifications.tasks.js';

describe("other modules' events become notifications", () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;
  let buyer: TestUser;

  const feed = async (who: TestUser) => (await who.agent.get('/api/notifications/me').expect(200)).body as NotificationDto[];
  const orm = () => t.rt.db.orm;
  const publish = async (name: string, payload: unknown) => {
    await orm().em.fork().transactional((em) => t.rt.container.get(EventBus).publish(em, { name, payload }));
    await t.drain();
  };

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    admin = await quickUser(t, 'sub_admin', 'admin');
    seller = await approvedSeller(t, 'sub_seller');
    buyer = await fastUser(t, 'sub_buyer');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  // Notices of one moment have no order among themselves: each test's come later than the one before.
  beforeEach(() => t.clock.advance(60_000));

  it("notifies the seller once when an admin approves their listing, not again when they edit it", async () => {
    const partId = await partOf(seller, { title: 'Lucas P700 headlamp' });
    await t.drain();
    expect(await feed(seller)).toEqual([]);
    await admin.agent.patch(`/api/parts/${partId}/approve`).send({}).expect(200);
    await t.drain();
    const [notice, ...rest] = await feed(seller);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      notificationType: 'part_approved',
      title: 'Listing approved',
      message: '"Lucas P700 headlamp" is now live.',
      relatedItemType: 'part',
      relatedItemId: partId,
      link: `/parts/${partId}`,
      isRead: false,
    });
    // Trusted sellers' edits keep the listing live and republish the approval: no second notice.
    await t.sql('update sellers set requires_listing_approval = false where user_id = $1', [seller.id]);
    await seller.agent.patch(`/api/parts/${partId}`).send({ price: 2300 }).expect(200);
    await t.drain();
    expect(await feed(seller)).toHaveLength(1);
    await t.sql('update sellers set requires_listing_approval = true where user_id = $1', [seller.id]);
  });

  it('tells the seller once when a cancelled sale puts their part back on sale', async () => {
    const partId = await partOf(seller, { title: 'Smiths chronometric tachometer' });
    await t.drain();
    const before = (await feed(seller)).length;
    const orderId = '00000000-0000-4000-8000-0000000b0c51';
    const event = { partId, sellerId: seller.id, orderId };
    await publish(CATALOG_EVENTS.partBackOnSale, event);
    // A replayed event (another job) tells nobody twice.
    await publish(CATALOG_EVENTS.partBackOnSale, event);
    const notices = await feed(seller);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({
      notificationType: 'part_back_on_sale',
      title: 'Your part is back on sale',
      message: 'The order for "Smiths chronometric tachometer" was cancelled before it shipped, so the part is listed for sale again.',
      relatedItemType: 'part',
      relatedItemId: partId,
      link: `/parts/${partId}`,
    });
  });

  it('tells the seller a part that came back in a return is on sale again, not that its order was cancelled', async () => {
    const partId = await partOf(seller, { title: 'Smiths returned clock' });
    await admin.agent.patch(`/api/parts/${partId}/approve`).send({}).expect(200);
    const { orderId } = await orm().em.fork().transactional((em) =>
      t.rt.container.get(OrdersApi).createOrder(em, { buyerId: buyer.id, partId, priceCents: 9_000, source: 'buy_now' }),
    );
    await t.sql(`update orders set state = 'refunded' where id = $1`, [orderId]);
    t.clock.advance(1000);
    await publish(CATALOG_EVENTS.partBackOnSale, { partId, sellerId: seller.id, orderId });
    const notice = (await feed(seller)).find((n) => n.notificationType === 'part_back_on_sale' && n.relatedItemId === partId);
    expect(notice).toMatchObject({ message: '"Smiths returned clock" came back in a return and is listed for sale again.' });
  });

  it('tells the seller why a listing was rejected', async () => {
    const partId = await partOf(seller, { title: 'Girling brake servo' });
    await admin.agent.patch(`/api/parts/${partId}/reject`).send({ rejectionReason: 'Photos do not show the part.' }).expect(200);
    await t.drain();
    const [latest] = await feed(seller);
    expect(latest).toMatchObject({
      notificationType: 'part_rejected',
      title: 'Listing not approved',
      message: '"Girling brake servo" was not approved: Photos do not show the part.',
      link: `/my-listings/${partId}/edit`,
    });
  });

  it("turns a seller application's rejection into a notice for the applicant", async () => {
    await publish(SELLER_EVENTS.sellerRejected, { sellerId: crypto.randomUUID(), userId: buyer.id, rejectionReason: 'Address could not be verified.', rejectedBy: admin.id });
    const [latest] = await feed(buyer);
    expect(latest).toMatchObject({ notificationType: 'seller_rejected', title: 'Seller application not approved', message: 'Address could not be verified.' });
  });

  it("turns the payments module's order events into notices for the right party", async () => {
    const partId = await partOf(seller, { title: 'Smiths chronometric speedometer' });
    const orderId = crypto.randomUUID();
    const order = { orderId, buyerId: buyer.id, sellerId: seller.id, partId, source: 'buy_now', sourceId: null, totalCents: 12_550 };
    const before = (await feed(seller)).length;
    await publish(PAYMENT_ORDER_EVENTS.orderPaid, order);
    t.clock.advance(1000);
    await publish(PAYMENT_ORDER_EVENTS.orderShipped, order);
    const [sale] = await feed(seller);
    expect((await feed(seller)).length).toBe(before + 1);
    expect(sale).toMatchObject({ notificationType: 'order_paid', message: '"Smiths chronometric speedometer" was paid ($125.50). Please ship it.', link: '/my-sales', relatedItemType: 'order', relatedItemId: orderId });
    const [shipped] = await feed(buyer);
    expect(shipped).toMatchObject({ notificationType: 'order_shipped', title: 'Your order has shipped', link: `/account/orders/${orderId}` });
  });

  it('says payment is due now, with its deadline, naming the order by its title (a reverse award has no listed part)', async () => {
    const partId = await partOf(seller, { title: 'Falcon XY grille' });
    await admin.agent.patch(`/api/parts/${partId}/approve`).send({}).expect(200);
    const { orderId } = await orm().em.fork().transactional((em) =>
      t.rt.container.get(OrdersApi).createOrder(em, { buyerId: buyer.id, partId, priceCents: 64_000, source: 'buy_now' }),
    );
    await t.drain();
    const award = { orderId, buyerId: buyer.id, sellerId: seller.id, partId: null, source: 'reverse_award', sourceId: null, totalCents: 64_000, payBy: '2026-11-29T23:11:01.273Z' };
    await publish(PAYMENT_ORDER_EVENTS.orderCreated, award);
    const [due] = await feed(buyer);
    expect(due).toMatchObject({
      notificationType: 'order_payment_due',
      title: 'Payment due',
      message: 'Payment is due now: pay $640.00 for "Falcon XY grille" by Nov 29, 2026, 11:11 PM UTC, or the order is cancelled.',
      link: `/checkout/${orderId}`,
    });
    // An order nobody can name reads as "your order", never in quotes.
    const unknown = { ...award, orderId: crypto.randomUUID() };
    t.clock.advance(1000);
    await publish(PAYMENT_ORDER_EVENTS.orderCreated, unknown);
    const [unnamed] = await feed(buyer);
    expect(unnamed!.message).toBe('Payment is due now: pay $640.00 for your order by Nov 29, 2026, 11:11 PM UTC, or the order is cancelled.');
  });

  it("turns the returns module's events into notices for the side that must act, linking the return", async () => {
    const partId = await partOf(seller, { title: 'Weber 40 DCOE carburettor' });
    await admin.agent.patch(`/api/parts/${partId}/approve`).send({}).expect(200);
    const { orderId } = await orm().em.fork().transactional((em) =>
      t.rt.container.get(OrdersApi).createOrder(em, { buyerId: buyer.id, partId, priceCents: 45_000, source: 'buy_now' }),
    );
    await t.drain();
    const returnId = crypto.randomUUID();
    const ret = { returnId, orderId, buyerId: buyer.id, sellerId: seller.id, state: 'requested', refundCents: null };
    const aboutReturn = async (who: TestUser) => (await feed(who)).filter((n) => n.relatedItemId === returnId);

    await publish(RETURNS_EVENTS.requested, ret);
    expect(await aboutReturn(buyer)).toEqual([]);
    expect(await aboutReturn(seller)).toMatchObject([{
      notificationType: 'return_requested',
      title: 'Return requested',
      message: 'The buyer asked to return "Weber 40 DCOE carburettor". Please answer it.',
      relatedItemType: 'return',
      link: `/account/returns/${returnId}`,
    }]);
    t.clock.advance(1000);
    await publish(RETURNS_EVENTS.approved, { ...ret, state: 'approved' });
    t.clock.advance(1000);
    await publish(RETURNS_EVENTS.shippedBack, { ...ret, state: 'shipped_back' });
    t.clock.advance(1000);
    await publish(RETURNS_EVENTS.refunded, { ...ret, state: 'refunded', refundCents: 30_000 });
    expect((await aboutReturn(buyer)).map((n) => [n.notificationType, n.message])).toEqual([
      ['return_refunded', '$300.00 was refunded for the return of "Weber 40 DCOE carburettor".'],
      ['return_approved', 'Your return of "Weber 40 DCOE carburettor" was approved. Please ship it back as instructed.'],
    ]);
    expect((await aboutReturn(seller)).map((n) => n.notificationType)).toEqual(['return_shipped_back', 'return_requested']);
    // An escalation concerns both sides; an unknown order's return still notifies, without the part's title.
    const other = { ...ret, returnId: crypto.randomUUID(), orderId: crypto.randomUUID(), state: 'escalated' };
    t.clock.advance(1000);
    await publish(RETURNS_EVENTS.escalated, other);
    for (const who of [buyer, seller]) {
      const [latest] = await feed(who);
      expect(latest).toMatchObject({ notificationType: 'return_escalated', message: "Pitlane's team will decide the return of your order.", link: `/account/returns/${other.returnId}` });
    }
  });

  it("turns the offers module's events into notices for the other side, linking the offer or the checkout", async () => {
    const partId = await partOf(seller, { title: 'Minilite 15in wheel' });
    await admin.agent.patch(`/api/parts/${partId}/approve`).send({}).expect(200);
    await t.drain();
    const offerId = crypto.randomUUID();
    const offer = { offerId, kind: 'offer', partId, buyerId: buyer.id, sellerId: seller.id, auctionId: null, amount: '180.00', by: 'buyer' };
    const aboutOffer = async (who: TestUser) => (await feed(who)).filter((n) => n.relatedItemId === offerId);

    await publish(OFFERS_EVENTS.offerMade, offer);
    expect(await aboutOffer(buyer)).toEqual([]);
    expect(await aboutOffer(seller)).toMatchObject([{
      notificationType: 'offer_received',
      title: 'New offer',
      message: 'You received an offer of $180.00 for "Minilite 15in wheel". Please answer before it expires.',
      relatedItemType: 'offer',
      link: `/offers/${offerId}`,
    }]);
    t.clock.advance(1000);
    await publish(OFFERS_EVENTS.offerCountered, { ...offer, amount: '210.00', by: 'seller' });
    expect(await aboutOffer(seller)).toHaveLength(1);
    const [counter] = await aboutOffer(buyer);
    expect(counter).toMatchObject({ notificationType: 'offer_countered', message: 'The seller countered with $210.00 for "Minilite 15in wheel".', link: `/offers/${offerId}` });

    t.clock.advance(1000);
    const orderId = crypto.randomUUID();
    await publish(OFFERS_EVENTS.offerAccepted, { ...offer, amount: '210.00', by: 'buyer', orderId });
    expect(await aboutOffer(buyer)).toHaveLength(1);
    const [accepted] = await aboutOffer(seller);
    expect(accepted).toMatchObject({ notificationType: 'offer_accepted', message: 'The offer for "Minilite 15in wheel" was accepted at $210.00. The buyer is asked to pay.', link: `/offers/${offerId}` });

    // Accepted by the seller (or automatically): the buyer goes to the checkout.
    const second = { ...offer, offerId: crypto.randomUUID(), kind: 'second_chance', amount: '150.00', by: 'seller' };
    t.clock.advance(1000);
    await publish(OFFERS_EVENTS.secondChanceSent, second);
    t.clock.advance(1000);
    await publish(OFFERS_EVENTS.offerAccepted, { ...second, by: 'system', orderId });
    const secondFor = async (who: TestUser) => (await feed(who)).filter((n) => n.relatedItemId === second.offerId);
    expect((await secondFor(buyer)).map((n) => [n.notificationType, n.link])).toEqual([
      ['offer_accepted', `/checkout/${orderId}`],
      ['second_chance_offer', `/offers/${second.offerId}`],
    ]);
    expect((await secondFor(seller)).map((n) => n.notificationType)).toEqual(['offer_accepted']);

    // An automatic decline tells the buyer only; the reserve-not-met window both sides.
    const third = { ...offer, offerId: crypto.randomUUID() };
    t.clock.advance(1000);
    await publish(OFFERS_EVENTS.offerDeclined, { ...third, by: 'system', reason: 'The seller does not take offers this low.' });
    expect((await feed(buyer))[0]).toMatchObject({ notificationType: 'offer_declined', message: 'Your offer for "Minilite 15in wheel" at $180.00 was declined: The seller does not take offers this low.' });
    expect((await feed(seller)).some((n) => n.relatedItemId === third.offerId)).toBe(false);
    const reserve = { ...offer, offerId: crypto.randomUUID(), kind: 'reserve_offer', auctionId: crypto.randomUUID(), amount: '950.00', by: 'system' };
    t.clock.advance(1000);
    await publish(OFFERS_EVENTS.reserveOpened, reserve);
    for (const who of [buyer, seller]) expect((await feed(who))[0]).toMatchObject({ notificationType: 'reserve_not_met', relatedItemId: reserve.offerId, link: `/offers/${reserve.offerId}` });
  });

  it("shows the wanted requests' mailed notices in the feed, without the mail's link", async () => {
    const requestId = crypto.randomUUID();
    await publish(REVERSE_EVENTS.noticesSent, {
      notices: [
        {
          reverseAuctionId: requestId,
          userId: seller.id,
          type: 'awarded',
          title: 'Your quote was accepted: Jaguar E-type bonnet',
          message: 'The buyer accepted your quote on "Jaguar E-type bonnet". Please get in touch with them.\n\nhttp://pitlane.test/reverse-auctions/x',
        },
      ],
    });
    const [latest] = await feed(seller);
    expect(latest).toMatchObject({
      notificationType: 'quote_accepted',
      title: 'Your quote was accepted: Jaguar E-type bonnet',
      message: 'The buyer accepted your quote on "Jaguar E-type bonnet". Please get in touch with them.',
      relatedItemType: 'reverse_auction',
      link: `/reverse-auctions/${requestId}`,
    });
  });

  it('records one notice however often the same job runs', async () => {
    const task = notificationsTasks[NOTIFICATIONS_TASKS.notifyEvent]!(t.rt.container) as (payload: unknown, helpers: unknown) => Promise<void>;
    const job = { event: SELLER_EVENTS.sellerRejected, payload: { sellerId: crypto.randomUUID(), userId: seller.id, rejectionReason: 'Twice?', rejectedBy: admin.id } };
    await task(job, { job: { id: '987654' } });
    await task(job, { job: { id: '987654' } });
    expect((await feed(seller)).filter((n) => n.message === 'Twice?')).toHaveLength(1);
  });

  it("shows the auctions' outbid notices in the bidder's feed", async () => {
    const partId = await partOf(admin, { title: 'Borrani wire wheel' });
    const auction = await admin.agent.post('/api/auctions').send(auctionForm(t, partId, { title: 'Borrani wire wheel' })).expect(201);
    // Opened at once (the auctions' own tests cover the start); then a bid, and a higher one.
    await t.sql(`update auctions set status = 'active', start_time = $2 where id = $1`, [auction.body.id, t.clock.now()]);
    const rival = await fastUser(t, 'sub_rival');
    await buyer.agent.post(`/api/auctions/${auction.body.id}/bids`).send({ bidAmount: 100 }).expect(201);
    await rival.agent.post(`/api/auctions/${auction.body.id}/bids`).send({ bidAmount: 150 }).expect(201);
    // The bids queue one outbid sweep after their commit (auctions' BidBatchService), which mails and publishes.
    let latest: NotificationDto | undefined;
    await vi.waitFor(
      async () => {
        await t.drain();
        [latest] = await feed(buyer);
        expect(latest?.notificationType).toBe('outbid');
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(latest).toMatchObject({
      notificationType: 'outbid',
      title: 'You have been outbid: Borrani wire wheel',
      relatedItemType: 'auction',
      relatedItemId: auction.body.id,
      link: `/auctions/${auction.body.id}`,
    });
    expect(latest!.message).toBe('Someone bid more than your maximum on "Borrani wire wheel". The current bid is $150.00.');
    expect(await feed(rival)).toEqual([]);

    // Ended by an admin: the winner hears they won, the other bidder that they lost, each once.
    t.clock.advance(60_000);
    await admin.agent.post(`/api/admin/auctions/${auction.body.id}/end`).send({ reason: 'Ended for the test.' }).expect(200);
    const types = async (who: TestUser) => (await feed(who)).filter((n) => n.relatedItemId === auction.body.id).map((n) => n.notificationType).sort();
    await vi.waitFor(
      async () => {
        await t.drain();
        expect(await types(buyer)).toEqual(['auction_closed', 'auction_lost', 'outbid']);
        expect(await types(rival)).toEqual(['auction_closed', 'auction_won']);
      },
      { timeout: 10_000, interval: 200 },
    );
    const lost = (await feed(buyer)).find((n) => n.notificationType === 'auction_lost');
    expect(lost).toMatchObject({ title: 'Auction ended: Borrani wire wheel', message: '"Borrani wire wheel" ended and sold to another bidder for $150.00.' });
  });
});
