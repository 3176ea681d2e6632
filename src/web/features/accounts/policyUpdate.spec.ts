import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isPolicyAcceptanceRequired, policyStatusKey, requiredPoliciesText } from './policyUpdate';

describe('the policy update dialog', () => {
  it('names the policies and versions to accept', () => {
    const currentVersions = { privacy_policy: 'v1.0', terms_of_service: 'v1.1' };
    expect(requiredPoliciesText({ acceptanceRequired: ['terms_of_service'], currentVersions })).toBe('Terms of Service v1.1');
    expect(requiredPoliciesText({ acceptanceRequired: ['privacy_policy', 'terms_of_service'], currentVersions })).toBe(
      'Privacy Policy v1.0 and Terms of Service v1.1',
    );
  });

  it('recognises the server refusing a write until the policies are accepted', () => {
    const refused = new ApiError(403, JSON.stringify({ code: 'policy_acceptance_required', message: 'Please accept the updated Terms of Service to continue.' }));
    expect(isPolicyAcceptanceRequired(refused)).toBe(true);
    expect(isPolicyAcceptanceRequired(new ApiError(403, JSON.stringify({ code: 'forbidden', message: 'No' })))).toBe(false);
    expect(isPolicyAcceptanceRequired(new Error('offline'))).toBe(false);
  });

  it('keys the status query by its API path', () => {
    expect(policyStatusKey('u1')).toEqual(['/api/users/u1/policy-status']);
  });
});
