import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { contactRequestAdminRoutes } from './contact-request.admin-routes.js';
import { ContactRequest } from './contact-request.entity.js';
import { contactRequestRoutes } from './contact-request.routes.js';
import { ContactRequestService } from './contact-request.service.js';

/** The support module: Contact Us requests, mailed to support and worked through in the console. */
export const supportModule: PitlaneModule = {
  name: 'support',
  containerModule: new ContainerModule(({ bind }) => {
    bind(ContactRequestService).toSelf();
  }),
  entities: [ContactRequest],
  routes: contactRequestRoutes,
  adminRoutes: contactRequestAdminRoutes,
};
