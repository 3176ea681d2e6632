import type { RequestHandler } from 'express';
import { AppError } from '../errors.js';
import { getActor } from './auth.js';

/** The code of the 403 a write answers while the user has not accepted a policy version they must accept. */
export const POLICY_ACCEPTANCE_REQUIRED = 'policy_acceptance_required';

/**
 * The writes that need the current policies accepted (bid, list, buy): POST paths under /api, in Express syntax.
 * Orders join this list when they exist.
 */
export const POLICY_GUARDED_WRITES = [
  '/parts', // list a part
  '/parts/:id/relist',
  '/auctions', // schedule an auction
  '/auctions/:id/bids',
  '/auctions/:id/buy-it-now',
  '/reverse-auctions', // post a wanted part
  '/reverse-auctions/:id/bids', // quote on one
  '/reverse-auctions/:id/award', // buy from a quote
  '/orders', // Buy Now
  '/orders/:id/checkout', // pay for an order
];

/** Which policies a user still has to accept before those writes; bound by the accounts module. */
export abstract class PolicyGate {
  /** The policy types (privacy_policy, terms_of_service) whose current, enforced version `userId` has not accepted. */
  abstract missingPolicies(userId: string): Promise<string[]>;
}

const NAMES: Record<string, string> = { privacy_policy: 'Privacy Policy', terms_of_service: 'Terms of Service' };

/** The 403 of a write while `missing` policies wait for the user's acceptance. */
export function policyAcceptanceRequired(missing: readonly string[]): AppError {
  const names = missing.map((type) => NAMES[type] ?? type).join(' and ');
  return new AppError('forbidden', POLICY_ACCEPTANCE_REQUIRED, `Please accept the updated ${names} to continue.`, {
    policies: missing.join(','),
  });
}

/** Refuses a signed-in user's write with 403 policy_acceptance_required until they accept the current policies. */
export function requireCurrentPolicies(gate: PolicyGate): RequestHandler {
  return async (req, _res, next) => {
    const actor = await getActor(req);
    if (actor) {
      const missing = await gate.missingPolicies(actor.id);
      if (missing.length) throw policyAcceptanceRequired(missing);
    }
    next();
  };
}
