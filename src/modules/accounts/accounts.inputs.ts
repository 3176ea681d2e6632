/**
 * The request bodies of the accounts API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { loginSchema, registerSchema, resendVerificationSchema } from './account.schemas.js';

/** POST /api/auth/login: a username or an email address, and the password. */
export type LoginInput = BodyInput<typeof loginSchema>;
/** POST /api/users: buyer registration. */
export type RegisterBuyerInput = BodyInput<typeof registerSchema>;
/** POST /api/auth/resend-verification: the username or email of an account waiting for verification. */
export type ResendVerificationInput = BodyInput<typeof resendVerificationSchema>;
