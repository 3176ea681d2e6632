import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CardHeader, Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import type { CurrentPoliciesDto, PolicyType, PolicyVersionDto } from '../../modules/accounts/policy.dto';
import { ADMIN_API, httpClient } from '../dataProvider';

const POLICY_NAMES: Record<PolicyType, string> = { privacy_policy: 'Privacy Policy', terms_of_service: 'Terms of Service' };
const CURRENT_KEY = ['/api/policies'] as const;

/** The current versions, and the form that publishes a new one (POST /api/admin/policy-versions). */
export function PublishPolicyCard() {
  const client = useQueryClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const current = useQuery({ queryKey: CURRENT_KEY, queryFn: async () => (await httpClient('/api/policies')).json as CurrentPoliciesDto });
  const [policyType, setPolicyType] = useState<PolicyType>('terms_of_service');
  const [version, setVersion] = useState('');
  const [requiresAcceptance, setRequiresAcceptance] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const publish = useMutation({
    mutationFn: async () =>
      (await httpClient(`${ADMIN_API}/policy-versions`, { method: 'POST', body: JSON.stringify({ policyType, version: version.trim(), requiresAcceptance }) }))
        .json as PolicyVersionDto,
    onSuccess: async (published) => {
      setVersion('');
      setError(undefined);
      notify(`${POLICY_NAMES[published.policyType]} ${published.version} published`, { type: 'success' });
      await client.invalidateQueries({ queryKey: CURRENT_KEY });
      refresh();
    },
    onError: (e) => {
      const body = e instanceof HttpError ? (e.body as { errors?: Record<string, string> } | undefined) : undefined;
      setError(body?.errors?.version ?? (e instanceof Error ? e.message : 'The version could not be published'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!version.trim()) return setError('Version is required');
    const name = POLICY_NAMES[policyType];
    const ask = requiresAcceptance ? ' Every user who has not accepted it will have to before they bid, list or buy.' : '';
    if (window.confirm(`Publish ${name} ${version.trim()} as the current version?${ask}`)) publish.mutate();
  }

  return (
    <Card sx={{ mb: 2 }}>
      <CardHeader title="Policy versions" subheader="The versions users accept; publishing a new one makes it current." />
      <CardContent sx={{ pt: 0 }}>
        {current.data && (
          <Typography variant="body2" sx={{ mb: 2 }} data-testid="current-policy-versions">
            Current: Privacy Policy {current.data.privacy_policy.version} · Terms of Service {current.data.terms_of_service.version}
          </Typography>
        )}
        {current.error ? <Alert severity="error">The current versions could not be loaded.</Alert> : null}
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }} aria-label="Publish a policy version">
          <TextField select size="small" label="Policy" value={policyType} onChange={(e) => setPolicyType(e.target.value as PolicyType)} sx={{ minWidth: 200 }}>
            <MenuItem value="privacy_policy">Privacy Policy</MenuItem>
            <MenuItem value="terms_of_service">Terms of Service</MenuItem>
          </TextField>
          <TextField
            size="small"
            label="New version"
            placeholder="v1.1"
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
          />
          <FormControlLabel
            control={<Checkbox checked={requiresAcceptance} onChange={(e) => setRequiresAcceptance(e.target.checked)} />}
            label="Users must accept it before they bid, list or buy"
          />
          <Button type="submit" variant="contained" disabled={publish.isPending}>
            {publish.isPending ? 'Publishing...' : 'Publish version'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
