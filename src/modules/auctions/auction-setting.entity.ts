import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SettingsGroup } from './auction-settings.dto.js';

/** One group of the admin's settings (auction, bidder, pricing) as JSON; unset fields take the defaults. */
export const AuctionSetting = defineEntity({
  name: 'AuctionSetting',
  tableName: 'auction_settings',
  properties: {
    groupName: p.string().length(20).$type<SettingsGroup>().primary(),
    value: p.json<Record<string, unknown>>(),
    updatedBy: p.uuid().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuctionSetting = InferEntity<typeof AuctionSetting>;
