import type { PolicyStatusDto, PolicyType } from '../../../modules/accounts/policy.dto';
import { describeError } from '../../lib/api';

export const POLICY_NAMES: Record<PolicyType, string> = { privacy_policy: 'Privacy Policy', terms_of_service: 'Terms of Service' };

/** The policy-status query key: the API path, as the spec's client keys its queries. */
export const policyStatusKey = (userId: string) => [`/api/users/${userId}/policy-status`] as const;

/** "Privacy Policy v1.1 and Terms of Service v2.0": what the dialog asks the user to accept. */
export function requiredPoliciesText(status: Pick<PolicyStatusDto, 'acceptanceRequired' | 'currentVersions'>): string {
  return status.acceptanceRequired.map((type) => `${POLICY_NAMES[type]} ${status.currentVersions[type]}`).join(' and ');
}

/** Whether a failed write was refused until the user accepts the current policies (403 policy_acceptance_required). */
export function isPolicyAcceptanceRequired(error: unknown): boolean {
  const details = describeError(error);
  return details.status === 403 && details.code === 'policy_acceptance_required';
}
