import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReturnEventDto } from './return.dto.js';
import type { ReturnState } from './return.rules.js';

/** One step of a return's history: every change, with who made it and what they wrote (the return's messages). */
export const ReturnEvent = defineEntity({
  name: 'ReturnEvent',
  tableName: 'return_events',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    returnId: p.uuid(),
    /** The state the return entered (or stayed in). */
    state: p.text().$type<ReturnState>(),
    action: p.text().$type<ReturnEventDto['action']>(),
    actorId: p.uuid().nullable(),
    actorRole: p.text().$type<ReturnEventDto['actorRole']>(),
    note: p.text().nullable(),
    at: p.datetime(),
  },
});
export type ReturnEvent = InferEntity<typeof ReturnEvent>;
