import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A user's daily-digest settings (`garage_alert_settings`): time zone, local hour, and the local day of the last
 * digest, which the digest's claim sets (alert-mail.sql.ts) so a day is mailed once.
 */
export const AlertSettings = defineEntity({
  name: 'AlertSettings',
  tableName: 'garage_alert_settings',
  properties: {
    userId: p.uuid().primary(),
    timeZone: p.string().length(64).default('UTC'),
    digestHour: p.smallint().default(8),
    /** `YYYY-MM-DD`. */
    lastDigestOn: p.date().nullable(),
  },
});
export type AlertSettings = InferEntity<typeof AlertSettings>;
