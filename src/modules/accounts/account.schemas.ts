import { z } from 'zod';
import { nameText } from '../../platform/http/input-fields.js';
import { numeric } from '../../platform/http/validate.js';
import { ROLES } from '../../platform/roles.js';
import { LOGIN_MESSAGES, REGISTER_MESSAGES, RESEND_VERIFICATION_MESSAGES } from './account.messages.js';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Buyer registration (spec 001 §5 "Buyer registration"); role and verification fields are never read. */
export const registerSchema = z
  .object({
    username: z
      .string({ message: REGISTER_MESSAGES.username })
      .trim()
      .min(3, REGISTER_MESSAGES.username)
      .max(40, 'Username must be at most 40 characters')
      .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores'),
    email: z
      .string({ message: REGISTER_MESSAGES.email })
      .trim()
      .toLowerCase()
      .pipe(z.email(REGISTER_MESSAGES.email).max(320, REGISTER_MESSAGES.email)),
    password: z
      .string({ message: REGISTER_MESSAGES.password })
      .min(8, REGISTER_MESSAGES.password)
      .max(200, 'Password must be at most 200 characters'),
    confirmPassword: z.string().optional(),
    firstName: nameText(z.string({ message: REGISTER_MESSAGES.firstName }).trim().min(1, REGISTER_MESSAGES.firstName).max(100)),
    lastName: nameText(z.string({ message: REGISTER_MESSAGES.lastName }).trim().min(1, REGISTER_MESSAGES.lastName).max(100)),
    country: z
      .string({ message: REGISTER_MESSAGES.country })
      .trim()
      .max(100)
      .optional()
      .transform((v) => (v === undefined ? 'USA' : v))
      .pipe(z.string().min(1, REGISTER_MESSAGES.country)),
    phone: optionalText(40),
    location: optionalText(200),
    marketingEmails: z.boolean().optional().default(false),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: REGISTER_MESSAGES.confirmPassword,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const verifyEmailSchema = z.object({
  token: z
    .string({ message: 'No verification token provided' })
    .trim()
    .min(1, 'No verification token provided')
    .max(200, 'This verification link is invalid.'),
});

/** POST /api/auth/resend-verification: the username or email of the account, as the sign-in form names it. */
export const resendVerificationSchema = z
  .object({
    username: z.string().trim().max(320).optional(),
    email: z.string().trim().max(320).optional(),
  })
  .refine((v) => Boolean(v.username || v.email), { message: RESEND_VERIFICATION_MESSAGES.identifier, path: ['username'] })
  .transform((v) => ({ identifier: (v.username || v.email) as string }));

export const loginSchema = z
  .object({
    username: z.string().trim().max(320).optional(),
    email: z.string().trim().max(320).optional(),
    password: z.string({ message: LOGIN_MESSAGES.password }).min(1, LOGIN_MESSAGES.password).max(200),
  })
  .refine((v) => Boolean(v.username || v.email), {
    message: LOGIN_MESSAGES.username,
    path: ['username'],
  })
  .transform((v) => ({ identifier: (v.username || v.email) as string, password: v.password }));

/** Control characters: browsers drop tabs and newlines from an address, so "/\t/evil.example" reads as "//evil.example". */
const CONTROL = /\p{Cc}/u;

/**
 * Whether `value` is a path on this site: one leading "/" followed by neither "/" nor a backslash, no backslash and
 * no control character anywhere, still on this origin once resolved (the web app's safeReturnTo is the same rule).
 */
export function isSameSitePath(value: string): boolean {
  if (value[0] !== '/' || value[1] === '/' || value.includes('\\') || CONTROL.test(value)) return false;
  const base = 'https://pitlane.invalid';
  return URL.parse(value, base)?.origin === base;
}

export const loginRedirectQuery = z.object({
  returnTo: z
    .string()
    .optional()
    .transform((v) => (v && isSameSitePath(v) ? v : undefined)),
});

export const userListQuery = z.object({
  limit: numeric(z.number().int().min(1).max(100)).default(50),
  offset: numeric(z.number().int().min(0)).default(0),
  role: z.enum(ROLES).optional(),
  q: z.string().trim().max(100).optional(),
});

export const roleChangeSchema = z.object({
  role: z.enum(ROLES, { message: 'Role must be buyer, seller or admin' }),
});

/** Suspending a user: the reason is required (it is kept, shown in the console and logged). */
export const suspendSchema = z.object({
  reason: z
    .string({ message: 'Please give a reason for the suspension' })
    .trim()
    .min(1, 'Please give a reason for the suspension')
    .max(1000, 'The reason must be at most 1000 characters'),
});

/** Reinstating a user: a reason is optional. */
export const reinstateSchema = z.object({
  reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional(),
});

export const createAdminSchema = z.object({
  username: registerSchema.shape.username,
  email: registerSchema.shape.email,
  password: registerSchema.shape.password,
});
