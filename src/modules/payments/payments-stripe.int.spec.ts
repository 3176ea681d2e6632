import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { partOf, quickUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import { storedPhoto } from '../../../test/returns.fixtures.js';

/** One request the fake Stripe received. */
interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

const WEBHOOK_SECRET = 'whsec_test_secret';
const address = { name: 'Bea Buyer', line1: '1 Paddock Lane', city: 'Monterey', postalCode: '93940', country: 'US' };
const signer = new Stripe('sk_test_signer');

let t: TestApp;
let server: http.Server;
let seller: TestUser;
let buyer: TestUser;
let admin: TestUser;
const requests: Recorded[] = [];
let account = { charges_enabled: false, payouts_enabled: false, details_submitted: false };
let seq = 0;
/** Set: the next transfer reversals are refused as Stripe refuses one the connected account cannot cover. */
let reversalRefused = false;
/** Set: the next transfer reversals are made at Stripe but their answers are lost (a 500 not to be retried). */
let reversalAnswerLost = false;
/** The reversals made at the fake Stripe, by transfer id, and by idempotency key while the key lives (24 hours at Stripe). */
const madeReversals = new Map<string, Record<string, unknown>[]>();
const reversalKeys = new Map<string, Record<string, unknown>>();
/** Stripe's processing fee per charge id, in cents, once its balance transaction exists (absent: not yet). */
const fees = new Map<string, number>();
/** The amount of each payment intent created, in cents (what its charge can refund). */
const intentAmounts = new Map<string, number>();
/** The refunds made at the fake Stripe, by payment intent, and each refund request's answer by idempotency key. */
const madeRefunds = new Map<string, { id: string; amount: number; metadata: Record<string, string>; key: string | undefined }[]>();
const refundKeys = new Map<string, { form: string; status: number; answer: Record<string, unknown> }>();
/** Set: the next refunds are refused (an invalid request: nothing made). */
let refundRefused = false;
/** Set: the next refunds are made but their answers are lost (a 500 not to be retried). */
let refundAnswerLost = false;
/** Up to this many milliseconds before a refund or transfer is answered (at random): widens the races. */
let slowMs = 0;
/** The escrow transfers made, by idempotency key (Stripe answers a repeated key with the same transfer). */
const madeTransfers = new Map<string, { id: string; amount: number }>();

const metadataOf = (form: URLSearchParams) => Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
const stripeError = (type: string, message: string, code?: string) => ({ error: { type, message, ...(code ? { code } : {}) } });

/**
 * POST /v1/refunds as Stripe answers it: a repeated idempotency key gets the first answer (or an idempotency
 * error with other parameters), and a refund beyond what the charge has left is refused.
 */
function refundAnswer(key: string | undefined, body: string): { status: number; answer: Record<string, unknown> } {
  const seen = key ? refundKeys.get(key) : undefined;
  if (seen) return seen.form === body ? seen : { status: 400, answer: stripeError('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.') };
  const form = new URLSearchParams(body);
  const intent = form.get('payment_intent') ?? '';
  const amount = Number(form.get('amount'));
  const made = madeRefunds.get(intent) ?? [];
  const left = (intentAmounts.get(intent) ?? 0) - made.reduce((sum, r) => sum + r.amount, 0);
  let result: { status: number; answer: Record<string, unknown> };
  if (refundRefused) result = { status: 400, answer: stripeError('invalid_request_error', 'This charge is disputed and cannot be refunded.', 'charge_disputed') };
  else if (amount > left) result = { status: 400, answer: stripeError('invalid_request_error', `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`, 'amount_too_large') };
  else {
    const refund = { id: `re_${++seq}`, amount, metadata: metadataOf(form), key };
    madeRefunds.set(intent, [...made, refund]);
    result = { status: 200, answer: { id: refund.id, object: 'refund', status: 'succeeded', amount, payment_intent: intent, metadata: refund.metadata } };
  }
  if (key) refundKeys.set(key, { form: body, ...result });
  return result;
}

/** A charge as Stripe answers it with `expand[]=balance_transaction`: the platform's fee in `fee_details`. */
const charge = (id: string) => {
  const fee = fees.get(id);
  return {
    id,
    object: 'charge',
    status: 'succeeded',
    balance_transaction:
      fee === undefined
        ? null
        : { id: `txn_${id}`, object: 'balance_transaction', fee, currency: 'usd', fee_details: [{ amount: fee, currency: 'usd', type: 'stripe_fee', description: 'Stripe processing fees' }] },
  };
};

/** A Stripe-compatible server that records every request and answers the objects the module reads. */
function fakeStripe(): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const [path = '', query = ''] = (req.url ?? '').split('?');
      requests.push({ method: req.method!, path, idempotencyKey: req.headers['idempotency-key'] as string | undefined, form: Object.fromEntries(new URLSearchParams(body || query)) });
      const n = ++seq;
      let answer: Record<string, unknown> = { id: `obj_${n}` };
      if (path === '/v1/accounts' || path.startsWith('/v1/accounts/')) answer = { id: 'acct_seller1', object: 'account', ...account };
      else if (path === '/v1/account_links') answer = { object: 'account_link', url: 'https://connect.stripe.test/setup/acct_seller1', expires_at: 2_000_000_000 };
      else if (path === '/v1/payment_intents') {
        intentAmounts.set(`pi_${n}`, Number(new URLSearchParams(body).get('amount')));
        answer = { id: `pi_${n}`, object: 'payment_intent', client_secret: `pi_${n}_secret_abc`, status: 'requires_payment_method' };
      }
      else if (/^\/v1\/payment_intents\/[^/]+\/cancel$/.test(path)) answer = { id: path.split('/')[3], object: 'payment_intent', status: 'canceled' };
      else if (path === '/v1/refunds' && req.method === 'GET') {
        const intent = new URLSearchParams(query).get('payment_intent') ?? '';
        const data = (madeRefunds.get(intent) ?? []).map((r) => ({ id: r.id, object: 'refund', amount: r.amount, payment_intent: intent, metadata: r.metadata }));
        answer = { object: 'list', url: path, has_more: false, data: data.reverse() };
      } else if (path === '/v1/refunds') {
        if (slowMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * slowMs));
        const made = refundAnswer(req.headers['idempotency-key'] as string | undefined, body);
        res.statusCode = made.status;
        answer = made.answer;
        if (refundAnswerLost && made.status === 200) {
          res.statusCode = 500;
          res.setHeader('stripe-should-retry', 'false');
          answer = stripeError('api_error', 'The answer was lost on the way.');
        }
      } else if (path === '/v1/transfers') {
        if (slowMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * slowMs));
        const key = req.headers['idempotency-key'] as string;
        const made = madeTransfers.get(key) ?? { id: `tr_${n}`, amount: Number(new URLSearchParams(body).get('amount')) };
        madeTransfers.set(key, made);
        answer = { id: made.id, object: 'transfer', amount: made.amount };
      }
      else if (req.method === 'GET' && /^\/v1\/transfers\/[^/]+\/reversals$/.test(path)) {
        answer = { object: 'list', url: path, has_more: false, data: madeReversals.get(path.split('/')[3]!) ?? [] };
      } else if (/^\/v1\/transfers\/[^/]+\/reversals$/.test(path)) {
        const key = req.headers['idempotency-key'] as string | undefined;
        const form = new URLSearchParams(body);
        const transferId = path.split('/')[3]!;
        const made = (key && reversalKeys.get(key)) || null;
        if (reversalRefused && !made) {
          res.statusCode = 400;
          answer = { error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'Insufficient funds in the connected account to reverse this transfer.' } };
        } else {
          const metadata = Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
          answer = made ?? { id: `trr_${n}`, object: 'transfer_reversal', transfer: transferId, amount: Number(form.get('amount')), metadata };
          if (!made) {
            madeReversals.set(transferId, [answer, ...(madeReversals.get(transferId) ?? [])]);
            if (key) reversalKeys.set(key, answer);
          }
          if (reversalAnswerLost) {
            res.statusCode = 500;
            res.setHeader('stripe-should-retry', 'false');
            answer = { error: { type: 'api_error', message: 'The answer was lost on the way.' } };
          }
        }
      }
      else if (req.method === 'GET' && /^\/v1\/charges\/[^/]+$/.test(path)) answer = charge(path.split('/')[3]!);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
}

