import { ContainerModule } from 'inversify';
import { Router } from 'express';
import { PolicyGate } from '../../platform/http/policy-gate.js';
import { IdentityLookup } from '../../platform/http/auth.js';
import { ConsoleFigures } from '../../platform/console-figures.js';
import { AccountConsoleFigures } from './account.console-figures.js';
import type { PitlaneModule } from '../../platform/module.js';
import { AccountsApi, AccountsApiImpl } from './accounts.api.js';
import { accountRoutes } from './account.routes.js';
import { accountAdminRoutes } from './account.admin-routes.js';
import { EmailVerificationService } from './email-verification.service.js';
import { IdentityService } from './identity.service.js';
import { PolicyAcceptanceService } from './policy-acceptance.service.js';
import { RegistrationService } from './registration.service.js';
import { SignInService } from './sign-in.service.js';
import { BACKOFF_MEMORY_MS, SignInBackoff } from './sign-in.backoff.js';
import { FailureCounter, SharedFailureCounter } from '../../platform/http/rate-limit.js';
import { Database } from '../../platform/db/database.js';
import { Clock } from '../../platform/clock.js';
import { UserService } from './user.service.js';
import { User } from './user.entity.js';
import { EmailVerificationToken } from './email-verification-token.entity.js';
import { PolicyAcceptance } from './policy-acceptance.entity.js';
import { accountsDemo } from './accounts.demo.js';
import { PolicyVersion } from './policy-version.entity.js';
import { PolicyGateImpl } from './policy.gate.js';
import { policyRoutes } from './policy.routes.js';
import { policyAdminRoutes } from './policy.admin-routes.js';
import { PreferencesService } from './preferences.service.js';
import { preferencesRoutes } from './preferences.routes.js';
import { PasswordHasher } from './password.hasher.js';

/** The accounts module: users, sessions, verification, roles, policy acceptances. */
export const accountsModule: PitlaneModule = {
  name: 'accounts',
  containerModule: new ContainerModule(({ bind }) => {
    bind(IdentityService).toSelf();
    bind(RegistrationService).toSelf();
    bind(EmailVerificationService).toSelf();
    bind(SignInService).toSelf();
    bind(PasswordHasher).toSelf();
    bind(SignInBackoff).toSelf();
    // Shared by every process, in PostgreSQL.
    bind(FailureCounter).toDynamicValue((ctx) => new SharedFailureCounter(ctx.get(Database).runner('write'), BACKOFF_MEMORY_MS, ctx.get(Clock)));
    bind(PolicyAcceptanceService).toSelf();
    bind(PolicyGate).to(PolicyGateImpl);
    bind(UserService).toSelf();
    bind(PreferencesService).toSelf();
    bind(AccountsApi).to(AccountsApiImpl);
    bind(ConsoleFigures).to(AccountConsoleFigures);
    bind(IdentityLookup).toDynamicValue((ctx) => {
      const service = ctx.get(IdentityService);
      return { findActor: (id: string) => service.findActor(id), readSession: (sid: string, now: number) => service.readSession(sid, now) };
    });
  }),
  entities: [User, EmailVerificationToken, PolicyAcceptance, PolicyVersion],
  routes: (container) => Router().use(accountRoutes(container), policyRoutes(container), preferencesRoutes(container)),
  adminRoutes: (container) => Router().use(accountAdminRoutes(container), policyAdminRoutes(container)),
  demo: accountsDemo,
};
