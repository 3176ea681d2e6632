import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A block between two users (plain user ids): while either has blocked the other, no message goes either way. */
export const UserBlock = defineEntity({
  name: 'UserBlock',
  tableName: 'user_blocks',
  properties: {
    blockerId: p.uuid().primary(),
    blockedId: p.uuid().primary(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type UserBlock = InferEntity<typeof UserBlock>;
