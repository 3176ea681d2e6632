import type { ContactRequestDto, ContactRequestStatus, ContactTopic } from '../../modules/support/contact-request.dto';
import { CONTACT_TOPIC_LABELS } from '../../modules/support/contact-request.messages';

/** How each topic reads in the console (the same words as the Contact Us form and the mail). */
export const TOPIC_LABELS: Record<ContactTopic, string> = CONTACT_TOPIC_LABELS;

export const topicChoices = (Object.keys(TOPIC_LABELS) as ContactTopic[]).map((id) => ({ id, name: TOPIC_LABELS[id] }));
export const statusChoices: Array<{ id: ContactRequestStatus; name: string }> = [
  { id: 'open', name: 'Open' },
  { id: 'handled', name: 'Handled' },
];

/** The status the toggle button sets next, and its label. */
export function nextStatus(status: ContactRequestStatus): { status: ContactRequestStatus; label: string; done: string } {
  return status === 'open'
    ? { status: 'handled', label: 'Mark handled', done: 'Marked handled' }
    : { status: 'open', label: 'Reopen', done: 'Reopened' };
}

/** A mailto: link that answers the request, its subject prefixed with "Re: ". */
export function replyHref(request: Pick<ContactRequestDto, 'email' | 'subject'>): string {
  return `mailto:${encodeURIComponent(request.email).replace('%40', '@')}?subject=${encodeURIComponent(`Re: ${request.subject}`)}`;
}
