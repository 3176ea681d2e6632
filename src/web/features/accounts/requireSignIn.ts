import { toast } from '../../components/toast';

/** Spec 000 §9: the pause before the browser goes to sign in. */
export const SIGN_IN_REDIRECT_DELAY_MS = 1500;

/**
 * For actions that need a signed-in user (Buy It Now, Place Bid, Watch): toast
 * "Sign In Required" with `message`, then send the browser to /api/login.
 */
export function requireSignIn(message: string): void {
  toast({ title: 'Sign In Required', description: message });
  setTimeout(() => {
    window.location.href = '/api/login';
  }, SIGN_IN_REDIRECT_DELAY_MS);
}
