import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import { between, DEMO_KINDS, HOUSE_ACCOUNT, pick, seededRandom, type DemoContribution } from '../../platform/demo/demo.js';
import { REVIEW_POINTS, tierOf } from './reputation.rules.js';
import { slugify } from './slug.js';

/** The marks of demo sellers (their seller records; storefronts, reviews and reputation hang off them). */
export const DEMO_SELLER_KIND = 'sellers.seller';

const DAY = 24 * 60 * 60 * 1000;

const REVIEWS: Record<number, Array<[title: string, text: string]>> = {
  5: [
    ['Exactly as described', 'Part arrived exactly as pictured, packed like it was going to the moon. Fitted first time.'],
    ['Knows these cars', 'Asked a fitment question at 10 pm and had a detailed answer by breakfast. Will buy again.'],
    ['Fast shipping', 'Shipped the same day and the tracking was updated all the way. Great seller.'],
    ['Saved my restoration', 'Hard-to-find piece in better shape than the listing said. Thank you!'],
  ],
  4: [
    ['Good part, slow post', 'The part is great; shipping took a few days longer than promised.'],
    ['Solid seller', 'Minor scuff not in the photos, but priced fairly and it works perfectly.'],
    ['Would recommend', 'Honest description and a fair price. Packaging could have been better.'],
  ],
  3: [['OK overall', 'Part works but needed more cleanup than expected from the description.']],
};

/** The badges a demo seller shows, by the default badges' names (those the database holds are awarded). */
function badgeNames(f: { sales: number; revenue: number; rating: number; reviews: number; quick: boolean; onTime: boolean }): string[] {
  return [
    'Verified Seller',
    ...(f.sales >= 1 ? ['First Sale'] : []),
    ...(f.sales >= 10 ? ['Ten Sales'] : []),
    ...(f.sales >= 100 && f.revenue >= 10_000 ? ['Power Seller'] : []),
    ...(f.rating >= 4.8 && f.reviews >= 10 ? ['Top Rated'] : []),
    ...(f.reviews >= 5 ? ['Well Reviewed'] : []),
    ...(f.quick ? ['Quick Responder'] : []),
    ...(f.onTime && f.sales >= 10 ? ['On Time, Every Time'] : []),
  ];
}

const specialtyName = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1);

/**
 * The sellers part of the demo: an approved seller record and a storefront for the house account and each demo
 * seller, reviews by the demo buyers, reputation figures and badges. Clearing removes them, and whatever demo
 * users left on real sellers (reviews, helpful votes, sales).
 */
