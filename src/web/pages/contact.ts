import type { ContactRequestInput, ContactTopic } from '../../modules/support/contact-request.dto';
import { CONTACT_MESSAGES, CONTACT_TOPIC_LABELS } from '../../modules/support/contact-request.messages';
import type { FieldErrors } from '../lib/form';

/** The Contact Us form as typed. */
export type ContactForm = { [K in keyof ContactRequestInput]: string };
export type ContactErrors = FieldErrors<ContactForm>;

/** The topics in the order the form offers them, with their labels (the server's words). */
export const CONTACT_TOPIC_OPTIONS: ReadonlyArray<{ value: ContactTopic; label: string }> = (
  Object.keys(CONTACT_TOPIC_LABELS) as Array<keyof typeof CONTACT_TOPIC_LABELS>
).map((value) => ({ value, label: CONTACT_TOPIC_LABELS[value] }));

/** The server's sentences (contact-request.messages.ts), so the form says the same before and after sending. */
export const CONTACT_FORM_MESSAGES = CONTACT_MESSAGES;

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', topic: '', subject: '', message: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A message for each invalid field; empty when the form may be sent. */
export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = CONTACT_FORM_MESSAGES.name;
  else if (name.length > 100) errors.name = CONTACT_FORM_MESSAGES.nameLength;
  const email = form.email.trim();
  if (!EMAIL.test(email) || email.length > 320) errors.email = CONTACT_FORM_MESSAGES.email;
  if (!CONTACT_TOPIC_OPTIONS.some((t) => t.value === form.topic)) errors.topic = CONTACT_FORM_MESSAGES.topic;
  const subject = form.subject.trim();
  if (!subject) errors.subject = CONTACT_FORM_MESSAGES.subject;
  else if (subject.length > 150) errors.subject = CONTACT_FORM_MESSAGES.subjectLength;
  const message = form.message.trim();
  if (message.length < 10) errors.message = CONTACT_FORM_MESSAGES.message;
  else if (message.length > 5000) errors.message = CONTACT_FORM_MESSAGES.messageLength;
  return errors;
}

/** What is sent: trimmed text, the topic as chosen (validateContact has checked it). */
export function contactPayload(form: ContactForm): ContactRequestInput {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    topic: form.topic as ContactTopic,
    subject: form.subject.trim(),
    message: form.message.trim(),
  };
}

/** The form with the signed-in user's name and email filled in where the fields are still empty. */
export function prefillContact(
  form: ContactForm,
  user: { firstName: string | null; lastName: string | null; username: string; email: string } | null,
): ContactForm {
  if (!user) return form;
  const fullName = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ') || user.username;
  return { ...form, name: form.name || fullName, email: form.email || user.email };
}
