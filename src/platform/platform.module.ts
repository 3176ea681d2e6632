import { Router } from 'express';
import { ContainerModule } from 'inversify';
import { consoleStatsRoutes } from './console-figures.js';
import type { PitlaneModule } from './module.js';
import { MailMessage } from './mail/mail-message.entity.js';
import { Mailer, mailSchema, SEND_MAIL_TASK } from './mail/mailer.js';
import { mailAdminRoutes } from './mail/mail.admin-routes.js';
import { DEMO_TASK, DemoRuns } from './demo/demo-runs.js';
import { demoAdminRoutes, demoRoutes } from './demo/demo.admin-routes.js';
import { demoDataTask } from './demo/demo.tasks.js';
import { AuditLog } from './audit.js';
import { AuditLogEntry } from './audit-log/audit-log.entity.js';
import { DemoRecord } from './demo/demo-record.entity.js';
import { DemoRun } from './demo/demo-run.entity.js';
import { ReferenceDataKey } from './reference-data.entity.js';
import { auditAdminRoutes } from './audit.admin-routes.js';
import { RateLimits } from './http/rate-limit.js';
import { RateLimitCounter } from './http/rate-limit-counter.entity.js';

/** Deletes expired limit counts. */
export const FORGET_LIMITS_TASK = 'platform/forget-expired-limits';

/** Platform features that behave like a module: the mail outbox and its delivery task, and the console's figures. */
export const platformModule: PitlaneModule = {
  name: 'platform',
  containerModule: new ContainerModule(({ bind }) => {
    bind(DemoRuns).toSelf();
    bind(AuditLog).toSelf();
    bind(RateLimits).toSelf();
  }),
  entities: [MailMessage, RateLimitCounter, AuditLogEntry, DemoRun, DemoRecord, ReferenceDataKey],
  routes: demoRoutes,
  adminRoutes: (container) => Router().use(mailAdminRoutes(container), consoleStatsRoutes(container), demoAdminRoutes(container), auditAdminRoutes(container)),
  crontab: [`17 * * * * ${FORGET_LIMITS_TASK} ?max=1&jobKey=${FORGET_LIMITS_TASK}`],
  tasks: {
    /** Runs a console's demo-data request (seed or clear), as `pitlane seed-demo` / `clear-demo` do. */
    [DEMO_TASK]: demoDataTask,
    /** Deletes the abuse limits' counts whose window ended (hourly). */
    [FORGET_LIMITS_TASK]: (container) => async () => {
      await container.get(RateLimits).forgetExpired();
    },
    /**
     * Delivers one queued message, or a batch (an array, from MailQueue.queueMany): a failure is retried with
     * backoff by graphile-worker, in a batch only the failed messages.
     */
    [SEND_MAIL_TASK]: (container) => async (payload) => {
      if (Array.isArray(payload)) return container.get(Mailer).deliverMany(payload.map((m) => mailSchema.parse(m)));
      await container.get(Mailer).deliver(mailSchema.parse(payload));
    },
  },
};
