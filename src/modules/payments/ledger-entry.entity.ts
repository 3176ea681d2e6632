import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { LedgerAccount, LedgerEntryDto } from './order.dto.js';

/**
 * One line of the append-only ledger (a trigger refuses updates): a signed amount into an account, every set
 * of an order's lines balancing to zero. Written by order-payments.sql.ts; read by the views and reports.
 */
export const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  tableName: 'ledger_entries',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    orderId: p.uuid(),
    sellerId: p.uuid(),
    account: p.string().length(20).$type<LedgerAccount>(),
    kind: p.string().length(30).$type<LedgerEntryDto['kind']>(),
    amount: p.decimal('string').precision(12).scale(2),
    memo: p.string().length(300).strictNullable(),
    createdAt: p.datetime(),
  },
});
export type LedgerEntry = InferEntity<typeof LedgerEntry>;
