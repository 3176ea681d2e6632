import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { requireSignIn } from '../accounts/requireSignIn';

/**
 * A failed bid, purchase or watch: a 401 (the session ended) sends the visitor to sign in with
 * `signInMessage`; anything else is a destructive toast titled `title` with the server's message.
 */
export function reportActionFailure(title: string, error: unknown, signInMessage: string): void {
  const details = describeError(error);
  if (details.status === 401) {
    requireSignIn(signInMessage);
    return;
  }
  toast({ title, description: details.message, variant: 'destructive' });
}