const webhook = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return t
    .agent()
    .post('/api/payments/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signer.webhooks.generateTestHeaderString({ payload, secret }))
    .send(payload);
};

const intentEvent = (id: string, type: string, intent: string, orderId: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'event',
  type,
  data: { object: { id: intent, object: 'payment_intent', metadata: { orderId }, latest_charge: `ch_${intent}`, ...extra } },
});

async function part(price: number): Promise<string> {
  await t.sql(`update users set role = 'admin' where id = $1`, [seller.id]);
  try {
    return await partOf(seller, { price });
  } finally {
    await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  }
}

async function checkedOut(price: number, body: Record<string, unknown> = {}): Promise<{ id: string; intent: string }> {
  const { body: created } = await buyer.agent.post('/api/orders').send({ partId: await part(price) }).expect(201);
  const res = await buyer.agent.post(`/api/orders/${created.orderId}/checkout`).send({ shippingAddress: address, ...body }).expect(200);
  return { id: created.orderId, intent: (res.body.clientSecret as string).split('_secret_')[0]! };
}

const ledgerSum = async (orderId: string, account?: string) =>
  (await t.sql<{ s: string }>(`select coalesce(sum(amount), 0)::text as s from ledger_entries where order_id = $1 and ($2::text is null or account = $2)`, [orderId, account ?? null]))[0]!.s;

beforeAll(async () => {
  server = fakeStripe();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_pitlane',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_pitlane',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  await catalogModule.seed!(t.rt.container);
  seller = await quickUser(t, 'sid_seller', 'admin');
  await t.sql(`update users set role = 'seller' where id = $1`, [seller.id]);
  buyer = await quickUser(t, 'bo_buyer');
  admin = await quickUser(t, 'al_admin', 'admin');
}, 180_000);
afterAll(async () => {
  await t?.close();
  server?.close();
});

describe('Stripe Connect onboarding', () => {
  it('keeps a seller without payouts waiting, creates their Express account once, and opens checkout on account.updated', async () => {
    const { body: created } = await buyer.agent.post('/api/orders').send({ partId: await part(300) }).expect(201);
    expect(created.order.waitingReason).toMatch(/has not finished setting up payouts/);
    expect(created.order.actions.canPay).toBe(false);
    const refused = await buyer.agent.post(`/api/orders/${created.orderId}/checkout`).send({ shippingAddress: address }).expect(409);
    expect(refused.body.code).toBe('seller_not_ready');

    await buyer.agent.post('/api/payments/connect/onboarding').expect(403);
    const link = await seller.agent.post('/api/payments/connect/onboarding').expect(200);
    expect(link.body).toMatchObject({ url: 'https://connect.stripe.test/setup/acct_seller1', status: { accountId: 'acct_seller1', ready: false, provider: 'stripe' } });
    await seller.agent.post('/api/payments/connect/onboarding').expect(200);
    const creates = requests.filter((r) => r.path === '/v1/accounts');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({ idempotencyKey: `seller-${seller.id}-connect-account`, form: { type: 'express', 'capabilities[transfers][requested]': 'true' } });
    const linkReq = requests.find((r) => r.path === '/v1/account_links')!;
    expect(linkReq.form).toMatchObject({ account: 'acct_seller1', type: 'account_onboarding', return_url: 'http://pitlane.test/payouts?onboarding=done' });

    account = { charges_enabled: true, payouts_enabled: true, details_submitted: true };
    await webhook({ id: 'evt_acct_1', object: 'event', type: 'account.updated', data: { object: { id: 'acct_seller1', object: 'account', ...account } } }).expect(200);
    const status = await seller.agent.get('/api/payments/connect/status').expect(200);
    expect(status.body).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, ready: true });
    await t.drain();
    const mails = await t.sql<{ subject: string }>('select subject from mail_outbox where "to" = $1', ['bo_buyer@example.com']);
    expect(mails.map((m) => m.subject)).toContain('You can now pay: Weber 48 IDA carburettor pair');
  });
});

describe('checkout with Stripe', () => {
  it('creates a destination charge with the commission as application fee, keyed per order', async () => {
    requests.length = 0;
    const { body: created } = await buyer.agent.post('/api/orders').send({ partId: await part(2400) }).expect(201);
    const res = await buyer.agent.post(`/api/orders/${created.orderId}/checkout`).send({ shippingAddress: address }).expect(200);
    expect(res.body).toMatchObject({ provider: 'stripe', testMode: false, publishableKey: 'pk_test_pitlane', amount: '2400.00' });
    const pi = requests.filter((r) => r.path === '/v1/payment_intents');
    expect(pi).toHaveLength(1);
    // $2,400: 7 % of $1,000 + 5 % of $1,400 = $140.
    expect(pi[0]).toMatchObject({
      idempotencyKey: `order-${created.orderId}-intent-direct`,
      form: { amount: '240000', currency: 'usd', application_fee_amount: '14000', 'transfer_data[destination]': 'acct_seller1', 'metadata[orderId]': created.orderId },
    });
    // The test provider's confirmation is refused once Stripe keys are set.
    await buyer.agent.post('/api/payments/test/confirm').send({ orderId: created.orderId }).expect(403);
  });

  it('charges the platform for an escrow sale and transfers to the seller on confirmation', async () => {
    requests.length = 0;
    const { id, intent } = await checkedOut(6000, { escrowChoice: 'escrow' });
    const pi = requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(pi.idempotencyKey).toBe(`order-${id}-intent-escrow`);
    expect(pi.form['transfer_data[destination]']).toBeUndefined();
    expect(pi.form.application_fee_amount).toBeUndefined();
    await webhook(intentEvent('evt_escrow_paid', 'payment_intent.succeeded', intent, id)).expect(200);
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z1' }).expect(200);
    await buyer.agent.post(`/api/orders/${id}/confirm-delivery`).expect(200);
    const transfer = requests.find((r) => r.path === '/v1/transfers')!;
    // $6,000: $70 + $200 + 3 % of $1,000 = $300 commission; $5,700 to the seller.
    expect(transfer).toMatchObject({ idempotencyKey: `order-${id}-escrow-release-570000`, form: { amount: '570000', destination: 'acct_seller1', transfer_group: `order-${id}` } });
    expect(await ledgerSum(id)).toBe('0.00');
  });
});

describe('changing the escrow choice', () => {
  it('cancels the first intent and keys the new one after it', async () => {
    requests.length = 0;
    const { id, intent } = await checkedOut(5500, { escrowChoice: 'escrow' });
    const res = await buyer.agent.post(`/api/orders/${id}/checkout`).send({ shippingAddress: address, escrowChoice: 'waiver', waiverAccepted: true }).expect(200);
    const intents = requests.filter((r) => r.path === '/v1/payment_intents');
    expect(intents.map((r) => r.idempotencyKey)).toEqual([`order-${id}-intent-escrow`, `order-${id}-intent-direct-after-${intent}`]);
    expect(intents[1]!.form['transfer_data[destination]']).toBe('acct_seller1');
    expect(requests.some((r) => r.path === `/v1/payment_intents/${intent}/cancel`)).toBe(true);
    expect(res.body.escrow).toMatchObject({ choice: 'waiver' });
    expect(res.body.escrow.waiverSignedAt).not.toBeNull();
  });
});