export function sellersDemo(_container: Container): DemoContribution {
  return {
    async seed({ tx, records, world, now, progress }) {
      const known = await records.ids(DEMO_SELLER_KIND);
      const sellers = world.sellers.filter((s) => world.users.has(s.username) && !known.has(`seller:${s.username}`));
      const reviewers = world.buyers.flatMap((b) => (world.users.has(b.username) ? [world.users.get(b.username)!] : []));
      const badges = new Map(
        (await tx.execute<{ id: string; name: string; points_awarded: number }[]>('select id, name, points_awarded from badges where is_active')).map((b) => [b.name, b]),
      );
      const marks: Array<{ key: string; id: string }> = [];
      let reviewCount = 0;
      let badgeCount = 0;
      for (const [i, s] of sellers.entries()) {
        progress(i, sellers.length, 'sellers and storefronts');
        const random = seededRandom(`seller:${s.username}`);
        const userId = world.users.get(s.username)!;
        const id = randomUUID();
        const approvedAt = new Date(now.getTime() - between(random, 40, 700) * DAY);
        await tx.execute(
          `insert into sellers (id, user_id, business_name, business_type, business_address, business_city, business_state,
                                business_zip, contact_phone, website, description, specialties, years_in_business, status,
                                approved_at, requires_listing_approval, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?::text[], ?, 'approved', ?, false, ?, ?)`,
          [
            id, userId, s.businessName, s.businessType, `${between(random, 100, 9899)} ${pick(random, ['Industrial', 'Commerce', 'Garage', 'Speedway', 'Main'])} St`,
            s.city, s.state, s.zip, s.phone, s.description, s.specialties.map(specialtyName), s.yearsInBusiness,
            approvedAt.toISOString(), new Date(approvedAt.getTime() - 2 * DAY).toISOString(), now.toISOString(),
          ],
        );
        const wanted = s.username === HOUSE_ACCOUNT.username ? HOUSE_ACCOUNT.storefrontSlug : slugify(s.businessName);
        const [taken] = await tx.execute<{ n: number }[]>('select count(*)::int as n from storefronts where slug = ?', [wanted]);
        await tx.execute(
          `insert into storefronts (seller_id, user_id, slug, display_name, description, policies, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id, userId, taken!.n ? `${wanted}-demo` : wanted, s.businessName, s.description,
            'Returns accepted within 14 days on parts as described. Everything ships tracked and insured.',
            approvedAt.toISOString(), now.toISOString(),
          ],
        );
        // Reviews from a handful of the demo buyers, mostly glowing.
        const authors = reviewers.filter(() => random() < 0.55).slice(0, between(random, 3, 12));
        const reviews = authors.map((reviewerId) => {
          const rating = random() < 0.65 ? 5 : random() < 0.85 ? 4 : 3;
          const [title, text] = pick(random, REVIEWS[rating]!);
          return { reviewerId, rating, title, text, at: new Date(now.getTime() - between(random, 1, 300) * DAY).toISOString(), verified: random() < 0.8 };
        });
        if (reviews.length) {
          await tx.execute(
            `insert into seller_reviews (seller_id, seller_user_id, reviewer_id, rating, quality_rating, service_rating,
                                         shipping_rating, title, review_text, would_recommend, is_verified_purchase,
                                         created_at, updated_at)
             select ?, ?, "reviewerId", rating, rating, rating, greatest(rating - 1, 1), title, text, rating >= 4, verified, at, at
               from jsonb_to_recordset(?::jsonb) as r("reviewerId" uuid, rating int, title text, text text, verified boolean, at timestamptz)`,
            [id, userId, JSON.stringify(reviews)],
          );
          reviewCount += reviews.length;
        }
        const rating = reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : 0;
        const sales = between(random, 4, 260);
        const revenue = sales * between(random, 80, 450);
        const facts = { sales, revenue, rating, reviews: reviews.length, quick: random() < 0.5, onTime: random() < 0.7 };
        const earned = badgeNames(facts).flatMap((name) => (badges.has(name) ? [badges.get(name)!] : []));
        const badgePoints = earned.reduce((sum, b) => sum + b.points_awarded, 0);
        const points = sales * 10 + reviews.reduce((sum, r) => sum + (REVIEW_POINTS[r.rating] ?? 0), 0) + badgePoints;
        const tier = tierOf(points);
        await tx.execute(
          `insert into seller_reputation (user_id, overall_rating, total_reviews, total_sales, total_revenue, average_response_time,
                                          shipping_accuracy, on_time_delivery, return_rate, customer_satisfaction,
                                          repeat_customer_rate, reputation_points, current_level, next_level_points, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           on conflict (user_id) do nothing`,
          [
            userId, rating.toFixed(2), reviews.length, sales, revenue, (facts.quick ? 1 + random() : 3 + random() * 8).toFixed(2),
            (96 + random() * 4).toFixed(2), (facts.onTime ? 97 + random() * 3 : 88 + random() * 8).toFixed(2), (random() * 3).toFixed(2),
            ((rating / 5) * 100).toFixed(2), (10 + random() * 30).toFixed(2), points, tier.level, tier.nextLevelPoints, now.toISOString(),
          ],
        );
        if (earned.length) {
          await tx.execute(
            `insert into user_badges (user_id, badge_id, points_awarded, earned_at)
             select ?, id, points, at from jsonb_to_recordset(?::jsonb) as r(id uuid, points int, at timestamptz)
             on conflict do nothing`,
            [userId, JSON.stringify(earned.map((b) => ({ id: b.id, points: b.points_awarded, at: new Date(approvedAt.getTime() + between(random, 1, 30) * DAY).toISOString() })))],
          );
          badgeCount += earned.length;
        }
        marks.push({ key: `seller:${s.username}`, id });
      }
      await records.mark(DEMO_SELLER_KIND, marks);
      progress(sellers.length, sellers.length, 'sellers and storefronts');
      return [`sellers: ${marks.length} added with storefronts, ${reviewCount} reviews, ${badgeCount} badges`];
    },

    async clear({ tx, records, progress }) {
      const ids = [...(await records.ids(DEMO_SELLER_KIND)).values()];
      const users = [...(await records.ids(DEMO_KINDS.user)).values()];
      progress(0, ids.length, 'sellers');
      // Storefronts and the reviews of demo sellers (with their helpful votes) cascade from the seller records.
      const deleted = await tx.execute<{ id: string }[]>('delete from sellers where id = any(?::uuid[]) or user_id = any(?::uuid[]) returning id', [ids, users]);
      await tx.execute('delete from seller_reviews where reviewer_id = any(?::uuid[]) or seller_user_id = any(?::uuid[])', [users, users]);
      await tx.execute('delete from review_helpful_votes where user_id = any(?::uuid[])', [users]);
      await tx.execute('delete from seller_reputation where user_id = any(?::uuid[])', [users]);
      await tx.execute('delete from user_badges where user_id = any(?::uuid[])', [users]);
      await tx.execute('delete from seller_sales where seller_user_id = any(?::uuid[]) or buyer_id = any(?::uuid[])', [users, users]);
      await records.forget(DEMO_SELLER_KIND);
      progress(ids.length, ids.length, 'sellers');
      return [`sellers: ${deleted.length} removed with their storefronts, reviews, reputation and badges`];
    },
  };
}
