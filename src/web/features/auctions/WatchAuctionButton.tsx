import { Eye } from 'lucide-react';
import { Button } from '../../components/Button';
import { watchButtonLabel } from './bidBox';

/** Watch, then Watching (disabled); Adding... while the request runs. */
export function WatchAuctionButton({ watching, pending, onWatch }: { watching: boolean; pending: boolean; onWatch: () => void }) {
  return (
    <Button variant="outline" className="mt-3 w-full" onClick={onWatch} disabled={pending || watching}>
      <Eye aria-hidden className="size-4" />
      {watchButtonLabel(watching, pending)}
    </Button>
  );
}