describe('webhooks', () => {
  it('refuses a bad or missing signature', async () => {
    const event = { id: 'evt_bad', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } };
    await webhook(event, 'whsec_wrong').expect(400);
    await t.agent().post('/api/payments/webhooks/stripe').set('Content-Type', 'application/json').send(JSON.stringify(event)).expect(400);
    expect(await t.sql('select 1 from payment_events where id = $1', ['evt_bad'])).toHaveLength(0);
  });

  it('applies payment_intent.succeeded once; a replay changes nothing', async () => {
    const { id, intent } = await checkedOut(1200);
    const first = await webhook(intentEvent('evt_paid_1', 'payment_intent.succeeded', intent, id)).expect(200);
    expect(first.body.result).toBe('paid');
    const replay = await webhook(intentEvent('evt_paid_1', 'payment_intent.succeeded', intent, id)).expect(200);
    expect(replay.body.result).toBe('duplicate');
    // The same payment under another event id (Stripe may send two) is applied once too.
    const again = await webhook(intentEvent('evt_paid_1b', 'payment_intent.succeeded', intent, id)).expect(200);
    expect(again.body.result).toBe('payment already applied');
    expect(await t.sql('select 1 from ledger_entries where order_id = $1', [id])).toHaveLength(4);
    const seen = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.state).toBe('paid');
  });

  it('applies many events and their duplicates arriving at once, more than the pool has connections', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await checkedOut(200 + i));
    const events = orders.flatMap(({ id, intent }, i) => [intentEvent(`evt_burst_${i}`, 'payment_intent.succeeded', intent, id), intentEvent(`evt_burst_${i}`, 'payment_intent.succeeded', intent, id)]);
    const answers = await Promise.all(events.map((e) => webhook(e)));
    expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));
    expect(answers.filter((a) => a.body.result === 'duplicate')).toHaveLength(6);
    for (const { id } of orders) expect(await ledgerSum(id, 'buyer')).not.toBe('0.00');
  }, 20_000);

  it('ends refunded when charge.refunded arrives before payment_intent.succeeded', async () => {
    const { id, intent } = await checkedOut(800);
    await webhook({ id: 'evt_ref_first', object: 'event', type: 'charge.refunded', data: { object: { id: `ch_${intent}`, object: 'charge', payment_intent: intent, amount: 80000, amount_refunded: 80000 } } }).expect(200);
    const late = await webhook(intentEvent('evt_paid_late', 'payment_intent.succeeded', intent, id)).expect(200);
    expect(late.body.result).toBe('payment already applied');
    const seen = await admin.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body).toMatchObject({ state: 'refunded', refunded: '800.00', commission: '0.00' });
    expect(await ledgerSum(id)).toBe('0.00');
    expect(await ledgerSum(id, 'marketplace')).toBe('0.00');
  });

  it('notes a failed payment and a dispute', async () => {
    const { id, intent } = await checkedOut(450);
    await webhook(intentEvent('evt_fail', 'payment_intent.payment_failed', intent, id, { last_payment_error: { message: 'Your card was declined.' } })).expect(200);
    let seen = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.state).toBe('pending_payment');
    expect(seen.body.history.at(-1).note).toBe('Payment failed: Your card was declined.');
    await webhook(intentEvent('evt_ok', 'payment_intent.succeeded', intent, id)).expect(200);
    await webhook({ id: 'evt_dispute', object: 'event', type: 'charge.dispute.created', data: { object: { id: 'dp_1', object: 'dispute', charge: `ch_${intent}`, payment_intent: intent, amount: 45000, reason: 'fraudulent' } } }).expect(200);
    seen = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.state).toBe('disputed');
  });
});

describe('refunds through Stripe', () => {
  it('refunds partly with the transfer and application fee reversed, keyed by the refund itself', async () => {
    const { id, intent } = await checkedOut(1000);
    await webhook(intentEvent('evt_paid_refund', 'payment_intent.succeeded', intent, id)).expect(200);
    requests.length = 0;
    const res = await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '250.00', reason: 'Missing bolt' }).expect(200);
    expect(res.body).toMatchObject({ state: 'partially_refunded', refunded: '250.00', commission: '52.50' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: `order-${id}-refund-${res.body.refund.id}`,
      form: { payment_intent: intent, amount: '25000', reverse_transfer: 'true', refund_application_fee: 'true', 'metadata[orderId]': id, 'metadata[refundId]': res.body.refund.id },
    });
    // Stripe's own charge.refunded for the same refund changes nothing more.
    const echo = await webhook({ id: 'evt_ref_echo', object: 'event', type: 'charge.refunded', data: { object: { id: `ch_${intent}`, object: 'charge', payment_intent: intent, amount: 100000, amount_refunded: 25000 } } }).expect(200);
    expect(echo.body.result).toBe('refund already applied');
    expect(await ledgerSum(id)).toBe('0.00');
  });
});

/** An escrow order of `price` dollars paid by card, shipped and confirmed: its escrow released by a transfer. */
async function releasedEscrow(price: number, eventId: string): Promise<{ id: string; intent: string; transfer: string }> {
  const { id, intent } = await checkedOut(price, { escrowChoice: 'escrow' });
  await webhook(intentEvent(eventId, 'payment_intent.succeeded', intent, id)).expect(200);
  await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1Z1' }).expect(200);
  requests.length = 0;
  await buyer.agent.post(`/api/orders/${id}/confirm-delivery`).expect(200);
  const transfer = await t.sql<{ provider_ref: string }>(`select provider_ref from order_payments where order_id = $1 and kind = 'transfer'`, [id]);
  expect(transfer).toHaveLength(1);
  expect(requests.filter((r) => r.path === '/v1/transfers')).toHaveLength(1);
  return { id, intent, transfer: transfer[0]!.provider_ref };
}

const reversalsOf = (orderId: string) =>
  t.sql<{ status: string; provider_ref: string; amount: string }>(`select status, provider_ref, amount::text from order_payments where order_id = $1 and kind = 'transfer_reversal' order by amount::numeric`, [orderId]);

const kindSum = async (orderId: string, kind: string, account: string) =>
  (await t.sql<{ s: string }>(`select coalesce(sum(amount), 0)::text as s from ledger_entries where order_id = $1 and kind = $2 and account = $3`, [orderId, kind, account]))[0]!.s;

const reversalJob = async (orderId: string) =>
  (await t.sql<{ id: string; task_identifier: string; attempts: number; last_error: string | null }>(
    `select id, task_identifier, attempts, last_error from graphile_worker.jobs where key = $1`,
    [`order-transferReversal:${orderId}`],
  ))[0];

/** Makes a job due now (graphile-worker's own clock) and runs the due jobs. */
async function runJobNow(jobId: string) {
  await t.sql('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at := now())', [jobId]);
  await t.drain();
}

