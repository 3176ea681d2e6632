/**
 * The contact requests' answers, declared once here: the service builds them and both front ends read them with
 * `import type`. Declarations only.
 */

/** What a contact request is about (the Contact Us form's topic). */
export type ContactTopic = 'general' | 'buying' | 'selling' | 'payments' | 'account' | 'report';

/** Open until someone in support marks it handled in the console. */
export type ContactRequestStatus = 'open' | 'handled';

/** A contact request (POST /api/contact-requests, the console's contact-requests resource). */
export interface ContactRequestDto {
  id: string;
  /** The signed-in user who sent it, or null for a visitor. */
  userId: string | null;
  name: string;
  email: string;
  topic: ContactTopic;
  subject: string;
  message: string;
  status: ContactRequestStatus;
  handledAt: string | null;
  /** The admin who marked it handled. */
  handledBy: string | null;
  createdAt: string;
}

/** What the Contact Us form sends (POST /api/contact-requests). */
export interface ContactRequestInput {
  name: string;
  email: string;
  topic: ContactTopic;
  subject: string;
  message: string;
}
