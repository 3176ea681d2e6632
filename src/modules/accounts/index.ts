export { accountsModule } from './accounts.module.js';
export { AccountsApi } from './accounts.api.js';
export { ACCOUNT_EVENTS } from './accounts.events.js';
export { AccountService, VERIFICATION_TOKEN_LIFETIME_MS } from './account.service.js';
export type { BidderDto, CurrentUserDto, UserDto } from './account.service.js';
export { createAdminSchema } from './account.schemas.js';
