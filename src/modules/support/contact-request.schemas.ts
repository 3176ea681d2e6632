import { z } from 'zod';
import { nameText } from '../../platform/http/input-fields.js';
import type { ContactRequestInput, ContactTopic } from './contact-request.dto.js';
import { CONTACT_STATUSES, CONTACT_TOPICS } from './contact-request.entity.js';
import { CONTACT_MESSAGES, CONTACT_TOPIC_LABELS } from './contact-request.messages.js';

/** The Contact Us form's sentences (contact-request.messages.ts: the web form shows the same ones). */
export { CONTACT_MESSAGES };

/** How each topic reads in mail and in the console. */
export const TOPIC_LABELS: Record<ContactTopic, string> = CONTACT_TOPIC_LABELS;

/** POST /api/contact-requests. */
export const contactRequestSchema = z.object({
  name: nameText(z.string({ message: CONTACT_MESSAGES.name }).trim().min(1, CONTACT_MESSAGES.name).max(100, CONTACT_MESSAGES.nameLength)),
  email: z.string({ message: CONTACT_MESSAGES.email }).trim().max(320, CONTACT_MESSAGES.email).pipe(z.email(CONTACT_MESSAGES.email)),
  topic: z.enum(CONTACT_TOPICS, { message: CONTACT_MESSAGES.topic }),
  subject: z
    .string({ message: CONTACT_MESSAGES.subject })
    .trim()
    .min(1, CONTACT_MESSAGES.subject)
    .max(150, CONTACT_MESSAGES.subjectLength)
    // One line: the subject goes into a mail subject.
    .transform((v) => v.replace(/\s+/g, ' ')),
  message: z.string({ message: CONTACT_MESSAGES.message }).trim().min(10, CONTACT_MESSAGES.message).max(5000, CONTACT_MESSAGES.messageLength),
}) satisfies z.ZodType<ContactRequestInput>;

/** The console's filters: a text in the name, email or subject; the status; the topic. */
export const contactRequestFilter = z.object({
  q: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  status: z.enum(CONTACT_STATUSES, { message: 'Status must be open or handled' }).optional(),
  topic: z.enum(CONTACT_TOPICS, { message: 'Not a known topic' }).optional(),
});
export type ContactRequestFilter = z.infer<typeof contactRequestFilter>;

/** The console's update (react-admin sends the whole record; only the status is read). */
export const contactRequestUpdateSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { message: 'Status must be open or handled' }),
});
