import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PaymentProviderName } from './order.dto.js';

/** A seller's connected (Express) account at the payment provider, and what the provider lets it do. */
export const ConnectAccount = defineEntity({
  name: 'ConnectAccount',
  tableName: 'connect_accounts',
  properties: {
    sellerId: p.uuid().primary(),
    accountId: p.string().length(255),
    provider: p.string().length(10).$type<PaymentProviderName>(),
    chargesEnabled: p.boolean().default(false),
    payoutsEnabled: p.boolean().default(false),
    detailsSubmitted: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ConnectAccount = InferEntity<typeof ConnectAccount>;
