import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A record `pitlane seed-demo` made (`demo_records`), by kind (`<module>.<thing>`) and the demo's stable key
 * (`part:0042`), so a second run adds nothing twice and `clear-demo` removes exactly these.
 */
export const DemoRecord = defineEntity({
  name: 'DemoRecord',
  tableName: 'demo_records',
  properties: {
    kind: p.string().length(60).primary(),
    key: p.string().length(100).primary(),
    id: p.uuid(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type DemoRecord = InferEntity<typeof DemoRecord>;
