import express, { Router } from 'express';
import type { Container } from 'inversify';
import Stripe from 'stripe';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import { TOKENS } from '../../platform/tokens.js';
import { PaymentEventsService, type ProviderEvent } from './payment-events.service.js';

/**
 * POST /api/payments/webhooks/stripe, mounted before the JSON parser: the signature is checked on the raw body
 * (STRIPE_WEBHOOK_SECRET), then the event is stored by id and applied once. A bad signature is a 400; an event
 * seen before answers 200 with `duplicate`, so Stripe stops retrying it.
 */
export function paymentsWebhookRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const events = container.get(PaymentEventsService);
  const router = Router();
  router.post('/payments/webhooks/stripe', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!config.stripeWebhookSecret) throw new AppError('not_found', 'not_found', 'Webhooks are not configured');
    const signature = req.get('stripe-signature');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
    let event: ProviderEvent;
    try {
      if (!signature) throw new Error('missing signature');
      event = Stripe.webhooks.constructEvent(body, signature, config.stripeWebhookSecret) as unknown as ProviderEvent;
    } catch {
      throw new AppError('invalid', 'invalid_signature', 'Invalid webhook signature');
    }
    const result = await events.process(event);
    res.status(200).json({ received: true, result });
  });
  return router;
}
