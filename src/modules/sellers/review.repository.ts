import type { SqlExecutor } from '../../platform/db/pg-transaction.js';

/**
 * The review statements an entity manager cannot say well, in the caller's transaction: the vote and the report that
 * count once per user (insert unless there is one), and the counters moved in place. Everything else reads and
 * writes the SellerReview, ReviewHelpfulVote and ReviewReport entities.
 */

/** Records `userId`'s helpful vote on the review unless they voted already; true when recorded. */
export async function insertHelpfulVote(em: SqlExecutor, reviewId: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await em.execute<{ review_id: string }[]>(
    `insert into review_helpful_votes (review_id, user_id, created_at) values (?, ?, ?)
         on conflict do nothing returning review_id`,
    [reviewId, userId, at.toISOString()],
  );
  return inserted.length > 0;
}

/** Adds one to the review's helpful count in place; answers the new count. */
export async function incrementHelpfulCount(em: SqlExecutor, reviewId: string): Promise<number> {
  const [row] = await em.execute<{ helpful_count: number }[]>(
    `update seller_reviews set helpful_count = helpful_count + 1 where id = ? returning helpful_count`,
    [reviewId],
  );
  return row!.helpful_count;
}

/** Records `userId`'s report of the review unless they reported it already; true when recorded. */
export async function insertReport(em: SqlExecutor, reviewId: string, userId: string, reason: string, at: Date): Promise<boolean> {
  const inserted = await em.execute<{ review_id: string }[]>(
    `insert into review_reports (review_id, user_id, reason, created_at) values (?, ?, ?, ?)
         on conflict do nothing returning review_id`,
    [reviewId, userId, reason, at.toISOString()],
  );
  return inserted.length > 0;
}

/** Adds one to the review's report count in place. */
export async function incrementReportCount(em: SqlExecutor, reviewId: string): Promise<void> {
  await em.execute(`update seller_reviews set report_count = report_count + 1 where id = ?`, [reviewId]);
}
