import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One counted key of the abuse limits and the sign-in back-off: hits in the current window and when it resets. */
export const RateLimitCounter = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  properties: {
    key: p.text().primary(),
    hits: p.integer(),
    resetAt: p.datetime(),
  },
});
export type RateLimitCounter = InferEntity<typeof RateLimitCounter>;
