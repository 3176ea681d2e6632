import type { ToastInput } from '../../components/toast';

/** GET/PATCH /api/account/preferences (issue 19). */
export const PREFERENCES_PATH = '/api/account/preferences';
export const PREFERENCES_KEY = [PREFERENCES_PATH] as const;

/** The signed-in user's preferences as the API answers them. */
export interface Preferences {
  /** Mail about messages left unread for 10 minutes. */
  messageEmails: boolean;
}

/** The toast after the message-mail switch is saved. */
export function messageEmailsSavedToast(on: boolean): ToastInput {
  return {
    title: 'Settings saved',
    description: on
      ? "We'll email you about messages you haven't read within 10 minutes."
      : "We won't email you about new messages. You'll still see them in Messages.",
  };
}
