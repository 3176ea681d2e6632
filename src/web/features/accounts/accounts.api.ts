import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentPoliciesDto } from '../../../modules/accounts/policy.dto';
import type { LoginInput, RegisterBuyerInput, ResendVerificationInput } from '../../../modules/accounts/accounts.inputs';
import { apiRequest } from '../../lib/api';
import { AUTH_USER_KEY, type CurrentUser } from './useAuth';

export const POLICY_VERSION = 'v1.0';

/** Signs in; on success the current user is refreshed. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<CurrentUser>('/api/auth/login', { method: 'POST', data: input }),
    onSuccess: async (user) => {
      client.setQueryData(AUTH_USER_KEY, user);
      await client.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
  });
}

/** Asks for a new verification link (POST /api/auth/resend-verification); the answer is the same for any name. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (input: ResendVerificationInput) =>
      apiRequest<{ message: string }>('/api/auth/resend-verification', { method: 'POST', data: input }),
  });
}

/**
 * Records both policy acceptances (Privacy Policy and Terms of Service, current version) in parallel.
 * Never rejects: a failed acceptance call does not undo the registration that came before it.
 */
export async function recordPolicyAcceptances(userId: string | undefined): Promise<void> {
  // The versions an admin published last (GET /api/policies); v1.0 if that call fails.
  const current = await apiRequest<CurrentPoliciesDto>('/api/policies').catch(() => null);
  await Promise.allSettled(
    (['privacy_policy', 'terms_of_service'] as const).map((policyType) =>
      apiRequest('/api/policy-acceptances', {
        method: 'POST',
        data: { userId, policyType, policyVersion: current?.[policyType]?.version ?? POLICY_VERSION },
      }),
    ),
  );
}

/**
 * Creates the buyer account, then records both policy acceptances in parallel.
 * The account exists once POST /api/users succeeds, so a failed acceptance call does not undo it.
 */
export function useRegisterBuyer() {
  return useMutation({
    mutationFn: async (payload: RegisterBuyerInput) => {
      const created = await apiRequest<{ id: string; email: string }>('/api/users', { method: 'POST', data: payload });
      await recordPolicyAcceptances(created.id);
      return created;
    },
  });
}

/** Confirms an email address with the token from the verification link. */
export function verifyEmail(token: string) {
  return apiRequest<{ message?: string; verified?: boolean }>('/api/auth/verify-email', {
    method: 'POST',
    data: { token },
  });
}
