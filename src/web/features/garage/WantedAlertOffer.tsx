import { BellPlus, BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { GARAGE_TEXT } from './garage';
import { useAlertFromRequest, useWantedRequestAlert } from './garage.api';

/**
 * On the buyer's own wanted request that ended without an award: "Keep looking" makes a part alert like it (make,
 * model, years, category, budget) in one click; once made (or made automatically), it says so.
 */
export function WantedAlertOffer({ requestId }: { requestId: string }) {
  const existing = useWantedRequestAlert(requestId);
  const create = useAlertFromRequest(requestId);
  if (existing.isPending || existing.isError) return null;
  const alert = existing.data.alert;
  if (alert) {
    return (
      <p className="flex items-start gap-2 text-sm" data-testid="wanted-alert">
        <BellRing aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
        <span>
          Your alert "{alert.alertName}" tells you when a matching part is listed.{' '}
          <Link to="/garage?tab=alerts" className="font-medium text-racing hover:underline">
            Manage alerts
          </Link>
        </span>
      </p>
    );
  }
  const onClick = () =>
    create.mutate(undefined, {
      onSuccess: (made) => toast({ title: GARAGE_TEXT.alertCreated, description: `"${made.alertName}" is watching for new parts.` }),
      onError: (error) => toast({ title: GARAGE_TEXT.createAlertFailed, description: describeError(error, GARAGE_TEXT.createAlertFailed).message, variant: 'destructive' }),
    });
  return (
    <div className="grid gap-2 text-sm" data-testid="wanted-alert-offer">
      <p className="text-muted">No seller was chosen for this request. We can keep looking and tell you when a matching part is listed.</p>
      <Button variant="outline" className="justify-self-start" onClick={onClick} disabled={create.isPending}>
        <BellPlus aria-hidden className="size-4" /> {create.isPending ? 'Creating...' : 'Alert me when one is listed'}
      </Button>
    </div>
  );
}
