import { z } from 'zod';
import { numeric } from '../../platform/http/validate.js';
import { ROLES } from '../../platform/roles.js';
import { POLICY_TYPES } from './policy-acceptance.entity.js';

/** POST /api/admin/policy-versions: publish a new current version of one policy. */
export const publishPolicySchema = z.object({
  policyType: z.enum(POLICY_TYPES, { message: 'Policy type must be privacy_policy or terms_of_service' }),
  version: z
    .string({ message: 'Version is required' })
    .trim()
    .regex(/^v\d{1,3}(\.\d{1,3}){0,2}$/, 'Version must look like v1.1 (a "v" and up to three numbers)'),
  requiresAcceptance: z.boolean({ message: 'Must be true or false' }).default(true),
});
export type PublishPolicyInput = z.infer<typeof publishPolicySchema>;

/** The Policy Acceptance Dashboard's filters: acceptance status, role, and a search over username, email and name. */
export const complianceFilterSchema = z.object({
  status: z.enum(['accepted', 'not_accepted'], { message: 'Status must be accepted or not_accepted' }).optional(),
  role: z.enum(ROLES, { message: 'Role must be buyer, seller or admin' }).optional(),
  q: z.string().trim().max(100).optional(),
});
export type ComplianceFilter = z.infer<typeof complianceFilterSchema>;

/** The console's policy-versions list filter. */
export const policyVersionFilterSchema = z.object({
  policyType: z.enum(POLICY_TYPES, { message: 'Policy type must be privacy_policy or terms_of_service' }).optional(),
});

/** The dashboard's sortable columns and their SQL. */
export const COMPLIANCE_SORTS = {
  username: 'u.username',
  email: 'u.email',
  role: 'u.role',
  createdAt: 'u.created_at',
  lastName: 'u.last_name',
  privacyAcceptedAt: 'pp.accepted_at',
  termsAcceptedAt: 'ts.accepted_at',
} as const;
export type ComplianceSort = keyof typeof COMPLIANCE_SORTS;

/** POST /api/policy-acceptances (spec 001 §7); the version defaults to the current one, and only that is accepted. */
export const acceptPolicySchema = z.object({
  userId: z.uuid('Not a valid user id'),
  policyType: z.enum(POLICY_TYPES, { message: 'Policy type must be privacy_policy or terms_of_service' }),
  policyVersion: z.string().trim().max(20, 'Not a policy version').optional(),
});

/** GET /api/policy-acceptances (spec 001 §7, admins): the recorded acceptances, newest first, a page at a time. */
export const acceptanceListQuery = z.object({
  limit: numeric(z.number().int().min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100')).default(50),
  offset: numeric(z.number().int().min(0, 'Offset must be 0 or more')).default(0),
  userId: z.uuid('Not a valid user id').optional(),
  policyType: z.enum(POLICY_TYPES, { message: 'Policy type must be privacy_policy or terms_of_service' }).optional(),
});
export type AcceptanceListQuery = z.infer<typeof acceptanceListQuery>;
