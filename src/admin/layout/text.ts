/** Small texts the console's pages share. */

/** An error's own message for a notification, or a general one. */
export const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong');

/** A date and time as the console shows it (en-US, local time), or "—" when there is none. */
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-US') : '—');
