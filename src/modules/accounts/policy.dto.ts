/**
 * The policy API's answers (acceptance status, current versions, the compliance dashboard), declared once here:
 * the server builds them and both front ends read them with `import type`. Declarations only.
 */
import type { Role } from '../../platform/roles.js';
import type { PolicyAcceptanceDto } from './account.dto.js';

export type PolicyType = 'privacy_policy' | 'terms_of_service';

/** A published policy version (GET /api/policies, the console's policy-versions resource). */
export interface PolicyVersionDto {
  id: string;
  policyType: PolicyType;
  version: string;
  isCurrent: boolean;
  /** Whether users who have not accepted it must do so before they bid, list or buy. */
  requiresAcceptance: boolean;
  publishedAt: string;
  publishedBy: string | null;
}

/** GET /api/policies: the current version of each policy. */
export interface CurrentPoliciesDto {
  privacy_policy: PolicyVersionDto;
  terms_of_service: PolicyVersionDto;
}

/** GET /api/users/{id}/policy-status (spec 001 §7: hasAcceptedPolicies, acceptances; the rest added). */
export interface PolicyStatusDto {
  /** Whether the user accepted the current version of every policy. */
  hasAcceptedPolicies: boolean;
  /** Newest first. */
  acceptances: PolicyAcceptanceDto[];
  /** The current version of each policy. */
  currentVersions: Record<PolicyType, string>;
  /** The policies the user must accept before bidding, listing or buying (the web app's acceptance dialog). */
  acceptanceRequired: PolicyType[];
}

/** A user's newest acceptance of one policy, on the compliance dashboard. */
export interface ComplianceAcceptanceDto {
  policyVersion: string;
  /** Whether that is the current version. */
  isCurrentVersion: boolean;
  acceptedAt: string;
  ipAddress: string;
  userAgent: string | null;
}

/** A row of the Policy Acceptance Dashboard (console resource policy-acceptances): one user. */
export interface PolicyComplianceDto {
  /** The user's id. */
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  createdAt: string;
  /** Whether the user accepted the current version of both policies. */
  hasAcceptedPolicies: boolean;
  privacyPolicy: ComplianceAcceptanceDto | null;
  termsOfService: ComplianceAcceptanceDto | null;
}
