import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DemoRunDto } from './demo.dto.js';

/** A console's seed or clear request (`demo_runs`), run as a job, with its progress and outcome. */
export const DemoRun = defineEntity({
  name: 'DemoRun',
  tableName: 'demo_runs',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    action: p.string().length(10).$type<DemoRunDto['action']>(),
    status: p.string().length(20).$type<DemoRunDto['status']>().default('queued'),
    parts: p.integer().nullable(),
    step: p.string().length(200).nullable(),
    done: p.integer().default(0),
    total: p.integer().default(0),
    percent: p.integer().default(0),
    summary: p.json<string[]>().default('[]'),
    error: p.text().nullable(),
    requestedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
});
export type DemoRun = InferEntity<typeof DemoRun>;
