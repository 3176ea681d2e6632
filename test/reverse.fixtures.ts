import type { TestApp } from './harness.js';
import { fastUser, HOUR, type TestUser } from './auctions.fixtures.js';

/** A verified user created straight in the database with an approved seller record (see fastUser). */
export async function approvedSeller(t: TestApp, username: string, specialties: string[] = ['Engine']): Promise<TestUser> {
  const user = await fastUser(t, username);
  await t.sql(
    `insert into sellers (user_id, business_name, business_address, business_city, business_state, business_zip,
       contact_phone, specialties, status, approved_at)
     values ($1, $2, '1200 Woodward Ave', 'Detroit', 'MI', '48226', '(313) 555-0142', $3, 'approved', now())`,
    [user.id, `${username} parts`, specialties],
  );
  return user;
}

/** A valid reverse auction form starting `startIn` ms from the test clock and running `runFor` ms. */
export function requestForm(t: TestApp, overrides: Record<string, unknown> = {}, startIn = HOUR, runFor = 2 * HOUR) {
  const start = new Date(t.clock.now().getTime() + startIn);
  return {
    title: 'Wanted: 289 Hi-Po intake manifold',
    description: 'Original cast-iron intake for a 1965 289 K-code, no cracks.',
    partCategory: 'Engine',
    make: 'Ford',
    model: 'Mustang',
    yearStart: 1965,
    yearEnd: 1966,
    maxBudget: '500.00',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + runFor).toISOString(),
    ...overrides,
  };
}
