import { z } from 'zod';

/** PATCH /api/account/preferences: the preferences to change; at least one, nothing else. */
export const preferencesPatchSchema = z
  .strictObject({
    messageEmails: z.boolean({ message: 'messageEmails must be true or false' }).optional(),
  })
  .refine((p) => p.messageEmails !== undefined, { message: 'Nothing to change' });

export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

/** A user's preferences as GET and PATCH /api/account/preferences answer them. */
export interface PreferencesDto {
  /** Mail about messages left unread for 10 minutes (on unless the user turned it off). */
  messageEmails: boolean;
}
