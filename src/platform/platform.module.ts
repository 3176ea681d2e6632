import { ContainerModule } from 'inversify';
import type { PitlaneModule } from './module.js';
import { MailMessage } from './mail/mail-message.entity.js';
import { Mailer, mailSchema, SEND_MAIL_TASK } from './mail/mailer.js';
import { mailAdminRoutes } from './mail/mail.admin-routes.js';

/** Platform features that behave like a module: the mail outbox and its delivery task. */
export const platformModule: PitlaneModule = {
  name: 'platform',
  containerModule: new ContainerModule(() => {}),
  entities: [MailMessage],
  adminRoutes: mailAdminRoutes,
  tasks: {
    /** Delivers one queued message; a failure is retried with backoff by graphile-worker. */
    [SEND_MAIL_TASK]: (container) => async (payload) => {
      await container.get(Mailer).deliver(mailSchema.parse(payload));
    },
  },
};
