/**
 * The words of the Contact Us form: the server's zod schema answers with its sentences, the web form shows the same
 * before sending, and the topic labels read alike in the form, in mail and in the console. Pure: imports nothing
 * (the front ends import it as code).
 */

export const CONTACT_MESSAGES = {
  name: 'Please enter your name',
  nameLength: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  topic: 'Please choose a topic',
  subject: 'Please enter a subject',
  subjectLength: 'Subject must be at most 150 characters',
  message: 'Please write at least 10 characters',
  messageLength: 'Message must be at most 5000 characters',
} as const;

/** How each topic reads, in the order the form offers them (the server checks they cover its topics). */
export const CONTACT_TOPIC_LABELS = {
  general: 'General question',
  buying: 'Buying and bidding',
  selling: 'Selling',
  payments: 'Payments and payouts',
  account: 'My account',
  report: 'Report a listing or member',
} as const;
