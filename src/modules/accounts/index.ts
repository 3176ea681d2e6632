export { accountsModule } from './accounts.module.js';
export { AccountsApi } from './accounts.api.js';
export { ACCOUNT_EVENTS } from './accounts.events.js';
export { VERIFICATION_TOKEN_LIFETIME_MS } from './email-verification.service.js';
export type { AdminUserDto, BidderDto, CurrentUserDto, UserDto } from './account.dto.js';
export { createAdminSchema } from './account.schemas.js';