describe('refunds after an escrow release', () => {
  it("reverses the seller's transfer in proportion, keyed by the refunded total, once", async () => {
    // $6,000: $300 commission, $5,700 transferred to the seller at the release.
    const { id, intent, transfer } = await releasedEscrow(6000, 'evt_rev_paid');
    requests.length = 0;
    const part = await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '1000.00', reason: 'Bent flange' }).expect(200);
    expect(part.body).toMatchObject({ state: 'partially_refunded', refunded: '1000.00', commission: '250.00' });
    // The platform's charge is refunded (no destination to reverse), then $1,000 less the $50 commission returned
    // is taken back from the seller's transfer.
    expect(requests.map((r) => r.path)).toEqual(['/v1/refunds', `/v1/transfers/${transfer}/reversals`]);
    expect(requests[0]).toMatchObject({ idempotencyKey: `order-${id}-refund-${part.body.refund.id}`, form: { payment_intent: intent, amount: '100000' } });
    expect(requests[0]!.form.reverse_transfer).toBeUndefined();
    expect(requests[1]).toMatchObject({
      method: 'POST',
      idempotencyKey: `order-${id}-transfer-reversal-to-100000`,
      form: { amount: '95000', 'metadata[orderId]': id, 'metadata[refundedTo]': '100000', 'metadata[reversalKey]': `order-${id}-transfer-reversal-to-100000` },
    });
    expect(await reversalsOf(id)).toEqual([{ status: 'succeeded', provider_ref: expect.stringMatching(/^trr_/), amount: '950.00' }]);
    expect(await kindSum(id, 'refund', 'marketplace')).toBe('-1000.00');
    expect(await kindSum(id, 'transfer_reversal', 'seller')).toBe('-950.00');
    expect(await ledgerSum(id, 'seller')).toBe('4750.00');
    expect(await ledgerSum(id, 'marketplace')).toBe('250.00');
    await expectBalanced(id);

    // Run again (the job, a retry) and Stripe's own charge.refunded echo: nothing more is reversed.
    requests.length = 0;
    const { EscrowService } = await import('./escrow.service.js');
    expect(await t.rt.container.get(EscrowService).reverseTransfers(id)).toEqual({ result: 'nothing owed', failed: false });
    await t.drain();
    const echo = await webhook({ id: 'evt_rev_echo', object: 'event', type: 'charge.refunded', data: { object: { id: `ch_${intent}`, object: 'charge', payment_intent: intent, amount: 600000, amount_refunded: 100000 } } }).expect(200);
    expect(echo.body.result).toBe('refund already applied');
    await t.drain();
    expect(requests.filter((r) => r.path.includes('/reversals'))).toHaveLength(0);
    expect(await reversalsOf(id)).toHaveLength(1);

    // The rest, refused at first by Stripe (the seller's balance is too low): the buyer is refunded all the same,
    // the reversal stays owed (failed), the ledger shows the marketplace paying, and the job's retry takes it back.
    reversalRefused = true;
    requests.length = 0;
    const full = await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '5000.00', reason: 'Returned' }).expect(200);
    expect(full.body).toMatchObject({ state: 'refunded', refunded: '6000.00', commission: '0.00' });
    expect(requests.map((r) => r.path)).toEqual(['/v1/refunds', `/v1/transfers/${transfer}/reversals`]);
    expect(requests[1]).toMatchObject({ idempotencyKey: `order-${id}-transfer-reversal-to-600000`, form: { amount: '475000' } });
    expect(await reversalsOf(id)).toEqual([
      { status: 'succeeded', provider_ref: expect.stringMatching(/^trr_/), amount: '950.00' },
      { status: 'failed', provider_ref: `order-${id}-transfer-reversal-to-600000`, amount: '4750.00' },
    ]);
    expect(await ledgerSum(id, 'seller')).toBe('4750.00');
    expect(await ledgerSum(id, 'marketplace')).toBe('-4750.00');
    expect(await ledgerSum(id, 'buyer')).toBe('0.00');
    await expectBalanced(id);
    const seen = await admin.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.history.map((h: { note: string }) => h.note)).toContain('Transfer reversal of $4750.00 not made yet: owed by the seller, retried automatically');
    // A matter between the marketplace and the seller: the seller reads it, the buyer does not (nor the transfer's payments).
    const owedNote = 'Transfer reversal of $4750.00 not made yet: owed by the seller, retried automatically';
    const asSeller = await seller.agent.get(`/api/orders/${id}`).expect(200);
    expect(asSeller.body.history.map((h: { note: string }) => h.note)).toContain(owedNote);
    expect(asSeller.body.payments.map((p: { kind: string }) => p.kind)).toContain('transfer_reversal');
    const asBuyer = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    const buyerNotes = asBuyer.body.history.map((h: { note: string }) => h.note) as string[];
    expect(buyerNotes).not.toContain(owedNote);
    expect(buyerNotes.filter((n) => /transfer/i.test(n))).toEqual([]);
    expect(buyerNotes).toEqual(expect.arrayContaining(['Refunded $5000.00: Returned']));
    expect(asBuyer.body.payments.map((p: { kind: string }) => p.kind).filter((k: string) => k.startsWith('transfer'))).toEqual([]);

    // The job queued with the refund is the retry (due 15 minutes later): while Stripe refuses, it fails and
    // graphile-worker keeps it for another attempt; once Stripe accepts, it books the reversal.
    const job = await reversalJob(id);
    expect(job).toMatchObject({ task_identifier: 'payments/transfer-reversal', attempts: 0 });
    await runJobNow(job!.id);
    expect(await reversalJob(id)).toMatchObject({ attempts: 1, last_error: expect.stringContaining('Insufficient funds') });
    expect((await reversalsOf(id)).map((r) => r.status)).toEqual(['succeeded', 'failed']);
    reversalRefused = false;
    requests.length = 0;
    await runJobNow(job!.id);
    // A retry looks for the reversal at Stripe first (none made), then makes it under the same key.
    expect(requests.filter((r) => r.path.includes('/reversals')).map((r) => r.method)).toEqual(['GET', 'POST']);
    const retried = requests.filter((r) => r.path.includes('/reversals') && r.method === 'POST');
    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatchObject({ idempotencyKey: `order-${id}-transfer-reversal-to-600000`, form: { amount: '475000' } });
    expect((await reversalsOf(id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(await reversalJob(id)).toBeUndefined();
    // Both reversals add up to the transfer: the seller is back to zero, the marketplace bears only Stripe's fee (none here).
    expect(await kindSum(id, 'transfer_reversal', 'seller')).toBe('-5700.00');
    expect(await ledgerSum(id, 'seller')).toBe('0.00');
    expect(await ledgerSum(id, 'marketplace')).toBe('0.00');
    await expectBalanced(id);
    requests.length = 0;
    await t.drain();
    expect(requests).toHaveLength(0);
  });

  it('reverses after a refund made at Stripe (charge.refunded) through the job, outside the webhook', async () => {
    const { id, intent, transfer } = await releasedEscrow(5000, 'evt_rev2_paid');
    requests.length = 0;
    // $5,000: $270 commission, $4,730 transferred. Stripe's dashboard refunds $500: $27 of commission returned.
    const res = await webhook({ id: 'evt_rev2_ref', object: 'event', type: 'charge.refunded', data: { object: { id: `ch_${intent}`, object: 'charge', payment_intent: intent, amount: 500000, amount_refunded: 50000 } } }).expect(200);
    expect(res.body.result).toBe('refunded to 500.00');
    expect(requests).toHaveLength(0);
    expect(await reversalsOf(id)).toEqual([{ status: 'pending', provider_ref: `order-${id}-transfer-reversal-to-50000`, amount: '473.00' }]);
    await t.drain();
    expect(requests.filter((r) => r.path === `/v1/transfers/${transfer}/reversals` && r.method === 'POST')).toEqual([
      expect.objectContaining({ idempotencyKey: `order-${id}-transfer-reversal-to-50000`, form: expect.objectContaining({ amount: '47300' }) }),
    ]);
    expect(await ledgerSum(id, 'seller')).toBe('4257.00');
    await expectBalanced(id);
  });

  it('records a reversal made at Stripe whose answer was lost instead of reversing again after the key expired', async () => {
    // $6,000: $300 commission, $5,700 transferred. A first reversal is made and recorded ($950 for $1,000).
    const { id, transfer } = await releasedEscrow(6000, 'evt_rev4_paid');
    await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '1000.00', reason: 'Bent flange' }).expect(200);
    expect((await reversalsOf(id)).map((r) => r.status)).toEqual(['succeeded']);
    // The second ($2,000 more, $1,900 back) is made at Stripe but its answer is lost: locally it stays owed.
    reversalAnswerLost = true;
    try {
      await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '2000.00', reason: 'Cracked housing' }).expect(200);
    } finally {
      reversalAnswerLost = false;
    }
    expect(madeReversals.get(transfer)).toHaveLength(2);
    expect(await reversalsOf(id)).toEqual([
      { status: 'succeeded', provider_ref: expect.stringMatching(/^trr_/), amount: '950.00' },
      { status: 'failed', provider_ref: `order-${id}-transfer-reversal-to-300000`, amount: '1900.00' },
    ]);
    expect(await kindSum(id, 'transfer_reversal', 'seller')).toBe('-950.00');
    // A day later the key has expired at Stripe, so a second createReversal would reverse again. The retry lists
    // the transfer's reversals, finds this order's for the running total $3,000, and records it: no second one.
    reversalKeys.clear();
    const lost = madeReversals.get(transfer)!.find((r) => (r.metadata as Record<string, string>).refundedTo === '300000')!;
    requests.length = 0;
    const job = await reversalJob(id);
    await runJobNow(job!.id);
    expect(requests.filter((r) => r.path.startsWith('/v1/transfers')).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/transfers/${transfer}/reversals`]);
    expect(madeReversals.get(transfer)).toHaveLength(2);
    expect(await reversalsOf(id)).toEqual([
      { status: 'succeeded', provider_ref: expect.stringMatching(/^trr_/), amount: '950.00' },
      { status: 'succeeded', provider_ref: lost.id, amount: '1900.00' },
    ]);
    expect(await reversalJob(id)).toBeUndefined();
    expect(await kindSum(id, 'transfer_reversal', 'seller')).toBe('-2850.00');
    expect(await ledgerSum(id, 'seller')).toBe('2850.00');
    await expectBalanced(id);
    const seen = await seller.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.history.map((h: { note: string }) => h.note)).toContain('Transfer reversed: $1900.00 taken back from the seller');
  });

  it('lists the orders with a reversal owed in the console and sums what sellers owe on the Finance page', async () => {
    const owedList = () => admin.agent.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ reversalOwed: true }))}&range=[0,9]`).expect(200);
    // Every earlier reversal of this file was made: nothing owed.
    expect((await owedList()).body).toEqual([]);
    expect((await admin.agent.get('/api/admin/finance/owed').expect(200)).body).toEqual({ owedBySellers: '0.00', orders: 0 });
    // $5,000: $270 commission, $4,730 transferred. A $500 refund whose $473 reversal Stripe refuses.
    const { id } = await releasedEscrow(5000, 'evt_rev5_paid');
    reversalRefused = true;
    try {
      await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '500.00', reason: 'Scratch' }).expect(200);
    } finally {
      reversalRefused = false;
    }
    const list = await owedList();
    expect(list.body.map((o: { id: string }) => o.id)).toEqual([id]);
    expect(list.headers['content-range']).toBe('orders 0-0/1');
    // Combined with another filter, and off (false) it filters nothing.
    const paid = await admin.agent.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ reversalOwed: true, state: 'refunded' }))}`).expect(200);
    expect(paid.body).toEqual([]);
    expect(paid.headers['content-range']).toBe('orders 0-0/0');
    const all = await admin.agent.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ reversalOwed: false }))}&range=[0,4]`).expect(200);
    expect(Number(all.headers['content-range']!.split('/')[1])).toBeGreaterThan(1);
    expect((await admin.agent.get('/api/admin/finance/owed').expect(200)).body).toEqual({ owedBySellers: '473.00', orders: 1 });
    await buyer.agent.get('/api/admin/finance/owed').expect(403);
    await seller.agent.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ reversalOwed: true }))}`).expect(403);
    // Once made, the order leaves the list and the figure is back to zero.
    await runJobNow((await reversalJob(id))!.id);
    expect((await owedList()).body).toEqual([]);
    expect((await admin.agent.get('/api/admin/finance/owed').expect(200)).body).toEqual({ owedBySellers: '0.00', orders: 0 });
  });

  it('takes a refund while the escrow is still held from the hold, with no reversal', async () => {
    const { id, intent } = await checkedOut(5200, { escrowChoice: 'escrow' });
    await webhook(intentEvent('evt_rev3_paid', 'payment_intent.succeeded', intent, id)).expect(200);
    requests.length = 0;
    await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '200.00', reason: 'Scratch' }).expect(200);
    expect(requests.map((r) => r.path)).toEqual(['/v1/refunds']);
    expect(requests[0]!.form.reverse_transfer).toBeUndefined();
    await t.drain();
    expect(requests.filter((r) => r.path.includes('/reversals'))).toHaveLength(0);
    expect(await reversalsOf(id)).toHaveLength(0);
    expect(await kindSum(id, 'refund', 'escrow')).toBe('-200.00');
    await expectBalanced(id);
  });
});

const feeEntries = (orderId: string) =>
  t.sql<{ account: string; amount: string; memo: string | null }>(`select account, amount::text, memo from ledger_entries where order_id = $1 and kind = 'provider_fee' order by account`, [orderId]);

/** Every order, every seller and the marketplace as a whole add up to zero. */
async function expectBalanced(orderId: string) {
  expect(await ledgerSum(orderId)).toBe('0.00');
  const [bySeller] = await t.sql<{ s: string }>(`select coalesce(sum(amount), 0)::text as s from ledger_entries where seller_id = $1`, [seller.id]);
  expect(bySeller!.s).toBe('0.00');
  const [all] = await t.sql<{ s: string }>(`select coalesce(sum(amount), 0)::text as s from ledger_entries`);
  expect(all!.s).toBe('0.00');
}

const chargeUpdated = (id: string, intent: string, orderId: string, balanceTransaction: unknown) => ({
  id,
  object: 'event',
  type: 'charge.updated',
  data: { object: { id: `ch_${intent}`, object: 'charge', status: 'succeeded', payment_intent: intent, metadata: { orderId }, balance_transaction: balanceTransaction } },
});

describe("Stripe's processing fee in the ledger", () => {
  it('reads the fee of a paid charge from its balance transaction and books it once, marketplace to provider', async () => {
    const { id, intent } = await checkedOut(1000);
    fees.set(`ch_${intent}`, 3230);
    const paid = await webhook(intentEvent('evt_fee_paid', 'payment_intent.succeeded', intent, id)).expect(200);
    expect(paid.body.result).toBe('paid');
    requests.length = 0;
    await t.drain();
    const reads = requests.filter((r) => r.path === `/v1/charges/ch_${intent}`);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ method: 'GET', form: { 'expand[0]': 'balance_transaction' } });
    expect(await feeEntries(id)).toEqual([
      { account: 'marketplace', amount: '-32.30', memo: `Stripe fee (txn_ch_${intent})` },
      { account: 'provider', amount: '32.30', memo: `Stripe fee (txn_ch_${intent})` },
    ]);
    // The same payment under another event id, a charge.updated with the fee, and the job again: still one fee.
    expect((await webhook(intentEvent('evt_fee_paid_b', 'payment_intent.succeeded', intent, id)).expect(200)).body.result).toBe('payment already applied');
    const updated = await webhook(chargeUpdated('evt_fee_upd_a', intent, id, charge(`ch_${intent}`).balance_transaction)).expect(200);
    expect(updated.body.result).toBe('provider fee already recorded');
    const { PaymentEventsService } = await import('./payment-events.service.js');
    expect(await t.rt.container.get(PaymentEventsService).recordProviderFee(id)).toBe('provider fee already recorded');
    await t.drain();
    expect(await feeEntries(id)).toHaveLength(2);
    expect(await ledgerSum(id, 'marketplace')).toBe('37.70'); // $70 commission less the $32.30 fee
    await expectBalanced(id);

    // A refund returns the commission but not the fee (Stripe keeps it): the marketplace bears it.
    await admin.agent.post(`/api/admin/orders/${id}/refund`).send({ amount: '1000.00', reason: 'Wrong part' }).expect(200);
    expect(await feeEntries(id)).toHaveLength(2);
    expect(await ledgerSum(id, 'marketplace')).toBe('-32.30');
    expect(await ledgerSum(id, 'provider')).toBe('32.30');
    await expectBalanced(id);
    const seen = await admin.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.ledger.filter((e: { kind: string }) => e.kind === 'provider_fee')).toHaveLength(2);
  });

  it('books the fee in the payment event itself when the latest charge comes with its balance transaction', async () => {
    const { id, intent } = await checkedOut(640);
    requests.length = 0;
    const expanded = { id: `ch_${intent}`, object: 'charge', balance_transaction: { id: 'txn_inline', object: 'balance_transaction', fee: 1886, fee_details: [{ amount: 1886, type: 'stripe_fee' }] } };
    const paid = await webhook(intentEvent('evt_fee_inline', 'payment_intent.succeeded', intent, id, { latest_charge: expanded })).expect(200);
    expect(paid.body.result).toBe('paid');
    expect(await feeEntries(id)).toEqual([
      { account: 'marketplace', amount: '-18.86', memo: 'Stripe fee (txn_inline)' },
      { account: 'provider', amount: '18.86', memo: 'Stripe fee (txn_inline)' },
    ]);
    await t.drain();
    expect(requests.filter((r) => r.path.startsWith('/v1/charges'))).toHaveLength(0);
    expect(await feeEntries(id)).toHaveLength(2);
    await expectBalanced(id);
  });

  it('books the fee when only a later charge.updated brings the balance transaction, once however often it comes', async () => {
    const { id, intent } = await checkedOut(900);
    await webhook(intentEvent('evt_fee_later_paid', 'payment_intent.succeeded', intent, id)).expect(200);
    requests.length = 0;
    await t.drain();
    // Stripe had no balance transaction yet: nothing booked, nothing guessed.
    expect(requests.filter((r) => r.path === `/v1/charges/ch_${intent}`)).toHaveLength(1);
    expect(await feeEntries(id)).toHaveLength(0);
    const none = await webhook(chargeUpdated('evt_fee_later_0', intent, id, null)).expect(200);
    expect(none.body.result).toBe('ignored: no balance transaction');

    fees.set(`ch_${intent}`, 2640);
    const updated = await webhook(chargeUpdated('evt_fee_later_1', intent, id, `txn_ch_${intent}`)).expect(200);
    expect(updated.body.result).toBe('provider fee to read');
    expect((await webhook(chargeUpdated('evt_fee_later_1', intent, id, `txn_ch_${intent}`)).expect(200)).body.result).toBe('duplicate');
    await t.drain();
    expect(await feeEntries(id)).toEqual([
      { account: 'marketplace', amount: '-26.40', memo: `Stripe fee (txn_ch_${intent})` },
      { account: 'provider', amount: '26.40', memo: `Stripe fee (txn_ch_${intent})` },
    ]);
    // Another charge.updated for the same charge (Stripe sends one per change) adds nothing.
    const again = await webhook(chargeUpdated('evt_fee_later_2', intent, id, `txn_ch_${intent}`)).expect(200);
    expect(again.body.result).toBe('provider fee already recorded');
    await t.drain();
    expect(await feeEntries(id)).toHaveLength(2);
    await expectBalanced(id);
  });

  it('applies a charge.updated that comes before payment_intent.succeeded as the payment, with its fee, once', async () => {
    const { id, intent } = await checkedOut(1500);
    const bt = { id: 'txn_early', object: 'balance_transaction', fee: 4380, fee_details: [{ amount: 4380, type: 'stripe_fee' }] };
    const early = await webhook(chargeUpdated('evt_fee_early', intent, id, bt)).expect(200);
    expect(early.body.result).toBe('paid; provider fee recorded');
    const late = await webhook(intentEvent('evt_fee_early_paid', 'payment_intent.succeeded', intent, id)).expect(200);
    expect(late.body.result).toBe('payment already applied');
    await t.drain();
    const seen = await buyer.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body.state).toBe('paid');
    expect(await feeEntries(id)).toHaveLength(2);
    expect(await ledgerSum(id, 'provider')).toBe('43.80');
    await expectBalanced(id);
  });

  it("sums the month's provider fees on the Finance page and in its CSV", async () => {
    const [booked] = await t.sql<{ s: string }>(`select sum(amount)::text as s from ledger_entries where kind = 'provider_fee' and account = 'provider'`);
    expect(booked!.s).toBe('121.36'); // 32.30 + 18.86 + 26.40 + 43.80
    const res = await admin.agent.get('/api/admin/finance?months=1').expect(200);
    expect(res.body[0].providerFees).toBe('121.36');
    const csv = await admin.agent.get('/api/admin/finance?months=1&format=csv').expect(200);
    expect(csv.text.split('\r\n')[1]!.split(',').at(-1)).toBe('121.36');
  });
});

describe('late and waiting payments', () => {
  it('refunds in full a payment that succeeds after its order was cancelled', async () => {
    const { id, intent } = await checkedOut(350);
    await buyer.agent.post(`/api/orders/${id}/cancel`).send({}).expect(200);
    expect(requests.some((r) => r.path === `/v1/payment_intents/${intent}/cancel`)).toBe(true);
    const late = await webhook(intentEvent('evt_after_cancel', 'payment_intent.succeeded', intent, id)).expect(200);
    expect(late.body.result).toBe('late payment: refund queued');
    requests.length = 0;
    await t.drain();
    expect(requests.filter((r) => r.path === '/v1/refunds')[0]).toMatchObject({ form: { payment_intent: intent, amount: '35000' } });
    const seen = await admin.agent.get(`/api/orders/${id}`).expect(200);
    expect(seen.body).toMatchObject({ state: 'cancelled', refunded: '350.00' });
    expect(await ledgerSum(id)).toBe('0.00');
  });

  it('keeps an unpaid order of a seller without payouts waiting instead of cancelling it', async () => {
    const other = await quickUser(t, 'no_payout_seller', 'admin');
    const partId = await partOf(other, { price: 120 });
    await t.sql(`update users set role = 'seller' where id = $1`, [other.id]);
    const { body } = await buyer.agent.post('/api/orders').send({ partId }).expect(201);
    expect(body.order.waitingReason).not.toBeNull();
    t.clock.advance(16 * 60_000);
    const { OrderTimersService } = await import('./order-timers.service.js');
    expect(await t.rt.container.get(OrderTimersService).run('cancelUnpaid', body.orderId)).toBe('waiting for the seller');
    const seen = await buyer.agent.get(`/api/orders/${body.orderId}`).expect(200);
    expect(seen.body.state).toBe('pending_payment');
    expect(new Date(seen.body.payBy).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});

describe('seller earnings', () => {
  it('answers pending, available and paid-out amounts by order, and CSV', async () => {
    const res = await seller.agent.get('/api/payments/earnings').expect(200);
    expect(res.body.connect).toMatchObject({ ready: true });
    expect(res.body.orders.length).toBeGreaterThan(0);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const byStatus = (s: string) => res.body.orders.filter((o: { payoutStatus: string }) => o.payoutStatus === s).reduce((a: number, o: { net: string }) => a + cents(o.net), 0);
    expect(cents(res.body.pending)).toBe(byStatus('pending'));
    expect(cents(res.body.available)).toBe(byStatus('available'));
    const csv = await seller.agent.get('/api/payments/earnings?format=csv').expect(200);
    expect(csv.text.split('\r\n')[0]).toBe('orderId,partTitle,state,paidAt,total,commission,refunded,net,payoutStatus');
    await buyer.agent.get('/api/payments/earnings').expect(403);
  });
});

describe('concurrent refunds through Stripe (issue 31)', () => {
  const PHOTO = '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg';
  // A return's photos must be uploads Pitlane stored (the returns module checks), so this one is stored first.
  beforeAll(() => storedPhoto(t));
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  let events = 0;
  const refund = (orderId: string, amount: string, key?: string) => {
    const req = admin.agent.post(`/api/admin/orders/${orderId}/refund`);
    return (key ? req.set('Idempotency-Key', key) : req).send({ amount, reason: `Refund of ${amount}` });
  };
  const refundRows = (orderId: string) =>
    t.sql<{ id: string; status: string; amount: string; provider_ref: string | null }>(
      `select id, status, amount::text, provider_ref from order_payments where order_id = $1 and kind = 'refund' order by created_at, id`,
      [orderId],
    );
  const settleJob = async (orderId: string) => (await t.sql<{ id: string }>(`select id from graphile_worker.jobs where key = $1`, [`order-settle:${orderId}`]))[0];
  const chargeRefunded = (eventId: string, intent: string, amountRefunded: number) =>
    webhook({ id: eventId, object: 'event', type: 'charge.refunded', data: { object: { id: `ch_${intent}`, object: 'charge', payment_intent: intent, amount_refunded: amountRefunded } } });

  afterEach(() => {
    refundAnswerLost = false;
    refundRefused = false;
    slowMs = 0;
  });

  /** A direct-charge order of `price` dollars paid by card (Stripe's payment_intent.succeeded). */
  async function paidByCard(price: number): Promise<{ id: string; intent: string }> {
    const order = await checkedOut(price);
    await webhook(intentEvent(`evt_race_paid_${++events}`, 'payment_intent.succeeded', order.intent, order.id)).expect(200);
    return order;
  }

  /** The order's refunds agree everywhere with `madeCents` and `madeIds`: our rows, the order, the ledger, and Stripe's refunds of the intent. */
  async function expectRefunded(o: { id: string; intent: string }, madeCents: number, madeIds: string[]) {
    const rows = await refundRows(o.id);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    expect(rows.map((r) => r.id).sort()).toEqual([...madeIds].sort());
    expect(rows.reduce((sum, r) => sum + cents(r.amount), 0)).toBe(madeCents);
    const atStripe = madeRefunds.get(o.intent) ?? [];
    expect(atStripe.reduce((sum, r) => sum + r.amount, 0)).toBe(madeCents);
    // One Stripe refund per refund of ours, each named by its metadata and keyed by it.
    expect(atStripe.map((r) => r.metadata.refundId).sort()).toEqual([...madeIds].sort());
    expect(atStripe.map((r) => r.key).sort()).toEqual(madeIds.map((r) => `order-${o.id}-refund-${r}`).sort());
    expect(rows.map((r) => r.provider_ref).sort()).toEqual(atStripe.map((r) => r.id).sort());
    const order = (await admin.agent.get(`/api/orders/${o.id}`).expect(200)).body;
    expect(cents(order.refunded)).toBe(madeCents);
    expect(cents(await kindSum(o.id, 'refund', 'buyer'))).toBe(madeCents);
    await expectBalanced(o.id);
  }

  it('answers 20 parallel refunds of $1 to $20 with 2xx only for the refunds Stripe made, adding up to what was refunded; the rest 409', async () => {
    const o = await paidByCard(100);
    const amounts = Array.from({ length: 20 }, (_, i) => i + 1);
    requests.length = 0;
    slowMs = 20;
    const answers = await Promise.all(amounts.map((a) => refund(o.id, `${a}.00`))).finally(() => (slowMs = 0));
    expect(answers.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const made = answers.filter((r) => r.status === 200);
    answers.forEach((r, i) => r.status === 200 && expect(r.body.refund.amount).toBe(`${amounts[i]}.00`));
    const madeCents = made.reduce((sum, r) => sum + cents(r.body.refund.amount), 0);
    expect(madeCents).toBeGreaterThan(0);
    expect(madeCents).toBeLessThanOrEqual(10_000);
    await expectRefunded(o, madeCents, made.map((r) => r.body.refund.id));
    for (const [i, r] of answers.entries()) {
      if (r.status !== 409) continue;
      expect(r.body.code).toBe('refund_exceeds_remaining');
      expect(amounts[i]! * 100).toBeGreaterThan(10_000 - madeCents);
    }
    // Stripe never refused one: nothing was asked of it that the order's lock had not admitted.
    expect(requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(made.length);
  });

  it("refunds a seller's full return refund racing 10 admin refunds of $60 on an $80 order only as far as the money goes", async () => {
    const o = await paidByCard(80);
    await seller.agent.post(`/api/orders/${o.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1ZRACE' }).expect(200);
    await buyer.agent.post(`/api/orders/${o.id}/confirm-delivery`).expect(200);
    const r = (await buyer.agent.post(`/api/orders/${o.id}/returns`).send({ reason: 'not as described', details: 'Cracked casting', photos: [PHOTO] }).expect(201)).body;
    await seller.agent.post(`/api/returns/${r.id}/approve`).send({ instructions: 'Ship it back, label attached' }).expect(200);
    await buyer.agent.post(`/api/returns/${r.id}/ship`).send({ carrier: 'UPS', trackingNumber: '1ZBACK' }).expect(200);
    await seller.agent.post(`/api/returns/${r.id}/receive`).expect(200);
    slowMs = 20;
    const [ret, ...admins] = await Promise.all([
      seller.agent.post(`/api/returns/${r.id}/refund`).send({}),
      ...Array.from({ length: 10 }, () => refund(o.id, '60.00')),
    ]).finally(() => (slowMs = 0));
    expect([ret, ...admins].map((a) => a!.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const adminsMade = admins.filter((a) => a.status === 200);
    expect(adminsMade.length).toBeLessThanOrEqual(1);
    expect(admins.filter((a) => a.status === 409).every((a) => a.body.code === 'refund_exceeds_remaining')).toBe(true);
    const rows = await refundRows(o.id);
    const madeCents = (ret!.status === 200 ? cents(ret!.body.refundAmount) : 0) + adminsMade.reduce((sum, a) => sum + cents(a.body.refund.amount), 0);
    expect(madeCents).toBeGreaterThan(0);
    expect(madeCents).toBeLessThanOrEqual(8000);
    await expectRefunded(o, madeCents, rows.map((x) => x.id));
    expect(rows).toHaveLength(adminsMade.length + (ret!.status === 200 ? 1 : 0));
    const [state] = await t.sql<{ state: string }>('select state from returns where id = $1', [r.id]);
    expect(state!.state).toBe(ret!.status === 200 ? 'refunded' : 'received');
  });

  it('makes one Stripe refund of 20 identical clicks carrying one Idempotency-Key, answering each with the same answer', async () => {
    const o = await paidByCard(100);
    const key = `refund-dialog-${o.id}`;
    requests.length = 0;
    slowMs = 20;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(o.id, '5.00', key))).finally(() => (slowMs = 0));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body).toMatchObject({ refunded: '5.00', refund: { amount: '5.00', providerRef: expect.stringMatching(/^re_/) } });
    expect(requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    await expectRefunded(o, 500, [answers[0]!.body.refund.id]);
    expect((await refund(o.id, '5.00', key).expect(200)).body).toEqual(answers[0]!.body);
    expect((await refund(o.id, '7.50', key).expect(409)).body.code).toBe('idempotency_key_reused');
    expect(requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('makes 20 identical clicks without a key distinct Stripe refunds until the remainder runs out, then 409', async () => {
    const o = await paidByCard(60);
    slowMs = 20;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(o.id, '5.00'))).finally(() => (slowMs = 0));
    const made = answers.filter((r) => r.status === 200);
    expect(made).toHaveLength(12);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === 'refund_exceeds_remaining')).toBe(true);
    await expectRefunded(o, 6000, made.map((r) => r.body.refund.id));
    expect((await admin.agent.get(`/api/orders/${o.id}`).expect(200)).body).toMatchObject({ state: 'refunded', refunded: '60.00', commission: '0.00' });
  });

  it("keeps a refund whose Stripe answer was lost pending, defers Stripe's event meanwhile, and settles it once through the job", async () => {
    const o = await paidByCard(100);
    const key = `refund-lost-${o.id}`;
    refundAnswerLost = true;
    const lost = await refund(o.id, '30.00', key).expect(409);
    refundAnswerLost = false;
    expect(lost.body).toMatchObject({ code: 'refund_pending', message: expect.stringMatching(/has not confirmed the refund of \$30\.00 yet.*do not refund it again/) });
    // Made at Stripe, pending here: it counts against what is left, and the order shows nothing refunded yet.
    expect(madeRefunds.get(o.intent)).toHaveLength(1);
    const [pending] = await refundRows(o.id);
    expect(pending).toMatchObject({ status: 'pending', amount: '30.00', provider_ref: null });
    const tooMuch = await refund(o.id, '80.00').expect(409);
    expect(tooMuch.body.message).toBe('A refund of $80.00 is more than the $70.00 left to refund on this order ($30.00 more is being refunded right now)');
    expect((await admin.agent.get(`/api/orders/${o.id}`).expect(200)).body.refunded).toBe('0.00');
    // Stripe's charge.refunded for it is refused while ours is in flight (Stripe sends it again later).
    expect((await chargeRefunded('evt_lost_ref', o.intent, 3000).expect(409)).body.code).toBe('money_in_flight');

    // Five minutes on, the settle job looks for the refund by its metadata, finds it, and records it: no second one.
    t.clock.advance(5 * 60_000);
    requests.length = 0;
    await runJobNow((await settleJob(o.id))!.id);
    expect(requests.filter((r) => r.path === '/v1/refunds').map((r) => r.method)).toEqual(['GET']);
    expect(madeRefunds.get(o.intent)).toHaveLength(1);
    await expectRefunded(o, 3000, [pending!.id]);
    // The repeat of the request gets the refund as its answer; Stripe's event, sent again, is applied already.
    const again = await refund(o.id, '30.00', key).expect(200);
    expect(again.body).toMatchObject({ refunded: '30.00', refund: { id: pending!.id, amount: '30.00', providerRef: madeRefunds.get(o.intent)![0]!.id } });
    expect((await chargeRefunded('evt_lost_ref', o.intent, 3000).expect(200)).body.result).toBe('refund already applied');
    await expectRefunded(o, 3000, [pending!.id]);
  });

  it('answers 409 for a refund Stripe refuses, records it failed, and frees its key for another try', async () => {
    const o = await paidByCard(100);
    const key = `refund-refused-${o.id}`;
    refundRefused = true;
    const refused = await refund(o.id, '40.00', key).expect(409);
    refundRefused = false;
    expect(refused.body).toMatchObject({ code: 'refund_refused', message: 'The payment provider refused the refund of $40.00: This charge is disputed and cannot be refunded.' });
    expect(await refundRows(o.id)).toEqual([expect.objectContaining({ status: 'failed', amount: '40.00' })]);
    expect(madeRefunds.get(o.intent) ?? []).toHaveLength(0);
    const history = (await admin.agent.get(`/api/orders/${o.id}`).expect(200)).body.history.map((h: { note: string }) => h.note);
    expect(history).toContain('Refund of $40.00 refused by the payment provider: This charge is disputed and cannot be refunded.');
    // Nothing was made, so the same request may be tried again: now it is made (a new refund, a new Stripe key).
    const made = await refund(o.id, '40.00', key).expect(200);
    expect(made.body).toMatchObject({ refunded: '40.00', refund: { amount: '40.00' } });
    expect(madeRefunds.get(o.intent)).toHaveLength(1);
    expect((await refundRows(o.id)).map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('sends an escrow release racing a refund for what is left after it, or refuses the refund while the transfer is in flight', async () => {
    const { id, intent } = await checkedOut(6000, { escrowChoice: 'escrow' });
    await webhook(intentEvent(`evt_race_paid_${++events}`, 'payment_intent.succeeded', intent, id)).expect(200);
    await seller.agent.post(`/api/orders/${id}/ship`).send({ carrier: 'UPS', trackingNumber: '1ZESC' }).expect(200);
    requests.length = 0;
    slowMs = 40;
    const [confirmed, refunded] = await Promise.all([buyer.agent.post(`/api/orders/${id}/confirm-delivery`), refund(id, '1000.00')]).finally(() => (slowMs = 0));
    expect(confirmed.status).toBe(200);
    expect([200, 409]).toContain(refunded.status);
    if (refunded.status === 409) expect(refunded.body.code).toBe('escrow_release_in_progress');
    // What Stripe transferred is what the order's transfer says and what the ledger released; the books balance.
    const transfers = await t.sql<{ status: string; amount: string }>(`select status, amount::text from order_payments where order_id = $1 and kind = 'transfer'`, [id]);
    const sent = requests.filter((r) => r.path === '/v1/transfers').map((r) => Number(r.form.amount));
    expect(transfers.filter((x) => x.status === 'succeeded').map((x) => cents(x.amount))).toEqual([...new Set(sent)]);
    const order = (await admin.agent.get(`/api/orders/${id}`).expect(200)).body;
    if (sent.length) expect(cents(await ledgerSum(id, 'escrow'))).toBe(0);
    else expect(cents(await ledgerSum(id, 'escrow'))).toBe(600_000 - cents(order.refunded));
    expect(cents(order.refunded)).toBe(refunded.status === 200 ? 100_000 : 0);
    await expectBalanced(id);
  });
});

describe('without keys in production', () => {
  it('refuses checkout with a clear message', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production' });
    try {
      await catalogModule.seed!(prod.rt.container);
      const s = await quickUser(prod, 'prod_seller', 'admin');
      const b = await quickUser(prod, 'prod_buyer');
      const partId = await partOf(s);
      const { body } = await b.agent.post('/api/orders').send({ partId }).expect(201);
      const res = await b.agent.post(`/api/orders/${body.orderId}/checkout`).send({ shippingAddress: address }).expect(409);
      expect(res.body.message).toBe('Payments are not available right now: card payments are not configured. Please try again later.');
      await b.agent.post('/api/payments/test/confirm').send({ orderId: body.orderId }).expect(403);
    } finally {
      await prod.close();
    }
  }, 60_000);
});
