import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { requireSignIn } from '../accounts/requireSignIn';
import { useAuth } from '../accounts/useAuth';
import { editCachedWatchlist, useWatchlist, WATCHLIST_KEY } from './catalog.api';
import type { WatchlistEntryDto } from '../../../modules/catalog/part.dto';

const SIGN_IN_MESSAGE = 'Please sign in to add parts to your watchlist.';

/** The part page's watch toggle: "Add to Watchlist" / "In Watchlist" (spec 000 §4 "Watchlist"). */
export function WatchButton({ partId }: { partId: string }) {
  const { user, isLoading: authLoading } = useAuth();
  const queryClient = useQueryClient();
  const watchlist = useWatchlist(user !== null);
  const entry = watchlist.data?.find((e) => e.partId === partId) ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY });
  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 401) return requireSignIn(SIGN_IN_MESSAGE);
    toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
  };

  const add = useMutation({
    mutationFn: () => apiRequest<WatchlistEntryDto>('/api/watchlist', { method: 'POST', data: { partId } }),
    onSuccess: (created) => {
      editCachedWatchlist(queryClient, (entries) => [created, ...entries.filter((e) => e.id !== created.id)]);
      toast({ title: 'Added to Watchlist', description: 'We saved this part to your watchlist.' });
      void refresh();
    },
    onError: (error) => failed(error, 'Failed to add to watchlist.'),
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/watchlist/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      editCachedWatchlist(queryClient, (entries) => entries.filter((e) => e.id !== id));
      toast({ title: 'Removed from Watchlist', description: 'This part is no longer in your watchlist.' });
      void refresh();
    },
    onError: (error) => failed(error, 'Failed to remove from watchlist.'),
  });

  const pending = add.isPending || remove.isPending;
  const label = add.isPending ? 'Adding...' : remove.isPending ? 'Removing...' : entry ? 'In Watchlist' : 'Add to Watchlist';

  function toggle() {
    if (pending) return;
    if (!user) return requireSignIn(SIGN_IN_MESSAGE);
    if (entry) remove.mutate(entry.id);
    else add.mutate();
  }

  return (
    <Button
      variant={entry ? 'secondary' : 'outline'}
      aria-pressed={entry !== null}
      disabled={pending || authLoading || (user !== null && watchlist.isPending)}
      onClick={toggle}
    >
      <Heart aria-hidden className={entry ? 'size-4 fill-current' : 'size-4'} /> {label}
    </Button>
  );
}
