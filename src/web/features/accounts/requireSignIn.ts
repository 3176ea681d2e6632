import { toast } from '../../components/toast';
import { signInHref } from '../../lib/navigation';

/** Spec 000 §9: the pause before the browser goes to sign in. */
export const SIGN_IN_REDIRECT_DELAY_MS = 1500;

/**
 * For actions that need a signed-in user (Buy Now, Buy It Now, Place Bid, Watch): toast "Sign In Required" with
 * `message`, then send the browser to /api/login, which brings them back to this page once signed in.
 */
export function requireSignIn(message: string): void {
  toast({ title: 'Sign In Required', description: message });
  setTimeout(() => {
    window.location.href = signInHref(window.location.pathname, window.location.search);
  }, SIGN_IN_REDIRECT_DELAY_MS);
}
