import type supertest from 'supertest';
import type { TestApp } from './harness.js';
import { signedInAdmin, signedInBuyer } from './accounts.fixtures.js';

type Agent = ReturnType<typeof supertest.agent>;

/** A seller application that passes every rule of spec 001 §5. */
export const validSellerApplication = (overrides: Record<string, unknown> = {}) => ({
  businessName: "Joe's Garage",
  businessType: 'business',
  taxId: '12-3456789',
  businessLicense: 'MI-998877',
  businessAddress: '1200 Woodward Ave',
  businessCity: 'Detroit',
  businessState: 'MI',
  businessZip: '48226',
  businessCountry: 'USA',
  contactPhone: '(313) 555-0142',
  website: 'https://joes-garage.example.com',
  description: 'Vintage Ford and Mopar parts since 1988.',
  yearsInBusiness: 12,
  specialties: ['Ford', 'Mopar'],
  ...overrides,
});

const approvers = new WeakMap<TestApp, Promise<{ agent: Agent; id: string }>>();

/** One signed-in admin per test app who approves fixture sellers. */
export function sellerApprover(t: TestApp): Promise<{ agent: Agent; id: string }> {
  let approver = approvers.get(t);
  if (!approver) {
    approver = signedInAdmin(t, 'seller_approver');
    approvers.set(t, approver);
  }
  return approver;
}

/**
 * Makes the signed-in user an approved seller the way the product does: they apply, an admin approves.
 * Returns the seller record's id.
 */
export async function approveSeller(
  t: TestApp,
  agent: Agent,
  options: { application?: Record<string, unknown>; requiresListingApproval?: boolean } = {},
): Promise<string> {
  const applied = await agent.post('/api/sellers').send(validSellerApplication(options.application)).expect(201);
  const admin = await sellerApprover(t);
  await admin.agent.patch(`/api/sellers/${applied.body.id}`).send({ status: 'approved' }).expect(200);
  if (options.requiresListingApproval === false) {
    await admin.agent
      .patch(`/api/sellers/${applied.body.id}/listing-approval`)
      .send({ requiresListingApproval: false })
      .expect(200);
  }
  return applied.body.id as string;
}

/** Registers, verifies and signs in a user, then makes them an approved seller. */
export async function signedInSeller(
  t: TestApp,
  username: string,
  options: { application?: Record<string, unknown>; requiresListingApproval?: boolean } = {},
): Promise<{ agent: Agent; id: string; sellerId: string }> {
  const user = await signedInBuyer(t, { username, email: `${username}@example.com` });
  const sellerId = await approveSeller(t, user.agent, {
    ...options,
    application: { businessName: `${username} parts`, ...options.application },
  });
  return { ...user, sellerId };
}
