/**
 * The sentences of the sign-in and buyer registration forms: the server's zod schemas answer with them and the web
 * app's checks show them before sending. Pure: imports nothing (the front ends import it as code).
 */

/** Buyer registration, by field. */
export const REGISTER_MESSAGES = {
  username: 'Username must be at least 3 characters',
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  confirmPassword: "Passwords don't match",
  firstName: 'First name is required',
  lastName: 'Last name is required',
  country: 'Country is required',
} as const;

/** Sign-in, by field. */
export const LOGIN_MESSAGES = {
  username: 'Username or email is required',
  password: 'Password is required',
} as const;

/**
 * Asking for a new verification link (POST /api/auth/resend-verification): the same answer whether or not the
 * account exists or waits for verification, so the form tells nobody who has an account.
 */
export const RESEND_VERIFICATION_MESSAGES = {
  sent: 'If that account is waiting for verification, we have sent a new link. Check your inbox and spam folder.',
  identifier: LOGIN_MESSAGES.username,
  tooMany: 'Too many verification links were requested from your network. Please try again in an hour.',
} as const;
