import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from 'radix-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PolicyStatusDto, PolicyType } from '../../../modules/accounts/policy.dto';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/Field';
import { toast } from '../../components/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { useAuth } from './useAuth';
import { POLICY_NAMES, isPolicyAcceptanceRequired, policyStatusKey, requiredPoliciesText } from './policyUpdate';

const POLICY_PAGES: Record<PolicyType, string> = { privacy_policy: '/privacy-policy', terms_of_service: '/terms-of-service' };

/**
 * Asks a signed-in user to accept a policy version an admin published, at sign-in (or on the first page after it)
 * and again whenever the server refuses a bid, listing or purchase with 403 policy_acceptance_required. Accepting
 * records each acceptance (the server takes the real address and user agent from the request).
 */
export function PolicyUpdateDialog() {
  const { user } = useAuth();
  const client = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const [checked, setChecked] = useState<Partial<Record<PolicyType, boolean>>>({});
  const status = useQuery({
    queryKey: policyStatusKey(user?.id ?? 'anonymous'),
    queryFn: () => apiRequest<PolicyStatusDto>(`/api/users/${user!.id}/policy-status`),
    enabled: Boolean(user),
  });

  // A write refused for want of acceptance opens the dialog again with fresh versions.
  useEffect(() => {
    if (!user) return;
    return client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.mutation.state.status === 'error' && isPolicyAcceptanceRequired(event.mutation.state.error)) {
        setDismissed(false);
        void client.invalidateQueries({ queryKey: policyStatusKey(user.id) });
      }
    });
  }, [client, user]);

  const accept = useMutation({
    mutationFn: async (data: PolicyStatusDto) => {
      for (const policyType of data.acceptanceRequired) {
        await apiRequest('/api/policy-acceptances', {
          method: 'POST',
          data: { userId: user!.id, policyType, policyVersion: data.currentVersions[policyType] },
        });
      }
    },
    onSuccess: async () => {
      setChecked({});
      toast({ title: 'Thank you', description: 'You can continue bidding, listing and buying.' });
      await client.invalidateQueries({ queryKey: policyStatusKey(user!.id) });
    },
  });

  const data = status.data;
  const open = Boolean(user && data && data.acceptanceRequired.length > 0 && !dismissed);
  if (!data || !user) return null;
  const allChecked = data.acceptanceRequired.every((type) => checked[type]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && setDismissed(true)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-describedby="policy-update-description"
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg bg-surface p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">We've updated our policies</Dialog.Title>
          <Dialog.Description id="policy-update-description" className="text-sm text-muted">
            Please review and accept the {requiredPoliciesText(data)} to continue bidding, listing and buying on Pitlane.
          </Dialog.Description>
          <form
            className="grid gap-4"
            aria-label="Accept the updated policies"
            onSubmit={(event) => {
              event.preventDefault();
              if (allChecked && !accept.isPending) accept.mutate(data);
            }}
          >
            <div className="grid gap-3 rounded-md border border-line bg-paper p-4">
              {data.acceptanceRequired.map((type) => (
                <CheckboxField
                  key={type}
                  id={`policy-update-${type}`}
                  checked={Boolean(checked[type])}
                  onChange={(e) => setChecked((c) => ({ ...c, [type]: e.target.checked }))}
                >
                  I accept the{' '}
                  <Link to={POLICY_PAGES[type]} target="_blank" className="font-medium text-racing underline-offset-2 hover:underline">
                    {POLICY_NAMES[type]}
                  </Link>{' '}
                  ({data.currentVersions[type]})
                </CheckboxField>
              ))}
            </div>
            {accept.isError && (
              <p role="alert" className="text-sm text-racing-dark">
                {errorMessage(accept.error, 'Your acceptance could not be saved. Please try again.')}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Not now
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={!allChecked || accept.isPending}>
                {accept.isPending ? 'Saving...' : 'Accept and continue'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
