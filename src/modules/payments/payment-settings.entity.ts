import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CommissionTier } from './commission.rules.js';

/**
 * The payments module's settings: one row (`id` 1). The commission tiers new orders are charged by (each order
 * freezes its own copy); the console edits them on its Pricing settings tab (payment-settings.repository.ts).
 */
export const PaymentSettings = defineEntity({
  name: 'PaymentSettings',
  tableName: 'payment_settings',
  properties: {
    id: p.smallint().primary().autoincrement(false).default(1),
    commissionTiers: p.json<CommissionTier[]>(),
    updatedBy: p.uuid().strictNullable(),
    updatedAt: p.datetime(),
  },
});
export type PaymentSettings = InferEntity<typeof PaymentSettings>;
